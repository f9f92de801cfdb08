"""How Wardogs units read: the marks on a side's own counters, the record sheets in its report
(forces_table), the inspector (unit_details) and what an enemy contact shows (strength_text).

What is hidden from the enemy (armour now, shields, damaged systems, ammunition, equipment left,
declared cover) is printed only in the owner's own tables and the umpire's: strength_text, which
a contact shows the enemy, says only what can be seen on the table -- the unit's size and
whether it stands, has fallen or flies (p. 6: a unit's size is its height in plain sight).
"""

from __future__ import annotations

from ...core.details import unit_rows
from ...core.hexgrid import DIRECTION_NAMES
from ...core.game import Game, UnitState
from ...core.rulesystem import Table
from .penetration import system_label
from .state import LEVEL_METRES, ammo_left, armour, armour_at_start, weapons
from .weapons import die_for

# the facing as an arrow on the counter: read at a glance, and short enough to leave the armour room
ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}

MARK_WORDS = (
    (r"([↑↗→↘↓↙←↖])", "the way it faces, its front hexside (Wardogs p. 9)"),
    (r"AR(\d+)", "armour rating now {0} (Wardogs p. 6)"),
    (r"Sh(\d+)", "{0} shield points left this turn (Wardogs p. 16)"),
    ("Down", "fallen or out of control: stand up first (Wardogs p. 11)"),
    (r"Alt(\d+)m", "in flight, {0} m up (Wardogs p. 10)"),
    (r"P(\d+)", "carrying {0} squad(s) (Wardogs p. 10)"),
    ("Cover-partial", "partial cover declared inside a building (Wardogs p. 13)"),
    ("Cover-total", "total cover declared inside a building (Wardogs p. 13)"),
    ("Half", "stood up this turn: half the MP left (Wardogs p. 11)"),
    (r"Hot(\d+)", "went through a forest fire: +5 thermal signature to the end of turn {0} (Wardogs p. 16)"),
)

SCENARIO_KEYS: dict[str, str] = {}


def scenario_problems(scenario) -> list[tuple[str, str, str]]:
    """A unit's facing must be a hexside of the map's hexes (p. 9): N and S only flat-topped,
    E and W only pointy-topped."""
    grid = scenario.map.grid
    names = DIRECTION_NAMES[grid.orientation]
    return [(f"unit {u.id}", "facing", f"facing {u.traits['facing']!r} is not a hexside of {grid.orientation}-topped "
             f"hexes (use one of {', '.join(names)}; Wardogs p. 9)")
            for u in scenario.units if (u.traits or {}).get("facing") not in (None, *names)]


def unit_marks(game: Game, u: UnitState) -> str:
    """The marks on the side's own counter: facing (an arrow), armour, shields, fallen, altitude,
    passengers, cover, the flames' heat."""
    m = u.marks
    parts = []
    if m.facing is not None:
        parts.append(ARROWS.get(game.map.grid.direction_name(m.facing), ""))
    parts.append(f"AR{armour(game, u)}")
    if m.shields:
        parts.append(f"Sh{m.shields}")
    if m.fallen:
        parts.append("Down")
    if m.flying:
        parts.append(f"Alt{LEVEL_METRES * m.altitude}m")
    riders = sum(1 for x in game.units.values() if x.carried_by == u.id and x.status == "on_map")
    if riders:
        parts.append(f"P{riders}")
    if m.cover:
        parts.append(f"Cover-{m.cover}")
    if m.half_mp:
        parts.append("Half")
    if m.hot_until >= game.turn:
        parts.append(f"Hot{m.hot_until}")
    return " ".join(x for x in parts if x)


def strength_text(game: Game, u: UnitState) -> str:
    """What anyone who sees the unit sees: its height (p. 6: 2 x size m), and whether it is down
    or flying -- short, as a counter's foot has room for it with its owner's marks."""
    t = game.unit_type(u)
    state = " down" if u.marks.fallen else (" flying" if u.marks.flying else "")
    return f"{2 * t['size']} m{state}"


def weapon_text(game: Game, u: UnitState, key: str, w: dict) -> str:
    left = ammo_left(game, u, key)
    ammo = "no ammunition needed" if left is None else f"{left} of {w['ammo']} rounds"
    bands = "/".join(str(b) for b in w["bands"])
    return f"{w['label']} ({w['class']}, {w['mount'].replace('_', ' ')}): range {bands}, ROF {w['rof']}, DMG {w['dmg']}, {ammo}"


def system_name(game: Game, key: str) -> str:
    """A damaged system as its record sheet names it: "30mm Autocannon", "left leg" (Tables 8-9)."""
    kind, _, name = key.partition(":")
    if kind == "weapon":
        return game.rules.tables["units"].section("weapon").get(name, {}).get("label", name)
    if kind == "equipment":
        return game.rules.tables["units"].section("equipment").get(name, {}).get("label", name)
    return system_label(key)


def damage_text(game: Game, u: UnitState) -> str:
    """Its damaged systems in words: "left leg damaged, 30mm Autocannon destroyed" (p. 16: twice
    damaged is destroyed)."""
    return ", ".join(f"{system_name(game, k)} {'destroyed' if v >= 2 else 'damaged'}"
                     for k, v in sorted(u.marks.damage.items()) if v > 0)


def mp_text(game: Game, u: UnitState) -> str:
    """The MP it has this turn and what is left (p. 9), its sheet's ground and air MP."""
    from .movement import allowance
    t = game.unit_type(u)
    have = allowance(game, u)
    sheet = f"{t['mp']}" + (f", air {t['air_mp']}" if t["air_mp"] else "")
    return f"{max(have - u.mp_spent, 0):g} of {have:g} left this turn (sheet: {sheet})"


def equipment_text(game: Game, u: UnitState) -> str:
    gear = game.rules.tables["units"].section("equipment")
    out = []
    for key in game.unit_type(u)["equipment"]:
        e = gear[key]
        left = u.marks.equipment.get(key, e["uses"])
        out.append(f"{e['label']}" + (f" {left}/{e['uses']}" if e["uses"] else ""))
    return ", ".join(out)


def forces_table(game: Game, units: list) -> Table:
    """The side's own record sheets in full (p. 4), a row for each weapon: the unit, its state
    (armour now and at the turn's start, shields, signature, MP, damaged systems, equipment left,
    marks) on its first row, then each weapon with its range, ROF and damage die and rounds left
    -- a few wide columns that read whole rather than thirteen narrow ones."""
    n = game.map.number
    rows = []
    for u in sorted(units, key=lambda u: u.id):
        t = game.unit_type(u)
        m = u.marks
        where = n(u.hex) if u.on_map else game.whereabouts(u)
        facing = f", facing {game.map.grid.direction_name(m.facing)}" if m.facing is not None and u.on_map else ""
        unit = f"{u.id}: {t['label']}, {where}{facing}" + (f", carried by {u.carried_by}" if u.carried_by else "")
        state = [f"AR {armour(game, u)} (turn start {armour_at_start(game, u)})", f"shields {m.shields}/{t['shields']}",
                 f"signature {t['signature']}", f"MP {mp_text(game, u)}"]
        if m.damage:
            state.append(f"damaged: {damage_text(game, u)}")
        if t["equipment"]:
            state.append(f"equipment: {equipment_text(game, u)}")
        marks = unit_marks(game, u)
        if marks:
            state.append(f"marks: {marks}")
        first = True
        for k, w in weapons(game, u) or [("", None)]:
            cells = ("", "", "", "")
            if w is not None:
                hurt = {1: " (damaged)", 2: " (destroyed)"}.get(min(m.damage.get(f"weapon:{k}", 0), 2), "")
                left = ammo_left(game, u, k)
                cells = (f"{w['label']}{hurt}, {w['class']}, {w['mount'].replace('_', ' ')}",
                         "/".join(str(b) for b in w["bands"]), f"{w['rof']} / d{die_for(w['dmg'])}",
                         "none needed" if left is None else f"{left} of {w['ammo']}")
            rows.append((unit if first else "", "; ".join(state) if first else "", *cells))
            first = False
    return Table("Our record sheets", ("Unit", "State", "Weapon", "Range", "ROF / die", "Rounds"), rows,
                 "No units left.")


# room to write a label in: the report sizes columns by their text, and an empty one came out a
# finger wide (no-break spaces are measured and kept)
BLANK = "\u00a0" * 40


def orders_form(game: Game, side: str) -> list[Table]:
    """The report's blank declaration of fire for the next turn (p. 7 step 6): a line for each
    weapon of each unit, its target (your contact label) to write in -- as an orders file has it."""
    rows = []
    for u in sorted((u for u in game.units.values() if u.side == side and u.status in ("on_map", "off_map")),
                    key=lambda u: u.id):
        for k, w in weapons(game, u):
            rows.append((u.id, w["label"], k, BLANK))
    return [Table(f"Declaration of fire for turn {game.turn + 1} (Wardogs p. 7 step 6)",
                  ("Firer", "Weapon", "Weapon key (orders file)", "Target (your label)"), rows, "No units.")]


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
    if u.on_map:
        rows.append(("MP", mp_text(game, u)))
    if m.damage:
        rows.append(("Damaged systems", damage_text(game, u)))
    for k, w in weapons(game, u):
        rows.append(("Weapon", weapon_text(game, u, k, w)))
    if t["equipment"]:
        rows.append(("Equipment", equipment_text(game, u)))
    if m.facing is not None:
        rows.append(("Facing", game.map.grid.direction_name(m.facing)))
    if m.hexes_moved:
        rows.append(("Hexes moved", f"{m.hexes_moved} this turn (Table 3)"))
    return rows
