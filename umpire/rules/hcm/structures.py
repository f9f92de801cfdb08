"""Hex Command Mechanized structures: buildings and works as targets (HCM 1.1.4, 2.4.1, 3.7.17).

Structures are classed like guns and vehicles, Very Light to Very Heavy (1.1.4), and suffer damage
by the Structure chart (3.7.17); works are reduced and destroyed by the Combat Notes table (2.4.1).
The text prints neither: resources/rulesets/hcm/structures.toml is a labelled sample.

Umpire's readings:

* What is a structure: the buildings of a hex whose terrain has a `structure` class (terrain.toml:
  a town hex is Medium), and works (the `works` overlay, its class its detail, 2.4.1).  A hex with
  both holds two structures; a shot names which (the works unless told).
* Damage: a hit does points (structures.toml); at the class's strength the structure is rubble.
  "Reduced and destroyed" (2.4.1) is read as one thing: works are whole until they are rubble.
* Rubble (the `rubble` overlay): works reduced to rubble are gone and stop vehicles no more
  (2.4.1); a building reduced to rubble gives its occupants the rubble's cover instead of the
  buildings' (ground.cover) -- until then they keep the buildings' cover whole, damaged or not.
  The ruin still blocks sight (3.7.9): broken walls stand as high as whole ones, for this purpose.
  Nobody inside is hurt by the fall: the text says nothing of it; fire at them as units.
* Indirect fire: a round landing in a structure's hex damages it as a hit does (shelled), besides
  the item it hits there (indirect_fire.py).
* Who knows what: a structure stands on the table, and sight is the whole table (4.1), so its
  class and the damage it shows are read by every side that knows it is there -- everyone for a
  building; for works, their owner and the sides that have seen the hex (secret works, works.py).
  A side may fire only at a structure it knows of.  The damage lines, and the side report's
  table of damaged structures, go to exactly those sides: nothing of secret works leaks -- their
  rubble too is secret to the others until they see the hex.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.hexgrid import Hex
from ...core.ruleset import load_table, rulesets_dir
from ...core.rulesystem import Table
from .damage import weight_index

KINDS = ("works", "building")


@lru_cache(maxsize=None)
def chart() -> dict[str, dict]:
    """The Structure chart (sample) by class."""
    table = load_table(Path(rulesets_dir()) / "hcm" / "structures.toml", ())
    return {e["class"]: e for e in table.section("entry").values()}


def works_overlay(game, h: Hex):
    return next((o for o in game.map.overlays if o.kind == "works" and o.hex == h), None)


def ruined(game, h: Hex) -> bool:
    """A building of the hex brought down to rubble (3.7.17)."""
    return any(o.kind == "rubble" and o.detail == "building" for o in game.map.overlays_at(h))


def structure_class(game, h: Hex, what: str = "") -> str | None:
    """The class of the structure of hex `h` (`what`: works or building; empty: the works if there
    are any, else the buildings), or None when there is none standing.  Melee asks it too (3.8 k,
    3.8.1: a structure heavier than the vehicle)."""
    if what in ("", "works"):
        w = works_overlay(game, h)
        if w is not None:
            return w.detail if w.detail in chart() else "L"
        if what == "works":
            return None
    if h in game.map.terrain and not ruined(game, h):
        return game.rules.terrain_types[game.map.terrain[h]].get("structure")
    return None


def which(game, h: Hex, what: str = "") -> str | None:
    """works or building: the structure a shot at hex `h` aims at (module docstring)."""
    if what not in ("", *KINDS):
        raise UmpireError(f"fire at a structure: {what!r} is no structure (works or building, HCM 3.7.17)")
    if what in ("", "works") and works_overlay(game, h) is not None:
        return "works"
    if what in ("", "building") and structure_class(game, h, "building"):
        return "building"
    return None


def knowers(game, h: Hex, what: str) -> list[str]:
    """The sides that know the structure is there (module docstring: who knows what)."""
    if what == "building":
        return list(game.side_ids())
    w = works_overlay(game, h)
    if w is None:
        return []
    if not w.secret:
        return list(game.side_ids())
    return [s for s in game.side_ids() if s == w.side or s in w.known_to]


def key(game, h: Hex, what: str) -> str:
    return f"{what} {game.map.number(h)}"


def points(gun: str, cls: str) -> int:
    """Damage points a hit of a `gun`-weight cannon does to a structure of class `cls` (sample)."""
    row = chart()[cls]
    if weight_index(gun, "gun weight") < weight_index(row["least_gun"]):
        return 0
    return 2 if weight_index(gun, "gun weight") > weight_index(cls, "structure class") else 1


def damage(game, h: Hex, what: str, gun: str) -> tuple[list[str], list[Change]]:
    """What a hit does to the structure (3.7.17, 2.4.1): its damage points, and rubble at its
    strength.  The lines are for the sides that know the structure."""
    cls = structure_class(game, h, what)
    row = chart()[cls]
    n = game.map.number(h)
    done = points(gun, cls)
    name = "works" if what == "works" else "buildings"
    if not done:
        return [f"  the {cls} {name} in {n} take no harm from a {gun} gun (Structure chart, sample; HCM 3.7.17)"], []
    kept = dict(game.rule_state.structures)
    total = kept.pop(key(game, h, what), 0) + done
    if total < row["strength"]:
        kept[key(game, h, what)] = total
        return ([f"  the {cls} {name} in {n} are damaged: {total} of {row['strength']} points "
                 "(Structure chart, sample; HCM 3.7.17)"],
                [Change("game", "state", {"structures": kept})])
    out = [Change("game", "state", {"structures": kept})]
    # rubble of secret works is as secret as they were: known to those who knew them, learnt by
    # others when they see the hex (terrain.toml `seen`); a building's ruin is in plain view
    w = works_overlay(game, h) if what == "works" else None
    secret = w is not None and w.secret
    if w is not None:
        out.append(Change("overlay", "works", {"clear": True, "q": h.q, "r": h.r}))
    out.append(Change("overlay", "rubble", {
        "q": h.q, "r": h.r, "secret": secret, "side": w.side if secret else None,
        "known_to": [x for x in knowers(game, h, what) if w is None or x != w.side] if secret else [],
        "detail": "building" if what == "building" else f"works {cls}"}))
    why = "vehicles pass them now (HCM 2.4.1)" if what == "works" else "their cover is the rubble's now (HCM 3.7.17)"
    return [f"  the {cls} {name} in {n} are reduced to rubble: {why}"], out


def shelled(game, where: Hex, gun: str) -> list[Change]:
    """An indirect round landing in `where` (3.7.14) hits its structure too -- the works if there
    are any, else the buildings (Umpire's reading of 3.7.17: structures suffer damage from any
    fire); its lines go to the sides that know the structure, so shelling secret works blind
    tells the firer nothing."""
    what = which(game, where)
    if what is None:
        return []
    lines, changes = damage(game, where, what, gun)
    return [Change("note", "", {}, tuple(lines), knowers(game, where, what)), *changes]


def report_table(game, side: str) -> list[Table]:
    """The damaged structures the side knows of, as it sees them on the table (3.7.17)."""
    rows = []
    for k, pts in sorted(game.rule_state.structures.items()):
        what, number = k.split(" ", 1)
        h = game.map.grid.parse(number)
        cls = structure_class(game, h, what)
        if cls is None or side not in knowers(game, h, what):
            continue
        rows.append((number, what, cls, f"{pts} of {chart()[cls]['strength']}"))
    if not rows:
        return []
    return [Table("Damaged structures (HCM 3.7.17)", ("Hex", "Structure", "Class", "Damage points"), rows,
                  "None.")]
