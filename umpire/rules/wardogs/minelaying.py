"""Wardogs mines laid during play (Wardogs p. 18): "the player running the mine laying unit
records the hex number" -- the text names a mine laying unit but prints no card or equipment page
for it, so the `mine_layer` equipment of units.toml (3 fields) is Umpire's SAMPLE.

Readings:
* When: the text says the hex is recorded along "the route the unit just traveled that turn"
  (the optional chits), so a field is laid after the unit has moved.  Umpire lays it in the
  defensive measures phase (p. 18: the measures deployed at the end of unit movement), one field
  a unit a turn, in a hex its path entered this turn or its own hex.
* What: a secret field of its side (mines.py), land mines on land and ocean mines in a deep lake
  or ocean or a river.  Its layer's side alone reads that it was laid.
* Who it attacks: "ALL units entering that hex after the mine pattern has been placed" -- every
  non-infantry unit had moved before it was laid, so a field laid this turn attacks only the
  units that enter it afterwards: the infantry moving this turn, and everyone in the turns after
  (mines.py reads `State.mines_laid`).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from .defensive import uses_left
from .mines import field_at

KEY = "mine_layer"
RULE = "Wardogs p. 18"


def carries(game, u) -> bool:
    return KEY in game.unit_type(u).get("equipment", ())


def lay(game, params: dict, dice) -> tuple[str, list[Change]]:
    u = game.units.get(params.get("unit"))
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"lay mines: {params.get('side')} has no unit {params.get('unit')!r} on the table")
    if not carries(game, u):
        raise UmpireError(f"lay mines: {u.id} carries no mine layer ({RULE})")
    if u.acted:
        raise UmpireError(f"lay mines: {u.id} has laid mines or deployed a measure this phase already ({RULE})")
    left = uses_left(game, u, KEY)
    if left <= 0:
        raise UmpireError(f"lay mines: {u.id}'s mine layer is empty ({RULE})")
    where = params.get("hex") or game.map.number(u.hex)
    try:
        h = game.map.grid.parse(str(where))
    except ValueError as e:
        raise UmpireError(f"lay mines: {e}") from None
    route = [game.map.number(x) for x in u.path] or [game.map.number(u.hex)]
    if h != u.hex and h not in u.path:
        raise UmpireError(f"lay mines: {game.map.number(h)} is not on the route {u.id} travelled this turn "
                          f"({', '.join(route)}; {RULE})")
    if field_at(game, h) is not None and field_at(game, h).known_by(u.side):
        raise UmpireError(f"lay mines: {game.map.number(h)} is mined already ({RULE})")
    n = game.map.number(h)
    sort = "ocean" if game.rules.terrain_types[game.map.terrain[h]]["deep_water"] or game.map.terrain[h] == "river" else "land"
    return f"{u.id} lays {sort} mines in {n}", [
        Change("overlay", "minefield", {"q": h.q, "r": h.r, "side": u.side, "secret": True, "detail": sort}),
        Change("game", ("mines_laid",), {n: game.turn}, (), "umpire"),
        Change("unit", u.id, {"acted": True, "equipment": {**u.marks.equipment, KEY: left - 1}},
               (f"{u.id} lays {sort} mines in {n}: {left - 1} fields left ({RULE})",), u.side)]


def laid_this_turn(game, h) -> bool:
    """Whether the field in hex h was laid in this turn's defensive measures phase."""
    return game.rule_state.mines_laid.get(game.map.number(h)) == game.turn
