"""The orders editor's first text: the readable TOML of an orders file for the package's side
and turn, with the package's orders form as comments -- what the side may order, by name."""

from __future__ import annotations

from ...packages.package import Package


def orders_template(package: Package) -> str:
    m = package.manifest
    lines = [f"# {m['side_name']}'s orders for turn {m['orders_turn']} ({m['title']})",
             "# File → Sign and Save Orders… signs them with your side's key; send the file to your umpire.",
             f'side = "{m["side"]}"', f"turn = {m['orders_turn']}", ""]
    companies = sorted({u.company for u in package.view.units if u.knowledge == "own" and u.company})
    if m["rules"] == "mechwar4" and companies:         # company commands (MW4 19.1): one line each to fill in
        lines += ["[commands]"] + [f'# "{c}" = ""' for c in companies] + [""]
    for t in package.orders_form:
        lines.append(f"# {t.title}: {' | '.join(t.header)}")
        lines += [f"#   {' | '.join(str(c) for c in r if c)}" for r in t.rows]
    return "\n".join(lines) + "\n"
