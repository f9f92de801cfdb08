"""How Wardogs units read: the marks on a side's own counters, the record sheets in its report
(forces_table), the inspector (unit_details) and what an enemy contact shows (strength_text).

What is hidden from the enemy (armour now, shields, damaged systems, ammunition, equipment left,
declared cover) is printed only in the owner's own tables and the umpire's: strength_text, which
a contact shows the enemy, says only what can be seen on the table -- the unit's size and
whether it stands, has fallen or flies (p. 6: a unit's size is its height in plain sight).
"""

from __future__ import annotations

from ...core.details import unit_rows
from ...core.game import Game, UnitState
from ...core.rulesystem import Table
from .state import ammo_left, armour, armour_at_start, weapons

MARK_WORDS = (
    (r"F(N|NE|SE|S|SW|NW)", "faces {0} (Wardogs p. 9)"),
    (r"AR(\d+)", "armour rating now {0} (Wardogs p. 6)"),
    (r"Sh(\d+)", "{0} shield points left this turn (Wardogs p. 16)"),
    ("Down", "fallen or out of control: stand up first (Wardogs p. 11)"),
    (r"Fly(\d+)", "in flight, {0} levels up (Wardogs p. 10)"),
    ("Cover-partial", "partial cover declared inside a building (Wardogs p. 13)"),
    ("Cover-total", "total cover declared inside a building (Wardogs p. 13)"),
    ("Half", "stood up this turn: half the MP left (Wardogs p. 11)"),
)

SCENARIO_KEYS: dict[str, str] = {}


def unit_marks(game: Game, u: UnitState) -> str:
    """The marks on the side's own counter: facing, armour, shields, fallen, flight, cover."""
    m = u.marks
    parts = []
    if m.facing is not None:
        parts.append("F" + game.map.grid.direction_name(m.facing))
    parts.append(f"AR{armour(game, u)}")
    if m.shields:
        parts.append(f"Sh{m.shields}")
    if m.fallen:
        parts.append("Down")
    if m.flying:
        parts.append(f"Fly{m.altitude}")
    if m.cover:
        parts.append(f"Cover-{m.cover}")
    if m.half_mp:
        parts.append("Half")
    return " ".join(parts)


def strength_text(game: Game, u: UnitState) -> str:
    """What anyone who sees the unit sees: its size and height, and whether it is down or flying."""
    t = game.unit_type(u)
    state = " fallen" if u.marks.fallen else (" in flight" if u.marks.flying else "")
    return f"size {t['size']} ({2 * t['size']} m){state}"


def weapon_text(game: Game, u: UnitState, key: str, w: dict) -> str:
    left = ammo_left(game, u, key)
    ammo = "no ammunition needed" if left is None else f"{left} of {w['ammo']} rounds"
    bands = "/".join(str(b) for b in w["bands"])
    return f"{w['label']} ({w['class']}, {w['mount'].replace('_', ' ')}): range {bands}, ROF {w['rof']}, DMG {w['dmg']}, {ammo}"


def damage_text(u: UnitState) -> str:
    return ", ".join(f"{k} x{v}" for k, v in sorted(u.marks.damage.items()))


def equipment_text(game: Game, u: UnitState) -> str:
    gear = game.rules.tables["units"].section("equipment")
    out = []
    for key in game.unit_type(u)["equipment"]:
        e = gear[key]
        left = u.marks.equipment.get(key, e["uses"])
        out.append(f"{e['label']}" + (f" {left}/{e['uses']}" if e["uses"] else ""))
    return ", ".join(out)


def forces_table(game: Game, units: list) -> Table:
    """The side's own record sheets in full (p. 4): armour now and at the turn's start, shields,
    signature, MP, damaged systems, ammunition and equipment left."""
    n = game.map.number
    rows = []
    for u in sorted(units, key=lambda u: u.id):
        t = game.unit_type(u)
        m = u.marks
        rows.append((u.id, t["label"], n(u.hex) if u.on_map else game.whereabouts(u),
                     game.map.grid.direction_name(m.facing) if m.facing is not None else "",
                     f"{armour(game, u)} (turn start {armour_at_start(game, u)})", f"{m.shields}/{t['shields']}",
                     str(t["signature"]), f"{t['mp']}" + (f" / air {t['air_mp']}" if t["air_mp"] else ""),
                     damage_text(u), "; ".join(weapon_text(game, u, k, w) for k, w in weapons(game, u)),
                     equipment_text(game, u), unit_marks(game, u), u.carried_by or ""))
    return Table("Our record sheets", ("Unit", "Type", "Hex", "Facing", "AR", "Shields", "Signature", "MP",
                                       "Damaged systems", "Weapons", "Equipment", "Marks", "In"), rows, "No units left.")


def unit_details(game: Game, u: UnitState, umpire: bool) -> list[tuple[str, str]]:
    """The inspector's rows for a unit of the side looking (or the umpire): its record sheet."""
    from .state import traits
    rows = unit_rows(game, u, umpire)
    t = game.unit_type(u)
    m = u.marks
    rows.append(("Record", f"{t['kind']}, size {t['size']} ({2 * t['size']} m tall), {t['weight_class']}, "
                           f"tech {t['tech']}, {t['power']}"))
    rows.append(("Pilot", traits(u).skill))
    rows.append(("Armour", f"{armour(game, u)} now, {armour_at_start(game, u)} at the turn's start (Table 7)"))
    if t["shields"]:
        rows.append(("Shields", f"{m.shields} of {t['shields']}"))
    rows.append(("Signature", str(t["signature"])))
    if m.damage:
        rows.append(("Damaged systems", damage_text(u)))
    for k, w in weapons(game, u):
        rows.append(("Weapon", weapon_text(game, u, k, w)))
    if t["equipment"]:
        rows.append(("Equipment", equipment_text(game, u)))
    if m.facing is not None:
        rows.append(("Facing", game.map.grid.direction_name(m.facing)))
    if m.hexes_moved:
        rows.append(("Hexes moved", f"{m.hexes_moved} this turn (Table 3)"))
    return rows
