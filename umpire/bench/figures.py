"""The figures that need whole commands or processes: start-up, map rendering, reports, the
window's scene, replay.  Qt work runs in a child process (`bench.child`) so that its peak memory
is its own; each ratio's two runs are made side by side in the same child."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

from .games import new_bench_game, timed
from .lines import figure


def _child(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "umpire.bench.child", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"bench child {args[0]} failed: {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def startup_lines(game_path: str, repeat: int = 5) -> Iterator[str]:
    """`umpire status GAME` as a user runs it, against starting a bare Python."""
    def run(*argv):
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            subprocess.run(argv, capture_output=True, check=True)
            best = min(best, time.perf_counter() - t)
        return best
    script = Path(sys.executable).with_name("umpire")        # the command a user types
    command = [str(script)] if script.exists() else [sys.executable, "-c", "import sys; from umpire.cli import main; sys.exit(main())"]
    bare = run(sys.executable, "-c", "pass")
    status = run(*command, "status", game_path)
    yield figure("startup_status_over_python", status / bare, "", "<=", 3,
                 f"`umpire status` {status * 1000:.0f}ms over `python -c pass` {bare * 1000:.0f}ms, best of {repeat}")


def map_lines(small: int, big: int, units: int, rounds: int = 3) -> Iterator[str]:
    """Render and scene-build growth from `rounds` interleaved rounds in one child, each figure
    the best CPU time of its game (other programs' share of a busy machine is not the code's:
    single wall-clock runs of the same scene build gave ratios from 2.4 to 6.2, issue 18), the
    best wall times shown beside; and the peak memory of `umpire render` as a user runs it."""
    small_game, big_game = new_bench_game(small, units), new_bench_game(big, units)
    out = str(small_game.folder / "map.png")
    both = _child("render", out, str(rounds), small_game.path, big_game.path)
    ratio, text = _growth(both, small, big, rounds, "`render` of the umpire's view")
    yield figure(f"render_{big}_over_{small}", ratio, "", "<=", 4.5, f"{text}; {(big / small) ** 2:.0f}x the hexes")
    # a fresh process, the big map first; then the same process renders the small map and the
    # big one again, keeping what `umpire render` keeps between runs (pictures of the last maps)
    peak = _child("render_peak", out, big_game.path, small_game.path, big_game.path)
    after = ", ".join(f"{p:.0f}" for p in peak["peaks_mb"])
    between = ", ".join(f"{p:.0f}" for p in peak["before_mb"][1:])
    yield figure(f"render_{big}_peak_mb", max(peak["peaks_mb"]), " MB", "<=", 300,
                 f"peak resident memory (VmHWM, the process's own: not getrusage's ru_maxrss, which takes "
                 f"in the bench's) of one process running `umpire render` of the {big}x{big} map, then the "
                 f"{small}x{small}, then the {big}x{big} again: {after} MB after each, {between} MB resident "
                 f"between them")
    gui = _child("gui", "40", "", str(rounds), small_game.path, big_game.path)
    frames = sorted(gui["frame_ms"][5:])                 # the first frames fill the tile cache
    p95 = frames[int(0.95 * (len(frames) - 1))]
    yield figure("gui_zoomed_out_frame_p95_ms", p95, " ms", "<=", 16.7,
                 f"{len(frames)} offscreen frames of the {big}x{big} map fitted to a 1600x1000 window, "
                 f"median {statistics.median(frames):.1f} ms")
    ratio, text = _growth(gui, small, big, rounds, "the window's scene")
    yield figure(f"gui_scene_build_{big}_over_{small}", ratio, "", "<=", 4.5, text)


def _growth(times: dict, small: int, big: int, rounds: int, what: str) -> tuple[float, str]:
    """The big game's best CPU time over the small one's, and the line's words for it."""
    c_small, c_big = (min(runs) for runs in times["cpu"])
    w_small, w_big = (min(runs) for runs in times["wall"])
    runs = f"best of {rounds} runs each, interleaved" if rounds > 1 else "one run each"
    return c_big / c_small, (f"{what}, {big}x{big} {c_big:.2f}s over {small}x{small} {c_small:.2f}s of the "
                             f"process's CPU time, {runs}; wall clock {w_big:.2f}s over {w_small:.2f}s")


def report_lines(game_path: str) -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        got = _child("reports", game_path, folder)
    yield figure("report_all_sides_over_render", got["reports"] / got["render"], "", "<=", 4,
                 f"{got['files']} PDFs (umpire and each side) {got['reports']:.2f}s over one render of the "
                 f"same map {got['render']:.2f}s")


def replay_lines(turns: int = 6) -> Iterator[str]:
    """Performing a game's actions through the engine against `replay --verify` of them (the
    chain) and `replay --verify --rerun` (the rules), and `report --turn` of an early turn
    against the current one."""
    from ..autoplay import autoplay
    from ..core.chain import verify_chain
    from ..core.engine import replay, replay_to_turn, state_digest
    from ..core.knowledge import UMPIRE
    from ..core.scenario import load_scenario
    from ..core.store.db import open_game
    from ..reports import write_reports
    from ..rules import rule_system
    from .games import bench_folder, generated_scenario_text

    folder = bench_folder()
    src = folder / "played.toml"
    src.write_text(generated_scenario_text(40, 40, seed=3, units_per_side=24).replace("turns = 10", f"turns = {turns}"))
    scenario = load_scenario(src)
    path = autoplay(scenario, folder / "played.umpire", turns, "bench")
    actions = _journal_length(path)
    # the baseline: the same actions performed again through the engine, as a user's commands
    # were, each in its own transaction on a new game file, with the dice they rolled
    t_play, again = timed(lambda: _perform_again(path, scenario, folder / "again.umpire"))
    t_chain, chained = timed(lambda: verify_chain(path, load_scenario))
    t_rerun, (stored, replayed) = timed(lambda: replay(path, lambda g: rule_system(g.rules), load_scenario))
    assert stored == replayed == chained.chained == state_digest(again), "the bench game does not verify"
    # two figures, so that nobody takes one for the other: the chain checks that the file is whole
    # and consistent (no rules run); the rerun checks that this version plays the game the same
    yield figure("replay_speedup", t_play / t_chain, "x", ">=", 10,
                 f"`replay --verify` (the journal's recorded changes chained from the scenario, each before, "
                 f"turn end and the end checked; rules not re-run) {t_chain:.2f}s against {actions} journaled "
                 f"actions of a {turns}-turn bot game performed again through the engine, one transaction each, "
                 f"{t_play:.1f}s (the new game included)")
    yield figure("replay_rerun_speedup", t_play / t_rerun, "x", None, None,
                 f"`replay --verify --rerun` (every action re-run by the rules with its recorded dice) "
                 f"{t_rerun:.1f}s against the same {t_play:.1f}s: bounded by the rules' own share of an action")
    game = open_game(path)
    early = max(1, game.turn - 5)

    def current():
        return write_reports(open_game(path), rule_system(game.rules), [UMPIRE], folder / "now.pdf")

    def earlier():
        past = replay_to_turn(path, early, folder / "past.umpire", lambda g: rule_system(g.rules), load_scenario)
        written = write_reports(open_game(past), rule_system(game.rules), [UMPIRE], folder / "then.pdf")
        Path(past).unlink()
        return written
    t_now, _ = timed(current)
    t_then, _ = timed(earlier)
    yield figure("report_earlier_turn_over_current", t_then / t_now, "", "<=", 1.5,
                 f"`report --turn {early}` of a game at turn {game.turn} {t_then:.2f}s over the current "
                 f"turn's {t_now:.2f}s")


def _perform_again(path: str, scenario, target: Path) -> str:
    """A new game of the same scenario and dice seed, and every action of `path`'s journal
    that stands performed on it with the dice it rolled."""
    from ..actions import new_game, system_for
    from ..core.engine import journal, perform
    from ..core.dice import Roll
    from ..core.store.db import open_game

    rows = [a for a in journal(path) if not a.undone][1:]          # the opening is new_game's
    again = new_game(scenario, target, overwrite=True, seed=open_game(path).seed)
    system = system_for(again)
    for a in rows:
        perform(again, a.kind, a.params, system, replay=[Roll.from_json(r) for r in a.rolls], side=a.side_id)
    return again


def _journal_length(path: str) -> int:
    from sqlalchemy import func, select

    from ..core.store import models as m
    from ..core.store.db import reading

    with reading(path) as s:
        return int(s.execute(select(func.count()).select_from(m.ActionRow)).scalar_one())
