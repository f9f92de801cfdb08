"""`umpire bench`: how fast Umpire is at game scale, measured honestly.

Each line is one figure -- `name: VALUE`, its goal and whether it is met, and what it compared.
Ratios come from runs side by side in one process (a child process where Qt or peak memory is
measured), set-up included: a timed run starts without the prepared map and line geometry a
previous run left behind.  Baselines are the plain way a competent programmer would do the job
with the project's own exact code: one sight line at a time, each pair pruned by range first.
Both ways are checked to give the same answers before their times are compared.

`--quick` runs everything on small games, for correctness only (CI runs it; times mean nothing).
"""

from __future__ import annotations

from typing import Iterator

from .games import generated_scenario_text, new_bench_game

__all__ = ["generated_scenario_text", "run", "GROUPS"]

GROUPS = ("los", "spotting", "reports", "replay", "maps", "startup")


def run(what: str = "all", units: int = 300, size: int = 100, big: int = 200, quick: bool = False) -> Iterator[str]:
    from . import figures, spotting

    if quick:
        units, size, big = min(units, 12), min(size, 16), min(big, 24)
    groups = GROUPS if what == "all" else (what,)
    yield f"games: {units} units a side; {size}x{size} map (maps: {size}x{size} and {big}x{big})"
    bench = None
    if {"los", "spotting", "startup"} & set(groups):
        bench = new_bench_game(size, units)
    if "los" in groups:
        yield from spotting.los_lines(bench, pairs=200 if quick else 2000)
    if "spotting" in groups:
        yield from spotting.spotting_lines(bench)
    if "startup" in groups:
        yield from figures.startup_lines(bench.path, repeat=1 if quick else 5)
    if "maps" in groups:
        yield from figures.map_lines(size, big, units, rounds=1 if quick else 3)
    if "reports" in groups:
        yield from figures.report_lines(new_bench_game(size, units).path)
    if "replay" in groups:
        yield from figures.replay_lines(turns=3 if quick else 50)      # turn 45 of 50 (issue 18)
