"""MechWar 4 fire worksheets: what a shot's worksheet holds, the results of the CRT, and how a
sheet reads its table and its die.  Shared by direct fire (fire.py) and the special attacks
(special.py: mines, anti-helicopter fire)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.errors import RulesetError
from ...core.game import Game, UnitState

STEPS = {"D1": 1, "D2": 2, "D3": 3}
SUPPRESSION = {"S1": 1, "S2": 2}
RESULTS = ("-", "S1", "S2", "D1", "D2", "D3")


@dataclass
class FireSheet:
    firer: str
    target: str
    legal: bool
    reason: str = ""
    rule: str = ""
    lines: list[tuple[str, str, str]] = field(default_factory=list)     # (what, value, rule)
    table: str = ""
    column: str = ""
    die_modifier: int = 0
    cells: tuple[str, ...] = ()          # the result for each die face 1-6, modifiers applied
    roll: int | None = None
    result: str | None = None
    g_fire: bool = False                 # a G class shot: ammunition depletion follows (6.84)
    whole_hex: bool = False              # H class direct fire: every unit in the hex is attacked (6.43)
    superiority: int | None = None       # the attack superiority the table was read at
    defender_save: int = 0               # a parenthesised result is avoided on the defender's 1d6 up to this
    settled: str | None = None           # a parenthesised result after the defender's roll

    @property
    def odds(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for cell in self.cells:
            out[cell] = out.get(cell, 0.0) + 1 / 6
        return out

    def odds_text(self) -> str:
        """'no effect 67% (4 in 6), S1 33% (2 in 6)': each result the die can give, mildest
        first, in words where the table has a sign ("-" is no effect); the faces of the die say
        it exactly where the rounded percentages do not add up (three results of 33%)."""
        order = {r: i for i, r in enumerate(RESULTS)}
        faces: dict[str, int] = {}
        for cell in self.cells:
            faces[cell] = faces.get(cell, 0) + 1
        return ", ".join(f"{'no effect' if r == '-' else r} {n / len(self.cells):.0%} ({n} in {len(self.cells)})"
                         for r, n in sorted(faces.items(), key=lambda x: order.get(x[0], 9)))

    def text(self, target_label: str | None = None) -> list[str]:
        """The worksheet as an umpire writes it: one line per step, each with its rule.  A side
        reading it names the target by its own contact label."""
        head = f"Fire: {self.firer} at {target_label or self.target}"
        if not self.legal:
            return [f"{head}: no shot -- {self.reason}" + (f" ({self.rule})" if self.rule else "")]
        out = [head] + [f"  {what}: {value}" + (f" ({rule})" if rule else "") for what, value, rule in self.lines]
        out.append(f"  table: {self.table}, column {self.column}; die modifier {self.die_modifier:+d}")
        out.append(f"  odds: {self.odds_text()}")
        if self.roll is not None:
            modified = max(1, min(6, self.roll + self.die_modifier))
            out.append(f"  1d6 = {self.roll}, modified {modified}: {self.result}")
        if self.settled is not None:
            out.append(f"  defender's roll: {self.result} " + ("avoided" if self.settled == "-" else
                                                              f"stands as {self.settled}") + " (MW4 6.0)")
        return out


DEFENDER_SAVE = 3      # a table without defender_save: the defender avoids "(X)" on 1-3 (sample)


def plain_result(cell: str) -> str:
    """"(D1)" -> "D1": a parenthesised result, which needs the defender's roll (MW4 6.0)."""
    return cell[1:-1] if cell.startswith("(") and cell.endswith(")") else cell


def settle(sheet: FireSheet, dice) -> tuple[str, list[str]]:
    """A parenthesised result needs another die of the defender (MW4 6.0): 1d6 at or under the
    table's defender_save avoids it, above it the result stands.  Plain results stand as read."""
    result = sheet.result or "-"
    if plain_result(result) == result:
        return result, []
    inner = plain_result(result)
    r = dice.roll(f"defender roll against {result} on {sheet.target} (avoided on 1-{sheet.defender_save})", 1, 6).total
    sheet.settled = "-" if r <= sheet.defender_save else inner
    return sheet.settled, [f"  defender's roll {r}: {result} " + ("avoided" if r <= sheet.defender_save
                                                               else f"stands: {inner}") + " (MW4 6.0)"]


def strength_state(u: UnitState) -> str:
    """Which of its CRT columns a unit fires on: full strength, D1 or D2 (MW4 6.0)."""
    return {0: "full", 1: "d1"}.get(u.steps_lost, "d2")


def read_table(game: Game, sheet: FireSheet, key: str, superiority: int, die_mod: int) -> None:
    """Read a Combat Results Table (MW4 3.3: the game's charts, here data files) at the column of
    the attack superiority, with the die modifier."""
    table = game.rules.tables["crt"].section("entry")[key]
    cols = table["columns"]
    col = max((i for i, c in enumerate(cols) if c <= superiority), default=None)
    sheet.table, sheet.die_modifier, sheet.superiority = table["label"], die_mod, superiority
    sheet.defender_save = table.get("defender_save") or DEFENDER_SAVE
    if col is None:
        sheet.column = f"below {cols[0]:+d} (no effect)"
        sheet.cells = ("-",) * 6
    else:
        upper = f" to {cols[col + 1] - 1:+d}" if col + 1 < len(cols) else " and more"
        sheet.column = f"{cols[col]:+d}{upper}"
        sheet.cells = tuple(table["rows"][max(1, min(6, face + die_mod)) - 1][col] for face in range(1, 7))
    bad = [c for c in sheet.cells if plain_result(c) not in RESULTS]
    if bad:
        raise RulesetError(f"unknown result {bad[0]!r} in {key} (known: {', '.join(RESULTS)})", file="crt.toml")


def resolve(sheet: FireSheet, die: int) -> str:
    sheet.roll = die
    sheet.result = sheet.cells[die - 1]
    return sheet.result
