"""War Blog movement (3.0-3.2, 2.0, 2.1, 2.4.5, 2.5, 2.6.2, 4.0, 7.0, 12.0).

A unit spends its movement factor on the terrain chart's column for its class; it may move,
attack and move on in its own turn while it has points left (11.0), but not after firing
(7.0).  Readings where the text leaves a choice:
* Entering a hex next to an enemy unit (its zone of control, 3.2) ends the move; the unit keeps
  its unspent points for an attack, and after winning one goes on with two points less.
* A unit that starts its turn in an enemy zone of control may leave it.
* Streams (2.5.1) and earthworks (2.4.5) end the move on crossing or entering.
* Rivers and ridges stop everyone but river-crossing units (2.5.2, 2.6.2); a bridge on the
  river hexside carries any unit across.
* Mountain infantry (1.19) pay figures.toml's sample cost in mountains and mountain peaks (the
  text: "a good movement rate in mountains", no figure); peaks stay closed to every other unit.
* With 5 or more depressions a unit may not end a move nearer to the enemy than it began (4.0).
* At sea (10.0; the terrain "sea", which the chart closes to its three columns): Umpire's own
  columns (terrain.toml) let ships (1.31) move at sea only, marines (1.6) and special forces
  (1.13) at sea and ashore both ways; amphibious units (1.5, 1.15, 1.40, 1.41, 1.42, 1.43, 1.44)
  come ashore from the sea -- a naval landing -- but never put to sea from land.  The text
  gives no cost: a sea hex costs 1 (our reading).
"""

from __future__ import annotations

from ...core.game import Game
from ...core.hexgrid import Hex, hex_distance
from ...core.rulesystem import MoveCheck, Step
from ..botkit import entry_problem
from .state import (density_at, depressions, enemies_of, figure, hexside_features, in_enemy_zoc, room_problem,
                    units_at, whole)


def step_cost(game: Game, unit_type: dict, a: Hex, b: Hex, side: str | None = None) -> tuple[float | None, str, bool]:
    """Points to go from a to the adjacent b, how the cost was found, and whether crossing
    ends the move (a stream); `side`: whose unit it is -- its own laid bridges carry it (1.27)."""
    at_sea = _at_sea(game, unit_type, a, b)
    if at_sea is not None:
        return at_sea
    cls = unit_type["move_class"]
    feats = {k: game.rules.hexside_features[k] for k in hexside_features(game, a, b, side)}
    terrain = game.rules.terrain_types[game.map.terrain[b]]
    if "bridge" in feats:             # a bridge carries units over its river (2.5.2)
        feats.pop("river", None)
    if "river" in feats and unit_type["crosses_rivers"]:
        feats.pop("river")
    for k, f in feats.items():
        if f["move"].get(cls) is None:
            return None, f"no {unit_type['label'].lower()} may cross the {f['label'].lower()} " \
                         f"({'2.6.2' if k == 'ridge' else '2.5.2'})", False
    base = terrain["move"].get(cls)
    note = terrain["label"].lower()
    if unit_type.get("mountain") and game.map.terrain[b] in MOUNTAIN:
        # 1.19: "a good movement rate in mountains" -- figures.toml's sample cost
        base, note = figure(game, MOUNTAIN[game.map.terrain[b]]), note + ", mountain infantry (1.19)"
    replacing = [f for f in feats.values() if f["crossing"] == "replaces"]
    if replacing:
        base, note = min(f["move"][cls] for f in replacing), replacing[0]["label"].lower()
    if base is None:
        return None, f"{unit_type['label']} may not enter {terrain['label'].lower()} (2.1)", False
    added = sum(f["move"][cls] for f in feats.values() if f["crossing"] == "adds")
    stops = any(f["stops"] for f in feats.values())
    return float(base + added), note + (", crossing a stream: the move ends (2.5.1)" if stops else ""), stops


MOUNTAIN = {"mountain": "mountain_infantry_mountain", "mountain_peaks": "mountain_infantry_peaks"}  # 1.19
SEA = "sea"                          # 10.0: the sea's terrain key


def _at_sea(game: Game, unit_type: dict, a: Hex, b: Hex) -> tuple[float | None, str, bool] | None:
    """1.5: an amphibious unit that has landed may not put to sea again; None otherwise, where
    the chart's column decides (ships at sea only, marines both ways, land units never)."""
    if unit_type.get("sea") == "amphibious" and game.map.terrain[b] == SEA and game.map.terrain[a] != SEA:
        return None, "an amphibious unit that has landed may not put to sea again (1.5)", False
    return None


def movement_left(game: Game, uid: str) -> float:
    u = game.units[uid]
    return game.unit_type(u)["movement"] - u.mp_spent


def check_move(game: Game, uid: str, path: list[Hex], how: dict | None = None) -> MoveCheck:
    how = how or {}
    u = game.units.get(uid)
    if u is None:
        return MoveCheck(uid, (), 0, False, f"no unit {uid!r}")
    t = game.unit_type(u)
    allowance = float(t["movement"])

    def fail(reason: str, rule: str = "", steps=()) -> MoveCheck:
        return MoveCheck(uid, tuple(steps), allowance, False, reason, rule)

    for key in how:
        if key != "exit":
            return fail(f"War Blog moves have no {key!r} option")
    if how.get("exit"):
        return fail("War Blog units do not leave the map")
    if not path:
        return fail("the path is empty")
    if t["kind"] == "air":
        return fail("an air unit flies from the air pool: an air strike or an air superiority patrol (9.0)",
                    "War Blog 9.0")
    if u.status == "off_map":
        problem = entry_problem(game, u, path[0])
        if problem:
            return fail(f"{problem} (12.0)", "War Blog 12.0")
        cost = game.rules.terrain_types[game.map.terrain[path[0]]]["move"].get(t["move_class"])
        if cost is None:
            return fail(f"it may not enter {game.map.number(path[0])}", "War Blog 2.1")
        steps = [Step(path[0], float(cost), float(cost), "enters the map (12.0)")]
    elif not u.on_map:
        return fail(f"it is {u.status.replace('_', ' ')}")
    else:
        if path[0] != u.hex:
            return fail(f"the path must start where it stands, {game.map.number(u.hex)}")
        if u.fired:
            return fail("it has fired this turn: its movement is spent (7.0)", "War Blog 7.0")
        if u.marks.zoc:
            return fail("it entered an enemy zone of control this turn and may move no further until it "
                        "wins an attack (3.2)", "War Blog 3.2")
        steps = [Step(path[0], 0.0, u.mp_spent, "start" if not u.mp_spent else f"goes on with {u.mp_spent:g} spent")]
    if len(path) < 2 and u.status != "off_map":
        return fail("a move needs at least one hex beyond the start")
    stopped, stop_at, cut_short = "", None, False
    for a, b in zip(path, path[1:]):
        if stopped:
            return fail(f"it may go no further than {game.map.number(a)}: {stopped}", steps=steps)
        if not game.map.contains(b):
            return fail(f"{game.map.number(b)} is off the map", steps=steps)
        if hex_distance(a, b) != 1:
            return fail(f"{game.map.number(a)} and {game.map.number(b)} are not adjacent", steps=steps)
        if units_at(game, b) and any(v.side != u.side for v in units_at(game, b)):
            return fail(f"{game.map.number(b)} holds the enemy: attack it instead (11.0)", "War Blog 11.0", steps)
        cost, note, stops = step_cost(game, t, a, b, u.side)
        if cost is None:
            return fail(note, "War Blog 2.1", steps)
        total = steps[-1].total + cost
        if total > allowance + 1e-9:
            return fail(f"{game.map.number(b)} costs {cost:g}: {total:g} of {allowance:g} movement points (3.0)",
                        "War Blog 3.0", steps)
        steps.append(Step(b, cost, total, note))
        if density_at(game, b):          # 2.4.6: met, not foreseen -- the move ends in the field
            stop_at, path = b, path[:len(steps)]
            break
        if stops:
            stopped = "a stream ends the move (2.5.1)"
        elif any(game.rules.overlays[o.kind]["stops"] for o in game.map.overlays_at(b) if o.kind in game.rules.overlays):
            stopped = "earthworks end the move (2.4.5)"
        elif not t["ignores_zoc"] and in_enemy_zoc(game, b, u.side):
            # 3.2: met, as the enemy is met in a double-blind game -- the move ends there, however
            # far it was plotted (refusing it would tell of an enemy the side may not have seen).
            # Not `stop_at`: that is a mined hex, whose mines the core then fires
            cut_short = len(path) > len(steps)
            path = path[:len(steps)]
            break
    end = path[-1]
    crowded = room_problem(game, end, t["strength"], leaving=uid)
    if crowded:
        return fail(crowded, "War Blog 3.1", steps)
    if whole(depressions(u)) >= 5 and u.on_map:
        enemy = [e.hex for e in enemies_of(game, u.side)]
        if enemy and min(hex_distance(end, e) for e in enemy) < min(hex_distance(u.hex, e) for e in enemy):
            return fail(f"with {depressions(u):g} depressions it may not advance towards the enemy (4.0)",
                        "War Blog 4.0", steps)
    in_zoc = not t["ignores_zoc"] and in_enemy_zoc(game, end, u.side)
    marks = u.marks.but(still=0, zoc=bool(in_zoc))
    notes = (f"stops in an enemy zone of control{' short of the hexes plotted beyond' if cut_short else ''}: "
             f"{allowance - steps[-1].total:g} points kept for an attack (3.2)",) if in_zoc else ()
    return MoveCheck(uid, tuple(steps), allowance, True, notes=notes, marks=marks, stop_at=stop_at,
                     stopped="stopped by an enemy zone of control, short of its plotted path (3.2)" if cut_short else "")
