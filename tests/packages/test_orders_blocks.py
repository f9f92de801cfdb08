"""The orders editor's first text gives a commented example block for every kind of entry each
rule system's orders file takes (issue 23): MechWar 4's [commands], [ambush] (MW4 6.913, turn 1)
and [[fire]] plots (MW4 7.0, 14.0); Hex Command's [orders] and [changes] (HCM 2.1.1); Lock 'n
Load's [[heal]] and [[weapons]] (LnLT 3.0 steps 4-5); War Blog's [[air_patrol]], [[air_recall]],
[[lay_mines]], [[clear_mines]] (WB 9.2, 9.3, 2.4.6); Wardogs' [[shot]] (p. 7 step 6).  Each block,
its #s taken off and filled in, is read by the rule system as the umpire's Umpire reads it; and
what the umpire would refuse -- a force or unit not the side's -- is refused before signing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playerkit import uncomment
from umpire.actions import new_game, system_for
from umpire.core.errors import UmpireError
from umpire.core.play.order_entries import ByName
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.packages.orders_template import check_before_signing, entries_of, package_template
from umpire.packages.package import read_package, write_package

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"mechwar4": ("kaltenbach-gap", "nato"), "hcm": ("brannock-crossing", "blue"),
         "lnlt": ("xom-lang-ambush", "us"), "warblog": ("osterby-bridges", "red")}


@pytest.fixture(scope="module", params=sorted(GAMES))
def started(request, tmp_path_factory):
    scenario, side = GAMES[request.param]
    tmp = tmp_path_factory.mktemp(request.param)
    location = new_game(load_scenario(ROOT / "scenarios" / f"{scenario}.toml"), tmp / "g.umpire", seed="2")
    system = system_for(location)
    package = read_package(write_package(location, side, system, tmp / "p.umpkg"))
    return request.param, location, system, package, tmp


def blocks(text: str) -> dict[str, list[str]]:
    """The commented blocks of the text by their table name: '# [orders]' / '# [[heal]]' and the
    commented lines under it up to the next blank line."""
    out, current = {}, None
    for line in text.splitlines():
        m = re.fullmatch(r"# \[\[?(\w+)\]\]?", line)
        if m:
            current = out.setdefault(m[1], [])
        elif current is not None and line.startswith("# ") and "=" in line:
            current.append(line[2:])
        else:
            current = None
    return out


def test_every_kind_of_entry_has_its_block(started):
    name, _location, system, package, _tmp = started
    text = package_template(package, system)
    first = package.manifest["orders_turn"] == 1
    kinds = {e.key for e in entries_of(system)} | ({"fire"} | ({"ambush"} if first else set())
                                                   if name == "mechwar4" else set())
    assert kinds and kinds <= set(blocks(text)), (kinds, sorted(blocks(text)))
    if name == "mechwar4":            # the ambush only for turn 1's orders (MW4 6.913)
        assert ("[ambush]" in text) == (package.manifest["orders_turn"] == 1)
    for e in entries_of(system):      # each names the rule it follows
        assert re.search(r"\((HCM|LnLT|WB) [\d.]+", e.note), e.note


def filled(text: str, key: str, values: dict[str, str]) -> str:
    """The block of `key` with its #s off and its fields filled in (the rest left commented)."""
    out, inside = [], False
    for line in text.splitlines():
        if re.fullmatch(rf"# \[\[?{key}\]\]?", line):
            inside = True
            out.append(line[2:])
            continue
        if inside and line.startswith("# ") and "=" in line:
            field = line[2:].split("=")[0].strip().strip('"')
            if field in values:
                out.append(f'{line[2:].split("=")[0].rstrip()} = "{values[field]}"')
            continue
        inside = False
        out.append(line)
    return "\n".join(out) + "\n"


def written(tmp, text: str) -> Path:
    path = tmp / "orders.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_each_block_filled_in_is_read_as_that_entry(started):
    name, _location, system, package, tmp = started
    text = package_template(package, system)
    own_unit = next(u.key for u in package.view.units if u.knowledge == "own")
    companies = sorted({u.company for u in package.view.units if u.knowledge == "own" and u.company})
    for e in entries_of(system):
        values = ({c: "Take the ridge" for c in companies} if isinstance(e, ByName)
                  else {"unit": own_unit, **{f: "x" for f in e.fields}})
        side, params = system.read_orders(written(tmp, filled(text, e.key, values)))
        assert side == package.side and params["turn"] == package.manifest["orders_turn"]
        assert {k for k, _ in params["entries"]} == {e.kind}
        if isinstance(e, ByName):
            assert sorted(p[e.name_field] for _, p in params["entries"]) == companies
            check_before_signing(filled(text, e.key, values), system, package.view.units,
                                 orders_form=package.orders_form)
    if name == "mechwar4":
        fire = uncomment(text, "[[fire]]", "support =", "concentration =", "target =", "pattern =")
        side, params = system.read_orders(written(tmp, fire))
        assert params["missions"] == [{"support": "US DS", "concentration": 1, "target": "2215", "pattern": "tight"}]


def test_a_force_or_unit_not_the_sides_is_refused_before_signing(started):
    """One entry of each shape the rule system's file takes (a force by name, a unit); MechWar 4's
    [commands] companies are checked in test_orders_template.py."""
    name, location, system, package, _tmp = started
    game = open_game(location)
    enemy = next(s for s in game.side_ids() if s != package.side)
    shapes = {isinstance(x, ByName): x for x in entries_of(system)}
    assert bool(shapes) == (name != "mechwar4")
    for by_name, e in shapes.items():
        kind = "force" if by_name else "unit"
        other = (next(c.id for c in game.companies if c.id not in {u.company for u in package.view.units})
                 if by_name else next(u.id for u in game.units.values() if u.side == enemy))
        body = (f'[{e.key}]\n"{other}" = "Attack"\n' if by_name
                else f'[[{e.key}]]\nunit = "{other}"\n' + "".join(f'{f} = "x"\n' for f in e.fields))
        text = f'side = "{package.side}"\nturn = {package.manifest["orders_turn"]}\n{body}'
        with pytest.raises(UmpireError, match=f"'{re.escape(other)}' is not one of your {kind}s") as err:
            check_before_signing(text, system, package.view.units, orders_form=package.orders_form)
        assert "\n" not in err.value.one_line()
