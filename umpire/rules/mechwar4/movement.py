"""MechWar 4 movement (MW4 8.0-8.5, 10.1, 16.13, 17.11, 19.52): what a path costs and whether
it is allowed.  The costs come from the terrain chart (terrain.toml, a sample); the rules here:

* each hex entered costs its terrain for the unit's movement class plus the costs of the
  hexside crossed (streams, slopes going up, crests...) (10.11, 10.13);
* following a road or trail costs only that feature for a unit in column formation, a bridge
  for any unit (8.1, 10.14), unless a wreck lies in either hex (19.52); vehicles form column
  by staying put for an activation, and leave it free at the start of a move (8.11);
* foot units move one hex a phase whatever the terrain (8.1), two at double time and three
  at a charge, for fatigue (8.16); helicopters pay 1 a hex (17.11);
* mounting costs the carrier 3 MP at the start, dismounting 2 at the end, and the
  passenger 1 (9.12), within the carrier's capacity and its damage (9.14), never from an
  improved position (9.15);
* a unit leaves the map only where the scenario allows, paying for one more hex like the
  last (8.27, 20.5);
* no more than the movement allowance (8.24); never into an enemy hex (8.25) but the last
  hex of an overrun, at no extra cost (12.0); never off the map (8.27); not after moving or
  firing this turn (8.21, 8.22);
* at most three units in a hex at the end of the move, a carrier and its passengers counting
  as one (8.5, 8.51);
* entering a mined hex ends the move there (16.13);
* there are no zones of control (8.3): an enemy next to the path stops nothing (its opportunity
  fire aside, 6.5);
* only carriers transport personnel -- units whose catalogue entry `carries` them: trucks,
  APCs, transport helicopters (9.6) -- and tanks carry riders on the outside (9.2).
Terrain (10.0) decides movement through the Terrain Effects Chart (10.6, `terrain.toml`);
helicopters (17.0) ignore it.
"""

from __future__ import annotations



from ...core.game import Game
from ...core.hexgrid import Hex, Hexside, hex_distance
from ...core.rulesystem import MoveCheck, Step
from .breaching import lane
from .entry import entry_cost
from .engineers import abatis_step, free_rider, heavy_woods_problem, is_motorcycle, out_of_stacking
from .helicopters import closed_hexes, landing_problem, stacks_with

STACK_LIMIT = 3     # MW4 8.5
PACE_HEXES = {"normal": 1, "double": 2, "charge": 3}     # foot hexes a phase (8.1, 8.16)
PACE_FATIGUE = {"double": 1, "charge": 3}                 # fatigue after a double time or a charge
MOUNT_MP, DISMOUNT_MP, PASSENGER_MP = 3, 2, 1             # MW4 9.12


def _fail(unit: str, steps: list[Step], allowance: float, reason: str, rule: str) -> MoveCheck:
    return MoveCheck(unit, tuple(steps), allowance, False, reason, rule)


def step_cost(game: Game, move_class: str, a: Hex, b: Hex, in_column: bool = True) -> tuple[float | None, str]:
    """Movement points to go from a to the adjacent b, and how the cost was found.  Roads and
    trails replace the terrain only for a unit in column (8.1); bridges for every unit."""
    rules, m = game.rules, game.map
    if move_class == "helicopter":
        return 1.0, "helicopter (17.11)"
    side = Hexside.between(a, b)
    feats = m.features(side)
    wrecked = any(o.kind == "wreck" for o in m.overlays_at(a) + m.overlays_at(b))
    replacing = [(rules.hexside_features[k]["move"][move_class], k) for k in feats
                 if rules.hexside_features[k]["crossing"] == "replaces"
                 and (in_column or not rules.hexside_features[k]["needs_column"])]
    replacing = [(c, k) for c, k in replacing if c is not None]
    blocked = wrecked and any(rules.hexside_features[k]["needs_column"] for _c, k in replacing)
    if wrecked:         # 19.52: a wreck takes away the road, never a bridge
        replacing = [(c, k) for c, k in replacing if not rules.hexside_features[k]["needs_column"]]
    if replacing:
        cost, kind = min(replacing)
        return cost, f"{rules.hexside_features[kind]['label'].lower()} (10.14)"
    terrain = rules.terrain_types[m.terrain[b]]
    cost = terrain["move"][move_class]
    if cost is None:
        return None, f"{terrain['label'].lower()} is prohibited to {move_class} units"
    notes = [terrain["label"].lower()]
    for kind, high in feats.items():
        f = rules.hexside_features[kind]
        if f["crossing"] != "adds" or (f["draw"] == "slope" and high != b):   # slopes cost going up
            continue
        extra = f["move"][move_class]
        if extra is None:
            return None, f"{f['label'].lower()} hexside is impassable to {move_class} units"
        if extra:
            cost += extra
            notes.append(f"+{extra:g} {f['label'].lower()}")
    if blocked:
        notes.append("road blocked by a wreck (19.52)")
    return cost, " ".join(notes)


def check_move(game: Game, unit_id: str, path: list[Hex], how: dict | None = None) -> MoveCheck:
    """Price and check a move.  `how` (all optional): pace normal|double|charge (8.16), column
    True to form column on foot / False to leave it (8.11), mount and dismount (lists of unit
    ids, 9.12), exit True to leave the map after the last hex (8.27), overrun True to end the
    move in an enemy-held hex (12.0)."""
    how = how or {}
    u = game.units.get(unit_id)
    if u is None:
        return _fail(unit_id, [], 0, f"no unit {unit_id!r}", "")
    if how.get("with"):
        return _fail(unit_id, [], 0, "MechWar 4 units move one by one (a company moves as a formation: "
                     "activate it, 4.1)", "MW4 4.1")
    t = game.unit_type(u)
    ma = float(t["movement"])
    entering = u.status == "off_map"
    if not u.on_map and not entering:
        return _fail(unit_id, [], ma, f"{unit_id} is {u.status.replace('_', ' ')}", "")
    if u.carried_by:
        return _fail(unit_id, [], ma, f"{unit_id} rides in {u.carried_by}: move the carrier", "MW4 9.0")
    if u.moved and not u.paused:
        return _fail(unit_id, [], ma, f"{unit_id} has already moved this turn", "MW4 8.21")
    if u.fired and not (u.paused and u.marks.short_halt):          # 19.31: a short halt goes on
        return _fail(unit_id, [], ma, f"{unit_id} has fired this turn and may not move", "MW4 8.22")
    if u.marks.panicked:
        return _fail(unit_id, [], ma, f"{unit_id} is panicked: it neither moves nor fires", "MW4 13.1")
    if u.marks.jamming:
        return _fail(unit_id, [], ma, f"{unit_id} is jamming: it does nothing else (switch it off first)", "MW4 19.913")
    if t.get("mounted_fire") in ("port", "hatch") and any(v.carried_by == unit_id and v.fired
                                                          for v in game.units.values()):
        return _fail(unit_id, [], ma, f"its passengers fired from {unit_id} this turn: it stays put",
                     "MW4 9.51" if t["mounted_fire"] == "port" else "MW4 9.52")
    if u.acted:
        return _fail(unit_id, [], ma, f"{unit_id} formed column this turn, staying put", "MW4 8.11")
    if u.marks.suppression and t["target"] == "soft":
        return _fail(unit_id, [], ma, f"{unit_id} is suppressed (S{u.marks.suppression}): soft targets do not move "
                     "until it is removed", "MW4 7.6")
    move_class = t["move_class"]
    foot = move_class == "foot"
    pace = how.get("pace") or "normal"
    mount, dismount = tuple(how.get("mount") or ()), tuple(how.get("dismount") or ())
    if pace not in PACE_HEXES:
        return _fail(unit_id, [], ma, f"unknown pace {pace!r} (normal, double, charge)", "MW4 8.16")
    if pace != "normal" and not foot:
        return _fail(unit_id, [], ma, "only infantry on foot may double time or charge", "MW4 8.16")
    if u.marks.fatigue >= 2:
        return _fail(unit_id, [], ma, f"{unit_id} is at fatigue level {u.marks.fatigue}: no movement until it "
                     "rests", "MW4 8.162")
    if pace == "charge" and u.marks.fatigue:
        return _fail(unit_id, [], ma, f"{unit_id} is fatigued: only a fresh unit may charge", "MW4 8.161")
    fatigue = u.marks.fatigue + PACE_FATIGUE[pace] if pace in PACE_FATIGUE else u.marks.fatigue
    in_column = u.marks.in_column
    notes: list[str] = []
    if how.get("column") is True and not in_column:
        if not foot:
            return _fail(unit_id, [], ma, "a vehicle forms column by staying put for its activation "
                         "(Form Column)", "MW4 8.11")
        in_column = True
        notes.append("forms column at no cost (8.11)")
    elif how.get("column") is False and in_column:
        in_column = False
        notes.append("leaves column at no cost (8.11)")
    if foot:
        ma *= PACE_HEXES[pace]
    enemy_at = {v.hex for v in game.units.values() if v.on_map and v.side != u.side}
    closed = closed_hexes(game, u)          # 8.25, 17.12
    overrun = path[-1] if how.get("overrun") and path else None
    if overrun is not None:
        if entering or mount or dismount or how.get("exit"):
            return _fail(unit_id, [], ma, "an overrun is a plain move onto the enemy from the map", "MW4 12.0")
        if overrun not in enemy_at or len(path) < 2:
            return _fail(unit_id, [], ma, f"no enemy unit in {game.map.number(overrun)} to overrun", "MW4 12.0")
    if entering:
        if mount or dismount:
            return _fail(unit_id, [], ma, "units mount and dismount on the map", "MW4 9.12")
        first = entry_cost(game, u, path[0] if path else None)
        if isinstance(first, MoveCheck):
            return first
        if path[0] in enemy_at:
            return _fail(unit_id, [], ma, f"the entry hex {game.map.number(path[0])} holds an enemy unit: "
                         "enter at the nearest free hex (MW4 20.68)", "MW4 20.68")
        if foot:
            first = (float(t["movement"]), "enters on foot (8.1)")
        steps = [Step(path[0], first[0], first[0], first[1])]
        if first[0] > ma:
            return _fail(unit_id, steps, ma, f"entering costs {first[0]:g} MP; {unit_id} has {ma:g}", "MW4 20.64")
    else:
        if not path or path[0] != u.hex:
            return _fail(unit_id, [], ma, "a path starts in the unit's own hex", "")
        if len(path) < 2 and not (mount or dismount or how.get("exit")):
            return _fail(unit_id, [], ma, "the path has no step", "")
        spent = u.mp_spent if u.paused else 0.0        # going on after opportunity fire (6.53)
        steps = [Step(path[0], 0.0, spent, "start" if not u.paused else f"goes on with {spent:g} MP spent")]
        if mount:
            problem = _mount_problem(game, u, mount, path[0])
            if problem:
                return _fail(unit_id, [], ma, *problem)
            if u.paused:
                return _fail(unit_id, [], ma, "passengers mount at the start of a move", "MW4 9.12")
            steps = [Step(path[0], MOUNT_MP, MOUNT_MP, f"{', '.join(mount)} mount: {MOUNT_MP} MP (9.12)")]
            if MOUNT_MP > ma:
                return _fail(unit_id, [], ma, f"mounting costs {MOUNT_MP} MP; {unit_id} has {ma:g}", "MW4 9.12")
    mined = {o.hex for o in game.map.overlays if o.kind == "minefield"}
    total = steps[0].total
    stop_at = None
    for i, (a, b) in enumerate(zip(path, path[1:]), start=1):
        if hex_distance(a, b) != 1:
            return _fail(unit_id, steps, ma, f"{game.map.number(a)} and {game.map.number(b)} are not adjacent", "")
        if not game.map.contains(b):
            return _fail(unit_id, steps, ma, f"the map ends at {game.map.number(a)}", "MW4 8.27")
        if b in closed and not (b == overrun and i == len(path) - 1):
            why = closed[b]
            return _fail(unit_id, steps, ma, f"{game.map.number(b)} holds {why}",
                         "MW4 17.12" if "17.12" in why else "MW4 8.25")
        cost, note = step_cost(game, move_class, a, b, in_column)
        if cost is None:
            return _fail(unit_id, steps, ma, note, "MW4 8.25")
        if why := heavy_woods_problem(game, u, b, "(10.14)" in note):
            return _fail(unit_id, steps, ma, why, "MW4 19.622")
        abatis = abatis_step(game, u, b)          # 19.612
        if abatis and abatis[0] == "no":
            return _fail(unit_id, steps, ma, abatis[1], "MW4 19.612")
        if foot:
            if i + (1 if entering else 0) > PACE_HEXES[pace]:
                return _fail(unit_id, steps, ma, "foot units move one hex a phase (two at double time, "
                             "three at a charge)", "MW4 8.1" if pace == "normal" else "MW4 8.16")
            cost, note = float(t["movement"]), f"one hex on foot ({'8.16 ' + pace if pace != 'normal' else '8.1'})"
        through = True
        if b in mined:
            extra, through, lane_note = lane(game, u, b, in_column)        # 16.18, 16.19, 16.2
            cost += extra
            note = f"{note}; {lane_note}" if lane_note else note
        total += cost
        if total > ma + 1e-9:
            return _fail(unit_id, steps, ma, f"{game.map.number(b)} needs {total:g} MP; "
                         f"{unit_id} has {ma:g}", "MW4 8.24")
        if abatis:
            through, note = False, f"{note}; {abatis[1]}"
        steps.append(Step(b, cost, total, note))
        if not through:
            stop_at = b            # the move ends here, whatever was planned beyond (16.13)
            break
    end = steps[-1].hex
    end_notes: list[str] = []
    end_cost = 0.0
    riders = [v.id for v in game.units.values() if v.carried_by == unit_id]
    if dismount:
        strays = [x for x in dismount if x not in riders]
        if strays:
            return _fail(unit_id, steps, ma, f"{', '.join(strays)} not aboard {unit_id}", "MW4 9.12")
        landing = landing_problem(game, u, end)
        if landing:
            return _fail(unit_id, steps, ma, *landing)
        end_cost += DISMOUNT_MP        # a minefield stop (16.13) still lets them get out there
        end_notes.append(f"{', '.join(dismount)} dismount in {game.map.number(end)}: {DISMOUNT_MP} MP (9.12)")
    exits = bool(how.get("exit")) and (stop_at is None)
    if exits:
        allowed = set().union(*(v.exit_hexes for v in game.victory if v.side == u.side)) if game.victory else set()
        if end not in allowed:
            where = "nowhere" if not allowed else "only from " + ", ".join(game.map.number(h) for h in sorted(allowed)[:6])
            return _fail(unit_id, steps, ma, f"{unit_id} may leave the map {where}", "MW4 8.27")
        if dismount:
            return _fail(unit_id, steps, ma, "passengers leave the map with their carrier", "MW4 8.27")
        if foot:
            if len(steps) + (0 if entering else -1) + 1 > PACE_HEXES[pace]:
                return _fail(unit_id, steps, ma, "leaving the map counts as a hex for foot units", "MW4 20.5")
            cost = float(t["movement"])
        else:
            cost = game.rules.terrain_types[game.map.terrain[end]]["move"][move_class] if move_class != "helicopter" else 1.0
            cost = cost if cost is not None else float("inf")
        end_cost += cost
        end_notes.append(f"leaves the map: {cost:g} MP for a hex like {game.map.number(end)} (20.5)")
    if steps[-1].total + end_cost > ma + 1e-9:
        return _fail(unit_id, steps, ma, f"that needs {steps[-1].total + end_cost:g} MP; {unit_id} has {ma:g}",
                     "MW4 9.12" if dismount else "MW4 8.24")
    stacked = [v for v in game.units.values()
               if v.on_map and v.hex == end and v.side == u.side and not v.carried_by and v.id != u.id
               and v.id not in mount and stacks_with(game, u, v) and not out_of_stacking(game, v)]
    # a carrier and its passengers count as one (8.51); engineers and motorcycles not at all (19.613, 19.623)
    newcomers = (0 if out_of_stacking(game, u) else 1) + \
        len([x for x in dismount if not out_of_stacking(game, game.units[x])])
    if not exits and len(stacked) + newcomers > STACK_LIMIT:
        return _fail(unit_id, steps, ma, f"{game.map.number(end)} would hold {len(stacked) + newcomers} units "
                     f"(at most {STACK_LIMIT})", "MW4 8.5")
    if overrun is None and not exits and any(v.on_map and v.hex == end and v.side != u.side and is_motorcycle(game, v)
                                             for v in game.units.values()):
        return _fail(unit_id, steps, ma, f"a vehicle that ends its move in {game.map.number(end)} with an enemy "
                     "motorcycle engages it: move there as an overrun", "MW4 19.624")
    if pace in PACE_FATIGUE:
        notes.append(f"fatigue level {fatigue} ({'8.161, 8.162' if pace == 'double' else '8.163'})")
    improved = u.marks.improved and len(steps) < 2
    if u.marks.improved and not improved:
        notes.append("leaves its improved position for good (11.0)")
    return MoveCheck(unit_id, tuple(steps), ma, True, stop_at=stop_at,
                     marks=u.marks.but(fatigue=fatigue, in_column=in_column, improved=improved),
                     passenger_cost=PASSENGER_MP, boarding=mount, leaving=dismount, exits=exits, end_cost=end_cost, notes=tuple(notes),
                     end_notes=tuple(end_notes), engages=overrun if steps[-1].hex == overrun else None)


def _mount_problem(game: Game, carrier, mount: tuple[str, ...], here: Hex) -> tuple[str, str] | None:
    """Why these units cannot board the carrier now (9.11-9.15), or None."""
    t = game.unit_type(carrier)
    landing = landing_problem(game, carrier, here)
    if landing:
        return landing
    aboard = [v.id for v in game.units.values() if v.carried_by == carrier.id]
    # inside, or riding on a tank (9.2); an engineer rides an APC free (19.614)
    free, too_many = free_rider(game, carrier, [game.units[x] for x in mount if x in game.units])
    if too_many:
        return too_many, "MW4 19.614"
    room = t["carries"] + (t.get("rides") or 0) + free
    if len(aboard) + len(mount) > room:
        return f"{carrier.id} carries {room} personnel units ({len(aboard)} aboard)", \
            "MW4 9.2" if t.get("rides") else "MW4 9.0"
    for pid in mount:
        p = game.units.get(pid)
        if p is None or p.side != carrier.side:
            return f"no unit {pid!r} of this side", "MW4 9.11"
        if game.unit_type(p)["move_class"] != "foot" or p.carried_by:
            return f"{pid} is not a personnel unit on foot", "MW4 9.11"
        if not p.on_map or p.hex != here:
            return f"{pid} must be in {carrier.id}'s hex to mount", "MW4 9.12"
        if p.moved or p.fired or p.acted:
            return f"{pid} has already moved or fired this turn", "MW4 8.21"
        if p.marks.fatigue >= 2:
            return f"{pid} is at fatigue level {p.marks.fatigue} and may spend no movement points", "MW4 8.162"
        if p.marks.improved:
            return f"{pid} is in an improved position: it must leave it and mount next turn", "MW4 9.15"
        if carrier.steps_lost > p.steps_lost:
            return f"{carrier.id} has taken more losses than {pid}", "MW4 9.14"
    return None


def form_column_problem(game: Game, unit_id: str) -> tuple[str, str] | None:
    """Why the unit cannot form column in this activation (MW4 8.11), or None."""
    u = game.units.get(unit_id)
    if u is None or not u.on_map or u.carried_by:
        return f"{unit_id} is not a unit on the map", ""
    if u.marks.in_column:
        return f"{unit_id} is already in column", "MW4 8.11"
    if u.moved or u.fired or u.acted:
        return f"{unit_id} has already moved or fired this turn: a column forms by staying put", "MW4 8.11"
    if game.unit_type(u)["move_class"] == "helicopter":
        return "helicopters do not form column", "MW4 8.1"
    return None


def defilade_problem(game: Game, unit_id: str, facing: Hex | None) -> tuple[str, str] | None:
    """Why the unit cannot take up a defilade position now (MW4 10.5), or None.  It pays its
    hex's terrain cost, which a unit that has not moved this phase always can (vehicles spend
    the whole phase, 10.51; infantry its one hex, 8.1), so the test is that it is fresh."""
    u = game.units.get(unit_id)
    if u is None or not u.on_map or u.carried_by:
        return f"{unit_id} is not a unit on the map", ""
    # 19.621: a motorcycle enters defilade at no cost -- at a pause in its move too, after the fire
    # on it; its move ends there
    cycle_pause = is_motorcycle(game, u) and u.paused
    if (u.moved and not cycle_pause) or u.fired or u.acted or u.marks.panicked:
        return f"{unit_id} has already acted this turn", "MW4 10.51"
    if u.marks.in_column:
        return "a unit in column may not enter defilade", "MW4 8.13"
    if any(v.on_map and v.hex == u.hex and v.side != u.side for v in game.units.values()):
        return "not in a hex the enemy holds", "MW4 10.51"
    # infantry's marker covers every direction (10.52); a motorcycle's too: it is fired on as
    # dismounted infantry (19.621)
    foot = game.unit_type(u)["move_class"] == "foot" or is_motorcycle(game, u)
    if facing is None and not foot:
        return "a vehicle's defilade marker faces a next hex: say which", "MW4 10.5"
    if facing is not None and (hex_distance(facing, u.hex) != 1 or not game.map.contains(facing)):
        return f"{game.map.number(facing)} is not a next hex on the map", "MW4 10.5"
    return None
