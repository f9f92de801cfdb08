"""Generated scenarios for tests and measurements: big maps, pointy maps."""

from __future__ import annotations

import math
import random


def big_scenario_text(columns: int = 100, rows: int = 100, orientation: str = "flat", seed: int = 1,
                      units_per_side: int = 12) -> str:
    """A valid MechWar 4 scenario on a generated map with smooth hills and clumped woods."""
    rng = random.Random(seed)
    bumps = [(rng.uniform(0, columns), rng.uniform(0, rows), rng.uniform(4, 14), rng.uniform(1, 4))
             for _ in range(max(3, columns * rows // 600))]
    woods = [(rng.uniform(0, columns), rng.uniform(0, rows), rng.uniform(1, 4)) for _ in range(columns * rows // 150)]
    terr, elev = [], []
    for r in range(1, rows + 1):
        t_line, e_line = [], []
        for c in range(1, columns + 1):
            h = sum(top * math.exp(-((c - x) ** 2 + (r - y) ** 2) / rad ** 2) for x, y, rad, top in bumps)
            e_line.append(str(min(9, int(h))))
            in_wood = any((c - x) ** 2 + (r - y) ** 2 < rad ** 2 for x, y, rad in woods)
            t_line.append("w" if in_wood else ".")
        terr.append("".join(t_line))
        elev.append("".join(e_line))
    lines = ['[scenario]', 'title = "Generated"', 'rules = "mechwar4"', "turns = 10", "",
             "[map]", f"columns = {columns}", f"rows = {rows}", f'orientation = "{orientation}"',
             'slopes = "auto"', 'terrain = """', *terr, '"""', 'elevation = """', *elev, '"""', ""]
    for side, utype, row in (("blue", "us_m1", 1), ("red", "sov_t72", rows)):
        lines += ["[[side]]", f'id = "{side}"', f'name = "{side.title()}"', 'quality = "seasoned"', "",
                  "[[battalion]]", f'id = "{side}-bn"', f'side = "{side}"', "",
                  "[[company]]", f'id = "{side}-co"', f'battalion = "{side}-bn"', "units = ["]
        for i in range(units_per_side):
            col = 1 + (i * 7) % columns
            r = row if row == 1 else rows - (i // columns)
            lines.append(f'  {{ id = "{side}{i}", type = "{utype}", hex = "{col:0{_d(columns, rows)}d}'
                         f'{r:0{_d(columns, rows)}d}" }},')
        lines += ["]", ""]
    return "\n".join(lines)


def _d(columns: int, rows: int) -> int:
    return max(2, len(str(max(columns, rows))))
