"""How Hex Command Mechanized units read in reports, the unit inspector and the orders form,
and what a scenario's [hcm] table may hold.

A side reads its own units whole -- facing, hit markers, figures, the damage blocks beside its
vehicles (2.3.3: hidden from the enemy, not from the owner) and its stands' anti-tank mark
(1.1.2), each in one column of its forces table.  The enemy reads only its contacts: a marker,
or an identified unit's type and figures (spotting.py) -- and an identified vehicle's or gun's
facing, which the model on the table shows (3.5); never damage, anti-tank marks, commanders'
values (4.5) or what a dummy is.

Reading: a vehicle or gun is one item, so its strength text is its facing ("faces SE"): on a
counter the strength comes first, so the facing is never the part an ellipsis cuts; a stand's
facing is the first of its marks ("FSE H1").
"""

from __future__ import annotations

import re

from ...core.details import this_turn, unit_rows
from ...core.rulesystem import Table
from .state import anti_tank, figures_left, is_commander, is_dummy, is_infantry, is_vehicle, traits

MARK_WORDS = (
    (r"F(N|NE|SE|S|SW|NW)", "faces {0} (3.5)"),
    (r"H(\d+)", "{0} red hit marker(s) (1.1.3, 3.7.5)"),
    ("Rout", "routed (3.7.19)"),
    (r"(CC|DD|MM|C|D|M)", "damage block {0} (2.3.3)"),
    ("Stuck", "stuck in the mud this turn (3.5.1)"),
    ("Lim", "limbered to its tower (2.3.6)"),
    ("Foot", "its horses have scattered (2.2.1)"),
    (r"Hold-([a-j])", "held by the CVS consequence {0} (4.5.1)"),
    ("Hold-late", "a reinforcement held back by its commander's failed Initiative roll (3.4)"),
    ("Dummy", "a dummy marker: it stands for nothing (7.2)"),
    ("Pinned", "meleed in its flank or rear: no facing change while the contact lasts (3.8 j)"),
    ("NoBonus", "won a melee defending: no defensive bonus for the rest of the turn (3.8 e note)"),
)

SCENARIO_KEYS = {
    "sequence": "alternate (3.1 A/B, the default) or activation (4.6: numbered groups)",
    "activation": "4.6: each side's companies in the order they activate, side = [company ids]",
    "rain": "true: wheeled vehicles roll to get stuck as they move (3.5.1)",
    "break_point": "percent of a force lost at which it breaks and panics (3.3, 3.11; default 40)",
    "sight": "a bad day's sight in hexes (4.1: the whole table by default)",
    "passable_forests": "forest hexes vehicles enter without the entry roll (3.5.3), as hex numbers",
    "advance_cvs": "true: advancing after melee rolls the commander's Aggressiveness (3.8.5 optional)",
    "arrival_roll": "true: reinforcements arrive on 1d10 above their commander's Initiative (3.4 optional)",
    "sphere": "true: a commander of Morale 2 rallies the neighbouring hexes too (3.6, 4.5 optional)",
    "cvs_combat": "true: a commander adds his CVS Combat to the firing unit's roll, not +1 (3.10 d optional)",
    "group_initiative": "each (4.6: a roll for every group number, the default) or once (the turn's winner first)",
}


def scenario_problems(scenario) -> list[tuple[str, str, str]]:
    data = scenario.rule_data
    out = []
    seq = data.get("sequence", "alternate")
    if seq not in ("alternate", "activation"):
        out.append(("[hcm]", "sequence", f"sequence must be \"alternate\" (3.1 A/B) or \"activation\" (4.6), "
                                         f"got {seq!r}"))
    groups = data.get("activation", {})
    if groups and seq != "activation":
        out.append(("[hcm]", "activation", "[hcm.activation] numbers groups for sequence = \"activation\" (4.6)"))
    if not isinstance(groups, dict):
        out.append(("[hcm]", "activation", "activation must be a table: side = [company ids] (4.6)"))
        groups = {}
    side_of = {b.id: b.side for b in scenario.battalions}
    own = {c.id: side_of.get(c.battalion) for c in scenario.companies}
    for side, ids in groups.items():
        if side not in {x.id for x in scenario.sides}:
            out.append(("[hcm]", side, f"activation: {side!r} is not a side (4.6)"))
            continue
        if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
            out.append(("[hcm]", side, f"activation: {side} must list company ids (4.6)"))
            continue
        for cid in ids:
            if own.get(cid) != side:
                out.append(("[hcm]", cid, f"activation: {cid!r} is not a company of {side} (4.6)"))
        if len(set(ids)) != len(ids):
            out.append(("[hcm]", side, f"activation: {side} numbers a group twice (4.6)"))
    if data.get("group_initiative", "each") not in ("each", "once"):
        out.append(("[hcm]", "group_initiative", "group_initiative must be \"each\" or \"once\" (4.6)"))
    for key in ("rain", "advance_cvs", "arrival_roll", "sphere", "cvs_combat"):
        if key in data and type(data[key]) is not bool:
            out.append(("[hcm]", key, f"{key} must be true or false, got {data[key]!r}"))
    bp = data.get("break_point", 40)
    if type(bp) is not int or not 1 <= bp <= 100:
        out.append(("[hcm]", "break_point", f"break_point must be a percentage from 1 to 100, got {bp!r} (3.3)"))
    sight = data.get("sight", 1)
    if type(sight) is not int or sight < 1:
        out.append(("[hcm]", "sight", f"sight must be a whole number of hexes, 1 or more, got {sight!r} (4.1)"))
    forests = data.get("passable_forests", [])
    if not isinstance(forests, list) or not all(isinstance(x, str) for x in forests):
        out.append(("[hcm]", "passable_forests", "passable_forests must be a list of hex numbers (3.5.3)"))
    else:
        for number in forests:
            try:
                h = scenario.map.grid.parse(number)
            except ValueError:
                out.append(("[hcm]", number, f"passable_forests: {number!r} is not a hex of the map (3.5.3)"))
                continue
            if not scenario.map.grid.contains(h) or \
                    not scenario.rules.terrain_types[scenario.map.terrain[h]]["forest"]:
                out.append(("[hcm]", number, f"passable_forests: {number} is not a forest hex (3.5.3)"))
    for u in scenario.units:
        t = scenario.rules.unit_types[u.type]
        cvs = {k for k in ("initiative", "tactical", "aggressiveness", "combat", "morale", "overall", "ethnic")
               if k in (u.traits or {})}
        if cvs and t["kind"] != "commander":
            out.append((f"unit {u.id}", u.id, f"{sorted(cvs)[0]} is a commander's value (2.1): {u.id} is a "
                                               f"{t['label'].lower()}"))
    return out


def faces_in_strength(game, u) -> bool:
    """A vehicle or gun with a facing says it as its strength ("faces SE"): one item has no
    strength to tell, and its facing is what a player reads off the model (3.5, 3.7.1)."""
    return u.marks.facing is not None and (is_vehicle(game, u) or game.unit_type(u)["kind"] == "gun")


def unit_marks(game, u) -> str:
    """The short marks a side's own counter carries after its strength, the facing first (a
    stand's; a vehicle's or gun's is its strength text), so that a counter cut short keeps it."""
    m = u.marks
    if is_dummy(game, u):
        return "Dummy"
    parts = []
    if m.facing is not None and not faces_in_strength(game, u):
        parts.append("F" + game.map.grid.direction_name(m.facing))
    if m.hits:
        parts.append(f"H{m.hits}")
    if m.routed:
        parts.append("Rout")
    parts += list(m.damage)
    if m.stuck:
        parts.append("Stuck")
    if m.limbered:
        parts.append("Lim")
    if m.horses_away:
        parts.append("Foot")
    if m.order_hold:
        parts.append(f"Hold-{m.order_hold}")
    if m.pinned_by:
        parts.append("Pinned")
    if m.melee_won_turn == game.turn:
        parts.append("NoBonus")
    return " ".join(parts)


def strength_text(game, u) -> str:
    """What a counter, a report or a contact says of a unit's strength: a stand's figures (2.2);
    a vehicle or gun is one item, so its facing is said instead -- the side that identified it
    sees the model on the table and which way it points (3.5); its damage never (2.3.3)."""
    if faces_in_strength(game, u):
        return "faces " + game.map.grid.direction_name(u.marks.facing)
    return items_text(game, u)


def items_text(game, u) -> str:
    """A unit's strength counted: a stand's figures (2.2), one vehicle or gun."""
    if is_infantry(game, u):
        left = figures_left(game, u)
        return f"{left} figure{'s' if left != 1 else ''}"
    if is_commander(game, u):
        return "commander"
    if is_dummy(game, u):
        return "marker"
    return "1 vehicle" if is_vehicle(game, u) else "1 gun"


OWN_COLUMNS = re.compile(r"F(N|NE|SE|S|SW|NW)|H\d+|CC|DD|MM|C|D|M")     # marks with a column of their own


def forces_table(game, units) -> Table:
    """The side's own units, each mark in one column: facing, hit markers, damage blocks, the
    secret anti-tank mark of its stands and guns (1.1.2), and any other marks."""
    n = game.map.number
    rows = []
    for u in sorted(units, key=lambda u: (u.company or "", u.id)):
        m = u.marks
        others = " ".join(x for x in unit_marks(game, u).split() if not OWN_COLUMNS.fullmatch(x))
        at = "AT" if (is_infantry(game, u) or game.unit_type(u)["kind"] == "gun") and anti_tank(game, u) else ""
        rows.append((u.company or "—", u.id, game.unit_type(u)["label"], game.whereabouts(u) if not u.on_map else n(u.hex),
                     game.map.grid.direction_name(m.facing) if m.facing is not None else "",
                     items_text(game, u), str(m.hits) if m.hits else "", " ".join(m.damage), at,
                     others, u.carried_by or ""))
    return Table("Our forces", ("Company", "Unit", "Type", "Hex", "Facing", "Strength", "Hit markers",
                                "Damage blocks", "Anti-tank (1.1.2)", "Other marks", "With"), rows, "No units left.")


def unit_details(game, u, umpire: bool) -> list[tuple[str, str]]:
    rows = unit_rows(game, u, umpire)
    t = game.unit_type(u)
    m = u.marks
    if m.facing is not None:
        rows.append(("Facing", game.map.grid.direction_name(m.facing)))
    if is_infantry(game, u):
        rows.append(("Figures", f"{figures_left(game, u)} of {t['steps']}"))
    if m.hits:
        rows.append(("Hit markers", str(m.hits)))
    if m.damage:
        rows.append(("Damage blocks", " ".join(m.damage)))
    if t["gun"]:
        rows.append(("Gun", f"{t['gun']}, range 0-{t['gun_range']}, arc {t['arc']}"))
    tr = traits(u)
    at = tr.anti_tank if tr.anti_tank is not None else t["anti_tank"]
    if is_infantry(game, u) or t["kind"] == "gun":
        rows.append(("Anti-tank", "yes (its secret mark, 1.1.2)" if at else "no"))
    if is_commander(game, u):
        cvs = [f"{label} {getattr(tr, key)}" for key, label in (("initiative", "I"), ("combat", "C"), ("morale", "M"),
                                                               ("tactical", "T"), ("aggressiveness", "A"))
               if getattr(tr, key) is not None]
        rows.append(("CVS (2.1)", ", ".join(cvs) + (" — overall commander" if tr.overall else "")))
    if is_dummy(game, u):
        rows.append(("Dummy", "stands for nothing; the enemy sees a marker (7.2)"))
    turn = this_turn(u, after=(("acted", u.acted),))
    return rows + ([turn] if turn else [])


def orders_form(game, side: str) -> list[Table]:
    """The side's orders for the next turn: a line per unit to move, face, fire and melee; the
    commanders apart, who are not moved but placed (3.6) -- command_actions.py adds the written
    orders of 2.1.1."""
    units = [u for u in sorted(game.units.values(), key=lambda u: (u.company or "", u.id))
             if u.side == side and u.status in ("on_map", "off_map") and not u.carried_by]
    return [Table(f"Orders for turn {game.turn + 1} (HCM 3.5-3.8)",
                  ("Unit", "Move to", "Facing", "Fire at", "Melee"),
                  [(u.id, "", "", "", "") for u in units if not is_commander(game, u)], "No units."),
            Table(f"Commanders to place in turn {game.turn + 1} (HCM 3.2, 3.6)", ("Commander", "Place at"),
                  [(u.id, "") for u in units if is_commander(game, u)], "No commanders.")]
