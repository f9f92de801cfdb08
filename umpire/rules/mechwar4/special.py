"""MechWar 4 special attacks on a worksheet: mine attacks (16.11-16.14), the terrain of an
overrun firefight (12.1) and anti-helicopter fire on the Flak table (17.31-17.34)."""

from __future__ import annotations

from ...core.errors import RulesetError
from ...core.game import Game, UnitState
from ...core.hexgrid import hex_distance
from .worksheet import STEPS, FireSheet, plain_result, read_table, strength_state


def mine_sheet(game: Game, unit_id: str, mine_type: str, leaving: bool) -> FireSheet:
    """A mine attack on a unit entering or leaving a mined hex (16.11-16.14): the mined hex's
    net attack superiority on the CRT, whatever the unit -- terrain, defense and target type
    ignored (16.12).  Our reading: every unit is attacked on the Anti-Armor CRT's full
    strength column set, as the text names no table."""
    base, _, more = mine_type.partition(" +")            # "hasty +4": FASCAM fired on it thrice (19.43)
    kind, extra = game.rules.mine_types[base], int(more or 0)
    sheet = FireSheet(f"{kind['label'].lower()} mines", unit_id, True)
    sheet.lines.append(("mine attack", f"{unit_id} {'leaves' if leaving else 'enters'} a "
                        f"{kind['label'].lower()} mined hex", "MW4 16.14" if leaving else "MW4 16.0, 16.13"))
    sheet.lines.append(("attack superiority", f"{kind['net_superiority']:+d}; terrain, defense and target type "
                        "ignored", "MW4 16.11, 16.12"))
    if extra:
        sheet.lines.append(("more FASCAM fires", f"{extra:+d}", "MW4 19.43"))
    read_table(game, sheet, "anti_armor_full", kind["net_superiority"] + extra, 0)
    return sheet


def overrun_terrain(game: Game, t: UnitState) -> list[tuple[int, str, str]]:
    """In an overrun terrain is ignored but for an improved position, as defilade, and the
    woods or town modifier for infantry (12.1)."""
    out: list[tuple[int, str, str]] = []
    if t.marks.improved:
        out.append((-3, "an improved position (as defilade)", "MW4 12.1"))
    terrain = game.rules.terrain_types[game.map.terrain[t.hex]]
    if game.unit_type(t)["move_class"] == "foot" and terrain["cover"] < 0:
        out.append((terrain["cover"], f"infantry in {terrain['label'].lower()}", "MW4 12.1"))
    return out


FLAK_BANDS = (2, 5, 10, 20)        # the table's range columns: 0-2, 3-5, 6-10, 11-20 hexes (17.31)


def anti_helicopter(game: Game, f: UnitState, t: UnitState, d: int, mode: str, no) -> FireSheet:
    """MW4 17.31-17.34: the firer's flak strength at the range, less the helicopter's defense,
    on the CRT by the firer's state; no terrain; only D results count against a helicopter."""
    ft, tt = game.unit_type(f), game.unit_type(t)
    if ft["weapons_class"] == "G" or mode != "main":
        return no("G class units and secondary weapons do not fire at helicopters", "MW4 17.31")
    rows = game.rules.tables["flak"].section("entry")
    key = ft.get("flak") or "others"
    if key not in rows:
        raise RulesetError(f"{f.type}: flak row {key!r} is not in the Flak table (known: {', '.join(rows)})",
                           file="units.toml")
    band = next((i for i, top in enumerate(FLAK_BANDS) if d <= top), None)
    strength = rows[key]["by_band"][band] if band is not None else 0
    if strength <= 0:
        return no(f"the helicopter is {d} hexes away: out of {f.id}'s flak reach "
                  f"({rows[key]['label']} row)", "MW4 17.31")
    sheet = FireSheet(f.id, t.id, True)
    add = sheet.lines.append
    add(("range", f"{d} hexes", "MW4 6.0 step 1"))
    add(("target type", "helicopter", "MW4 17.3"))
    add(("flak strength", f"{strength} ({rows[key]['label']} row, {_band_text(band)} hexes)", "MW4 17.31"))
    superiority = strength - tt["defense"]
    add(("attack superiority", f"{strength} - defense {tt['defense']} = {superiority:+d}", "MW4 17.31"))
    add(("terrain", "none for or against a helicopter", "MW4 17.31, 17.32"))
    read_table(game, sheet, "anti_armor_d2" if f.marks.in_column else f"anti_armor_{strength_state(f)}", superiority, 0)
    # 17.34: only losses touch a helicopter; panic and suppression results are ignored
    sheet.cells = tuple(c if plain_result(c) in STEPS else "-" for c in sheet.cells)
    return sheet


def _band_text(band: int) -> str:
    low = 0 if band == 0 else FLAK_BANDS[band - 1] + 1
    return f"{low}-{FLAK_BANDS[band]}"


def rider_sheet(game: Game, sheet: FireSheet, rider_id: str) -> FireSheet | None:
    """Infantry riding on a tank that is fired on (9.2): the same die on the Anti-Personnel CRT
    at the superiority the shot at the tank achieved -- for R class fire, at the superiority
    an R attack on a soft target would have.  None for passengers inside a carrier (9.13)."""
    rider, carrier, f = game.units[rider_id], game.units[sheet.target], game.units[sheet.firer]
    if not exposed(game, rider) or not sheet.legal or sheet.superiority is None:
        return None
    ft = game.unit_type(f)
    out = FireSheet(f.id, rider_id, True)
    if game.unit_type(carrier)["carries"]:
        out.lines.append(("fired from its carrier", f"{rider_id} fired from {carrier.id} this turn: it takes the "
                          "same die as a soft target", "MW4 9.52, 9.54, 9.55"))
    else:
        out.lines.append(("riding on a tank", f"{rider_id} on {carrier.id} takes the same die as a soft target",
                          "MW4 9.2"))
    superiority = sheet.superiority
    if ft["weapons_class"] == "R":
        rows = game.rules.tables["attenuation"].section("entry")
        by_range = rows["soft_R"]["by_range"] if "soft_R" in rows else [0]
        d = hex_distance(f.hex, carrier.hex)
        attack = ft["attack"] + by_range[min(d, len(by_range) - 1)]
        superiority = attack - game.unit_type(rider)["defense"]
        out.lines.append(("attack superiority", f"{attack} - defense {game.unit_type(rider)['defense']} = "
                          f"{superiority:+d}: R class fire at a soft target", "MW4 9.2"))
    else:
        out.lines.append(("attack superiority", f"{superiority:+d}, as against the tank", "MW4 9.2"))
    read_table(game, out, "anti_personnel", superiority, sheet.die_modifier)
    return out


def exposed(game: Game, passenger: UnitState) -> bool:
    """Whether a passenger takes fire at its carrier as a soft target of its own instead of
    sharing the carrier's losses (9.13): riding on a tank (9.2), or, in the turn it fired,
    from a carrier's hatches or open top (9.52, 9.54, 9.55)."""
    carrier = game.units.get(passenger.carried_by or "")
    if carrier is None:
        return False
    t = game.unit_type(carrier)
    if not t["carries"]:
        return True
    return passenger.fired and t.get("mounted_fire") in ("hatch", "open")


def dug_in(game: Game, unit: UnitState) -> bool:
    """Whether the unit has an improved position's benefits (11.0-11.2): only dismounted
    personnel and guns (11.1: foot units not riding), and only while it stays in the hex it
    started in -- moving clears the marker for good (11.0, movement.check_move)."""
    return bool(unit.marks.improved and not unit.carried_by and game.unit_type(unit)["move_class"] == "foot")
