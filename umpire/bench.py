"""`umpire bench los`: the fast LOS and spotting paths against naive baselines, in one run.

Prints ratios (naive time / fast time) after checking that both paths give identical results.
Generated map: smooth hills and clumped woods; units spread over the map.  The naive spotting
baseline is timed on a sample of observers and scaled to all of them (it takes about a second
per observer); its results are compared on that sample.
"""

from __future__ import annotations

import math
import random
import tempfile
import time
from pathlib import Path
from typing import Iterator

import numpy as np

VEHICLES = ("us_m1", "us_m2", "us_m3", "us_tow")
SOVIET = ("sov_t72", "sov_bmp", "sov_brdm", "sov_brdm_at")


def generated_scenario_text(columns: int = 100, rows: int = 100, orientation: str = "flat", seed: int = 1,
                            units_per_side: int = 12, spread: bool = False) -> str:
    """A valid MechWar 4 scenario on a generated map with smooth hills and clumped woods.

    Units stand on the first and last rows, or (spread=True) at random clear hexes anywhere.
    """
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
    d = max(2, len(str(max(columns, rows))))
    lines = ['[scenario]', 'title = "Generated"', 'rules = "mechwar4"', "turns = 10", "",
             "[map]", f"columns = {columns}", f"rows = {rows}", f'orientation = "{orientation}"',
             'slopes = "auto"', 'terrain = """', *terr, '"""', 'elevation = """', *elev, '"""', ""]
    used: set[tuple[int, int]] = set()
    for side, types, home in (("blue", VEHICLES, 1), ("red", SOVIET, rows)):
        lines += ["[[side]]", f'id = "{side}"', f'name = "{side.title()}"', 'quality = "seasoned"', "",
                  "[[battalion]]", f'id = "{side}-bn"', f'side = "{side}"', "",
                  "[[company]]", f'id = "{side}-co"', f'battalion = "{side}-bn"', "units = ["]
        for i in range(units_per_side):
            if spread:
                while True:
                    col, row = rng.randint(1, columns), rng.randint(1, rows)
                    if (col, row) not in used:
                        used.add((col, row))
                        break
            else:
                col = 1 + (i * 7) % columns
                row = home if home == 1 else rows - (i // columns)
            lines.append(f'  {{ id = "{side}{i}", type = "{types[i % len(types)]}", hex = "{col:0{d}d}{row:0{d}d}" }},')
        lines += ["]", ""]
    return "\n".join(lines)


def _game(size: int, units: int):
    from .core.scenario import load_scenario
    from .core.store.db import create_game, open_game

    folder = Path(tempfile.mkdtemp(prefix="umpire-bench-"))
    src = folder / "bench.toml"
    src.write_text(generated_scenario_text(size, size, seed=7, units_per_side=units, spread=True))
    return open_game(create_game(load_scenario(src), folder / "bench.umpire"))


def _timed(fn, repeat: int = 1):
    best = math.inf
    result = None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def bench_los(units: int = 300, size: int = 100, pairs: int = 2000, sample_observers: int = 3) -> Iterator[str]:
    from .core.los import crossing_plan
    from .rules import rule_system
    from .rules.mechwar4.los_naive import NaiveLos
    from .rules.mechwar4.spotting import SpottingState

    game = _game(size, units)
    system = rule_system(game.rules)
    sight = system.sight(game.map)
    naive = NaiveLos(sight)
    rng = random.Random(3)
    hexes = list(game.map.hexes())
    yield f"map: {size}x{size} hexes, {units} units a side"

    # 1. single sight lines: pairs up to 25 hexes apart (the ranges spotting asks about)
    chosen = []
    while len(chosen) < pairs:
        a = rng.choice(hexes)
        b = game.map.grid.from_offset(*[max(1, min(size, v + rng.randint(-20, 20)))
                                        for v in game.map.grid.to_offset(a)])
        chosen.append((a, b))
    starts = np.array([[a.q, a.r] for a, _ in chosen])
    ends = np.array([[b.q, b.r] for _, b in chosen])
    build, _ = _timed(lambda: [crossing_plan(b - a) for a, b in chosen])
    yield f"los_table_build: {build:.2f}s once for {len({b - a for a, b in chosen})} displacements"
    t_naive, naive_res = _timed(lambda: [naive.clear(a, b) for a, b in chosen])
    t_fast, fast_res = _timed(lambda: sight.batch_clear(starts, ends), repeat=3)
    assert fast_res.tolist() == naive_res, "batched and naive LOS disagree"
    yield f"los_batch_vs_naive: {t_naive / t_fast:.1f}x  ({pairs} lines, naive {t_naive:.2f}s, batch {t_fast * 1000:.1f}ms)"

    # 2. a whole spotting pass for both sides
    spotter = system.spotter(game)
    t_full, full = _timed(lambda: {s: spotter.pairs_for(s, *spotter.observers_and_targets(s))
                                   for s in game.side_ids()}, repeat=2)
    t_sample = 0.0
    sampled = 0
    for side in game.side_ids():
        observers, targets = spotter.observers_and_targets(side)
        picks = rng.sample(observers, min(sample_observers, len(observers)))
        t0 = time.perf_counter()
        naive_pairs = {}
        for o in picks:            # the naive way: every target, a shapely sight line each
            for t in targets:
                if naive.clear(o.hex, t.hex):
                    d = max(abs(o.hex.q - t.hex.q), abs(o.hex.r - t.hex.r), abs(o.hex.s - t.hex.s))
                    if d <= spotter._range_now(o, t):
                        naive_pairs[(o.id, t.id)] = "MW4 5.2"
        t_sample += time.perf_counter() - t0
        sampled += len(picks)
        ids = {o.id for o in picks}
        assert {k for k in full[side] if k[0] in ids} == set(naive_pairs), "full and naive spotting disagree"
    t_naive_all = t_sample / sampled * (2 * units)
    yield (f"spotting_full_vs_naive: {t_naive_all / t_full:.1f}x  (full pass {t_full:.2f}s; naive "
           f"{t_sample / sampled:.2f}s an observer, x{2 * units} observers)")

    # 3. one unit moves: re-judge its pairs only, against a full pass
    state = SpottingState(spotter, "blue")
    t_inc_total = t_full_total = 0.0
    movers = rng.sample([u for u in game.units.values() if u.on_map], 10)
    for u in movers:
        step = [n for n in game.map.on_map_neighbours(u.hex)]
        u.hex = rng.choice(step)
        t_inc, _ = _timed(lambda: state.unit_moved(u.id))
        t_one, again = _timed(lambda: spotter.pairs_for("blue", *spotter.observers_and_targets("blue")))
        assert state.pairs == again, "incremental and full spotting disagree"
        t_inc_total += t_inc
        t_full_total += t_one
    yield (f"spotting_incremental_vs_full: {t_full_total / t_inc_total:.1f}x  "
           f"({len(movers)} moves; incremental {t_inc_total / len(movers) * 1000:.1f}ms, "
           f"full {t_full_total / len(movers) * 1000:.0f}ms)")
