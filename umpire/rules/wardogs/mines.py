"""Wardogs minefields and mine sweeper arrays (Wardogs p. 7 step 4, p. 18).

A field is a secret map overlay (kind "minefield", its layer's side, detail the mine kind of
resources/rulesets/wardogs/mines.toml).  Its layer knows of it; the enemy learns of it when a
sweeper detects it or a unit sets it off (p. 18) -- until then nothing this module returns tells
the enemy of it (a sweeper's failed roll is its owner's alone to read).

* Attack (p. 18): a d6 for strength, then that many d10 against the unit's armour as damage dice
  (Table 7, p. 15; no range modifier, our reading), applied as fire damage (p. 16).  A unit the
  mines hit makes a stability check (p. 7 step 5; Table 2 -8 is WA's stability).
* Sweeper (p. 18): entering a hex next to a field, a d10, odd detects; detected, a turn spent
  inactive and a d6, odd clears the field wholly, even leaves it live.

Our readings of when (p. 7 step 4 resolves mine attacks after all movement):
* As the mine phase begins, every unit that entered a mined hex this turn (its path, the core's
  `UnitState.path`) is attacked once for each mined hex entered -- the layer's own units too
  ("mines have no friends", p. 18).  A unit in flight passes over; passengers ride inside their
  carrier, which alone is attacked.  The field then becomes known to the unit's side and to
  those who saw it strike (the core's overlay "reveal").
* A sweeper's detection rolls are made in the same phase, one for each unknown field next to a
  hex its path entered.  Clearing (`clear_mines`) is a unit's action in the declaration phase by
  a sweeper that has not moved: it is then marked as having acted and may not fire this turn.
* Scenarios place fields with [[minefield]] (types: mines.toml); a mine layer lays them in play
  (minelaying.py): a field laid this turn attacks none of the non-infantry units, which all
  moved before it was laid (p. 18: units entering "after the mine pattern has been placed").
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.ruleset import load_table, rulesets_dir
from ...core.changes import Change
from ...core.hexgrid import neighbours
from .damage import Die, apply_hits, result_of, shields_up
from .penetration import roll_internal
from .state import armour, armour_at_start, is_infantry, kind, on_table


@lru_cache(maxsize=None)
def kinds() -> dict[str, dict]:
    return load_table(Path(rulesets_dir()) / "wardogs" / "mines.toml", ()).section("entry")


def kind_of(name: str) -> dict:
    try:
        return kinds()[name]
    except KeyError:
        raise UmpireError(f"minefield kind {name!r} is not one of {', '.join(kinds())} (Wardogs p. 18)") from None


def attack_dice(faces: list[int], armour: int) -> list[Die]:
    """The mine attack's d10s read against the unit's armour (p. 18, Table 7, no range modifier)."""
    out = []
    for f in faces:
        if not 1 <= f <= 10:
            raise UmpireError(f"mine attack: a d10 shows 1 to 10, not {f} (Wardogs p. 18)")
        row = result_of(f, armour)
        out.append(Die(f, f, row["hit"], row["penetration"]))
    return out


def attack(dice, unit_id: str, armour: int, mine_kind: str = "land") -> tuple[int, list[Die]]:
    """Roll the attack on a unit entering the field: strength on the kind's die, then that many
    attack dice (p. 18)."""
    k = kind_of(mine_kind)
    strength = dice.roll(f"mine strength against {unit_id} (Wardogs p. 18)", 1, k["strength_sides"]).total
    faces = list(dice.roll(f"mine attack dice against {unit_id} (Wardogs p. 18)", strength, k["attack_sides"]).faces)
    return strength, attack_dice(faces, armour)


def detects(d10: int) -> bool:
    """A sweeper's detection roll (p. 18): odd detects."""
    if not 1 <= d10 <= 10:
        raise UmpireError(f"mine sweeper: a d10 shows 1 to 10, not {d10} (Wardogs p. 18)")
    return d10 % 2 == 1


def clears(d6: int) -> bool:
    """A sweeper's clearing roll (p. 18): odd (1, 3, 5) clears the whole field."""
    if not 1 <= d6 <= 6:
        raise UmpireError(f"mine sweeper: a d6 shows 1 to 6, not {d6} (Wardogs p. 18)")
    return d6 % 2 == 1


def fields_next_to(game, h, side: str) -> list:
    """Enemy minefields next to hex h that `side` does not yet know of (for a sweeper entering h)."""
    near = set(neighbours(h))
    return [o for o in game.map.overlays if o.kind == "minefield" and o.hex in near and not o.known_by(side)]


def field_at(game, h):
    return next((o for o in game.map.overlays if o.kind == "minefield" and o.hex == h), None)


def has_sweeper(game, u) -> bool:
    return "mine_sweeper" in game.unit_type(u).get("equipment", ())


def strike(game, u, marks, field, dice) -> tuple[object, list[Change], bool]:
    """One field's attack on unit u (p. 18): its marks after, the changes (lines for its side),
    and whether it is destroyed."""
    n = game.map.number(field.hex)
    strength, rolled = attack(dice, u.id, armour(game, u) if marks.ar is None else marks.ar, field.detail or "land")
    out = apply_hits(rolled, shields_up(marks), armour(game, u) if marks.ar is None else marks.ar,
                     armour_at_start(game, u), kind(game, u))
    lines = [f"{u.id} sets off the minefield in {n}: strength {strength}, d10s "
             f"{', '.join(str(d.face) for d in rolled)} (Wardogs p. 18)"] + [f"  {x}" for x in out.lines]
    marks = marks.but(shields=out.shields, ar=out.armour)
    marks, hurt, dead = roll_internal(game, u, marks, out.penetrations, dice)
    lines += [f"  {x}" for x in hurt]
    dead = dead or out.killed
    if out.stability_check and not dead:
        marks = marks.but(checks=(*marks.checks, "mine"))       # Table 2, rolled at step 5
    return marks, [Change("note", "", {}, tuple(lines), u.side),
                   Change("overlay", "minefield", {"reveal": True, "q": field.hex.q, "r": field.hex.r,
                                                   "seen_with": u.id})], dead


def mine_phase(game, dice) -> list[Change]:
    """p. 7 step 4: mines attack every unit that entered them this turn; sweepers that moved
    roll to detect the fields next to their path (our reading of when, above)."""
    out: list[Change] = []
    for u in on_table(game):
        if u.marks.flying or len(u.path) < 2:
            continue
        marks, dead = u.marks, False
        for h in u.path[1:]:
            field = field_at(game, h)
            if field is not None and not is_infantry(game, u) and game.rule_state.mines_laid.get(game.map.number(h)) == game.turn:
                field = None                  # laid after this unit moved (minelaying.py)
            if field is not None and not dead:
                marks, changes, dead = strike(game, u, marks, field, dice)
                out += changes
            if has_sweeper(game, u):
                for f in fields_next_to(game, h, u.side):
                    d10 = dice.roll(f"{u.id} sweeps next to {game.map.number(h)} (Wardogs p. 18)", 1, 10).total
                    if detects(d10):
                        out.append(Change("overlay", "minefield", {"reveal": True, "q": f.hex.q, "r": f.hex.r,
                                                                   "seen_with": u.id},
                                          (f"{u.id}'s sweeper finds mines in {game.map.number(f.hex)}: d10 {d10}, odd "
                                           "(Wardogs p. 18)",), u.side))
                    else:
                        out.append(Change("note", "", {}, (f"{u.id}'s sweeper rolls d10 {d10}: even, nothing found "
                                                           "(Wardogs p. 18)",), "umpire"))
        if marks != u.marks:
            out.append(Change("unit", u.id, {"marks": marks}, (), u.side))
        if dead:
            out.append(Change("unit", u.id, {"status": "destroyed"}, (f"{u.id} is destroyed by mines (Wardogs p. 18)",), u.side))
    return out


def clear(game, params: dict, dice) -> tuple[str, list[Change]]:
    """p. 18: a sweeper that has not moved spends its turn trying to clear a field it knows of,
    in or next to its hex: a d6, odd clears it wholly."""
    u = game.units.get(params.get("unit"))
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"clear mines: {params.get('side')} has no unit {params.get('unit')!r} on the table")
    if not has_sweeper(game, u):
        raise UmpireError(f"clear mines: {u.id} has no mine sweeper array (Wardogs p. 18)")
    if u.moved or u.acted or len(u.path) > 1:
        raise UmpireError(f"clear mines: {u.id} has moved or acted this turn; clearing takes a turn inactive (Wardogs p. 18)")
    if any(s["firer"] == u.id for s in game.rule_state.declarations.get(u.side, ())):
        raise UmpireError(f"clear mines: {u.id} has declared fire this turn; clearing takes a turn inactive (Wardogs p. 18)")
    known = [o for o in game.map.overlays if o.kind == "minefield" and o.known_by(u.side)
             and (o.hex == u.hex or o.hex in neighbours(u.hex))]
    if not known:
        raise UmpireError(f"clear mines: {u.id} knows of no minefield in or next to its hex (Wardogs p. 18)")
    f = known[0]
    n = game.map.number(f.hex)
    d6 = dice.roll(f"{u.id} clears the mines in {n} (Wardogs p. 18)", 1, 6).total
    if clears(d6):
        return f"{u.id} clears the minefield in {n}", [
            Change("overlay", "minefield", {"clear": True, "q": f.hex.q, "r": f.hex.r}),
            Change("unit", u.id, {"acted": True}, (f"{u.id} clears the minefield in {n}: d6 {d6}, odd (Wardogs p. 18)",))]
    return f"{u.id} fails to clear the minefield in {n}", [
        Change("unit", u.id, {"acted": True}, (f"{u.id} tries to clear the minefield in {n}: d6 {d6}, even -- still live (Wardogs p. 18)",))]
