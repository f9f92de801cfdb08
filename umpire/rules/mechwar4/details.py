"""What the unit inspector says of a MechWar 4 unit: the rows every system shows, then its
troop quality, factors and counters (the playing pieces' printed values, MW4 3.2), company and
battalion morale -- each with its rule."""

from __future__ import annotations

from ...core.details import this_turn, unit_rows
from ...core.game import Game
from ...core.hexgrid import DIRECTIONS
from .morale import hq_unit
from .state import ALL_ROUND
from .traits import entry_formation, qualities, quality_of

AMMUNITION = {3: "full", 2: "level 2 of 3", 1: "Low Ammo (level 1)", 0: "OUT — may not fire"}


def unit_details(game: Game, u, umpire: bool) -> list[tuple[str, str]]:
    t = game.unit_type(u)
    q = qualities(game.rules)[quality_of(game, u)]
    rows = unit_rows(game, u, umpire, hq=hq_unit(game, u.battalion), entering=entry_formation)
    at = next(i for i, (label, _) in enumerate(rows) if label == "Strength") + 1
    rows[at:at] = [
        ("Troop quality", f"{q['label']} (panic level {q['panic_level']}%)"),
        ("Weapons class", t["weapons_class"]),
        ("Attack / range", f"{t['attack']} / {t['range']} hexes"),
        ("Defense", f"{t['defense']} ({t['target']} target)"),
        ("Movement", f"{t['movement']} MP ({t['move_class']})"),
    ]
    m = u.marks
    # what its action was: `acted` is set by forming column (8.13), going into defilade (10.5)
    # and by panicking (13.0) alike -- a panicked unit read "formed column this turn"
    acted = u.acted and not m.panicked
    turn = this_turn(u, before=(("in column (MW4 8.1)", m.in_column),),
                     after=(("formed column this turn", acted and m.in_column),
                            ("took up a defilade position this turn", acted and m.defilade is not None
                             and not m.in_column),
                            ("panicked (MW4 13.0)", u.acted and m.panicked)))
    if turn:
        rows.append(turn)
    company = game.rule_state.companies.get(u.company) if u.company else None
    if company is not None and (company.formation_penalty or company.grace_until is not None):
        rows.append(("Formation", "out of formation: panic level +1 level until it closes up (MW4 4.1)"
                     if company.formation_penalty else f"out of formation after losses: close up by turn "
                                                       f"{company.grace_until} (MW4 4.1)"))
    if company is not None:
        losses, rise = company.losses, company.panic_rise
        rows.append(("Company morale", f"{losses} unit{'s' if losses != 1 else ''} lost; panic level "
                                       f"+{rise} level{'s' if rise != 1 else ''} (MW4 19.812)"))
    if game.option("ammunition") not in (None, "none") and t.get("depletion"):
        rows.append(("Ammunition", AMMUNITION.get(m.ammo_level, str(m.ammo_level))
                     + f" (depletion {t['depletion']}, MW4 6.87)"))
    morale = game.rule_state.battalion(u.battalion)
    if morale is not None:
        rows.append(("Battalion morale", battalion_morale(morale)))
    if m.defilade is not None:
        rows.append(("Defilade", "all round (infantry, MW4 10.52)" if m.defilade == ALL_ROUND else
                     f"marker facing {game.map.number(u.hex + DIRECTIONS[m.defilade])}: fire through that "
                     "hexside or the two beside it (MW4 10.5)"))
    if m.suppression:
        rows.append(("Suppressed", f"S{m.suppression} (MW4 7.4-7.6; removed in the next removal phase)"))
    if m.panicked:
        rows.append(("Panicked", "neither moves nor fires until the marker comes off (MW4 13.1)"))
    if u.status == "destroyed":
        rows.append(("Status", f"destroyed ({game.strength(u)} steps)"))
    if m.fatigue:
        rows.append(("Fatigue", f"level {m.fatigue} (MW4 8.16)" + (": may not move until rested"
                                                                 if m.fatigue >= 2 else "")))
    return rows


def battalion_morale(state) -> str:
    value = (f"HQ value {state.hq_value} (column {state.hq_column}, MW4 19.821)" if state.hq_value is not None
             else "HQ value: none (replaced off the table, MW4 19.814)")
    if state.no_rally:
        value += "; its companies can no longer rally (MW4 19.814)"
    if state.broken:
        value += "; BROKEN — its companies may not rally (MW4 19.822)"
    return value


def formation_status(game: Game, kind: str, formation_id: str) -> str:
    """What the order-of-battle tree adds to a battalion's or a company's name: broken (19.822),
    or the company's panic level rise (19.812)."""
    if kind == "battalion":
        battalion = game.rule_state.battalions.get(formation_id)
        return " — broken" if battalion is not None and battalion.broken else ""
    company = game.rule_state.companies.get(formation_id)
    rise = company.panic_rise if company is not None else 0
    return f" (panic +{rise})" if rise else ""
