"""War Blog air power (9.0-9.3, 1.14, 1.30, 11.5): air units wait off the map in their side's air
pool; in its player turn a side flies them on ground attacks or into the air superiority box.

* Air units are units of kind "air" set up without a hex (the scenario lists them in a
  battalion and in no reinforcement).  Their counters carry `marks`: "box" (in the air
  superiority box) and "flew" (the turn it last flew a ground attack, or was sent back to the
  pool by an air battle or by air defence).
* Air superiority (9.2) is held by the one side with air units in the box; with both or neither
  there, nobody holds it.  Sending units into the box where the enemy has units starts a round
  of air combat (9.3): the arriving side's units in the box are spread as evenly as they go over
  the enemy's, strongest against strongest; each pairing is one combat, D6 plus air combat value
  each: equal a stand-off, 1-2 the loser aborts (back to the pool), 3 or more the loser is
  destroyed.  A unit beaten earlier in the round fights no more.  Another patrol by the same
  side fights another round; recalling units takes them back to the pool.
* A ground attack (9.1) is ranged fire (11.5) by the air unit from over the target: no range
  penalty, damage by the odds of its strength to the defence, artillery taking 2.5 times the
  damage (1.10, 1.18), every hit a morale check.  First the enemy's air defence within its
  radius of the target (range) -- and, if the enemy holds air superiority, its box units' air
  combat values -- give a chance out of 70 (1.14) of an effect: a second roll on the sample
  table cuts the strike's strength, aborts it or shoots the unit down.
* Helicopters (1.26: "unsure how helicopter rules will work"; 11.5 names them among the units
  that fire at range) strike as aircraft do, under air defence (1.30), and fly no air
  superiority.  Long-range missiles (1.11: "such as SCUDs", not yet in play) are read as off-map
  fire like off-table artillery (1.18): a missile unit waits in the air pool and strikes any hex
  its side sees, once a turn, with no range penalty and no air defence.
Readings: an air unit flies once in its side's turn; units in the box stay there (defending,
9.2) until beaten or recalled and do not fly ground attacks; aborted units return next turn.
Also here: bombers and SAMs (1.25, 1.32), drones (1.45), electronic warfare (1.46) and radar
(1.28) in the air defence; air insertion and extraction are airlift.py's (3.3, 3.4).
"""

from __future__ import annotations

from ...core.acting import UMPIRE_ONLY
from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import hex_distance
from . import combat, evasion
from .resolve import Kept, Outcome, morale
from .state import depressions, figure, kind, leader_factor, terrain_defence, units_at, whole, works

ARTILLERY_DAMAGE = 2.5          # 1.10, 1.18: artillery takes 2.5 times an air strike's damage


def air_units(game: Game, side: str) -> list[UnitState]:
    return [u for u in game.units.values() if u.side == side and kind(game, u) == "air" and u.status == "off_map"]


def in_box(game: Game, side: str) -> list[UnitState]:
    return [u for u in air_units(game, side) if u.marks.box]


def holder(game: Game) -> str | None:
    """9.2: the one side with air units in the superiority box, else nobody."""
    sides = [s for s in game.side_ids() if in_box(game, s)]
    return sides[0] if len(sides) == 1 else None


def ready(game: Game, u: UnitState) -> bool:
    return not u.marks.box and u.marks.flew != game.turn


def air_unit(game: Game, side: str, uid: str | None, what: str) -> UnitState:
    u = game.units.get(uid)
    if u is None or u.side != side or kind(game, u) != "air":
        raise UmpireError(f"{what}: {uid!r} is not an air unit of {side}")
    if u.status != "off_map":
        raise UmpireError(f"{what}: {uid} is lost")
    return u


def patrol(game: Game, params: dict, dice) -> tuple[str, list]:
    """9.2, 9.3: units into the air superiority box; a round of air combat if the enemy is there."""
    side = params.get("side")
    units = [air_unit(game, side, x, "air patrol") for x in (params.get("units") or [params.get("unit")])]
    if not units:
        raise UmpireError("air patrol: name the air units sent to the air superiority box")
    for u in units:
        if game.unit_type(u).get("air_lift") == "transport":
            raise UmpireError(f"air patrol: {u.id} is an air transport: it lifts units out, it does not fight (1.36)")
        if game.unit_type(u).get("drone"):
            raise UmpireError(f"air patrol: {u.id} is a drone: drones fly no air superiority (1.45)")
        if game.unit_type(u).get("helicopter"):
            raise UmpireError(f"air patrol: {u.id} is a helicopter: it fires on the ground, it does not fight for "
                              "the air (1.26, 11.5)")
        if game.unit_type(u).get("ballistic"):
            raise UmpireError(f"air patrol: {u.id} is a missile: it strikes the ground (1.11)")
        if not u.marks.box and not ready(game, u):
            raise UmpireError(f"air patrol: {u.id} has flown this turn (9.2)")
    lines = [f"{', '.join(u.id for u in units)} into the air superiority box (9.2)"]
    out = Outcome(game)
    for u in units:
        out.set(u, marks=u.marks.but(box=True))
    enemy = [v for s in game.side_ids() if s != side for v in in_box(game, s)]
    ours = sorted({u.id: u for u in in_box(game, side) + units}.values(), key=lambda u: (-_value(game, u), u.id))
    if enemy:
        enemy.sort(key=lambda v: (-_value(game, v), v.id))
        lines.append(f"Air combat (9.3): {len(ours)} against {len(enemy)}")
        beaten: set[str] = set()
        for k, u in enumerate(ours):
            v = enemy[k % len(enemy)]
            if v.id in beaten or u.id in beaten:
                continue
            a = dice.roll(f"air combat {u.id}", 1, 6, (("air combat", _value(game, u)),)).total
            d = dice.roll(f"air combat {v.id}", 1, 6, (("air combat", _value(game, v)),)).total
            result = combat.air_combat(a - d)
            loser = None if a == d else (v if a > d else u)
            lines.append(f"  {u.id} {a} against {v.id} {d}: {result}" + (f" ({loser.id})" if loser else ""))
            if loser is not None:
                beaten.add(loser.id)
                if result == "loser eliminated":
                    out.set(loser, status="destroyed", marks=out.marks(loser).but(box=False))
                else:
                    out.set(loser, marks=out.marks(loser).but(box=False, flew=game.turn))
        held = [s for s in game.side_ids() if any(x.side == s and x.id not in beaten for x in ours + enemy)]
        lines.append("Result: " + (f"{game.side(held[0]).name} holds air superiority (9.2)" if len(held) == 1
                                   else "air superiority contested: nobody holds it (9.2)"))
    else:
        lines.append(f"Result: {game.side(side).name} holds air superiority (9.2)")
    return f"{game.side(side).name} air patrol: " + lines[-1].removeprefix("Result: "), \
        [Change("note", "", {}, tuple(lines))] + out.changes()


def recall(game: Game, params: dict, dice) -> tuple[str, list]:
    side = params.get("side")
    units = [air_unit(game, side, x, "air recall") for x in (params.get("units") or [params.get("unit")])]
    if not units or any(not u.marks.box for u in units):
        raise UmpireError("air recall: name air units of the side that are in the air superiority box (9.3)")
    changes = [Change("unit", u.id, {"box": False, "flew": game.turn}) for u in units]
    return f"{', '.join(u.id for u in units)} recalled from the air superiority box (9.3)", \
        [Change("note", "", {}, (f"{', '.join(u.id for u in units)} leave the air superiority box (9.3)",))] + changes


def _value(game: Game, u: UnitState) -> int:
    return int(game.unit_type(u).get("air_combat") or 0)


def electronic_warfare(game: Game, side: str) -> int:
    """1.46: the strength of the side's electronic warfare units on the map (our reading: they
    reach the whole map), added to its air strikes and to its air defence."""
    return sum(int(combat.depressed(game.unit_type(v)["strength"], whole(depressions(v))))
               for v in game.units.values() if v.on_map and v.side == side and game.unit_type(v).get("ew"))


def air_defence(game: Game, side: str, target, bomber: bool = False, drone: bool = False) -> tuple[int, list[str]]:
    """1.14, 9.2: the enemy's air defence factors reaching the target hex, and its box units'
    air combat values when it holds air superiority.  Against a bomber only missiles count
    (1.25, 1.32: SAMs, units.toml `missile`); a drone is easier to shoot down: the ground's
    factors count twice (1.45, our reading of "easier"); electronic warfare adds (1.46), and
    radar (1.28)."""
    parts = []
    for v in game.units.values():
        if v.on_map and v.side != side and kind(game, v) == "air_defence" and \
                hex_distance(v.hex, target) <= game.unit_type(v)["range"] and \
                (not bomber or game.unit_type(v).get("missile")):
            parts.append((v.id, int(combat.depressed(game.unit_type(v)["strength"], whole(depressions(v))))
                          * (2 if drone else 1)))
    if parts:
        ew = max((electronic_warfare(game, s) for s in game.side_ids() if s != side), default=0)
        if ew:
            parts.append(("electronic warfare", ew))
        # 1.28: radar "increases air defence across the board" -- figures.toml's sample a radar
        # unit, wherever it stands; like electronic warfare it adds to guns that reach the target
        radars = [v for v in game.units.values() if v.on_map and v.side != side and game.unit_type(v).get("radar")]
        if radars:
            parts.append(("radar", int(figure(game, "radar")) * len(radars)))
    enemy = holder(game)
    if enemy is not None and enemy != side:
        parts += [(v.id, _value(game, v)) for v in in_box(game, enemy)]
    return sum(p for _, p in parts), [f"{uid} {p}" for uid, p in parts]


def strike(game: Game, params: dict, dice) -> tuple[str, list]:
    """9.1: an air unit's ground attack on a hex where its side sees the enemy."""
    side = params.get("side")
    u = air_unit(game, side, params.get("unit"), "air strike")
    if game.unit_type(u).get("air_lift") == "transport":
        raise UmpireError(f"air strike: {u.id} is an air transport: it lifts units out, it does not attack (1.36)")
    if not ready(game, u):
        raise UmpireError(f"air strike: {u.id} is " + ("in the air superiority box (9.2)" if u.marks.box
                                                         else "back from a sortie this turn (9.0)"))
    try:
        target = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"air strike: {e}") from None
    n = game.map.number(target)
    if not any(c.side == side and c.status == "seen" and c.hex == target for c in game.contacts.values()):
        raise UmpireError(f"air strike: {game.side(side).name} sees no enemy unit in {n}")
    defenders = [v for v in units_at(game, target) if v.side != side]
    out = Outcome(game, side)
    out.set(u, marks=u.marks.but(flew=game.turn))
    lines = out.lines
    lines.append(f"Air strike on {n} by {u.id} (War Blog 9.1, 11.5)")
    lines.append(f"Defenders: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} of "
                 f"{game.side(defenders[0].side).name}")
    factor = 1.0
    t = game.unit_type(u)
    ad, who = air_defence(game, side, target, bomber=bool(t.get("bomber")), drone=bool(t.get("drone")))
    if t.get("ballistic"):
        ad = 0                           # 1.11: a missile, which no air defence of the text reaches
        lines.append("  a missile: no air defence reaches it (1.11)")
    chance = game.rules.tables["air"].section("entry")["chance"]["out_of"]
    blunted = ""
    if ad:
        # the enemy's guns and fighters that reach the target, by name and factor, are the umpire's:
        # the striking side learns what they did to its aircraft (the summary), not what they are
        lines.append(Kept(f"  air defence {ad} ({', '.join(who)}): a chance of {ad} in {chance} (1.14)", UMPIRE_ONLY))
        r = dice.roll(f"air defence against {u.id} (hits on {ad} or less)", 1, chance).total
        if r <= ad:
            effect = effect_of(game, dice.roll(f"air defence effect on {u.id}", 1, 10).total)
            lines.append(Kept(f"  air defence {r}: {effect if effect in ('aborted', 'shot down') else effect + ' effect'}",
                              UMPIRE_ONLY))
            if effect == "shot down":
                out.set(u, status="destroyed")
                lines.append(f"Result: an aircraft attacking {n} is shot down by air defence (1.14)")
                return f"{u.id} is shot down over {n}", out.notes() + out.changes()
            if effect == "aborted":
                lines.append(f"Result: an aircraft attacking {n} aborts under air defence fire (1.14)")
                return f"{u.id} aborts its strike on {n}", out.notes() + out.changes()
            factor = float(effect)
            blunted = f" at {effect} strength under air defence fire (1.14)"
        else:
            lines.append(Kept(f"  air defence {r}: no effect (1.14)", UMPIRE_ONLY))
    ew = electronic_warfare(game, side)                      # 1.46
    if ew:
        lines.append(f"  electronic warfare: +{ew} strength (1.46)")
    attack = (game.unit_type(u)["strength"] + ew) * factor
    summary = _hit(game, out, lines, target, defenders, attack, dice)
    return f"{u.id} strikes {n}{blunted}: {summary}", out.notes() + out.changes()



def effect_of(game: Game, d10: int) -> str:
    e = game.rules.tables["air"].section("entry")["effect"]
    return [r for low, r in zip(e["rolls"], e["results"]) if d10 >= low][-1]


def _hit(game, out, lines, target, defenders, attack, dice) -> str:
    """11.5 from over the target: the two strongest units of the stack, hit then damage
    (`lines` is `out.lines`)."""
    terrain = terrain_defence(game, target)
    leader = leader_factor(game, defenders[0].side, [target])
    hits = 0
    targets = sorted(defenders, key=lambda v: (-game.unit_type(v)["strength"], v.id))[:2]
    lines.append(f"  strength {attack:g} on {len(targets)} target{'s' if len(targets) != 1 else ''}")
    for k, v in enumerate(targets):
        need = combat.ranged_hit_needs(0, game.unit_type(v)["formation"], k + 1)[k]
        roll = dice.roll(f"air strike: hit on target {k + 1} (needs {need})", 1, 6).total
        if roll < need:
            lines.append(f"  target {k + 1} missed: {roll}, needed {need} (11.5)")
            continue
        hits += 1
        if evasion.insurgent(game, v) and evasion.evades(game, out, v, dice, "air strike"):
            lines.append(f"  target {k + 1} hit: {roll}, needed {need} (11.5)")
            continue                                                  # 1.21: no damage, no check
        defence = combat.defence_strength([combat.Force(kind(game, v), game.unit_type(v)["defence"],
                                                        whole(depressions(v)))], terrain, works(game, v), leader)
        mod = combat.ranged_damage_modifier(attack, defence)
        d10 = dice.roll(f"air strike: damage to target {k + 1}", 1, 10).total
        times = ARTILLERY_DAMAGE if kind(game, v) in ("artillery", "rocket") else 1.0
        damage = max(0, d10 + mod) * times
        lines.append(f"  target {k + 1} hit: {roll}, needed {need} (11.5)")
        # the damage shows the target's defence and depressions: its own side's to read
        out.tell(v, f"  {v.id} hit ({roll}, needed {need}): damage D10 {d10} {mod:+d} at "
                    f"{combat.odds(attack, defence)}" + (" x2.5 against artillery (1.10, 1.18)" if times != 1 else ""))
        if damage:
            out.depress(v, round(damage, 2))
        morale(game, out, v, dice, [])                    # every hit checks (6.0, 11.5)
    lines.append(f"Result: an air strike on {game.map.number(target)}, {hits} of {len(targets)} "
                 f"unit{'s' if len(targets) != 1 else ''} hit (9.1, 11.5)")
    return f"{hits} of {len(targets)} hit"

