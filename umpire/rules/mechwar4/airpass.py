"""One advanced air pass flown hex by hex (MW4 15.3-15.8; the readings are in air.py): at each hex
the enemy's air defence tracks and fires, then acquisition, then the strikes ordered there."""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.los import Eye
from ...core.hexgrid import hex_distance
from .air import (ACQUIRE_HEXES, ACQUIRE_RANGE, ASM_STRENGTH, PHASE, SMART_RANGE, STRAFE_RANGE, TRACK, Pass,
                  aircraft_of, defences, facing, in_arc, kind_of, loss_mod, parse_strikes, path_problem,
                  strike_sheet)
from .impact import Fire, attacks
from .worksheet import resolve


def fly(game: Game, sight, params: dict, dice) -> tuple[str, Pass]:
    side, sid = params.get("side"), params.get("support")
    support = next((a for a in game.air if a.id == sid and a.side == side), None)
    if support is None:
        raise UmpireError(f"air pass: {sid!r} is not an air support of {side!r}")
    sheet, traits = aircraft_of(game, support)
    if game.phase != PHASE:
        raise UmpireError("aircraft fly in their side's Indirect Fire phase (MW4 15.31)")
    if game.turn < support.from_turn:
        raise UmpireError(f"{sid} is available from turn {support.from_turn}")
    used = dict(game.support_used.get(sid, {}))
    flown = set(used.get("strikes", []))            # a pass flies one of its strikes (15.23, 15.36)
    free = [k for k in range(1, support.strikes + 1) if k not in flown]
    if not free:
        raise UmpireError(f"{sid} has flown all its {support.strikes} strikes (MW4 15.23, 15.36)")
    try:
        path = [game.map.grid.parse(x) for x in _list(params.get("path"))]
        low = {game.map.grid.parse(x) for x in _list(params.get("low"))}
    except ValueError as e:
        raise UmpireError(f"air pass: {e}") from None
    if why := path_problem(game, path, sheet["turn_mode"]):
        raise UmpireError(f"air pass refused: {why}")
    strikes = parse_strikes(game, params.get("strikes"))
    n = game.map.number
    for kind, at, target in strikes:
        if at not in path:
            raise UmpireError(f"{kind} from {n(at)}: that hex is not on the path")
        if kind == "bomb" and at != target and traits.load != "smart_bombs":
            raise UmpireError(f"a bombing strike flies over its target hex {n(target)} (MW4 15.41)")
    if sum(1 for k, _a, _t in strikes if k == "bomb") > 1:
        raise UmpireError("one bombing strike a turn (MW4 15.41)")
    name = f"{sid} ({sheet['label']})"
    p = Pass(side, name)
    p.groups.append(([Change("support", sid, {"used": {**used, "strikes": sorted(flown | {free[0]})}},
                             (f"{name} flies in at {n(path[0])}, {len(path)} hexes, out at {n(path[-1])} "
                              "(MW4 15.31)",))], None))
    tracked: dict[str, int] = {}
    arc: dict[str, int] = {}
    acquired: dict[str, str] = {}           # unit id -> what the side learnt
    asm_left = traits.load in ("asm", "maverick")
    for i, h in enumerate(path):
        high = h not in low
        face = facing(path[i - 1], h) if i else facing(h, path[1])
        if _air_defence(game, sight, p, support, sheet, h, high, tracked, acquired, dice):
            return f"{name} is shot down over {n(h)}", p
        if high:
            _acquire(game, sight, p, h, face, arc, acquired, dice)
        for kind, at, target in strikes:
            if at != h:
                continue
            if kind == "bomb":
                _bomb(game, p, sheet, traits, h, face, high, target, dice)
            elif kind == "strafe":
                _strafe(game, p, sheet, h, face, high, target, acquired, dice)
            elif kind == "missile":
                asm_left = _missile(game, sight, p, sheet, traits, h, target, acquired, asm_left, dice)
    p.say(f"{name} leaves the map from {n(path[-1])} (MW4 15.35)")
    return f"{name} flies its pass: {len(strikes)} strike{'s' if len(strikes) != 1 else ''}", p


def _list(value) -> list[str]:
    return [x.strip() for x in (value if isinstance(value, list) else str(value or "").split(",")) if x.strip()]


def _sees(sight, a, b) -> bool:
    return sight.line_of_sight(Eye(a, True), Eye(b)).clear


def _air_defence(game, sight, p, support, sheet, h, high, tracked, acquired, dice) -> bool:
    """15.81, 15.82: tracking and fire at the aircraft over h; True when it is shot down."""
    n = game.map.number
    for u, row in defences(game, p.side):
        d = hex_distance(u.hex, h)
        can = d <= row["tracking_range"] and game.map.terrain[u.hex] != "heavy_woods" and _sees(sight, h, u.hex)
        tracked[u.id] = tracked.get(u.id, 0) + 1 if can else 0
        need = TRACK[row["kind"]]
        if tracked[u.id] < need or (row.get("general") and (high or d > 1)):
            continue
        tracked[u.id] = 0                                  # fires, then tracks again (15.81)
        strength = row["by_range"][min(d, len(row["by_range"]) - 1)]
        die = dice.roll(f"air defence at {p.name} over {n(h)}", 1, 6).total
        hit = die + sheet["defense_mod"] <= strength
        own = f"{u.id} fires at an enemy aircraft over {n(h)}: {die}{sheet['defense_mod']:+d} against {strength}"
        theirs = f"{p.name} is fired on by air defence over {n(h)}"
        if high and d <= ACQUIRE_RANGE and u.id not in acquired:         # 15.72: it gave itself away
            _acquired(game, p, u, "it fired air defence", acquired)
        if not hit:
            p.say(f"{own}: missed (MW4 15.8)", u.side)
            p.say(f"{theirs}: missed (MW4 15.8)")
            continue
        second = dice.roll(f"{p.name} hit: survives on 1-{sheet['loss_mod']}", 1, 6).total
        if second <= sheet["loss_mod"]:
            p.say(f"{own}: hit, but it flies on ({second}) (MW4 15.8)", u.side)
            p.say(f"{theirs}: hit, and flies on ({second} against {sheet['loss_mod']}) (MW4 15.8)")
            continue
        p.say(f"{own}: shot down ({second}) (MW4 15.8)", u.side)
        p.say(f"{theirs}: shot down ({second} against {sheet['loss_mod']}); the pass ends (MW4 15.8)")
        return True
    return False


def _acquire(game, sight, p, h, face, arc, acquired, dice) -> None:
    """15.71, 15.72: five hexes in the forward arc, within 15, in sight, then a die above the
    hex's Loss Modification."""
    for u in sorted(game.units.values(), key=lambda v: v.id):
        if u.side == p.side or not u.on_map or u.carried_by or u.id in acquired:
            continue
        keeps = hex_distance(h, u.hex) <= ACQUIRE_RANGE and in_arc(h, face, u.hex) and _sees(sight, h, u.hex)
        arc[u.id] = arc.get(u.id, 0) + 1 if keeps else 0
        if arc[u.id] < ACQUIRE_HEXES:
            continue
        arc[u.id] = 0
        need = loss_mod(game, u)
        die = dice.roll(f"{p.name} target acquisition over {game.map.number(h)}", 1, 6).total
        if die > need:
            _acquired(game, p, u, f"die {die} over its hex's {need}", acquired)


def _acquired(game, p, u, why, acquired) -> None:
    what = kind_of(game, u)
    acquired[u.id] = what
    where = game.map.number(u.hex)
    p.groups.append(([Change("overlay", "acquired", {"q": u.hex.q, "r": u.hex.r, "side": p.side, "secret": True,
                                                     "detail": f"{what}, acquired by {p.name}"},
                             (f"{p.name} acquires {what} in {where} ({why}; MW4 15.72, 15.73)",))], None))


def _target(game, acquired, target, vehicles_only=False):
    return next((game.units[x] for x in sorted(acquired) if game.units[x].on_map and game.units[x].hex == target
                 and not (vehicles_only and acquired[x] == "infantry")), None)


def _bomb(game, p, sheet, traits, h, face, high, target, dice) -> None:
    n = game.map.number
    smart = traits.load == "smart_bombs"
    if smart and (not high or hex_distance(h, target) > SMART_RANGE or (target != h and not in_arc(h, face, target))):
        p.say(f"smart bombs at {n(target)} from {n(h)}: only from high altitude, within {SMART_RANGE} hexes, "
              "the target in the forward arc -- not dropped (MW4 15.42)")
        return
    strength = sheet["h_high"] if high or smart else sheet["h_low"]
    p.say(f"{p.name} bombs {n(target)} from {'high' if high else 'low'} altitude: {strength}H, tight, "
          f"no scatter (MW4 15.41{', 15.42' if smart else ''})")
    for c in attacks(game, Fire(p.name, p.side, strength, "tight", "air"), target, dice):
        p.groups.append(([c], game.units[c.key].side))


def _strafe(game, p, sheet, h, face, high, target, acquired, dice) -> None:
    n = game.map.number
    if high or hex_distance(h, target) != STRAFE_RANGE or not in_arc(h, face, target):
        p.say(f"strafing {n(target)} from {n(h)}: only at low altitude, exactly {STRAFE_RANGE} hexes ahead "
              "in the forward arc -- no attack (MW4 15.52)")
        return
    _shoot(game, p, _target(game, acquired, target), sheet["m"], STRAFE_RANGE, target, "strafes", dice)


def _missile(game, sight, p, sheet, traits, h, target, acquired, left, dice) -> bool:
    n = game.map.number
    if not left:
        p.say(f"no missile at {n(target)}: {'none carried' if traits.load not in ('asm', 'maverick') else 'spent'} "
              "(MW4 15.63)")
        return left
    if hex_distance(h, target) > ACQUIRE_RANGE or not _sees(sight, h, target):
        p.say(f"no missile at {n(target)} from {n(h)}: out of sight (MW4 15.62)")
        return left
    _shoot(game, p, _target(game, acquired, target, vehicles_only=True), ASM_STRENGTH, None, target,
           "fires a missile at", dice)
    rating = sheet.get("maverick") if traits.load == "maverick" else sheet["asm"]
    die = dice.roll(f"{p.name} missiles spent on 1-{rating}", 1, 6).total
    if rating and die <= rating:
        p.say(f"  its missiles are spent ({die}) (MW4 15.63)")
        return False
    return True


def _shoot(game, p, t, attack, distance, target, verb, dice) -> None:
    n = game.map.number
    if t is None:
        p.say(f"{p.name} {verb} {n(target)}: nothing acquired there -- no attack (MW4 15.71)")
        return
    sheet = strike_sheet(game, p.name, t, attack, distance)
    die = dice.roll(f"{p.name} {verb} {n(target)}", 1, 6).total
    result = resolve(sheet, die)
    p.say(f"{p.name} {verb} {acquired_word(game, t)} in {n(target)} ({attack}M, die {die}) "
          f"(MW4 {'15.51' if distance else '15.62'})")
    p.groups.append(([Change("attack", t.id, {"result": result}, tuple(sheet.text(t.id)) + (f"  die {die}: {result}",),
                             t.side)], t.side))


def acquired_word(game, t) -> str:
    return "the infantry" if kind_of(game, t) == "infantry" else "the vehicle"
