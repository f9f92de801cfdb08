"""Lock 'n Load Tactical line of sight and spotting (10.1, 10.3).

A hex is spotted by a side -- every unit in it seen -- when (10.1.1):
* one of its units is marked Moved or Fired (the core's `moved`, `fired`) and the side has a
  line of sight to it;
* it is open terrain and the side has a line of sight to it;
* it is next to one of the side's Good Order units; or
* one of the side's units spotted it with a spotting attempt this turn (10.1.2; the rule
  action "spot"), until the Administrative phase (9.0).
Seen are the hex's units; a support weapon goes with the unit carrying it (1.6) and is no
contact of its own, and units riding inside a vehicle are not seen at all (16.1).
Lines of sight: a blocking hex between the ends blocks, and so does a third degrading one
(10.3); how many degrading hexes a line crosses (at most two) costs fire and spotting.
"""

from __future__ import annotations

import dataclasses

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import Hex, hex_distance
from ...core.los import Eye, LosResult, crossing
from .acquisition import seen_by_acquisition
from .state import Attempt, acting_unit, aircraft, good_order, hidden_by_stealth, lm, sight_of, tis, vehicle
from .state import kind as unit_kind

SCOUT_SPOTTING = 2                              # 11.6: a scout takes 2 off its spotting roll
TIS_SPOTTING = 2                                # 10.1.2: so do thermal sights

SPOT_NEEDS = {"degrading": 3, "blocking": 2}        # 10.1.2: on 1d6, at or under


class Sight:
    """The map made ready for sight lines."""

    def __init__(self, game_map, rules) -> None:
        self.map, self.rules = game_map, rules

    def degrading(self, a: Hex, b: Hex) -> int | None:
        """Degrading hexes between a and b (at most 2), or None when the line is blocked."""
        count = 0
        for t in crossing(a, b).touches:
            if t.hex in (a, b) or t.kind != "through" or not self.map.contains(t.hex):
                continue
            kind = sight_of(self.map, self.rules, t.hex)
            if kind == "blocking":
                return None
            if kind == "degrading":
                count += 1
                if count >= 3:
                    return None
        return count

    def line_of_sight(self, a: Eye, b: Eye) -> LosResult:
        d = self.degrading(a.hex, b.hex)
        hexes = tuple(t.hex for t in crossing(a.hex, b.hex).touches if t.kind == "through")
        rng = hex_distance(a.hex, b.hex)
        if d is None:
            return LosResult(False, a.hex, b.hex, rng, hexes, rule="LnLT 10.3",
                             reason="blocking terrain, or a third degrading hex")
        return LosResult(True, a.hex, b.hex, rng, hexes, rule="LnLT 10.3",
                         reason=f"{d} degrading hex{'es' if d != 1 else ''} on the way" if d else "")


def inside(game: Game, u) -> bool:
    """Riding in (not on) a vehicle -- P or PP transport, 16.1 -- or carried by a unit that is:
    out of the enemy's sight whatever it sees of the vehicle."""
    while u.carried_by:
        carrier = game.units.get(u.carried_by)
        if carrier is None:
            return False
        v = vehicle(game, carrier)
        if v is not None and v["transport"] in ("P", "PP"):
            return True
        u = carrier
    return False


def carried_weapon(game: Game, u) -> bool:
    """A support weapon some unit carries (1.6): part of its carrier's counter stack, so the
    enemy sees the unit carrying it, never the weapon as a contact of its own."""
    return bool(u.carried_by) and unit_kind(game, u) == "support_weapon"


def in_view(game: Game, u) -> bool:
    """A counter the enemy may spot on its own: on the map, not riding inside a vehicle (16.1),
    not a weapon carried by a unit (1.6)."""
    return u.on_map and not inside(game, u) and not carried_weapon(game, u)


def spot(game: Game, sight: Sight) -> dict[str, dict[str, tuple]]:
    out: dict[str, dict[str, tuple]] = {s: {} for s in game.side_ids()}
    on_map = [u for u in game.units.values() if in_view(game, u)]
    for side in game.side_ids():
        mine = _spotters(game, side, on_map)
        attempts = _attempts(game, side)
        for h in sorted({u.hex for u in on_map if u.side != side}, key=lambda h: (h.q, h.r)):
            enemy = [u for u in on_map if u.hex == h and u.side != side]
            seers, rule = _seers(game, sight, mine, attempts, h, enemy)
            if seers:
                for u in enemy:
                    out[side][u.id] = (tuple(seers), rule)
    return out


def watchers(game: Game, sight: Sight, where: Hex, unit=None) -> dict[str, tuple[str, ...]]:
    """Who spots hex `where` now, by side (10.1.1): with `unit` standing there as it is (marked
    Moved or Fired, or not), or, without one, a still marker lying there (a wreck)."""
    on_map = [u for u in game.units.values() if in_view(game, u)]
    enemy = [dataclasses.replace(unit, hex=where)] if unit is not None else []
    out = {}
    for side in game.side_ids():
        if unit is not None and side == unit.side:
            continue
        seers, _rule = _seers(game, sight, _spotters(game, side, on_map), _attempts(game, side), where, enemy)
        if seers:
            out[side] = tuple(seers)
    return out


def _spotters(game: Game, side: str, on_map: list) -> list:
    # a carried weapon is no spotter (1.6), nor an air strike's aircraft (19.1.1: it tells its side
    # nothing of the hex it strikes -- the strike gives no spotting)
    return [u for u in on_map if u.side == side and unit_kind(game, u) != "support_weapon" and not aircraft(game, u)]


def _attempts(game: Game, side: str) -> dict[tuple[int, int], str]:
    """(q, r) -> the unit whose spotting attempt found the hex this turn (10.1.2)."""
    return {(a.q, a.r): a.spotter for a in game.rule_state.spotted.get(side, ())}


def _seers(game: Game, sight: Sight, mine: list, attempts: dict, h: Hex, enemy: list) -> tuple[list[str], str]:
    """The side's units (`mine`) that spot hex h with the `enemy` units in it -- none: a still
    marker, seen like a unit that neither moved nor fired -- and the rule that lets them."""
    sneaking = bool(enemy) and all(hidden_by_stealth(game, u, game.rules) for u in enemy)      # 6.4
    close = [] if sneaking else [u.id for u in mine if good_order(u) and hex_distance(u.hex, h) <= 1]
    if close:
        return close, "LnLT 10.1 (adjacent)"
    if (h.q, h.r) in attempts:
        return [attempts[(h.q, h.r)]], "LnLT 10.1 (spotting attempt)"
    if mine and enemy:                                       # 14.3: an acquired target stays spotted
        guns = [g for v in enemy for g in seen_by_acquisition(game, mine[0].side, v)]
        if guns:
            return sorted(set(guns)), "LnLT 14.3 (target acquired)"
    # 10.1 step 1: a Moved, Assault Move or Hit & Run (6.7) marker gives the hex away
    marked = any((u.moved and not u.marks.low_crawl and not hidden_by_stealth(game, u, game.rules))
                 or u.fired for u in enemy)                                  # 6.3, 6.4
    if marked or sight_of(game.map, game.rules, h) == "open":
        return ([u.id for u in mine if sight.degrading(u.hex, h) is not None],
                "LnLT 10.1 (moved or fired)" if marked else "LnLT 10.1 (open terrain)")
    return [], ""


def spotted_without_moving(game: Game, side: str, h: Hex, stealthy: bool = False) -> bool:
    """Whether `side` would see a unit in hex h that neither moved nor fired there: open ground
    in its sight, next to its Good Order unit (not a unit moving by stealth into cover, 6.4),
    or found by its spotting attempt (10.1)."""
    sight = Sight(game.map, game.rules)
    mine = [u for u in game.units.values() if u.on_map and u.side == side]
    cover = sight_of(game.map, game.rules, h) != "open"
    if any(good_order(u) and hex_distance(u.hex, h) <= 1 for u in mine) and not (stealthy and cover):
        return True
    if (h.q, h.r) in _attempts(game, side):
        return True
    return sight_of(game.map, game.rules, h) == "open" and any(sight.degrading(u.hex, h) is not None for u in mine)


def keen_eyed(game: Game, u) -> bool:
    """A scout (11.6) or a unit with thermal sights (10.1.2): the two that spot 2 better, and
    the only two whose natural 6 fails whatever it comes to."""
    return unit_kind(game, u) == "scout" or tis(game, u)


def spot_succeeds(face: int, total: int, need: int, keen: bool) -> bool:
    """10.1.2: the modified die at or under what the terrain needs.  The aid prints "a natural
    6 always fails" only under the thermal sights list (10.1.2) and the scouts (11.6), so it
    holds for those two alone: a leader whose LM brings a 6 down to the need spots the hex."""
    if keen and face == 6:
        return False
    return total <= need


def attempt(game: Game, sight: Sight, params: dict, dice) -> tuple[str, list]:
    """10.1.2: a Good Order unit that has not acted tries to spot a hex in its line of sight:
    1d6 at or under 3 in degrading terrain, 2 in blocking, +1 a degrading hex on the way, less
    a leader's LM.  The unit's impulse is spent (Ops Complete, 10.1.3)."""
    u = acting_unit(game, params, "spotting attempt")
    side, uid = u.side, u.id
    try:
        h = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"spotting attempt: {e}") from None
    between = sight.degrading(u.hex, h)
    if between is None:
        raise UmpireError(f"spotting attempt: {game.map.number(h)} is out of {uid}'s line of sight (10.3)")
    kind = sight_of(game.map, game.rules, h)
    n = game.map.number
    if kind == "open":
        return (f"{uid} looks at {n(h)}: open ground needs no spotting attempt (10.1)",
                [Change("unit", uid, {"acted": True, "ops_complete": True})])
    mods = (("degrading hexes on the way", between),) + ((("leader's LM", -lm(game, u)),) if lm(game, u) else ()) \
        + ((("scout", -SCOUT_SPOTTING),) if unit_kind(game, u) == "scout" else ()) \
        + ((("thermal sights", -TIS_SPOTTING),) if tis(game, u) else ())                # 11.6, 10.1.2
    roll = dice.roll(f"spotting attempt by {uid} at {n(h)} ({kind}: {SPOT_NEEDS[kind]} or less)", 1, 6, mods)
    found = spot_succeeds(roll.faces[0], roll.total, SPOT_NEEDS[kind], keen_eyed(game, u))
    changes = [Change("unit", uid, {"acted": True, "ops_complete": True})]
    summary = f"{uid} tries to spot {n(h)}: {roll.total} -- {'spotted' if found else 'nothing seen'} (10.1)"
    if found:
        spotted = game.rule_state.spotted
        spotted = {**spotted, side: spotted.get(side, ()) + (Attempt(h.q, h.r, uid),)}
        changes.append(Change("game", "state", {"spotted": spotted}))
        if params.get("fire"):
            summary, changes = _and_fire(game, sight, u, h, dice, summary, changes)
    return summary, changes


def _and_fire(game: Game, sight: Sight, u, h, dice, summary: str, changes: list) -> tuple[str, list]:
    """10.1.4: a unit that spots a hex may fire at it at once, its Ops Complete marker lifted."""
    from .combat import attack_sheet, resolve
    sheet = attack_sheet(game, sight, [u.id], h, "fire")
    if not sheet.legal:
        return summary + f"; it does not fire: {sheet.reason}", changes
    fired, more = resolve(game, sheet, dice)
    changes = [Change("unit", u.id, {"acted": True, "ops_complete": False})] + changes[1:]
    return f"{summary}; {fired} (10.1.4)", changes + [Change("note", "", {}, sheet.lines)] + more
