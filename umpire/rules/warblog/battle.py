"""War Blog attacks on a hex: the worksheet (11.0-11.3, 11.5, 11.6, 1.7, 1.18, 2.4-2.6) on the
arithmetic of combat.py.  Three kinds:

    assault    units next to the hex attack it together: one odds ratio, a D12 (11.2)
    attrition  the same forces, each side rolls 0 to its factor; the attacker risks nothing (11.6)
    ranged     units with a range fire from where they stand: a hit roll for up to two units of
               the stack, then a D10 of damage (11.5, 1.18)

Readings where the text leaves a choice (with combat.py's):
* Only units with at least 1 movement point left take part; an assault or a fire costs 2
  (11.0); a unit with 7 or more depressions may not attack (4.0).
* Each attacking unit's elevation factor is taken from its own hex (2.6.1), a level of the map
  being one shade (10); a stream between it and the target multiplies by 0.7, a bridged river
  by 0.4; across a river without a bridge only armour may attack (2.5.2); earthworks in the
  target hex take 10% off (2.4.5).
* Artillery and rockets defending on their own defend at a fifth (1.18).
* Smugglers (1.37) and tribes (1.38) have no combat or defence factor: they never attack, and a
  hex of them alone is assaulted at 7-1 (odds against nothing).  Military police (1.24) have no
  abilities of their own: the catalogue makes them infantry.
* Special forces "able to target command elements" (1.13): special forces alone may assault or
  wear down (attrition) one command unit they see in the hex, singled out (the attack's `at`):
  only its defence counts, only it takes the result, and the x3 against a small stack counts
  its strength alone.
* Ranged fire: the firers' strengths are added (a combined fire, 11.0); the range is the
  farthest firer's; the two defenders with the most strength are the targets; damage is
  divided by 8 against armour, 4 against mechanised and 2 against irregulars (1.18).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.game import Game
from ...core.hexgrid import Hex, hex_distance
from . import civil, combat
from .state import (depressions, hexside_features, kind, leader_factor, terrain_defence, units_at, urban_places,
                    whole, works)

KINDS = ("assault", "attrition", "ranged", "siege")
SPECIAL_RULE = {"special_forces": "1.13", "irregular": "1.20"}
ASSAULT_COST = 2                     # 11.0: a combat costs 2 movement points


@dataclass(frozen=True)
class AttackSheet:
    legal: bool
    reason: str = ""
    rule: str = ""
    lines: tuple[str, ...] = ()
    kind: str = "assault"
    side: str = ""
    units: tuple[str, ...] = ()
    target: Hex | None = None
    defenders: tuple[str, ...] = ()
    defending_side: str = ""
    attack: float = 0.0
    defence: float = 0.0
    column: str = ""
    range: int = 0
    extra: dict = field(default_factory=dict)
    # lines of the defenders' hidden state (their depressions, works and leaders are in the
    # defence), by place: read by the defending side, not the attacker (see assault_sheet)
    kept: dict[int, str] = field(default_factory=dict)


def refuse(reason: str, rule: str = "") -> AttackSheet:
    return AttackSheet(False, reason, rule)


def raid(game: Game, unit_ids: list[str], aim: str) -> bool:
    """1.13: special forces alone, singling out a command unit."""
    target = game.units.get(aim)
    return bool(unit_ids) and target is not None and kind(game, target) == "command" and \
        all(kind(game, game.units[x]) == "special_forces" for x in unit_ids)


def _force(game: Game, uid: str, value: str, others: list | None = None) -> combat.Force:
    u = game.units[uid]
    return combat.Force(kind(game, u), civil.strength(game, u, value, others or []), whole(depressions(u)))


def attack_sheet(game: Game, unit_ids: list[str], target: Hex, how: str, only: str | None = None) -> AttackSheet:
    """The worksheet of an attack on the hex; `only`: the one unit special forces single out (1.13)."""
    if how not in KINDS:
        return refuse(f"unknown kind of attack {how!r} (War Blog: {', '.join(KINDS)})")
    units = [game.units[x] for x in unit_ids]
    side = units[0].side
    defenders = [v for v in units_at(game, target) if v.side != side and only in (None, v.id)]
    if not defenders:
        return refuse(f"no enemy unit in {game.map.number(target)}")
    if any(v.paused for v in defenders):
        return refuse("War Blog has no opportunity fire: the moving unit goes on or halts first (7.0)", "War Blog 7.0")
    n = game.map.number
    for u in units:
        t = game.unit_type(u)
        if not u.on_map:
            return refuse(f"{u.id} is not on the map")
        if t["movement"] - u.mp_spent < 1:
            return refuse(f"{u.id} has no movement point left to fight with (11.0)", "War Blog 11.0")
        if whole(depressions(u)) >= 7:
            return refuse(f"{u.id} has {depressions(u):g} depressions: it may only defend (4.0)", "War Blog 4.0")
        if how == "ranged":
            if not t["range"]:
                return refuse(f"{u.id} has no range to fire at (11.5)", "War Blog 11.5")
            if hex_distance(u.hex, target) > t["range"]:
                return refuse(f"{n(target)} is {hex_distance(u.hex, target)} hexes from {u.id}, beyond its range "
                              f"of {t['range']} (11.5)", "War Blog 11.5")
            if t["kind"] in ("artillery", "rocket") and u.moved:
                return refuse(f"{u.id} has moved: artillery may not move and fire (1.18)", "War Blog 1.18")
        else:
            if hex_distance(u.hex, target) != 1:
                return refuse(f"{u.id} is not next to {n(target)}: only ranged fire reaches further (11.0)",
                              "War Blog 11.0")
            if not civil.strength(game, u, "strength", defenders):             # 1.35: protesters
                return refuse(f"{u.id} has no attack strength" + (" but against police (1.35)"
                                                                  if kind(game, u) == "protester" else
                                                                  " (1.37 smugglers, 1.38 tribes: non-combat units)"))
            feats = hexside_features(game, u.hex, target, side)
            if ("ridge" in feats or ("river" in feats and "bridge" not in feats)) and t["kind"] != "tank":
                return refuse(f"{u.id} may not attack across the {'ridge' if 'ridge' in feats else 'river'} "
                              "(2.5.2, 2.6.2)", "War Blog 2.5.2")
    if how == "siege":
        from . import siege
        return siege.sheet(game, units, target)
    dside = defenders[0].side
    leader_a = leader_factor(game, side, [u.hex for u in units])
    leader_d = leader_factor(game, dside, [target])
    lines = [f"{'Ranged fire' if how == 'ranged' else how.capitalize()} on {n(target)} by "
             f"{', '.join(u.id for u in units)} (War Blog {'11.5' if how == 'ranged' else '11.6' if how == 'attrition' else '11.3'})"]
    if only is not None:
        lines.append(f"  special forces single out {only}, a command unit: the rest of the hex stands aside (1.13)")
    d_forces = [_force(game, v.id, "defence", units) for v in defenders]
    d_kinds = [f.kind for f in d_forces]
    stack = sum(game.unit_type(v)["strength"] for v in defenders)        # printed: 1.13, 1.20
    attack = 0.0
    hexes = sorted({u.hex for u in units}, key=lambda h: (h.q, h.r))
    for h in hexes:
        group = [_force(game, u.id, "strength", defenders) for u in units if u.hex == h]
        feats = hexside_features(game, h, target, side) if how != "ranged" else []
        obstacle = "river_bridge" if "bridge" in feats else ("stream" if "stream" in feats else None)
        elevation = 10 * (game.map.elevation[h] - game.map.elevation[target]) if how != "ranged" else 0
        part = combat.attack_strength(group, d_forces, elevation=elevation, obstacle=obstacle, stack=stack)
        attack += part
        what = " + ".join(f"{f.kind} {combat.depressed(f.strength, f.depressions):g}"
                          f" x{combat.unit_match(f.kind, d_kinds):g}"
                          + (f" x{combat.special_attack(f.kind, stack):g} against a stack of {stack:g} strength "
                             f"({SPECIAL_RULE[f.kind]})" if combat.special_attack(f.kind, stack) != 1 else "")
                          for f in group)
        lines.append(f"  from {n(h)}: {what}" + (f", elevation x{combat.elevation_factor(elevation):g}" if elevation else "")
                     + (f", {obstacle.replace('_', ' ')} x{combat.tables()['combat'][obstacle]['factor']:g}" if obstacle else "")
                     + f" = {part:.2f}")
    extra_hexes = len(hexes) - 1 if how != "ranged" else 0
    attack *= (1 + 0.1 * extra_hexes) * (1 + 0.1 * leader_a)
    earth = [o for o in game.map.overlays_at(target) if o.kind in game.rules.overlays
             and game.rules.overlays[o.kind]["attack"] != 1.0]
    for o in earth:
        attack *= game.rules.overlays[o.kind]["attack"]
    if extra_hexes:
        lines.append(f"  attacking from {len(hexes)} hexes: x{1 + 0.1 * extra_hexes:g} (11.0, 11.3)")
    if leader_a:
        lines.append(f"  command factor {leader_a}: x{1 + 0.1 * leader_a:g} (1.29)")
    for o in earth:
        lines.append(f"  {game.rules.overlays[o.kind]['label'].split(' (')[0].lower()} in the hex: "
                     f"x{game.rules.overlays[o.kind]['attack']:g} (2.4.5)")
    terrain = terrain_defence(game, target)
    defence = 0.0
    a_kinds = [kind(game, u) for u in units]
    specials = []
    for v, f in zip(defenders, d_forces):
        w = works(game, v)
        own = terrain
        if f.kind == "irregular":               # 1.20: its own urban defence, not the settlement's
            urban = combat.irregular_urban(urban_places(game, target))
            if urban is not None:
                own = game.rules.terrain_types[game.map.terrain[target]]["defence"] * urban
                specials.append(f"irregulars in the town x{urban:g} (1.20)")
        special = combat.special_defence(f.kind, a_kinds)
        if special != 1:
            specials.append(f"anti-tank against armour x{special:g} (1.7)")
        defence += combat.defence_strength([f], terrain=own, works=w, leader=leader_d) * special
    alone_guns = all(f.kind in ("artillery", "rocket") for f in d_forces)
    if alone_guns:
        defence /= 5
    lines.append(f"Defenders: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} of {game.side(dside).name}")
    lines.append(f"Attack {attack:.2f}")
    kept = {len(lines): dside}      # the defence figure tells the defenders' depressions and works
    lines.append(f"Defence {defence:.2f}: {len(defenders)} unit{'s' if len(defenders) != 1 else ''} in "
                 f"{game.rules.terrain_types[game.map.terrain[target]]['label'].lower()} x{terrain:g}"
                 + (f", command factor {leader_d}" if leader_d else "")
                 + (", artillery alone: a fifth (1.18)" if alone_guns else "")
                 + "".join(f", {s}" for s in dict.fromkeys(specials)))
    column = combat.odds(attack, defence)
    rng = max(hex_distance(u.hex, target) for u in units)
    at_range = f", range {rng}" if how == "ranged" else ""
    kept[len(lines)] = dside
    lines.append(f"Odds {attack:.2f} : {defence:.2f} = {column}{at_range}")
    # the attacker's to read once it has attacked -- not in the attack dialog's preview, where a
    # side could tick units in and out to narrow the defence down for free (kept: not previewed)
    kept[len(lines)] = side
    lines.append(f"Odds column {column}{at_range} (the defence as the umpire finds it)")
    return AttackSheet(True, "", "", tuple(lines), how, side, tuple(unit_ids), target,
                       tuple(v.id for v in defenders), dside, attack, defence, column, rng, kept=kept)
