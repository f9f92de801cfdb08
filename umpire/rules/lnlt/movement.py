"""Lock 'n Load Tactical movement (6.0, 1.3, 10.5.1).

A unit spends its movement factor on the terrain it enters (the TEC, a sample here) and the
hexsides it crosses (roads; streams by the transcribed 10.5.1 table).  Readings and what is
not yet here:
* A unit moves once a turn (its impulse), then is marked Moved; the units of its hex may move
  with it as one stack (`with`, 6.0: each must be able to make the move on its own), which
  then does not pause on the way.  Double time (6.2, the move's pace "double"): a Good Order leader moving
  with the stack gives each of its leg units 2 MPs more.  Low crawl (6.3, pace "low_crawl"): one
  leg unit, one hex that does not take all its MF; it is not spotted for having moved and is
  fired at only where the hex it enters is spotted.  Assault movement (6.1, pace "assault"):
  leg units move up to half their MPs and may then fire at -2 in the same impulse; after assault
  fire (6.1.1) they move up to half their MPs.  Stealth movement (6.4, pace "stealth"): assault
  movement by scouts and units able to use it, not spotted in degrading or blocking terrain for
  having moved or for being next to the enemy.  Vehicles move and fire by assault the same way
  (15.2, 15.2.1: half their MPs; their fire's modifiers are combat.py's and ordnance.py's).
  Hit & Run (6.7, pace "hit_and_run"; the aid prints only its modifiers and marker, this is our
  reading): a mounted unit (6.6) moves up to half its MF, may fire at -2 on the DFT, then moves
  up to half its MF again -- move, fire, move -- under a Hit & Run marker, which spots it (10.1),
  bars its opportunity fire (5.3) and makes it -1 to hit on the DFT, +1 on the OFT, until the
  Administrative phase (9.0).
* A Shaken unit may not end its move nearer to an enemy unit its side sees (5.0 DCT: Shaken).
* Stacking (1.3): per side, three squads' worth -- a half-squad or a crew is half a squad, a
  (non-ATGM) weapon team a whole one -- two vehicles (a wreck or an abandoned vehicle in the
  hex counts as one) and two single-man counters; passengers aboard count with their vehicle.
* Vehicles (15.0): a vehicle faces the way it last moved (the `facing` mark, for the armour it
  shows, 14.1); a Shaken vehicle has half its movement, rounded down (DCT).
* Passengers (16.1): leg units in the vehicle's hex get on at the start of its move (`mount`)
  and get off at its end (`dismount`), within its capacity (P/PO: a half-squad and one
  single-man counter; PP/PPO: a squad and two).  Reading: getting on and off costs the vehicle
  nothing here (the series' costs are not in the player aid); the passengers are marked Moved.
* Rubber boats (23.3.1) keep to river hexes and may run aground on a bank hex as the last of
  a move; passengers get on and off there, as at any vehicle (16.1): our reading of how anyone
  gets aboard, since leg units cannot stand in a river hex.
* Entering a hex held by the enemy is a melee (8.0): an attack, not a move.
* Mines (21.4.1): a vehicle entering a mined hex is attacked there and, a reading, its move
  ends there (the series lets an unharmed one go on); an immobilized vehicle moves no more.
  Leg units are not attacked (anti-personnel mines are not in the player aid).
* The check names, hex by hex, the enemy units that could fire at the mover there (5.3); the
  move pauses where the player asks (`until`) for their opportunity fire.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.hexgrid import Hex, Hexside, hex_distance
from ...core.rulesystem import MoveCheck, Step
from ...core.hexgrid import direction_to
from ..botkit import entry_problem
from .lead import outside
from .helicopter import boat, helicopter
from .state import SMC, assault_open, kind, mounted, pending_assault, shaken, stealthy, vehicle

SQUAD_SHARE = {"squad": 1.0, "half_squad": 0.5, "crew": 0.5, "weapon_team": 1.0}
MAX_SQUADS, MAX_SMC, MAX_VEHICLES = 3, 2, 2    # 1.3
HIT_AND_RUN = "hit_and_run"                      # 6.7: the pace's key
DOUBLE_TIME = 2                                  # 6.2: MPs a leader's stack adds
CAPACITY = {"P": (0.5, 1), "PO": (0.5, 1), "PP": (1.0, 2), "PPO": (1.0, 2)}     # 16.1: squads, SMCs


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
    here = [v for v in game.units.values() if v.on_map and v.hex == h and v.side == u.side and v.id not in movers
            and not v.carried_by] + [game.units[x] for x in movers]
    # 1.3: three squads' worth, or two mounted squads (6.6): a mounted one is worth a squad and a half
    squads = sum(SQUAD_SHARE.get(kind(game, v), 0) * (1.5 if game.unit_type(v).get("mounted") else 1) for v in here)
    smc = sum(1 for v in here if kind(game, v) in SMC)
    hulks = 1 if any(o.hex == h and o.kind in ("wreck", "abandoned") for o in game.map.overlays) else 0
    vehicles = sum(1 for v in here if kind(game, v) == "vehicle") + hulks
    if vehicles > MAX_VEHICLES and kind(game, u) == "vehicle":
        return f"{game.map.number(h)} would hold {vehicles} vehicles, wrecks included (at most {MAX_VEHICLES}, 1.3)"
    if squads > MAX_SQUADS:
        return f"{game.map.number(h)} would hold {squads:g} squads' worth (at most {MAX_SQUADS}, 1.3)"
    if smc > MAX_SMC:
        return f"{game.map.number(h)} would hold {smc} single-man counters (at most {MAX_SMC}, 1.3)"
    return None


def check_move(game: Game, uid: str, path: list[Hex], how: dict | None = None, bonus: int = 0) -> MoveCheck:
    """`bonus`: MPs a double-timing stack adds (6.2), for its members checked one by one."""
    u = game.units.get(uid)
    if u is None:
        return MoveCheck(uid, (), 0, False, f"no unit {uid!r}")
    t = game.unit_type(u)
    allowance = float(t["movement"])

    def fail(reason: str, rule: str = "", steps=()) -> MoveCheck:
        return MoveCheck(uid, tuple(steps), allowance, False, reason, rule)

    extra = [k for k in (how or {}) if k not in ("with", "mount", "dismount", "pace")]
    if extra:
        return fail(f"Lock 'n Load moves here have no {extra[0]!r} option yet")
    pace = (how or {}).get("pace") or "normal"
    heli = helicopter(game, u)
    if heli and pace not in ("normal", "flying", "hover", "land"):
        return fail("a helicopter moves flying, hovering or to land (19.2.1)", "LnLT 19.2.1")
    if heli and ((how or {}).get("mount") or (how or {}).get("dismount")) and pace not in ("hover", "land"):
        return fail("passengers get on or off a helicopter that hovers or lands (19.4)", "LnLT 19.4")
    if not heli and pace not in ("normal", "double", "low_crawl", "assault", "stealth", HIT_AND_RUN):
        return fail(f"Lock 'n Load has no {pace!r} pace: normal, assault (6.1), double (6.2), low_crawl (6.3), "
                    "stealth (6.4) or hit_and_run (6.7)", "LnLT 6.2")
    if pace == HIT_AND_RUN:                     # 6.7: mounted units (6.6) only, our reading
        stack = [u] + [game.units[c] for c in ((how or {}).get("with") or ()) if c in game.units]
        if not all(mounted(game, v) for v in stack):
            return fail("Hit & Run is for mounted units (6.6, 6.7)", "LnLT 6.7")
    if pace == "stealth":                       # 6.4, 6.4.1: assault movement by units trained for it (11.6)
        stack = [u] + [game.units[c] for c in ((how or {}).get("with") or ()) if c in game.units]
        if not all(stealthy(game, v) for v in stack):
            return fail("stealth movement is for scouts and units able to use it (6.4, 11.6)", "LnLT 6.4")
    half = assault_open(game, u)
    if half == "move":
        return fail("it has made its assault move: it may fire now (6.1)", "LnLT 6.1")
    waiting = [v.id for v in pending_assault(game, u.side) if v.id != uid and v.id not in ((how or {}).get("with") or ())]
    if waiting:
        return fail(f"{waiting[0]}'s assault is not over: finish it, or pass to end the impulse (6.1)", "LnLT 6.1")
    away = outside(game, u.side, [uid, *((how or {}).get("with") or ())])
    if away:
        return fail(away, "LnLT 4.0")
    assaulting = pace in ("assault", "stealth", HIT_AND_RUN) or half == "fire"
    if assaulting:
        allowance = t["movement"] / 2                    # 6.1, 6.1.1: up to half its MPs
    crawl = pace == "low_crawl"
    if crawl and (vehicle(game, u) or (how or {}).get("with") or len(path) != 2):
        return fail("a low crawl is one leg unit moving one hex (6.3)", "LnLT 6.3")
    if t["kind"] == "support_weapon":
        return fail("a support weapon goes where the unit carrying it goes (1.6)", "LnLT 1.6")
    if u.carried_by:
        return fail(f"it rides aboard {u.carried_by}: it gets off at the end of the vehicle's move (16.1)", "LnLT 16.1")
    if u.marks.immobilized:
        return fail("it is immobilized (21.4.1)", "LnLT 21.4.1")
    if vehicle(game, u) and shaken(u):
        allowance = float(t["movement"] // 2)              # DCT: a Shaken vehicle, half its MF
    mount, dismount = tuple((how or {}).get("mount") or ()), tuple((how or {}).get("dismount") or ())
    if mount or dismount:
        problem = _passenger_problem(game, u, mount, dismount)
        if problem:
            return fail(problem, "LnLT 16.1")
    companions = tuple((how or {}).get("with") or ())
    if (how or {}).get("pace") == "double":   # 6.2: a Good Order leader takes the stack at double time
        stack = [u] + [game.units[c] for c in companions if c in game.units]
        if vehicle(game, u) or not any(kind(game, v) == "leader" and not shaken(v) for v in stack):
            return fail("double time needs a Good Order leader moving with leg units (6.2)", "LnLT 6.2")
        bonus = DOUBLE_TIME
    allowance += bonus
    if path and u.on_map and path[0] != u.hex:     # its own start first: a companion's refusal named the wrong unit
        return fail(f"the path must start where it stands, {game.map.number(u.hex)}")
    for cid in companions:                    # 6.0: the units of an activated hex move together
        c = game.units.get(cid)
        if c is None or c.side != u.side or not u.on_map or c.hex != u.hex or cid == uid:
            return fail(f"{cid} is not a unit of its side in its hex to move with it (6.0)", "LnLT 6.0")
        alone = check_move(game, cid, path, {"pace": pace} if pace in ("assault", "stealth", HIT_AND_RUN) else None,
                           bonus=0 if vehicle(game, c) else bonus)
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
            return fail("the path must start where it stands" + (f", {game.map.number(u.hex)}" if u.on_map else ""))
        if (u.moved or u.fired or u.acted) and half != "fire":
            return fail("it has already acted this turn (4.1)", "LnLT 4.1")
        if len(path) < 2 and not (mount or dismount) and not heli:      # a helicopter may land or rise
            return fail("a move needs at least one hex beyond the start")
        steps = [Step(path[0], 0.0, 0.0, "start")]
    for a, b in zip(path, path[1:]):
        if not game.map.contains(b):
            return fail(f"{game.map.number(b)} is off the map", steps=steps)
        if hex_distance(a, b) != 1:
            return fail(f"{game.map.number(a)} and {game.map.number(b)} are not adjacent", steps=steps)
        if any(v.on_map and v.hex == b and v.side != u.side for v in game.units.values()):
            return fail(f"{game.map.number(b)} holds the enemy: that is a melee (8.0)", "LnLT 8.0", steps)
        cost, note = (1.0, "flying (19.2.1)") if heli else step_cost(game, t["move_class"], a, b)    # 23.3.1: boats
        if cost is None and boat(game, u):
            cost, note = _beaching(game, a, b, b == path[-1])
        if cost is None:
            return fail(note, "LnLT TEC", steps)
        total = steps[-1].total + cost
        if total > allowance + 1e-9:
            return fail(f"{game.map.number(b)} costs {cost:g}: {total:g} of {allowance:g} MP (6.0)", "LnLT 6.0", steps)
        steps.append(Step(b, cost, total, note))
    stop_at = None
    if vehicle(game, u) and not heli:
        mined = {o.hex for o in game.map.overlays if o.kind == "minefield"}
        hit = next((i for i, s in enumerate(steps) if i and s.hex in mined), None)
        if hit is not None:
            steps, path, stop_at = steps[:hit + 1], path[:hit + 1], steps[hit].hex
    end = path[-1]
    problem = stacking_problem(game, uid, end, companions)
    if problem:
        return fail(problem, "LnLT 1.3", steps)
    if shaken(u) and u.on_map:
        known = [c.hex for c in game.contacts.values() if c.side == u.side and c.status == "seen"]
        if known and min(hex_distance(end, h) for h in known) < min(hex_distance(u.hex, h) for h in known):
            return fail("a Shaken unit may not advance toward an enemy it sees (5.0)", "LnLT 5.0", steps)
    if crawl and steps[-1].total >= allowance:
        return fail(f"a low crawl may not take all of its MF: {steps[-1].total:g} of {allowance:g} (6.3)", "LnLT 6.3",
                    steps)
    assault = {"assault": None} if half == "fire" else (
        {"assault": "move", "assault_turn": game.turn} if pace in ("assault", "stealth", HIT_AND_RUN) else {})  # 6.1
    # 6.4: unseen in cover for having moved (spotting.py); after stealth assault fire (6.4.2) the
    # move is stealthy too, though the Fired marker still gives the unit away (10.1)
    assault["stealth"] = pace == "stealth"
    # 6.7: the H&R marker stays through the move after its fire (the second half)
    assault["hit_run"] = pace == HIT_AND_RUN or (half == "fire" and u.marks.hit_run)
    marks = u.marks.but(low_crawl=crawl, **assault)   # 6.3: not spotted for moving (spotting.py)
    if (vehicle(game, u) or kind(game, u) == "weapon_team") and len(path) > 1:      # 15.1.1, 1.7.1
        marks = marks.but(facing=direction_to(path[-2], path[-1]))
    if heli:                                       # 19.2.1: the mode it ends its move in
        marks = marks.but(flight=None if pace == "land" else ("hover" if pace == "hover" else "flying"))
    seen_by = watchers(game, u, [s.hex for s in steps[1:]])
    if crawl or pace == "stealth":                     # 6.3, 6.4: fired at only where the hex is spotted
        from .spotting import spotted_without_moving
        seen_by = {h: tuple(w for w in who if spotted_without_moving(game, game.units[w].side, h,
                                                                     stealthy=pace == "stealth"))
                   for h, who in seen_by.items()}
        seen_by = {h: who for h, who in seen_by.items() if who}
    notes = ((f"{', '.join(mount)} get on (16.1)",) if mount else ()) + \
        ((f"{', '.join(dismount)} get off in {game.map.number(end)} (16.1)",) if dismount else ())
    return MoveCheck(uid, tuple(steps), allowance, True, watchers=seen_by,
                     companions=companions, boarding=mount, leaving=dismount, marks=marks, notes=notes,
                     stop_at=stop_at, companion_marks={c: game.units[c].marks.but(**assault) for c in companions}
                     if assault else {})


def _beaching(game: Game, a: Hex, b: Hex, last: bool) -> tuple[float | None, str]:
    """23.3.1 (our reading): a rubber boat keeps to the river but may run aground on a bank hex
    next to it -- a land hex leg units may enter -- as the last hex of its move, 1 MP; there its
    passengers get on and off (16.1), and its next move takes it back onto the river."""
    kinds = game.rules.terrain_types
    river = bool(kinds[game.map.terrain[a]].get("river"))
    if river and last and kinds[game.map.terrain[b]]["move"].get("leg") is not None:
        return 1.0, "runs aground on the bank (23.3.1)"
    return None, ("a rubber boat keeps to the river: it may run aground on a bank hex only as its move's last "
                  "(23.3.1)")


def _passenger_problem(game: Game, u, mount: tuple[str, ...], dismount: tuple[str, ...]) -> str | None:
    """16.1: who may get on or off this vehicle, and whether they fit."""
    v = vehicle(game, u)
    if v is None or v["transport"] == "none":
        return f"{u.id} carries no passengers (16.1)"
    aboard = [p for p in game.units.values() if p.carried_by == u.id]
    for pid in dismount:
        if pid not in {p.id for p in aboard}:
            return f"{pid} is not aboard {u.id}"
    for pid in mount:
        p = game.units.get(pid)
        if p is None or p.side != u.side or not p.on_map or p.hex != u.hex or p.carried_by:
            return f"{pid} is not a unit of its side in its hex to get on (16.1)"
        if kind(game, p) == "vehicle" or p.moved or p.fired or p.acted:
            return f"{pid} cannot get on: a vehicle, or it has already acted this turn (16.1, 4.1)"
    riders = [p for p in aboard if p.id not in dismount] + [game.units[x] for x in mount]
    squads, smc = CAPACITY[v["transport"]]
    if sum(SQUAD_SHARE.get(kind(game, p), 0) for p in riders) > squads or \
            sum(1 for p in riders if kind(game, p) in SMC) > smc:
        return f"{u.id} ({v['transport']}) carries {'a squad' if squads == 1 else 'a half-squad'} and " \
               f"{smc} single-man counter{'s' if smc > 1 else ''} at most (16.1)"
    return None


def watchers(game: Game, mover, hexes: list[Hex]) -> dict:
    """5.3: for each hex entered, the enemy units that could fire at the mover there -- Good
    Order, not marked Moved or Fired, in range and sight.  A carried support weapon fires in
    its carrier's hands (1.6): the carrier is named, as far as the weapon reaches, never the
    weapon ("in sight of A Sqd RPD, B Sqd" listed a gun as a firer of its own)."""
    from .spotting import Sight, carried_weapon
    sight = Sight(game.map, game.rules)

    def firer(v):
        return game.units.get(v.carried_by, v) if carried_weapon(game, v) else v
    able = [v for v in game.units.values() if v.on_map and v.side != mover.side and game.unit_type(v)["firepower"]
            and not shaken(firer(v)) and not (firer(v).moved or firer(v).fired)]
    out = {}
    for h in hexes:
        who = tuple(dict.fromkeys(firer(v).id for v in able if hex_distance(v.hex, h) <= game.unit_type(v)["range"]
                                  and sight.degrading(v.hex, h) is not None))
        if who:
            out[h] = who
    return out
