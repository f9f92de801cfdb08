"""War Blog minefields (2.4.6): a scenario's [[minefield]] of type density_1 to density_4
(mines.toml), and engineers laying and clearing them (1.16, 2.4.6).

A unit entering a mined hex stops there (its path is cut at the field: movement.py's
`stop_at`, so a hidden field is met, never refused in advance), takes its damage and has no
movement left -- no more moving, attacking or firing that turn; the field's marker goes on the
map (the core's mine attack).  Leaving a mined hex does nothing.
An engineer unit (kind "engineer") lays a field of density 1 in its own hex, or clears the
field of its own hex by its strength; either takes its turn's movement, and it may do neither
again for four of its side's turns.

Readings: the damage is `density` depressions (4.0), then a morale check over five (6.0); an
engineer lays only where there is no field ("to 1 level and no further"); the four turns are
four game turns (each has one turn of each side).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from .outcome import Outcome, morale
from .state import density_at, kind

COOLDOWN = 4


def attack(game: Game, uid: str, mine_type: str, leaving: bool, dice) -> list[Change]:
    if leaving:
        return []
    u = game.units[uid]
    density = game.rules.mine_types[mine_type]["density"]
    out = Outcome(game)
    out.lines.append(f"  {uid} enters a minefield of density {density} (2.4.6)")
    out.depress(u, float(density))
    out.set(u, mp_spent=float(game.unit_type(u)["movement"]))
    out.lines.append(f"  {uid} may not move, attack or fire again this turn (2.4.6)")
    morale(game, out, u, dice, [])
    return out.notes() + out.changes()


def _engineer(game: Game, params: dict, what: str) -> UnitState:
    u = game.units.get(params.get("unit") or "")
    if u is None or u.side != params.get("side") or not u.on_map:
        raise UmpireError(f"{what}: {params.get('unit')!r} is not a unit of {params.get('side')} on the map")
    if kind(game, u) != "engineer":
        raise UmpireError(f"{what}: {u.id} is not an engineer unit (2.4.6)")
    if (u.marks.engineering or 0) > game.turn:
        raise UmpireError(f"{what}: {u.id} is busy until turn {u.marks.engineering} (2.4.6: four turns)")
    if u.mp_spent or u.fired:
        raise UmpireError(f"{what}: {u.id} has moved or fought this turn (2.4.6)")
    return u


def _busy(game: Game, u: UnitState, line: str) -> Change:
    return Change("unit", u.id, {"mp_spent": float(game.unit_type(u)["movement"]),
                                 "engineering": game.turn + COOLDOWN, "still": 0}, (line,))


def lay(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _engineer(game, params, "lay mines")
    n = game.map.number(u.hex)
    if density_at(game, u.hex):
        raise UmpireError(f"lay mines: {n} is mined already; engineers lay to density 1 and no further (2.4.6)")
    line = f"{u.id} lays a minefield of density 1 in {n} (2.4.6)"
    return line, [Change("overlay", "minefield", {"q": u.hex.q, "r": u.hex.r, "side": u.side, "secret": True,
                                                  "detail": "density_1"}), _busy(game, u, line)]


def clear(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    u = _engineer(game, params, "clear mines")
    n = game.map.number(u.hex)
    before = density_at(game, u.hex)
    if not before:
        raise UmpireError(f"clear mines: no minefield in {n}, where {u.id} stands (2.4.6)")
    left = max(0, before - game.unit_type(u)["strength"])
    field = next(o for o in game.map.overlays if o.kind == "minefield" and o.hex == u.hex)
    line = f"{u.id} clears the minefield in {n}: density {before} -> {left} (2.4.6)"
    out = [Change("overlay", "minefield", {"clear": True, "q": u.hex.q, "r": u.hex.r})]
    if left:
        out.append(Change("overlay", "minefield", {"q": u.hex.q, "r": u.hex.r, "side": field.side,
                                                   "secret": field.secret, "detail": f"density_{left}",
                                                   "known_to": list(field.known_to)}))
    return line, out + [_busy(game, u, line)]
