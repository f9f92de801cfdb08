"""`umpire rulesets --detail SYSTEM`: what an organizer writing a scenario by hand may name in it
-- the terrain symbols of the map grid, the hexside features, the unit types -- and which of the
rule system's tables are samples (stand-ins for charts its text does not print)."""

from __future__ import annotations

from .core.errors import RulesetError
from .core.ruleset import available_rulesets, load_ruleset


def describe_ruleset(name: str) -> list[str]:
    """The lines of the listing; RulesetError naming the installed systems if `name` is none."""
    if name not in available_rulesets():        # a path or a typo: never looked up as a folder
        known = ", ".join(available_rulesets()) or "none installed"
        raise RulesetError(f"unknown rule system {name!r} (installed: {known})", place="--detail")
    r = load_ruleset(name)
    lines = [f"{r.name}  {r.title}  version {r.version}", "",
             "terrain (a character of [map] terrain, then its id and label):"]
    for key, t in r.terrain_types.items():
        lines.append(f"    {t['symbol']}  {key:18} {t['label']}")
    if r.hexside_features:
        lines += ["", "hexside features ([map.hexsides]):"]
        lines += [f"    {key:20} {f['label']}" for key, f in r.hexside_features.items()]
    lines += ["", "unit types (type = \"id\"; its label; the movement class it moves by):"]
    width = max((len(k) for k in r.unit_types), default=0)
    for key, u in r.unit_types.items():
        lines.append(f"    {key:{width}}  {u.get('label', key):40} {u.get('move_class', '')}")
    lines += ["", "tables (SAMPLE: stand-in values for a chart the rules text does not print):"]
    for t in r.tables.values():
        lines.append(f"    {'SAMPLE ' if t.sample else '       '}{t.title}  ({t.path.name})")
    return lines
