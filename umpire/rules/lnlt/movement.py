"""Lock 'n Load Tactical movement (6.0, 1.3, 10.5.1).

A unit spends its movement factor on the terrain it enters (the TEC, a sample here) and the
hexsides it crosses (roads; streams by the transcribed 10.5.1 table).  Readings and what is
not yet here:
* A unit moves once a turn (its impulse), then is marked Moved; the units of its hex may move
  with it as one stack (`with`, 6.0: each must be able to make the move on its own), which
  then does not pause on the way.  Double time with a leader (6.2), assault, low crawl and
  stealth movement (6.1-6.4) are still to come.
* A Shaken unit may not end its move nearer to an enemy unit its side sees (5.0 DCT: Shaken).
* Stacking (1.3): per side, three squads' worth -- a half-squad or a crew is half a squad, a
  (non-ATGM) weapon team a whole one -- and two single-man counters.
* Entering a hex held by the enemy is a melee (8.0): an attack, not a move.
* The check names, hex by hex, the enemy units that could fire at the mover there (5.3); the
  move pauses where the player asks (`until`) for their opportunity fire.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.hexgrid import Hex, Hexside, hex_distance
from ...core.rulesystem import MoveCheck, Step
from ..botkit import entry_problem
from .state import SMC, kind, shaken

SQUAD_SHARE = {"squad": 1.0, "half_squad": 0.5, "crew": 0.5, "weapon_team": 1.0}
MAX_SQUADS, MAX_SMC = 3, 2                    # 1.3


def step_cost(game: Game, cls: str, a: Hex, b: Hex) -> tuple[float | None, str]:
    feats = {k: game.rules.hexside_features[k] for k in game.map.features(Hexside.between(a, b))}
    terrain = game.rules.terrain_types[game.map.terrain[b]]
    base, note = terrain["move"].get(cls), terrain["label"].lower()
    road = [f for f in feats.values() if f["crossing"] == "replaces"]
    if road:
        base, note = road[0]["move"].get(cls), road[0]["label"].lower()
    if base is None:
        return None, f"may not enter {terrain['label'].lower()} (TEC)"
    added = 0
    for f in feats.values():
        if f["crossing"] == "adds":
            if f["move"].get(cls) is None:
                return None, f"may not cross the {f['label'].lower()} (10.5.1)"
            added += f["move"][cls]
            if f["move"][cls]:
                note += f", {f['label'].lower()} +{f['move'][cls]}"
    return float(base + added), note


def stacking_problem(game: Game, uid: str, h: Hex, companions: tuple[str, ...] = ()) -> str | None:
    u = game.units[uid]
    movers = {uid, *companions}
    here = [v for v in game.units.values() if v.on_map and v.hex == h and v.side == u.side and v.id not in movers] \
        + [game.units[x] for x in movers]
    squads = sum(SQUAD_SHARE.get(kind(game, v), 0) for v in here)
    smc = sum(1 for v in here if kind(game, v) in SMC)
    if squads > MAX_SQUADS:
        return f"{game.map.number(h)} would hold {squads:g} squads' worth (at most {MAX_SQUADS}, 1.3)"
    if smc > MAX_SMC:
        return f"{game.map.number(h)} would hold {smc} single-man counters (at most {MAX_SMC}, 1.3)"
    return None


def check_move(game: Game, uid: str, path: list[Hex], how: dict | None = None) -> MoveCheck:
    u = game.units.get(uid)
    if u is None:
        return MoveCheck(uid, (), 0, False, f"no unit {uid!r}")
    t = game.unit_type(u)
    allowance = float(t["movement"])

    def fail(reason: str, rule: str = "", steps=()) -> MoveCheck:
        return MoveCheck(uid, tuple(steps), allowance, False, reason, rule)

    extra = [k for k in (how or {}) if k != "with"]
    if extra:
        return fail(f"Lock 'n Load moves here have no {extra[0]!r} option yet")
    companions = tuple((how or {}).get("with") or ())
    for cid in companions:                    # 6.0: the units of an activated hex move together
        c = game.units.get(cid)
        if c is None or c.side != u.side or not u.on_map or c.hex != u.hex or cid == uid:
            return fail(f"{cid} is not a unit of its side in its hex to move with it (6.0)", "LnLT 6.0")
        alone = check_move(game, cid, path)
        if not alone.legal:
            return fail(f"{cid} cannot move with it: {alone.reason}", alone.rule)
    if not path:
        return fail("the path is empty")
    if u.status == "off_map":
        problem = entry_problem(game, u, path[0])
        if problem:
            return fail(problem)
        cost = game.rules.terrain_types[game.map.terrain[path[0]]]["move"].get(t["move_class"])
        if cost is None:
            return fail(f"it may not enter {game.map.number(path[0])}")
        steps = [Step(path[0], float(cost), float(cost), "enters the map")]
    else:
        if not u.on_map or path[0] != u.hex:
            return fail("the path must start where it stands")
        if u.moved or u.fired or u.acted:
            return fail("it has already acted this turn (4.1)", "LnLT 4.1")
        if len(path) < 2:
            return fail("a move needs at least one hex beyond the start")
        steps = [Step(path[0], 0.0, 0.0, "start")]
    for a, b in zip(path, path[1:]):
        if not game.map.contains(b):
            return fail(f"{game.map.number(b)} is off the map", steps=steps)
        if hex_distance(a, b) != 1:
            return fail(f"{game.map.number(a)} and {game.map.number(b)} are not adjacent", steps=steps)
        if any(v.on_map and v.hex == b and v.side != u.side for v in game.units.values()):
            return fail(f"{game.map.number(b)} holds the enemy: that is a melee (8.0)", "LnLT 8.0", steps)
        cost, note = step_cost(game, t["move_class"], a, b)
        if cost is None:
            return fail(note, "LnLT TEC", steps)
        total = steps[-1].total + cost
        if total > allowance + 1e-9:
            return fail(f"{game.map.number(b)} costs {cost:g}: {total:g} of {allowance:g} MP (6.0)", "LnLT 6.0", steps)
        steps.append(Step(b, cost, total, note))
    end = path[-1]
    problem = stacking_problem(game, uid, end, companions)
    if problem:
        return fail(problem, "LnLT 1.3", steps)
    if shaken(u) and u.on_map:
        known = [c.hex for c in game.contacts.values() if c.side == u.side and c.status == "seen"]
        if known and min(hex_distance(end, h) for h in known) < min(hex_distance(u.hex, h) for h in known):
            return fail("a Shaken unit may not advance toward an enemy it sees (5.0)", "LnLT 5.0", steps)
    return MoveCheck(uid, tuple(steps), allowance, True, watchers=watchers(game, u, [s.hex for s in steps[1:]]),
                     companions=companions)


def watchers(game: Game, mover, hexes: list[Hex]) -> dict:
    """5.3: for each hex entered, the enemy units that could fire at the mover there -- Good
    Order, not marked Moved or Fired, in range and sight."""
    from .spotting import Sight
    sight = Sight(game.map, game.rules)
    able = [v for v in game.units.values() if v.on_map and v.side != mover.side and not shaken(v)
            and not (v.moved or v.fired) and game.unit_type(v)["firepower"]]
    out = {}
    for h in hexes:
        who = tuple(v.id for v in able if hex_distance(v.hex, h) <= game.unit_type(v)["range"]
                    and sight.degrading(v.hex, h) is not None)
        if who:
            out[h] = who
    return out
