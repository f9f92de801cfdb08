"""War Blog drones reconnoitring (1.45, 3.6).

3.6: reconnaissance is carried out by recce units and drones; the player puts the unit over the
area to check, and the hex it is put on and every hex around it are searched -- a drone of value
3 has a base of 45%, all but the central hex lose a random 0-20%, and jungles, woods, hills and
mountains cost more (terrain.toml `recon`, samples).  Recce units on the map search as their
side's turn begins (spotting.py); a drone flies from the air pool, as an action:
* A drone ready in the pool (it has not flown this turn, 9.0) flies over any hex of the map; it
  then rests for the turn, like a strike.
* The enemy's air defence reaching that hex fires at it first as at an air strike (1.14), its
  factors counting twice against a drone (1.45, our reading of "easier to shoot down"): shot down
  or aborted, the drone sees nothing; a three-quarter, half or quarter effect scales its chances
  by that much (our reading).
* Every enemy stack in the seven hexes is searched on its own roll; a stack found is seen by the
  side until its next turn begins, while it stays in that hex (spotting.py's `found`).
What the side reads: the hexes where its drone found the enemy, or that it found nothing -- never
the stacks it missed.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from .air import air_defence, effect_of
from .superiority import air_unit, ready
from .outcome import Outcome
from .spotting import search
from .state import kind


def drone(game: Game, u: UnitState) -> bool:
    """A drone of the air pool (1.45)."""
    return kind(game, u) == "air" and bool(game.unit_type(u).get("drone")) and u.status == "off_map"


def reconnoitre(game: Game, params: dict, dice) -> tuple[str, list]:
    """3.6, 1.45: a drone searches a hex and the six around it."""
    side = params.get("side")
    u = air_unit(game, side, params.get("unit"), "drone reconnaissance")
    if not game.unit_type(u).get("drone"):
        raise UmpireError(f"drone reconnaissance: {u.id} is not a drone; recce units search as their turn "
                          "begins (3.6)")
    if not ready(game, u):
        raise UmpireError(f"drone reconnaissance: {u.id} has flown this turn (9.0)")
    try:
        target = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"drone reconnaissance: {e}") from None
    if not game.map.contains(target):
        raise UmpireError(f"drone reconnaissance: {game.map.number(target)} is off the map")
    n = game.map.number
    out = Outcome(game, side)
    out.set(u, marks=u.marks.but(flew=game.turn))
    out.lines.append(f"{u.id} reconnoitres {n(target)} and the hexes around it (War Blog 3.6, 1.45)")
    factor = 1.0
    ad, _who = air_defence(game, side, target, drone=True)
    if ad:
        chance = game.rules.tables["air"].section("entry")["chance"]["out_of"]
        r = dice.roll(f"air defence against {u.id} (hits on {ad} or less)", 1, chance).total
        if r <= ad:
            effect = effect_of(game, dice.roll(f"air defence effect on {u.id}", 1, 10).total)
            out.lines.append(f"  enemy air defence hits the drone: {effect} (1.14, 1.45)")
            if effect == "shot down":
                out.set(u, status="destroyed")
                return f"{u.id} is shot down over {n(target)}", out.notes() + out.changes()
            if effect == "aborted":
                return f"{u.id} turns back from {n(target)}", out.notes() + out.changes()
            factor = float(effect)
    value = game.unit_type(u)["recon"]
    hexes = [target] + sorted(game.map.on_map_neighbours(target), key=n)
    found = list(game.rule_state.found.get(side, ()))
    where = []
    for h in hexes:
        if not any(v.on_map and v.side != side and v.hex == h for v in game.units.values()):
            continue                  # nothing there to find: no roll (and nothing said)
        got = search(game, u.id, side, value, h, dice, centre=h == target, factor=factor)
        if got:
            found += [f for f in got if f not in found]
            where.append(n(h))
    out.lines.append(f"Result: {u.id} finds the enemy in {', '.join(where)} (3.6)" if where
                     else f"Result: {u.id} finds nothing (3.6)")
    state = {**game.rule_state.found, side: tuple(found)}
    return out.lines[-1].removeprefix("Result: "), \
        out.notes() + out.changes() + [Change("game", "state", {"found": state})]
