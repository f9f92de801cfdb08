"""What a MechWar 4 indirect fire does where it lands: every unit in the impact zone attacked
on its own (6.82), the markers each side is given, FASCAM minefields and smoke.

* Hard and protected targets button up (7.31, the usual choice): S1, or S2 from a tight pattern
  on a 1d6 at or under the H concentration; a unit its side set to take H fire unbuttoned is
  attacked on the D2 column set of the Anti-Armor CRT with the H strength as the odds (7.32).
  Against close air support armour may not button up: the D2 column set at +8 (15.24).
* Infantry and guns in an improved position take it as hard targets, buttoning up (11.2).
* Soft targets: the Anti-Personnel CRT with the concentration as the attack superiority (7.6),
  -2 in woods and towns (7.18), -1 more for infantry in a devastated hex (7.19, optional); an
  on-map gun's losses are a -1 a step instead (7.16).
* A wreck in the unit's hex: -1 to the die on any CRT (19.52).
* A loose pattern strikes the impact hex and the six around it at half strength, rounded up
  (7.21).
* Optional environment (7.19), and a zone that stays as a barrage for units moving in (7.14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import Hex
from ...core.terrain import Overlay as _Overlay
from .electronic import struck_by_h_fire
from .special import dug_in
from .worksheet import FireSheet, read_table, resolve

CAS_ARMOUR_COLUMN = 8          # MW4 15.24
AIR_ON_TARGET = 2              # MW4 15.1: a 1 or 2 lands on the target hex, 3-6 scatters


@dataclass(frozen=True)
class Fire:
    """One fire that lands: who fired (for the journal), for which side, how strong, how."""

    name: str
    side: str
    strength: int
    pattern: str                # tight | loose | smoke | fascam
    kind: str                   # artillery | mortar | rocket | air
    losses: int = 0             # an on-map gun's: a factor less each against hard and protected
                                # targets (at least 1), a -1 each against soft ones (7.16)


BARRAGE = re.compile(r"^(?P<name>.+): (?P<strength>\d+)H (?P<pattern>tight|loose) \((?P<kind>\w+), "
                     r"losses (?P<losses>\d+)\)")


def barrage_detail(fire: Fire) -> str:
    """A barrage marker's text (7.14): readable, and enough to attack with again."""
    return (f"{fire.name}: {fire.strength}H {fire.pattern} ({fire.kind}, losses {fire.losses}) until the next "
            "Indirect Fire phase (MW4 7.14)")


def barrage_attack(game: Game, uid: str, overlay, dice) -> list[Change]:
    """A unit that moved into a barrage's zone is attacked by it as if it had been there when it
    landed (7.14)."""
    m = BARRAGE.match(overlay.detail or "")
    if m is None:
        return []
    fire = Fire(m["name"], overlay.side, int(m["strength"]), m["pattern"], m["kind"], int(m["losses"]))
    u = game.units[uid]
    note = Change("note", uid, {}, (f"  {uid} enters the barrage of {fire.name} in {game.map.number(overlay.hex)} "
                                    "(MW4 7.14)",))
    return [note] + attack(game, fire, u, overlay.hex, dice)


def fire_for_effect(game: Game, dice, a, name: str) -> tuple[bool, list[Change]]:
    """Whether the fire comes (7.11, the sample chart); air strikes always do (our reading of 15.0)."""
    if a.kind == "air":
        return True, []
    chart = game.rules.tables["artillery"].section("entry")[a.kind]
    r = dice.roll(f"fire for effect {name} (on 1-{chart['ffe_on']})", 1, 6).total
    if r <= chart["ffe_on"]:
        return True, []
    return False, [Change("note", name, {}, (f"{name}: no fire for effect ({r}; MW4 7.11)",))]


def scatters(game: Game, dice, a, name: str, mods: tuple[tuple[int, str], ...] = ()) -> tuple[bool, int, str]:
    """The scatter roll: (scatters, die, rule) -- 7.17 on the sample chart with its modifiers
    (`mods`: (added to the scatter number, why)), 15.1 for air strikes."""
    if a.kind == "air":
        r = dice.roll(f"air strike scatter {name} (on target on 1-{AIR_ON_TARGET})", 1, 6).total
        return r > AIR_ON_TARGET, r, "MW4 15.1"
    on = game.rules.tables["artillery"].section("entry")[a.kind]["scatter_on"] + sum(m for m, _ in mods)
    r = dice.roll(f"scatter {name} (scatters on 1-{on})", 1, 6).total
    return r <= on, r, "MW4 7.17" + (f"; {', '.join(why for _, why in mods)}" if mods else "")


def zone(game: Game, impact: Hex, pattern: str) -> list[Hex]:
    return [impact] + (game.map.on_map_neighbours(impact) if pattern == "loose" else [])


def zone_strength(strength: int, pattern: str) -> int:
    return -(-strength // 2) if pattern == "loose" else strength       # half, rounded up (7.21)


def land(game: Game, fire: Fire, impact: Hex, dice) -> list[Change]:
    """What the fire does in its impact zone: smoke, a FASCAM minefield, or attacks."""
    n = game.map.number
    if fire.pattern == "smoke":           # a smoke hex, seen by everyone, until the next phase (18.0)
        return [Change("overlay", "smoke", {"q": impact.q, "r": impact.r, "secret": False,
                                            "detail": f"turn {game.turn}"},
                       (f"  smoke in {n(impact)} until the next Indirect Fire phase (MW4 18.0, 18.21)",))]
    if fire.pattern == "fascam":
        return [_fascam(game, fire, impact)]
    return attacks(game, fire, impact, dice)


def _fascam(game: Game, fire: Fire, impact: Hex) -> Change:
    """A hasty minefield, +2 a FASCAM fire more on the hex (19.41, 19.43); known to the firing
    side, found by the enemy when it drives in (16.0)."""
    kinds = [o.detail for o in game.map.overlays if o.kind == "minefield" and o.hex == impact]
    have = max(kinds, key=lambda k: int(k.partition(" +")[2] or 0), default=None)
    fires = 1 + int(have.partition(" +")[2] or 0) // 2 if have and have.startswith("hasty") else 0
    extra = 2 * fires
    detail = "hasty" + (f" +{extra}" if extra else "")
    net = game.rules.mine_types["hasty"]["net_superiority"] + extra
    line = (f"  FASCAM: a hasty minefield in {game.map.number(impact)}" +
            (f", {fires + 1} FASCAM fires there: it attacks at {net:+d} (MW4 19.43)" if extra else " (MW4 19.41)"))
    # the phase's later FASCAM fires on the hex see this one before the core writes it
    game.map.overlays.append(_Overlay(impact, "minefield", fire.side, True, detail))
    return Change("overlay", "minefield", {"q": impact.q, "r": impact.r, "side": fire.side, "secret": True,
                                           "detail": detail}, (line,))


def attacks(game: Game, fire: Fire, impact: Hex, dice) -> list[Change]:
    """Every unit in the impact zone, each attacked on its own (6.82, 7.21)."""
    out: list[Change] = []
    for hx in zone(game, impact, fire.pattern):
        for u in sorted((v for v in game.units.values() if v.on_map and v.hex == hx and not v.carried_by),
                        key=lambda v: v.id):
            struck = attack(game, fire, u, hx, dice)
            out.extend(struck)
            for c in struck:            # 19.910: RDF HQs and jammers roll for their equipment
                out.extend(struck_by_h_fire(game, fire.name, zone_strength(fire.strength, fire.pattern), u,
                                            c.values.get("result", "-"), dice))
    return out


def attack(game: Game, fire: Fire, u, hx: Hex, dice) -> list[Change]:
    """One unit in the zone (in hex hx) under the fire, at the zone's strength."""
    h = zone_strength(fire.strength, fire.pattern)
    hard_h = zone_strength(max(1, fire.strength - fire.losses), fire.pattern)
    cover = game.rules.terrain_types[game.map.terrain[hx]]["cover"]
    woods = -2 if cover < 0 else 0                                    # woods and towns (7.18)
    wreck = -1 if wrecked(game, hx) else 0                            # 19.52, H fire too
    out: list[Change] = []
    target = game.unit_type(u)["target"]
    dug = target == "soft" and dug_in(game, u)
    if dug:
        target = "hard"          # 11.2: an improved position takes H fire as a hard target, buttoning up
    if target in ("hard", "protected") and fire.kind == "air" and not dug:      # 15.24 names armour only
        result, r = _on_crt(game, fire, u, dice, "anti_armor_d2", CAS_ARMOUR_COLUMN, woods + wreck,
                            f"air strike, D2 CRT +{CAS_ARMOUR_COLUMN}")
        out.append(Change("attack", u.id, {"result": result},
                          (f"  {u.id} may not button up against an air strike: D2 CRT "
                           f"+{CAS_ARMOUR_COLUMN}" + (", -2 woods/town (7.18)" if woods else "") +
                           (", -1 wreck (19.52)" if wreck else "") + f", die {r}: {result} (MW4 15.24)",)))
    elif target in ("hard", "protected") and u.marks.unbuttoned:
        result, r = _on_crt(game, fire, u, dice, "anti_armor_d2", hard_h, woods + wreck,
                            f"unbuttoned, {hard_h}H on the D2 CRT")
        out.append(Change("attack", u.id, {"result": result},
                          (f"  {u.id} takes {hard_h}H {fire.pattern} unbuttoned: D2 CRT {hard_h:+d}"
                           + (", -2 woods/town (7.18)" if woods else "") + (", -1 wreck (19.52)" if wreck else "")
                           + f", die {r}: {result} (MW4 7.32)",)))
    elif target in ("hard", "protected"):
        if fire.pattern == "tight":
            r = dice.roll(f"{fire.name} on {u.id}: buttoned up, S2 on 1-{hard_h}", 1, 6).total
            result = "S2" if r <= hard_h else "S1"
        else:
            result = "S1"
        why = " in its improved position, as a hard target (MW4 11.2, 7.31)" if dug else " (MW4 7.31)"
        out.append(Change("attack", u.id, {"result": result},
                          (f"  {u.id} buttons up against {hard_h}H {fire.pattern}: {result}{why}",)))
    elif target == "soft":
        ruin = -1 if devastated(game, u) and u.hex == hx else 0
        result, r = _on_crt(game, fire, u, dice, "anti_personnel", h, woods + wreck - fire.losses + ruin,
                            f"{h}H on the Anti-Personnel CRT")
        out.append(Change("attack", u.id, {"result": result},
                          (f"  {u.id}: {h}H {fire.pattern} on the Anti-Personnel CRT"
                           + (", -2 woods/town (7.18)" if woods else "") + (", -1 wreck (19.52)" if wreck else "")
                           + (", -1 devastation (7.19)" if ruin else "")
                           + (f", -{fire.losses} the gun's losses (7.16)" if fire.losses else "")
                           + f", die {r}: {result} (MW4 7.6)",)))
    return out


TOWN, WOODS = ("town",), ("light_woods", "heavy_woods")


def environment(game: Game, fire: Fire, impact: Hex, dice) -> list[Change]:
    """MW4 7.19 (optional): each town or woods hex the zone strikes rolls a die; a 1 leaves
    devastation in a town, an abatis in woods -- on the map for everyone, once a hex.  Our
    reading: the text's "artillery die roll" is this one die a hex, so that hexes without units
    can be struck too."""
    out: list[Change] = []
    for hx in zone(game, impact, fire.pattern):
        terrain = game.map.terrain[hx]
        kind = "devastation" if terrain in TOWN else ("abatis" if terrain in WOODS else None)
        if kind is None or any(o.kind == kind and o.hex == hx for o in game.map.overlays):
            continue
        r = dice.roll(f"{fire.name}: {kind} in {game.map.number(hx)} on a 1 (MW4 7.19)", 1, 6).total
        if r == 1:
            out.append(Change("overlay", kind, {"q": hx.q, "r": hx.r, "secret": False, "detail": f"turn {game.turn}"},
                              (f"  {kind} in {game.map.number(hx)} (1; MW4 7.19)",)))
            game.map.overlays.append(_Overlay(hx, kind, None, False, f"turn {game.turn}"))   # once a hex
    return out


def devastated(game: Game, u) -> bool:
    """Infantry in a devastated town hex: -1 more when attacked (7.19)."""
    return game.unit_type(u)["move_class"] == "foot" and \
        any(o.kind == "devastation" and o.hex == u.hex for o in game.map.overlays)


def _on_crt(game: Game, fire: Fire, u, dice, table: str, odds: int, die_mod: int, why: str) -> tuple[str, int]:
    """A roll on one of the CRTs for one unit: (result, die)."""
    sheet = FireSheet(fire.name, u.id, True)
    read_table(game, sheet, table, odds, die_mod)
    r = dice.roll(f"{fire.name} on {u.id} ({why})", 1, 6).total
    return resolve(sheet, r), r


def markers(game: Game, sight, fire: Fire, impact: Hex, aimed: Hex, seen) -> list[Change]:
    """What each side learns (issue 6, 4): the firing side an impact marker where one of its
    units sees the impact hex; a side whose units were in the zone a "shelled" marker in
    their hexes with the weight -- never where the guns are nor what they aimed at."""
    h = zone_strength(fire.strength, fire.pattern)
    n = game.map.number
    out = []
    if seen(fire.side, impact):
        off = "" if impact == aimed else f", aimed at {n(aimed)}"
        out.append(Change("overlay", "impact", {"q": impact.q, "r": impact.r, "side": fire.side, "secret": True,
                                                "detail": f"our {fire.name}: {fire.pattern} {fire.strength}H{off}, "
                                                          f"turn {game.turn}"}))
    for hx in zone(game, impact, fire.pattern):
        struck = {u.side for u in game.units.values() if u.on_map and u.hex == hx and u.side != fire.side}
        for side in sorted(struck):
            what = "air strike" if fire.kind == "air" else "shelled"
            out.append(Change("overlay", "impact", {"q": hx.q, "r": hx.r, "side": side, "secret": True,
                                                    "detail": f"{what}, {h}H, turn {game.turn}"}))
    return out


def wrecked(game: Game, hx: Hex) -> bool:
    """A wreck lies in the hex: -1 to the die of every attack on a unit there, H fire included
    (19.52).  Our reading: a modifier of its own, on top of the best terrain benefit (10.25
    chooses among terrain, and a wreck is a marker)."""
    return any(o.kind == "wreck" and o.hex == hx for o in game.map.overlays)
