"""What a MechWar 4 side's turn report prints of its own forces, and its orders form: a command
for each company (with an ambush hex on turn 1, 6.913) and the fire plots of its supports
(7.0, 14.0)."""

from __future__ import annotations

from ...core.game import Game
from ...core.rulesystem import Table
from .supports import all_supports, unavailable
from .indirect import indirect_support

PLOT_CHOICES = "tight / loose / smoke / counterbattery"


def ammunition(game: Game, u) -> str:
    """Its ammunition level when the scenario counts ammunition (6.87), and spent missiles."""
    if game.option("ammunition") in (None, "none"):
        return "out (missiles)" if u.marks.g_spent else ""
    return {3: "", 2: "low", 1: "low", 0: "out"}.get(u.marks.ammo_level, "") + \
        (" missiles spent" if u.marks.g_spent else "")


def forces_table(game: Game, units: list, commands: dict) -> Table:
    rows = [(u.company or "—", u.id, game.unit_type(u)["label"], game.whereabouts(u), game.strength(u),
             f"S{u.marks.suppression}" if u.marks.suppression else "", "P" if u.marks.panicked else "",
             ammunition(game, u),
             commands.get(game.command_of(u), {}).get("label", "") if game.command_of(u) else "",
             f"F{u.marks.fatigue}" if u.marks.fatigue else "", u.carried_by or "")
            for u in sorted(units, key=lambda u: (u.company or "", u.id))]
    return Table("Our forces", ("Company", "Unit", "Type", "Hex", "Strength", "Suppr.", "Panic", "Ammo", "Command",
                                "Fatigue", "Carried by"), rows, "No units left.")


def orders_form(game: Game, side: str, commands: dict) -> list[Table]:
    """A blank form for next turn: a row per company, rows for each support's fire."""
    battalions = {b.id: b.side for b in game.battalions}
    companies = [c for c in game.companies if battalions[c.battalion] == side
                 and any(u.company == c.id and u.status in ("on_map", "off_map") for u in game.units.values())]
    choices = " / ".join(spec["label"].split(" (")[0] for spec in commands.values())
    form = [Table(f"Commands for turn {game.turn + 1} (one of: {choices})", ("Company", "Command", "Ambush hex"),
                  [(c.name, "", "") for c in companies], "No companies.")]
    fire = []
    for a in all_supports(game).values():
        if a.side == side:
            what = "strike" if a.kind == "air" else "conc."
            flown = game.support_used.get(a.id, {}).get("strikes", [])
            fire.extend((f"{a.id} {what} {k} ({a.strength}H)", "", "", "") for k in range(1, a.concentrations + 1)
                        if k not in flown and not unavailable(game, a.id, k, game.turn + 1))
    for u in game.units.values():
        if u.side == side and u.on_map and indirect_support(game, u.id) is not None:
            fire.append((f"{u.id} (on-map)", "", "", ""))
    form.append(Table(f"Fire plots ({PLOT_CHOICES})", ("Battery", "Target hex", "Pattern", "Turn"), fire,
                      "No fire support."))
    return form
