"""MechWar 4 movement (MW4 8.0-8.5, 10.1, 16.13, 17.11, 19.52): what a path costs and whether
it is allowed.  The costs come from the terrain chart (terrain.toml, a sample); the rules here:

* each hex entered costs its terrain for the unit's movement class plus the costs of the
  hexside crossed (streams, slopes going up, crests...) (10.11, 10.13);
* following a road, trail or bridge hexside costs only that feature (10.14, 8.1), unless a
  wreck lies in either hex (19.52);
* foot units move one hex a phase whatever the terrain (8.1); helicopters pay 1 a hex (17.11);
* no more than the movement allowance (8.24); never into an enemy hex (8.25, overruns are
  12.0); never off the map (8.27); not after moving or firing this turn (8.21, 8.22);
* at most three units in a hex at the end of the move, a carrier and its passengers counting
  as one (8.5, 8.51);
* entering a mined hex ends the move there (16.13).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.game import Game
from ...core.hexgrid import Hex, Hexside, hex_distance

STACK_LIMIT = 3     # MW4 8.5


@dataclass(frozen=True)
class Step:
    hex: Hex
    cost: float
    total: float
    note: str


@dataclass(frozen=True)
class MoveCheck:
    unit: str
    steps: tuple[Step, ...]
    allowance: float
    legal: bool
    reason: str = ""
    rule: str = ""
    stop_at: Hex | None = None            # a mined hex ended the move here (16.13)
    watchers: dict[Hex, tuple[str, ...]] = field(default_factory=dict)   # 6.5 opportunity fire

    @property
    def total(self) -> float:
        return self.steps[-1].total if self.steps else 0.0

    @property
    def path(self) -> list[Hex]:
        return [s.hex for s in self.steps]


def _fail(unit: str, steps: list[Step], allowance: float, reason: str, rule: str) -> MoveCheck:
    return MoveCheck(unit, tuple(steps), allowance, False, reason, rule)


def step_cost(game: Game, move_class: str, a: Hex, b: Hex) -> tuple[float | None, str]:
    """Movement points to go from a to the adjacent b, and how the cost was found."""
    rules, m = game.rules, game.map
    if move_class == "helicopter":
        return 1.0, "helicopter (17.11)"
    side = Hexside.between(a, b)
    feats = m.features(side)
    wrecked = any(o.kind == "wreck" for o in m.overlays_at(a) + m.overlays_at(b))
    replacing = [(rules.hexside_features[k]["move"][move_class], k) for k in feats
                 if rules.hexside_features[k]["crossing"] == "replaces"]
    replacing = [(c, k) for c, k in replacing if c is not None]
    if replacing and not wrecked:
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
    if wrecked and replacing:
        notes.append("road blocked by a wreck (19.52)")
    return cost, " ".join(notes)


def check_move(game: Game, unit_id: str, path: list[Hex]) -> MoveCheck:
    u = game.units.get(unit_id)
    if u is None:
        return _fail(unit_id, [], 0, f"no unit {unit_id!r}", "")
    t = game.unit_type(u)
    ma = float(t["movement"])
    entering = u.status == "off_map"
    if not u.on_map and not entering:
        return _fail(unit_id, [], ma, f"{unit_id} is {u.status.replace('_', ' ')}", "")
    if u.carried_by:
        return _fail(unit_id, [], ma, f"{unit_id} rides in {u.carried_by}: move the carrier", "MW4 9.0")
    if u.moved and not u.paused:
        return _fail(unit_id, [], ma, f"{unit_id} has already moved this turn", "MW4 8.21")
    if u.fired:
        return _fail(unit_id, [], ma, f"{unit_id} has fired this turn and may not move", "MW4 8.22")
    move_class = t["move_class"]
    enemy_at = {v.hex for v in game.units.values() if v.on_map and v.side != u.side}
    if entering:
        first = entry_cost(game, u, path[0] if path else None)
        if isinstance(first, MoveCheck):
            return first
        if path[0] in enemy_at:
            return _fail(unit_id, [], ma, f"the entry hex {game.map.number(path[0])} holds an enemy unit: "
                         "enter at the nearest free hex (MW4 20.68)", "MW4 20.68")
        steps = [Step(path[0], first[0], first[0], first[1])]
        if first[0] > ma:
            return _fail(unit_id, steps, ma, f"entering costs {first[0]:g} MP; {unit_id} has {ma:g}", "MW4 20.64")
    else:
        if not path or path[0] != u.hex:
            return _fail(unit_id, [], ma, "a path starts in the unit's own hex", "")
        if len(path) < 2:
            return _fail(unit_id, [], ma, "the path has no step", "")
        spent = u.mp_spent if u.paused else 0.0        # going on after opportunity fire (6.53)
        steps = [Step(path[0], 0.0, spent, "start" if not u.paused else f"goes on with {spent:g} MP spent")]
    mined = {o.hex for o in game.map.overlays if o.kind == "minefield"}
    total = steps[0].total
    stop_at = None
    for i, (a, b) in enumerate(zip(path, path[1:]), start=1):
        if hex_distance(a, b) != 1:
            return _fail(unit_id, steps, ma, f"{game.map.number(a)} and {game.map.number(b)} are not adjacent", "")
        if not game.map.contains(b):
            return _fail(unit_id, steps, ma, f"the map ends at {game.map.number(a)}", "MW4 8.27")
        if b in enemy_at:
            return _fail(unit_id, steps, ma, f"{game.map.number(b)} holds an enemy unit (only an overrun "
                         "may enter it)", "MW4 8.25")
        if move_class == "foot":
            if i > 1 or entering:
                return _fail(unit_id, steps, ma, "foot units move one hex a phase", "MW4 8.1")
            cost, note = step_cost(game, move_class, a, b)
            if cost is None:
                return _fail(unit_id, steps, ma, note, "MW4 8.25")
            cost, note = ma, "one hex on foot (8.1)"
        else:
            cost, note = step_cost(game, move_class, a, b)
            if cost is None:
                return _fail(unit_id, steps, ma, note, "MW4 8.25")
        total += cost
        if total > ma + 1e-9:
            return _fail(unit_id, steps, ma, f"{game.map.number(b)} needs {total:g} MP; "
                         f"{unit_id} has {ma:g}", "MW4 8.24")
        steps.append(Step(b, cost, total, note))
        if b in mined:
            stop_at = b            # the move ends here, whatever was planned beyond (16.13)
            break
    end = steps[-1].hex
    stacked = [v for v in game.units.values()
               if v.on_map and v.hex == end and v.side == u.side and not v.carried_by and v.id != u.id]
    if len(stacked) + 1 > STACK_LIMIT:
        return _fail(unit_id, steps, ma, f"{game.map.number(end)} would hold {len(stacked) + 1} units "
                     f"(at most {STACK_LIMIT})", "MW4 8.5")
    return MoveCheck(unit_id, tuple(steps), ma, True, stop_at=stop_at)


def entry_hexes(game: Game, group) -> list[Hex]:
    """Where a reinforcement may enter: its entry hexes, or -- those held by the enemy -- the
    nearest map-edge hexes free of enemy units instead (MW4 20.68)."""
    from ...core.zones import is_edge_hex
    enemy = {v.hex for v in game.units.values() if v.on_map and v.side != group.side}
    free = [h for h in group.entry if h not in enemy]
    if len(free) == len(group.entry):
        return list(group.entry)
    edge = [h for h in game.map.hexes() if is_edge_hex(game.map.grid, h) and h not in enemy]
    for held in (h for h in group.entry if h in enemy):
        best = min((hex_distance(held, h) for h in edge), default=None)
        free += [h for h in edge if best is not None and hex_distance(held, h) == best and h not in free]
    return free


def entry_cost(game: Game, u, entry: Hex | None):
    """Movement points for a reinforcement to enter at `entry` (MW4 20.6), or a failed MoveCheck.

    In column, the k-th unit through an entry hex also pays for the k hypothetical hexes behind
    it: road hexes if a road leaves the map there (20.61), else clear terrain (20.62).  Free
    formation units entering through the same hex form a column too (20.66).
    """
    t = game.unit_type(u)
    ma = float(t["movement"])
    group = next((r for r in game.reinforcements if u.id in r.units), None)
    if group is None:
        return _fail(u.id, [], ma, f"{u.id} is off the map and not a reinforcement", "MW4 20.6")
    if game.turn < group.turn:
        return _fail(u.id, [], ma, f"{u.id} arrives on turn {group.turn}; this is turn {game.turn}", "MW4 20.6")
    allowed = entry_hexes(game, group)
    if entry is None or entry not in allowed:
        where = ", ".join(game.map.number(h) for h in allowed)
        rule = "MW4 20.68" if allowed != list(group.entry) else "MW4 20.42"
        return _fail(u.id, [], ma, f"{u.id} enters at {where}", rule)
    if group.formation == "column":
        waiting = [game.units[x] for x in group.units[: group.units.index(u.id)]]
        behind = [x.id for x in waiting if x.status == "off_map"]
        if behind:
            return _fail(u.id, [], ma, f"the column enters in its order: {behind[0]} first", "MW4 20.63")
    ahead = sum(1 for x in group.units if x != u.id and game.units[x].on_map and game.units[x].moved
                and game.units[x].path and game.units[x].path[0] == entry)
    rules = game.rules
    move_class = t["move_class"]
    road = any("road" in kinds for side, kinds in game.map.hexsides.items() if entry in (side.a, side.b))
    if move_class == "helicopter":
        return 1.0, "enters flying (17.11)"
    if road:
        per = rules.hexside_features["road"]["move"][move_class]
        return per * (ahead + 1), f"enters on the road, {ahead + 1} in column (20.62)"
    here = rules.terrain_types[game.map.terrain[entry]]["move"][move_class]
    clear = rules.terrain_types["clear"]["move"][move_class]
    if here is None:
        return _fail(u.id, [], ma, f"{u.id} cannot enter {game.map.terrain[entry]}", "MW4 8.25")
    return here + ahead * clear, f"enters {ahead + 1} in column across open ground (20.62)"
