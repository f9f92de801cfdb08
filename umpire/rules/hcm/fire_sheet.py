"""Hex Command Mechanized: one unit's fire at one enemy unit its side sees, as a worksheet the
umpire reads before the roll (HCM 3.7).  The arithmetic is fire.py, smallarms.py, sudden.py and
damage.py, the ground's part ground.py; this module reads the game to fill it in,
fire_effects.py says what a hit does and fire_actions.py offers it to the shells.

The same sheet serves the core's attack (`umpire attack GAME UNIT --hex HEX --kind fire --at X`, the
window's Attack dialog, which shows it before the roll: RuleSystem.assault_sheet with kind
"fire") and the system's own `fire` action (`umpire act GAME fire unit=X target=Y`, the Unit menu).

The weapon, unless asked for: infantry fire small arms at infantry and anti-tank weapons at
vehicles and guns (3.7.2, 3.7.3) -- a stand without the anti-tank mark only from the neighbouring
hex (the article's summary); a vehicle or gun fires its cannon, a vehicle without one its machine
guns (3.7.6) or, a half-track, as a Light stand with anti-tank ability (2.3.6).

What the firer's side reads is only what it may know: the target by its own contact label and
the terms it can see; what the target hides (its D damage, what a dummy is) goes in lines for
the umpire alone (sheet.kept).

A marker is never refused for what it really is (4.1, 7.2): when the firer's side has not
identified the target, a shot the rules forbid at what is there (a commander, 3.10 e; a vehicle
hit by a stand without anti-tank ability beyond the next hex, 3.7.3; small arms at armour, 3.7.4)
goes ahead blind -- the shot is used, the die rolled, and the umpire alone reads that it can do
nothing: the side reads the lines of any shot at a marker and "miss" (`no_effect`).  Refusals that
turn on the firer, the ground or the range alone stay refusals.  An id the side does not see now,
on the map or not, gets the one wording, so a refusal never says whether such a unit exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...core.acting import UMPIRE_ONLY
from . import command, cvs_combat, damage, fire, smallarms, sudden
from .ground import cover, friends_in_the_way, higher, hinders
from .spotting import Sight
from .state import anti_tank, kind, units_at, weight

INFANTRY = ("infantry", "smg", "cavalry", "paratroop")
HARD = ("vehicle", "gun")            # take damage blocks, not hit markers and figures
WEAPONS = ("", "gun", "mg", "small_arms", "at")


@dataclass(frozen=True)
class FireSheet:
    legal: bool
    reason: str = ""
    rule: str = "HCM 3.7"
    lines: tuple[str, ...] = ()
    kept: dict[int, str] = field(default_factory=dict)     # line index -> who alone reads it
    firer: str = ""
    target: str = ""
    weapon: str = ""
    auto: bool = False               # auto-hit range: 1d10 at or under `needed` (3.7.11)
    needed: int = 0                  # the number to roll (or, auto, to roll under)
    dice: tuple[int, int] = (1, 6)
    gun_weight: str = ""
    hidden: bool = False             # a term of the target number the firer may not know (D damage)
    blind: bool = False              # the firer's side does not know what the target is (a marker, 4.1)

    def text(self) -> list[str]:
        """The whole worksheet, as the umpire reads it (`umpire fire --odds`)."""
        return list(self.lines) if self.legal else [f"{self.firer}: refused: {self.reason} ({self.rule})"]


def refuse(reason: str, rule: str = "HCM 3.7") -> FireSheet:
    return FireSheet(False, reason, rule)


def commander_with(game, u) -> int:
    """HCM 3.7.18: a commander in the unit's hex that it takes command from (2.1: ethnic
    commanders) adds 1 in melee (melee_actions.py); fire asks cvs_combat.py, which knows the
    optional CVS Combat of 3.10 d."""
    return 1 if command.commander_with(game, u) is not None else 0


def weapons_of(game, u) -> tuple[str, ...]:
    """The weapons unit `u` has, the only ones it may name (the fire form offers these alone):
    a stand's small arms and anti-tank weapons -- without the AT mark only against the next hex,
    but it has them (3.7.2, 3.7.3); a towed gun its cannon (1.1.4); a vehicle its cannon if it
    has one and its machine guns (3.7.6), a half-track with AT ability also a Light stand's
    weapons (2.3.6).  Commanders, dummies and aircraft fire nothing here (3.10, 7.2, 2.4.3)."""
    fk, ut = kind(game, u), game.unit_type(u)
    if fk in INFANTRY:
        return ("small_arms", "at")
    if fk == "gun":
        return ("gun",)
    if fk == "vehicle":
        stand = ("at", "small_arms") if ut["wheels"] == "halftrack" and ut["anti_tank"] else ()
        return (("gun",) if ut["gun"] else ()) + stand + ("mg",)
    return ()


def weapon_for(game, u, t, asked: str) -> tuple[str, str | None]:
    """(weapon, why not) for firer `u` at target `t` (module docstring)."""
    fk, ut = kind(game, u), game.unit_type(u)
    hard = t is None or kind(game, t) in HARD            # t None: a target of unknown kind (a marker)
    if asked not in WEAPONS:
        return "", f"no weapon {asked!r} (one of {', '.join(w for w in WEAPONS if w)})"
    if asked and asked not in weapons_of(game, u):
        has = ", ".join(w.replace("_", " ") for w in weapons_of(game, u)) or "nothing"
        return "", f"{u.id} has no {asked.replace('_', ' ')} weapon: it fires {has} (HCM 1.1.4, 2.3.6, 3.7.6)"
    if asked == "at" and not hard:
        return "", "anti-tank weapons fire at vehicles and guns (HCM 3.7.3)"
    if fk in INFANTRY:
        weapon = asked or ("at" if hard else "small_arms")
        if weapon not in ("at", "small_arms"):
            return "", f"{u.id} is infantry: it fires small arms or anti-tank weapons (HCM 3.7.2, 3.7.3)"
        return weapon, None
    if fk in HARD:
        if ut["gun"]:
            weapon = asked or "gun"
        elif ut["wheels"] == "halftrack" and ut["anti_tank"]:
            weapon = asked or ("at" if hard else "small_arms")       # 2.3.6: a Light stand with AT
        else:
            weapon = asked or "mg"
        if weapon == "gun" and not ut["gun"]:
            return "", f"{u.id} has no cannon (HCM 1.1.4)"
        if fk == "gun" and weapon != "gun":
            return "", f"{u.id} is a towed gun: it fires its cannon only"
        return weapon, None
    return "", f"{u.id} is a {fk}: it does not fire (HCM 3.10, 7.2)"


def mg_shots(ut: dict) -> int:
    """HCM 3.7.6: a vehicle's MGs fire once together, but AA, AAA and quad mounts each on their
    own -- the catalogue's `aa_mgs` of them.  The vehicle's shots of a turn are counted together
    (Marks.shots), cannon or MG, each weapon up to its own limit."""
    return max(1, ut.get("aa_mgs") or 0)


def weapon_reach(game, u, weapon: str, gun_w: str) -> int:
    """The weapon's longest range: the unit's gun_range (else the Firing table's), 0-2 for
    anti-tank weapons (3.7.3), SMGs and vehicle MGs (2.2.1, 3.7.6), 0-4 for small arms (1.1.1)."""
    if weapon == "gun":
        return game.unit_type(u)["gun_range"] or fire.reach(gun_w)
    if weapon == "at":
        return fire.INFANTRY_AT_RANGE
    short = weapon == "mg" or kind(game, u) == "smg"
    return smallarms.SHORT_RANGE if short else smallarms.SMALL_ARMS_RANGE


def fire_sheet(game, firer_id: str, target_id: str, asked: str = "", ambush: bool = False) -> FireSheet:
    """The worksheet of one shot, or why it may not be taken (nothing rolled).  `ambush`: the
    target has just entered the firer's own hex (3.8.3) -- seen, whatever the last spotting said."""
    u, t = game.units.get(firer_id), game.units.get(target_id)
    if u is None or not u.on_map or u.carried_by:
        return refuse(f"{firer_id} is not on the map to fire")
    if t is not None and t.side == u.side:
        return refuse(f"{target_id} is one of {game.side(u.side).name}'s own units")
    contact = game.contacts.get((u.side, target_id))
    if t is None or not t.on_map or (not (ambush and t.hex == u.hex)
                                     and (contact is None or contact.status != "seen")):
        return refuse(f"{game.side(u.side).name} sees no enemy unit {target_id!r} now", "HCM 3.7")
    blind = marker_to(game, u, t)
    if kind(game, t) == "commander":
        why = "a commander is not a target: he dies only with the unit he is with"
        return no_effect(game, u, t, why, "HCM 3.10 e") if blind else refuse(why, "HCM 3.10 e")
    if u.marks.routed:
        return refuse(f"{u.id} is routed: routed units cannot fight", "HCM 3.7.19")
    if u.marks.limbered:
        return refuse(f"{u.id} is limbered: unlimber it first", "HCM 2.3.6")
    # 3.8 a: a unit is in melee while it shares its hex with the enemy -- here, with the firer's own
    # side (so the refusal tells the firer nothing it does not know); once the contact ends (the
    # other side captured, pushed back, gone) it may be fired at again in the same turn
    if not ambush and units_at(game, t.hex, u.side):
        return refuse("units in melee cannot be fired at", "HCM 3.8 a")
    weapon, why = weapon_for(game, u, t, asked)
    if why and blind and weapon_for(game, u, None, asked)[1] is None:     # refused only for what t is
        return no_effect(game, u, t, why, "HCM 3.7.3")
    if why:
        return refuse(why)
    ut = game.unit_type(u)
    gun_w = ut["gun"] if weapon == "gun" else (fire.infantry_at_weight(weight(game, u)) if kind(game, u) in INFANTRY
                                                  else "L")
    allowed = fire.shots(gun_w) if weapon == "gun" else mg_shots(ut) if weapon == "mg" else 1
    if u.marks.shots >= allowed:
        return refuse(f"{u.id} has fired {u.marks.shots} time{'s' if u.marks.shots > 1 else ''} this turn, "
                      f"its limit", {"gun": "HCM 1.1.4", "mg": "HCM 3.7.6"}.get(weapon, "HCM 3.7"))
    rng = fire.fire_range(u.hex, t.hex)
    blocks = hinders(game, u.hex)
    if not Sight(game.map, game.rules).clear(u.hex, t.hex):          # the sight lines of spotting.py
        return refuse(f"{u.id} has no line of sight to that hex", "HCM 3.7.9")
    why = friends_in_the_way(game, u, t)
    if why:
        return refuse(why, "HCM 3.7.8")
    why, arc_mods = fire.arc_check(ut["arc"], u.marks.facing, u.hex, t.hex, u.id)
    if why:
        return refuse(why, "HCM 2.3.2")
    reach = weapon_reach(game, u, weapon, gun_w)
    at_without_mark = weapon == "at" and not anti_tank(game, u)
    if at_without_mark and rng > 0:
        if blind:
            return no_effect(game, u, t, f"{u.id} has no anti-tank ability beyond the next hex", "HCM 3.7.3")
        return refuse(f"{u.id} has no anti-tank ability: it can hurt a vehicle only from the neighbouring hex",
                      "HCM 3.7.3")
    if rng > reach and blind and rng <= max(weapon_reach(game, u, w, gun_w) for w in ("at", "small_arms")
                                             if weapon_for(game, u, None, w)[1] is None):
        return no_effect(game, u, t, f"range {rng} is beyond the reach of the weapon it must use", "HCM 3.7.1")
    if rng > reach:
        return refuse(f"range {rng} is beyond {u.id}'s reach of {reach}", "HCM 3.7.1")
    seen = game.rule_state.seen_at_start
    gap = None
    if u.id in seen and t.id not in seen[u.id]:
        gap = sudden.gap_width(blocks, u.hex, t.hex)
        why = sudden.sudden_problem(rng, reach, gap)
        if why:
            return refuse(why, "HCM 3.7.16")
    sheet = _sheet(game, u, t, weapon, gun_w, rng, reach, arc_mods, gap)
    if not sheet.legal and blind:
        return no_effect(game, u, t, sheet.reason, sheet.rule)
    return unseen_type(game, u, t, sheet)


def marker_to(game, u, t) -> bool:
    """The firer's side knows target t only as a marker: its contact does not name t's type (4.1)."""
    known = game.contacts.get((u.side, t.id))
    return known is not None and known.type_label != game.unit_type(t)["label"]


def no_effect(game, u, t, why: str, rule: str) -> FireSheet:
    """A shot at a marker that can do nothing to what is there (module docstring): the side reads
    the lines of any shot at a marker; the die is rolled against a number no roll reaches."""
    known = game.contacts[(u.side, t.id)]
    lines = (f"{u.id} fires at {known.label} ({known.type_label}), range {fire.fire_range(u.hex, t.hex)} (HCM 3.7)",
             f"  (umpire) {why}: no effect whatever the roll ({rule})",
             "  at a marker: the umpire works the shot out against what is there (HCM 4.1)")
    return FireSheet(True, lines=lines, kept={1: UMPIRE_ONLY}, firer=u.id, target=t.id, weapon="", needed=99,
                     dice=(1, 10), hidden=True, blind=True, rule=rule)


def unseen_type(game, u, t, sheet: FireSheet) -> FireSheet:
    """A target the firer's side knows only as a marker (4.1, 7.2): its armour, class and the
    number they make are the umpire's to read; the side reads only that it fired and the result."""
    known = game.contacts.get((u.side, t.id))
    if not sheet.legal or (known is not None and known.type_label == game.unit_type(t)["label"]):
        return sheet
    lines = sheet.lines + ("  at a marker: the umpire works the shot out against what is there (HCM 4.1)",)
    kept = {i: UMPIRE_ONLY for i in range(1, len(sheet.lines))}
    return replace(sheet, lines=lines, kept=kept, hidden=True, blind=True)


def _sheet(game, u, t, weapon, gun_w, rng, reach, arc_mods, gap) -> FireSheet:
    ut, tt = game.unit_type(u), game.unit_type(t)
    known = game.contacts.get((u.side, t.id))
    label = f"{known.label} ({known.type_label})" if known is not None else "the enemy entering its hex"
    test = (game.rule_state.scenario or {}).get("obscurity", "b")
    obscured = sudden.obscurity(test, hinders(game, u.hex), u.hex, t.hex)
    benefit = cover(game, t.hex, u.hex)
    up = higher(game, t.hex, u.hex)
    lines = [f"{u.id} fires at {label}, range {rng} (HCM 3.7)"]
    seen = game.rule_state.seen_at_start
    if u.id in seen and t.id not in seen[u.id]:
        lines.append(f"  not seen as the turn began: within half its reach ({rng} <= {sudden.sudden_limit(reach)})"
                     + (f", in a gap of {gap} (limit {sudden.gap_limit(gap)})" if gap else "") + " (HCM 3.7.16)")
    kept: dict[int, str] = {}
    hard = kind(game, t) in HARD
    riders = [p for p in game.units.values() if p.carried_by == t.id and kind(game, p) in INFANTRY]
    if weapon in ("small_arms", "mg") and hard and not riders:
        return refuse("small arms do not hurt vehicles and guns: anti-tank weapons do, or a stand in the next hex",
                      "HCM 3.7.3, 3.7.4")
    if weapon in ("small_arms", "mg"):
        firer_class = smallarms.vehicle_mg_class(ut["wheels"] == "halftrack") if kind(game, u) in HARD \
            else smallarms.infantry_class(weight(game, u), u.id)
        # an APC's riders are hit as Medium infantry (3.7.4; the vehicle itself is not hurt)
        target_class = tt["weight"] if tt["weight"] in smallarms.CLASSES and not hard else "M"
        bonus, by_cvs = cvs_combat.commander_bonus(game, u)        # 3.10 d and its option
        needed, mods = smallarms.needs(firer_class, target_class, rng, smg=kind(game, u) == "smg",
                                       short=weapon == "mg", hit_markers=u.marks.hits,
                                       commander=bonus, commander_cvs=by_cvs, cover=benefit + up + obscured,
                                       combat_damage=damage.combat_penalty(u.marks.damage), who=u.id)
        lines.append(f"  small arms, {firer_class} against {target_class} at range {rng} (Small Arms chart, sample; "
                     "HCM 3.7.2)" + (", as a vehicle's MG (HCM 3.7.6)" if weapon == "mg" else ""))
        if weapon == "mg" and mg_shots(ut) > 1:
            lines.append(f"  AA/quad MG {u.marks.shots + 1} of {mg_shots(ut)}: each fires on its own (HCM 3.7.6)")
        lines += [m.line() for m in mods]
        lines.append(f"  1d6 needs {needed} or more (HCM 3.7.2)")
        return FireSheet(True, lines=tuple(lines), kept=kept, firer=u.id, target=t.id, weapon=weapon,
                         needed=needed, dice=(1, 6), gun_weight=gun_w)
    # the gun's "can't miss" range (3.7.11; -1 none); an anti-tank weapon's is the next hex (3.7.3)
    auto_at = ut["auto_range"] if weapon == "gun" else 0
    if rng <= auto_at:
        benefits = benefit + up + obscured + u.marks.hits
        needed = fire.auto_hit_needs(benefits)
        lines.append(f"  within its auto-hit range {auto_at}: 1d10 needs {needed} or less -- 10, less one for each "
                     f"of {benefits} benefit{'s' if benefits != 1 else ''} of the target and hit marker on the "
                     "firer (HCM 3.7.3, 3.7.11)")
        return FireSheet(True, lines=tuple(lines), kept=kept, firer=u.id, target=t.id, weapon=weapon, auto=True,
                         needed=needed, dice=(1, 10), gun_weight=gun_w)
    front = tt["armour"]
    steps = fire.facing_steps(t.marks.facing, t.hex, u.hex) if hard and t.marks.facing is not None else 0
    seen_armour = fire.facing_armour(front, steps)
    bonus, by_cvs = cvs_combat.commander_bonus(game, u)            # 3.10 d and its option
    mods = (fire.firer_modifiers(u.marks.hits, damage.combat_penalty(u.marks.damage), bonus, by_cvs)
            + arc_mods + fire.target_modifiers(benefit, up, obscured))
    needed_seen = fire.target_number(rng, seen_armour, mods)
    hidden = damage.armour_penalty(t.marks.damage) if hard else 0
    true_armour = max(0, seen_armour - hidden)
    needed = fire.target_number(rng, true_armour, mods)
    dice = fire.dice_for(reach, infantry_at=weapon == "at")
    lines.append(f"  {'cannon' if weapon == 'gun' else 'anti-tank weapon'} of weight {gun_w}, "
                 f"{dice[0]}d10 (HCM 3.7.1" + (", 3.7.3)" if weapon == "at" else ")"))
    lines.append((f"  armour {front} front" if hard else f"  defence value {front}")
                 + (f", {seen_armour} on the face it is shot at ({steps} facing "
                                               f"step{'s' if steps != 1 else ''} off its front, HCM 3.7.7)"
                                               if steps else ""))
    lines += [m.line() for m in mods]
    lines.append(f"  needs {rng} + {seen_armour}" + "".join(f" {m.value:+d}" for m in mods)
                 + f" = {needed_seen} or more (HCM 3.7.1)")
    if hidden:
        kept[len(lines)] = UMPIRE_ONLY
        lines.append(f"  (umpire) {t.id}'s D damage takes {hidden} off its armour: it needs {needed} (HCM 2.3.3)")
    return FireSheet(True, lines=tuple(lines), kept=kept, firer=u.id, target=t.id, weapon=weapon, needed=needed,
                     dice=dice, gun_weight=gun_w, hidden=bool(hidden))


def shot_hits(sheet: FireSheet, dice) -> tuple[bool, str]:
    """Roll the sheet's dice: whether it hits, and the line saying so."""
    count, sides = sheet.dice
    roll = dice.roll(f"fire of {sheet.firer}", count, sides).total
    if sheet.auto:
        hit = roll <= sheet.needed
        return hit, f"1d10 = {roll}: {'hit' if hit else 'miss'} (needed {sheet.needed} or less)"
    hit = fire.hits(roll, sheet.needed)
    return hit, f"{count}d{sides} = {roll}: {'hit' if hit else 'miss'}"
