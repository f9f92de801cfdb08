"""War Blog air power (9.0-9.3, 1.14, 1.30, 11.5): air units wait off the map in their side's air
pool; in its player turn a side flies them on ground attacks or into the air superiority box.

* Air units are units of kind "air" set up without a hex (the scenario lists them in a
  battalion and in no reinforcement).  Their counters carry `marks`: "box" (in the air
  superiority box) and "flew" (the turn it last flew a ground attack, or was sent back to the
  pool by an air battle or by air defence).
* Air superiority (9.2, 9.3): the box, its patrols and air combat are superiority.py's.
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
What the striking side reads is the strike's result (the row's summary, with what the enemy's
air defence did to its aircraft); the air defence's lines -- which guns, fighters, electronic
warfare and radar reach the target, their factors, the chance -- are kept for the umpire.
"""

from __future__ import annotations

from ...core.acting import UMPIRE_ONLY
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import hex_distance
from . import combat, evasion
from .outcome import Kept, Outcome, morale
from .superiority import air_combat_value, air_unit, holder, in_box, ready
from .state import depressions, figure, kind, leader_factor, terrain_defence, units_at, whole, works

ARTILLERY_DAMAGE = 2.5          # 1.10, 1.18: artillery takes 2.5 times an air strike's damage


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
        parts += [(v.id, air_combat_value(game, v)) for v in in_box(game, enemy)]
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
    # how many units stand in the hex is the umpire's (the defending side's entry finds itself here)
    lines.append(Kept(f"Defenders: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} of "
                      f"{game.side(defenders[0].side).name}", UMPIRE_ONLY))
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

