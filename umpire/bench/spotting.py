"""Sight lines and spotting passes, fast path against the project's own exact one-line path.

Every run starts from a fresh state (`forget_prepared`): the map made ready for sight lines and
all line geometry are rebuilt inside the timed part, as a new `umpire` command rebuilds them.
Imports are left out, as everywhere in the bench: MechWar 4's compiled walk of sight lines is
loaded before anything is timed (`load_compiled`; a process pays about half a second for it once,
with its first few hundred lines: los.EXACT_LINES_FIRST).  Each comparison first checks that both
ways give the same answers.
"""

from __future__ import annotations

import math
import random
import time
from typing import Iterator

import numpy as np

from .games import BenchGame, forget_prepared, make_midgame, save_midgame, timed
from .lines import figure


def _fresh_system(game):
    from ..rules import rule_system

    return rule_system(game.rules)


def load_compiled() -> None:
    """Load MechWar 4's compiled walk of sight lines and its memo (an import, and numba's cache)."""
    from ..core.linememo import LineMemo
    from ..core.sightlines import Box
    from ..rules.mechwar4 import los_kernel

    box = Box(0, 0, 8, 8)
    z = np.zeros(box.size, dtype=np.int32)
    memo = LineMemo(box.size)
    los_kernel.judge_lines(memo, box, np.array([[2, 2]]), np.array([[5, 3]]), z, z,
                           np.zeros(box.size, dtype=bool), np.zeros(box.size * 6, dtype=np.int32), -1, True, True)
    memo.reserve(len(memo.slots))          # the memo's growth, compiled too


def los_lines(bench: BenchGame, pairs: int = 2000) -> Iterator[str]:
    """Single sight lines up to 20 hexes apart: one batch against one exact line at a time."""
    from ..core.los import Eye
    from ..rules.mechwar4.los_naive import NaiveLos

    load_compiled()
    game = bench.open()
    make_midgame(game)                               # smoke on the map
    rng = random.Random(3)
    hexes = list(game.map.hexes())
    size = game.map.grid.columns
    chosen = []
    while len(chosen) < pairs:
        a = rng.choice(hexes)
        col, row = game.map.grid.to_offset(a)
        b = game.map.grid.from_offset(max(1, min(size, col + rng.randint(-20, 20))),
                                      max(1, min(game.map.grid.rows, row + rng.randint(-20, 20))))
        chosen.append((a, b))
    starts = np.array([[a.q, a.r] for a, _ in chosen])
    ends = np.array([[b.q, b.r] for _, b in chosen])

    def exact():
        sight = _fresh_system(game).sight(game.map)
        return [sight.line_of_sight(Eye(a), Eye(b)).clear for a, b in chosen]

    def batch():
        return _fresh_system(game).sight(game.map).batch_clear(starts, ends).tolist()

    t_exact, want = timed(exact)
    t_batch, got = timed(batch, repeat=3)
    assert got == want, "the batched and the exact sight lines disagree"
    naive = NaiveLos(_fresh_system(game).sight(game.map))
    assert [naive.clear(a, b) for a, b in chosen[:300]] == want[:300], "the shapely sight lines disagree"
    yield figure("los_batch_vs_exact", t_exact / t_batch, "x", ">=", 5,
                 f"{pairs} lines up to 20 hexes, smoke on the map; exact one at a time {t_exact:.2f}s, "
                 f"batch {t_batch * 1000:.0f}ms, map preparation and line geometry included in both")


def _pairwise(game) -> dict:
    """The baseline: every observer-target pair judged exactly, one at a time (Spotter.pair
    prunes by range before it draws a line, and draws one per hex of a mover's path)."""
    sp = _fresh_system(game).spotter(game)
    out = {}
    for side in game.side_ids():
        observers, targets = sp.observers_and_targets(side)
        out[side] = {(o.id, t.id): r for o in observers for t in targets if (r := sp.pair(side, o, t))}
    return out


def _full(game) -> dict:
    sp = _fresh_system(game).spotter(game)
    return {side: sp.pairs_for(side, *sp.observers_and_targets(side)) for side in game.side_ids()}


def spotting_lines(bench: BenchGame, night_too: bool = True) -> Iterator[str]:
    from ..actions import update_spotting

    load_compiled()
    game = bench.open()
    units = sum(1 for u in game.units.values() if u.on_map) // 2
    size = game.map.grid.columns
    fresh_game = bench.open()
    make_midgame(game)
    t_pair, want = timed(lambda: _pairwise(game))
    t_full, got = timed(lambda: _full(game), repeat=2)
    assert got == want, "the batched spotting pass and the pair-by-pair one disagree"
    seen = sum(len(v) for v in got.values())
    yield figure("spotting_midgame_vs_pairwise", t_pair / t_full, "x", ">=", 20,
                 f"both sides, {units} v {units} on {size}x{size}, every unit face-up, half moved, smoke: "
                 f"pair by pair {t_pair:.1f}s, batched {t_full:.2f}s, {seen} sightings")
    if night_too:
        game.night = True
        t_pn, want_n = timed(lambda: _pairwise(game))
        t_fn, got_n = timed(lambda: _full(game), repeat=2)
        game.night = False
        assert got_n == want_n, "the batched and the pair-by-pair passes disagree at night"
        yield figure("spotting_night_vs_pairwise", t_pn / t_fn, "x", ">=", 5,
                     f"the same at night (19.71-19.72): pair by pair {t_pn:.2f}s, batched {t_fn:.3f}s")

    # the umpire's `spot`: open the game, judge both sides, record the contacts
    t_first_pass, _ = timed(lambda: _full(fresh_game), repeat=2)
    t_mid_pass = t_full
    mid_path = save_midgame(bench, game)
    t_first = t_mid = math.inf
    for k in range(3):                     # best of three, taking turns, each on its own copy
        first_copy = _copy(bench, f"first-{k}.umpire")
        mid_copy = _copy_of(mid_path, bench.folder / f"midgame-{k}.umpire")
        t_first = min(t_first, timed(lambda: update_spotting(first_copy))[0])
        t_mid = min(t_mid, timed(lambda: update_spotting(mid_copy))[0])
    yield figure("spotting_midgame_over_first", t_mid / t_first, "", "<=", 2,
                 f"the `spot` action (open the game, judge both sides, record the contacts) in mid-game "
                 f"{t_mid:.2f}s over a fresh game's first {t_first:.2f}s, best of 3 each; the passes alone "
                 f"{t_mid_pass:.2f}s and {t_first_pass:.3f}s")

    # one real move: a vehicle moves a hex, marked moved, its path recorded; then the spotting
    # the rule system runs after every action -- both sides' sightings, camouflage rolls and all
    # (KeptPairs.report: only the pairs of units whose look changed re-judged) -- against a full
    # pass and report of both sides on the same prepared map (its memo of lines as warm)
    from ..rules.mechwar4.kept_pairs import KeptPairs

    forget_prepared()
    system = _fresh_system(game)
    kept = KeptPairs()
    sides = game.side_ids()

    def incremental(sp):
        return {side: kept.report(sp, side, _no_camouflage).seen for side in sides}

    def full(sp):
        return {side: sp.report(side, sp.pairs_for(side, *sp.observers_and_targets(side)), _no_camouflage).seen
                for side in sides}

    incremental(system.spotter(game))
    rng = random.Random(11)
    sp = system.spotter(game)
    movers = [u for u in game.units.values() if u.on_map and sp.kind(u) == "vehicle"]
    cpu = {"inc": 0.0, "full": 0.0}
    wall = {"inc": 0.0, "full": 0.0}
    moves = rng.sample(movers, min(30, len(movers)))         # a quick bench has a dozen units
    for k, u in enumerate(moves):
        step = rng.choice(game.map.on_map_neighbours(u.hex))
        u.path = (u.path or (u.hex,)) + (step,)
        u.hex, u.moved = step, True
        sp = system.spotter(game)                   # the next action's pass, as the engine makes it
        again = system.spotter(game)                # a fresh `spot`'s, nothing kept from the last
        # whichever runs first meets the move's new line shapes and builds their plans: take turns
        runs = [("inc", lambda: incremental(sp)), ("full", lambda: full(again))]
        got = {}
        for name, fn in runs if k % 2 == 0 else runs[::-1]:
            c, w = time.process_time(), time.perf_counter()
            got[name] = fn()
            cpu[name] += time.process_time() - c
            wall[name] += time.perf_counter() - w
        assert got["inc"] == got["full"], "incremental and full spotting disagree"
    n = len(moves)
    yield figure("spotting_incremental_vs_full", cpu["full"] / cpu["inc"], "x", ">=", 20,
                 f"{n} vehicle moves (marked moved, path kept) in mid-game: the spotting after each, both sides' "
                 f"sightings (re-judging the pairs of units that changed) {cpu['inc'] / n * 1000:.1f}ms against a "
                 f"full pass and report of both sides {cpu['full'] / n * 1000:.0f}ms, the process's CPU time; "
                 f"wall clock {wall['inc'] / n * 1000:.1f}ms and {wall['full'] / n * 1000:.0f}ms "
                 f"({wall['full'] / wall['inc']:.1f}x)")


def _no_camouflage(purpose: str) -> int:
    """A camouflage die (5.25) that never hides: both ways must see the same units."""
    return 6


def _copy(bench: BenchGame, name: str) -> str:
    return _copy_of(bench.path, bench.folder / name)


def _copy_of(path, target) -> str:
    from ..core.store.db import copy_game

    return copy_game(path, target)

