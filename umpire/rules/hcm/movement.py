"""Hex Command Mechanized movement (HCM 3.5, 2.2.1, 2.3.1-2.3.6, 2.4.1-2.4.2, 3.6, 4.5.1).

A unit moves in its side's movement phase by hexes (its `movement`), paying the terrain chart's
cost for its class (terrain.toml: sample costs).  Readings where the text leaves a choice:

* Facing (3.5, 3.5.2).  A unit faces the way it moves.  Each hexside of turn between one step's
  direction and the next (the first step against the facing it began with) is one facing change
  and costs 1 hex; a step taken along a road or over a bridge turns for free (3.5).  A unit that
  ends facing the way it began has made no facing change at all (3.5.2), and pays nothing for
  its turns.  A unit with no facing yet takes its first for free.
* Limits (2.3.1, 2.3.2).  Light and soft-skinned vehicles make at most two facing changes a
  turn, heavier ones one; foot units, horses and guns have no limit but the cost.
* Reverse (2.3.4).  The `reverse` pace backs a vehicle up at half its speed, rounded up: each
  step goes straight out of its rear hexside and its facing does not change.
* Forests (3.5.3).  A vehicle enters at most one forest hex a turn off the road (a road or
  path through the woods is exempt from all of 3.5.3), and none that is also other terrain
  (forested hill: "no" in the chart).  Entering one other than along a road needs a 1d6 roll of 4-6 (6 for H and VH), made as the move sets out (`forest_roll`, from the
  rule system's move_starts): a failure ends the move in the hex before the forest.  Hexes a
  scenario lists as passable forest ([hcm] passable_forests) need no roll.  Towed guns do not
  go from forest hex to forest hex (3.5.4).
* Rain (3.5.1, the scenario's [hcm] rain).  A wheeled vehicle rolls 1d6 as it sets out; on
  3-6 it is stuck for the turn.
* Zones of control (3.5.5).  A unit's zone is the three hexes of its front; a unit with a hit
  marker, routed or in a melee this turn has none, nor do commanders; a routed unit is not held
  by one (3.7.19: routed units avoid zones of control).  A dummy marker has one,
  like the unit it pretends to be: a move that went through its front unhindered would tell the
  enemy what it is (7.2).  Entering an enemy zone ends the move there, however far it was
  plotted (met, not foreseen).
* Damage (2.3.5).  A vehicle with an MM block moves one hex a turn and not into hills; a
  single M block (never quantified in the text): one hex less.
* Stacking (3.5.6, 3.5.7).  Two items a hex, commanders and passengers apart, and one
  commander; a unit passes through a hex only where the limit holds with it there.
* Enemy hexes.  A unit that moves into a hex an enemy holds stops there, engaged: the melee
  is fought in the melee phase (3.8, 3.8.3).
* Carrying (2.3.6).  A vehicle takes on passengers of its start hex (`mount`) up to its cargo
  points (a stand 4, an item 1) and tows one gun (limbered, 2.3.6); taking on and setting down
  (`dismount`) each cost the vehicle 1 hex.
* Commanders (3.6, 3.10 b).  They have no movement: in their side's placement phase each is
  placed once in any hex (a path of its hex and the new one), one to a hex.
* Orders (4.5.1, held by command.py): a unit under consequence "a" changes no facing; "c" or
  "i" does not end nearer the enemy; "d" does not move.  A unit meleed in flank or rear ends no
  move facing another way while the contact lasts (3.8 j, contact.py).
"""

from __future__ import annotations

import math

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, Hexside, direction_to, hex_distance
from ...core.rulesystem import MoveCheck, Step
from . import bridges, orders, state, works
from .aircraft import fly, is_aircraft
from .stacking import boarding, place_commander, stack_problem
from .contact import facing_locked
from .facing import facing_limit, turns_between, unpriced
from .setting_out import setting_out
from .zones import in_enemy_zone
from .state import is_commander, is_infantry, is_vehicle, kind, moving_now

RULE = "HCM 3.5"
PACES = (("forward", "Forward", "The usual move: the unit faces the way it goes (3.5)"),
         ("reverse", "Reverse", "Back up at half speed, rounded up, facing unchanged (2.3.4)",
          ("wheeled", "halftrack", "tracked")))


def allowance(game: Game, u: UnitState, reverse: bool = False) -> float:
    t = game.unit_type(u)
    hexes = t["movement"]
    if t["kind"] == "cavalry" and (u.marks.horses_away or u.marks.on_foot):
        hexes = game.rules.unit_types["light_infantry"]["movement"] if "light_infantry" in game.rules.unit_types \
            else 2                       # 2.2.1: on foot until the horses are back
    if "MM" in u.marks.damage:
        hexes = 1                        # 2.3.5
    elif "M" in u.marks.damage:
        hexes = max(1, hexes - 1)        # Umpire's reading: M is never quantified
    if reverse:
        hexes = math.ceil(hexes / 2)     # 2.3.4
    return float(hexes)


def _overlays(game: Game, h: Hex) -> list[dict]:
    return [game.rules.overlays[o.kind] for o in game.map.overlays_at(h) if o.kind in game.rules.overlays]


def terrain(game: Game, h: Hex) -> dict:
    return game.rules.terrain_types[game.map.terrain[h]]


def along_road(game: Game, a: Hex, b: Hex) -> bool:
    feats = game.map.features(Hexside.between(a, b))
    return any(game.rules.hexside_features[k]["road"] for k in feats)


def step_cost(game: Game, t: dict, a: Hex, b: Hex) -> tuple[float | None, str]:
    """Hexes of movement to step from a into the adjacent b, and how; None and why when it may not."""
    cls = t["move_class"]
    kind_ = terrain(game, b)
    feats = {k: game.rules.hexside_features[k] for k in game.map.features(Hexside.between(a, b))}
    feats.update(bridges.feature(game, a, b, t))       # an engineers' bridge that bears it (2.4.1)
    cost, note = kind_["move"][cls], kind_["label"].lower()
    for f in feats.values():
        if f["crossing"] == "replaces" and f["move"][cls] is not None:
            cost = f["move"][cls] if cost is None else min(cost, f["move"][cls])
            note = f["label"].lower()
    if cost is None:
        return None, f"a {t['label'].lower()} may not enter {kind_['label'].lower()} ({RULE}; 3.5.3, 3.5.4)"
    spanned = any(f["crossing"] == "replaces" for f in feats.values())   # a bridge or ford over the river
    for f in feats.values():
        if f["crossing"] == "adds":
            if f["move"][cls] is None and spanned:
                continue
            if f["move"][cls] is None:
                return None, f"a {t['label'].lower()} may not cross the {f['label'].lower()}"
            cost += f["move"][cls]
            if f["move"][cls]:
                note += f" + {f['label'].lower()}"
    return float(cost), note


def forest_entries(game: Game, u: UnitState, steps: list[Step]) -> list[Hex]:
    """The forest hexes of a vehicle's path entered other than along a road (3.5.3)."""
    passable = {game.map.grid.parse(n) for n in game.rule_state.scenario.get("passable_forests", [])}
    out = []
    for a, b in zip(steps, steps[1:]):
        if terrain(game, b.hex)["forest"] and not along_road(game, a.hex, b.hex) and b.hex not in passable:
            out.append(b.hex)
    return out



def check_move(game: Game, uid: str, path: list[Hex], how: dict | None = None) -> MoveCheck:
    how = dict(how or {})
    n = game.map.number
    u = game.units.get(uid)
    if u is None:
        return MoveCheck(uid, (), 0, False, f"no unit {uid!r}")
    t = game.unit_type(u)
    reverse = how.get("pace") == "reverse"
    limit = allowance(game, u, reverse)

    def refuse(reason: str, rule: str = RULE, steps=()) -> MoveCheck:
        return MoveCheck(uid, tuple(steps), limit, False, reason, rule)

    extra = sorted(set(how) - {"pace", "mount", "dismount"})
    if extra:
        return refuse(f"Hex Command Mechanized moves have no {extra[0]!r} option")
    if how.get("pace") not in (None, "forward", "reverse"):
        return refuse(f"no pace {how['pace']!r}: forward or reverse (2.3.4)")
    if not path:
        return refuse("the path is empty")
    if u.carried_by:
        return refuse(f"it rides with {u.carried_by}: it goes where that vehicle goes", "HCM 2.3.6")
    if is_commander(game, u):
        return place_commander(game, u, path)
    if game.phase and not moving_now(game):
        return refuse("units move in their side's movement phase (3.5)", "HCM 3.1, 3.5")
    if u.moved or u.acted:
        return refuse("it has already moved or acted this turn")
    if u.marks.stuck:
        return refuse("it is stuck in the mud this turn (3.5.1)", "HCM 3.5.1")
    if why := orders.move_problem(game, u, path):          # orders.py: 3.3, 3.4, 3.7.19, 4.5.1
        return refuse(why, "HCM 4.5.1")
    if u.marks.order_hold == "d":
        return refuse("its commander's failed roll holds it to defend until new orders (4.5.1 d)", "HCM 4.5.1")
    if is_aircraft(game, u):
        return fly(game, u, path, turns_between) if not reverse else refuse("aircraft do not back up", "HCM 2.4.3")
    if reverse and not is_vehicle(game, u):
        return refuse("only vehicles back up (2.3.4)", "HCM 2.3.4")
    start = setting_out(game, u, path)
    if isinstance(start, str):
        return refuse(start, "HCM 3.4" if u.status == "off_map" else RULE)
    if start is None:                                   # 3.4: an arrival pays for the hex it enters
        cost = terrain(game, path[0])["move"][t["move_class"]]
        if cost is None:
            return refuse(f"it may not enter {n(path[0])}")
        crowded = stack_problem(game, u, path[0], set())
        if crowded:
            return refuse(crowded, "HCM 3.5.6")
        steps = [Step(path[0], float(cost), float(cost), "enters the table (3.4)")]
        facing = None
    else:
        steps, facing = [start], u.marks.facing
    taking, start_cost = boarding(game, u, how.get("mount") or ())
    if isinstance(taking, str):
        return refuse(taking, "HCM 2.3.6")
    if start_cost:
        steps[0] = Step(steps[0].hex, steps[0].cost + start_cost, steps[0].total + start_cost,
                        steps[0].note + ", taking on passengers (2.3.6)")
    riders = {v.id for v in game.units.values() if v.carried_by == uid} | set(taking)
    started_facing, changes = facing, 0
    turn_costs = [0]                      # the turning paid in each step (3.5.2)
    enemy_at = {e.hex for e in game.units.values() if e.on_map and e.side != u.side}
    forest_now = u.marks.forest_turn == game.turn
    engages, stopped, cut = None, "", False
    stop_at = None
    for a, b in zip(path, path[1:]):
        if not game.map.contains(b):
            return refuse(f"{b} is off the map", steps=steps)
        if hex_distance(a, b) != 1:
            return refuse(f"{n(a)} and {n(b)} are not adjacent", steps=steps)
        d = direction_to(a, b)
        turn_cost = 0
        if reverse:
            if facing is not None and d != (facing + 3) % 6:
                return refuse(f"backing up goes straight out of its rear: {n(b)} is not behind it (2.3.4)",
                              "HCM 2.3.4", steps)
        else:
            turned = turns_between(facing, d) if facing is not None else 0
            if turned and not along_road(game, a, b):
                changes += turned
                turn_cost = turned
            facing = d
        cost, note = step_cost(game, t, a, b)
        if cost is None:
            return refuse(note, steps=steps)
        if terrain(game, b)["hill"] and "MM" in u.marks.damage:
            return refuse(f"with MM damage it may not climb into the hill at {n(b)} (2.3.5)", "HCM 2.3.5", steps)
        if terrain(game, b)["forest"]:
            if is_vehicle(game, u) and not along_road(game, a, b):
                if forest_now:
                    return refuse(f"a vehicle enters one forest hex a turn: not {n(b)} too (3.5.3)", "HCM 3.5.3", steps)
                forest_now = True
            if kind(game, u) == "gun" and terrain(game, a)["forest"]:
                return refuse("a towed gun does not go from forest hex to forest hex (3.5.4)", "HCM 3.5.4", steps)
        crowded = stack_problem(game, u, b, riders)
        if crowded and b not in enemy_at:
            return refuse(crowded, "HCM 3.5.6", steps)
        turn_costs.append(turn_cost)
        total = steps[-1].total + cost + turn_cost
        steps.append(Step(b, cost + turn_cost, total, note + (f", turning {turn_cost} hexside(s) (3.5.2)"
                                                                 if turn_cost else "")))
        if b in enemy_at:
            engages, cut = b, len(path) > len(steps)
            path = path[:len(steps)]
            break
        if any(o.kind == "minefield" for o in game.map.overlays_at(b)) and not state.anti_mine(game, u):
            stop_at, path = b, path[:len(steps)]       # 2.4.2: met, not foreseen
            break
        if not is_infantry(game, u) and any(o["stops"] for o in _overlays(game, b)):
            stopped, path = "works stop all but infantry (2.4.1)", path[:len(steps)]
            break
        if in_enemy_zone(game, b, u.side) and not u.marks.routed:     # 3.7.19: the routed slip by
            cut = len(path) > len(steps)
            stopped, path = "entered an enemy zone of control (3.5.5)", path[:len(steps)]
            break
    if facing is not None and started_facing is not None and facing == started_facing and changes:
        # 3.5.2: ending as it began is no facing change -- its turns cost nothing
        steps = unpriced(steps, turn_costs)
        changes = 0
    if changes and u.marks.order_hold == "a":
        return refuse("its commander's failed roll forbids it to change facing (4.5.1 a)", "HCM 4.5.1", steps)
    if facing != started_facing and started_facing is not None and (locked := facing_locked(game, u)):
        return refuse(locked, "HCM 3.8 j", steps)
    top = facing_limit(game, u)
    if top is not None and u.marks.facing_changes + changes > top:
        return refuse(f"{changes} facing change(s): a {t['label'].lower()} makes {top} a turn "
                      f"({u.marks.facing_changes} made) (2.3.1)", "HCM 2.3.1", steps)
    leaving = tuple(how.get("dismount") or ())
    end_cost = 1.0 if leaving else 0.0
    for pid in leaving:
        p = game.units.get(pid)
        if p is None or (p.carried_by != uid and pid not in taking):
            return refuse(f"{pid} is not riding with {uid}", "HCM 2.3.6", steps)
    if steps[-1].total + end_cost > limit + 1e-9:
        last = steps[-1]
        # 3.5.2: say what the turning cost, or the count looks wrong to one who counts hexes
        turning = f", {changes:g} of them for facing changes (a hex each, 3.5.2)" if changes else ""
        return refuse(f"{n(last.hex)} is beyond its reach: {last.total + end_cost:g} of {limit:g} hexes "
                      f"of movement{turning}{' (backing up: half speed, 2.3.4)' if reverse else ''}", RULE, steps)
    end = steps[-1].hex
    if u.marks.order_hold in ("c", "i") and u.on_map:
        # the enemy as the side knows it: a refusal judged on hidden units would tell of them
        foes = [c.hex for c in game.contacts.values() if c.side == u.side and c.status in ("seen", "last_known")]
        if foes and min(hex_distance(end, e) for e in foes) < min(hex_distance(u.hex, e) for e in foes):
            return refuse("its commander's failed roll forbids it to move towards the enemy (4.5.1)",
                          "HCM 4.5.1", steps)
    marks = u.marks.but(facing=facing, facing_changes=u.marks.facing_changes + changes,
                        forest_turn=game.turn if forest_now else u.marks.forest_turn,
                        reversed_turn=game.turn if reverse else u.marks.reversed_turn,
                        **works.dropped(u))            # 2.4.1: moving drops the work in hand
    notes = []
    if engages:
        notes.append(f"moves into the enemy in {n(engages)}: a melee, fought in the melee phase (3.8, 3.8.3)")
    if stopped:
        notes.append(f"stops in {n(end)}: {stopped}")
    return MoveCheck(uid, tuple(steps), limit, True, notes=tuple(notes), marks=marks, stop_at=stop_at,
                     engages=engages, boarding=tuple(taking), leaving=leaving, end_cost=end_cost,
                     stopped=(f"{stopped}, short of its plotted path" if cut and stopped else ""))
