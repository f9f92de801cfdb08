"""Toy Skirmish movement (rules 3, 4 and 7): a path priced and checked for the core's move action,
which then moves the unit, its passengers, pauses it, and sets off mines."""

from __future__ import annotations

from umpire.core.game import Game
from umpire.core.hexgrid import Hex, Hexside, hex_distance
from umpire.core.rulesystem import MoveCheck, Step
from umpire.rules.botkit import entry_problem

RULE = "Toy 3"


def step_cost(game: Game, unit_type: dict, a: Hex, b: Hex) -> tuple[float | None, str]:
    """Points to step from a to the adjacent b, and why; None and the reason when it may not."""
    cls = unit_type["move_class"]
    rules = game.rules
    terrain = rules.terrain_types[game.map.terrain[b]]
    feats = dict(game.map.features(Hexside.between(a, b)))
    if "bridge" in feats:
        feats.pop("stream", None)            # a bridge carries the step over its stream
    cost, note = terrain["move"][cls], terrain["label"].lower()
    for kind, high in feats.items():
        f = rules.hexside_features[kind]
        if f["move"][cls] is None:
            return None, f"a {unit_type['label'].lower()} may not cross the {f['label'].lower()}"
        if f["crossing"] == "replaces":          # along a road or over a bridge
            cost, note = f["move"][cls] if cost is None else min(cost, f["move"][cls]), f["label"].lower()
    if cost is None:
        return None, f"a {unit_type['label'].lower()} may not enter {terrain['label'].lower()}"
    for kind, high in feats.items():
        f = rules.hexside_features[kind]
        if f["crossing"] == "adds" and (f["draw"] != "slope" or high == b):     # a slope, going up
            cost += f["move"][cls]
            note += f" + {f['label'].lower()}"
    return float(cost), note


def check_move(game: Game, uid: str, path: list[Hex], how: dict | None = None) -> MoveCheck:
    how = how or {}
    n = game.map.number
    u = game.units.get(uid)
    if u is None:
        return MoveCheck(uid, (), 0, False, f"no unit {uid!r}")
    t = game.unit_type(u)
    allowance = float(t["movement"])

    def refuse(reason: str, rule: str = RULE) -> MoveCheck:
        return MoveCheck(uid, (), allowance, False, reason, rule)

    extra = sorted(set(how) - {"exit", "dismount"})
    if extra:
        return refuse(f"Toy Skirmish moves have no {extra[0]!r} option")
    if game.phase not in ("", "movement"):
        return refuse("units move in the Movement phase", "Toy 2")
    if not path:
        return refuse("the path is empty")
    if u.carried_by:
        return refuse(f"it rides in {u.carried_by}: it goes where its carrier goes", "Toy 4")
    if (u.moved and not u.paused) or u.acted:
        return refuse("it has already acted this turn")
    if u.status == "off_map":
        problem = entry_problem(game, u, path[0])
        if problem:
            return refuse(problem)
        cost, note = game.rules.terrain_types[game.map.terrain[path[0]]]["move"][t["move_class"]], "entering the map"
        if cost is None:
            return refuse(f"a {t['label'].lower()} may not enter {n(path[0])}")
        steps = [Step(path[0], float(cost), float(cost), note)]
    elif not u.on_map:
        return refuse(f"it is {u.status.replace('_', ' ')}")
    elif path[0] != u.hex:
        return refuse(f"the path must start in its hex, {n(u.hex)}")
    else:
        spent = u.mp_spent if u.paused else 0.0      # a paused move goes on with what is left
        steps = [Step(u.hex, 0.0, spent, "start")]
    enemy_at = {e.hex for e in game.units.values() if e.on_map and e.side != u.side}
    stop_at, watchers = None, {}
    for a, b in zip(path, path[1:]):
        if not game.map.contains(b):
            return refuse(f"{b} is off the map")
        if hex_distance(a, b) != 1:
            return refuse(f"{n(a)} and {n(b)} are not adjacent")
        if b in enemy_at:
            return refuse(f"an enemy unit holds {n(b)}")
        cost, note = step_cost(game, t, a, b)
        if cost is None:
            return refuse(note)
        total = steps[-1].total + cost
        if total > allowance:
            return refuse(f"{n(b)} is beyond its reach: {total:g} of {allowance:g} movement points")
        steps.append(Step(b, cost, total, note))
        close = tuple(sorted(e.id for e in game.units.values()
                             if e.on_map and e.side != u.side and not e.carried_by and hex_distance(e.hex, b) == 1))
        if close:
            watchers[b] = close          # who may attack it there if the move pauses (rule 6)
        if any(o.kind == "minefield" for o in game.map.overlays_at(b)):
            stop_at = b                  # rule 7: the move ends in the mined hex
            break
    end = steps[-1].hex
    exits = bool(how.get("exit"))
    if exits:
        ways_out = {h for v in game.victory if v.side == u.side for h in v.exit_hexes}
        if end not in ways_out or stop_at is not None:
            return refuse(f"{n(end)} is not an exit hex of its side", "Toy 8")
    leaving = tuple(how.get("dismount") or ())
    for pid in leaving:
        p = game.units.get(pid)
        if p is None or p.carried_by != uid:
            return refuse(f"{pid} is not riding in {uid}", "Toy 4")
        if exits or game.rules.terrain_types[game.map.terrain[end]]["move"][game.unit_type(p)["move_class"]] is None:
            return refuse(f"{pid} cannot get off in {n(end)}", "Toy 4")
    marks = u.marks.but(dug_in=False) if u.marks.dug_in else None      # moving ends dug in
    return MoveCheck(uid, tuple(steps), allowance, True, stop_at=stop_at, watchers=watchers, exits=exits,
                     leaving=leaving, marks=marks)
