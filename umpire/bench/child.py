"""Measurements that need a process of their own (Qt, peak memory): `python -m umpire.bench.child
TASK ARGS...` prints one JSON object.  Each task times its runs side by side inside the child.

Peak memory is the process's own high-water mark of resident memory, VmHWM in /proc/self/status.
Not getrusage's ru_maxrss: Linux carries the parent's high-water mark over into a child when the
child starts its program (exec), so a child started by a bench process that had grown to 550 MB
spotting 300 units a side said 550 MB whatever it did itself (measured, issue 18)."""

from __future__ import annotations

import json
import os
import resource
import sys
import time


def _status_mb(key: str) -> float | None:
    """A line of /proc/self/status (Linux) in MB, or None where there is none."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) / 1024          # kB
    except OSError:
        pass
    return None


def peak_mb() -> float:
    """This process's own peak resident memory: VmHWM, or where there is no /proc, ru_maxrss
    (kB on Linux, bytes on macOS, whose exec does not carry the parent's peak over)."""
    own = _status_mb("VmHWM")
    if own is not None:
        return own
    raw = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return raw / 2**20 if sys.platform == "darwin" else raw / 1024


def resident_mb() -> float:
    """The process's resident memory now (0 where /proc is missing: shown, never compared)."""
    return _status_mb("VmRSS") or 0.0


def render(paths: list[str], out: str, rounds: int = 1) -> dict:
    """Seconds to render each game's umpire view to a PNG, as `umpire render` does (the first
    game once more beforehand, untimed, so that Qt's one-time start does not count), in `rounds`
    rounds of one run of each game, so that the games meet the same machine.  Each timed run
    starts without what an earlier run kept (the map read from the file, the rule system's
    prepared map, the recorded terrain pictures), as a fresh `umpire render` does: else the game
    rendered beforehand would be timed without its set-up and the others with theirs."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from ..core.knowledge import UMPIRE, build_view
    from ..core.store.db import open_game
    from ..render.picture import render_view
    from ..rules import rule_system

    app = QApplication.instance() or QApplication(["umpire"])

    def one(path: str) -> None:
        forget_everything()
        game = open_game(path)
        render_view(build_view(game, UMPIRE, rule_system(game.rules)), game.rules, out, 24.0)
    one(paths[0])
    times = [[clocked(one, p) for p in paths] for _ in range(rounds)]
    del app
    return {"wall": [[t[i][0] for t in times] for i in range(len(paths))],
            "cpu": [[t[i][1] for t in times] for i in range(len(paths))]}


def clocked(fn, *args) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process, all its threads) of one call.  On a busy
    machine the wall clock also counts the time other programs had the processor: measured on
    2 cores at a load of 4, a 1.0 s scene build took 3.3 to 4.3 s of wall time (issue 18)."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def forget_everything() -> None:
    """What one run kept for the next (the map read from the file, the rule system's prepared
    map, the recorded terrain pictures), dropped: the next starts as a fresh process would."""
    from ..core.store.db import forget_static_parts
    from ..render.tiles import forget_pictures
    from .games import forget_prepared

    forget_static_parts()
    forget_prepared()
    forget_pictures()


def render_peak(out: str, paths: list[str]) -> dict:
    """`umpire render GAME OUT` of each game in turn in this one process, through the command
    line's own code, as a user runs it (what a command keeps between runs, kept): the resident
    memory before each render and the process's peak after each.  Nothing is imported first:
    the command imports Qt after the game's code, and the order costs memory -- PySide6 reads
    the source of every module imported after it (to see whether it uses PySide6) and the
    source stays in Python's linecache: Qt imported first, the same render peaks 28 MB higher
    (215 MB against 187, measured on a 200x200 map, issue 18)."""
    from ..cli import main

    before, peaks = [], []
    for path in paths:
        before.append(resident_mb())
        with open(os.devnull, "w") as quiet:        # its "wrote ..." line would spoil our JSON
            saved, sys.stdout = sys.stdout, quiet
            try:
                code = main(["render", path, "--out", out, "--hex-size", "24"])
            finally:
                sys.stdout = saved
        if code != 0:
            raise RuntimeError(f"umpire render {path} failed ({code})")
        peaks.append(peak_mb())
    return {"before_mb": before, "peaks_mb": peaks}


def reports(path: str, folder: str) -> dict:
    """All sides' reports against one render of the same game's map."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from ..actions import system_for
    from ..core.knowledge import UMPIRE, build_view
    from ..core.store.db import open_game
    from PySide6.QtWidgets import QApplication

    from ..reports import write_reports
    from ..render.picture import render_view

    app = QApplication.instance() or QApplication(["umpire"])
    game = open_game(path)
    t = time.perf_counter()
    view = build_view(open_game(path), UMPIRE, system_for(path))
    render_view(view, game.rules, os.path.join(folder, "map.png"), 24.0)
    t_render = time.perf_counter() - t
    t = time.perf_counter()
    game = open_game(path)
    written = write_reports(game, system_for(path), [UMPIRE, *game.side_ids()], folder)
    t_reports = time.perf_counter() - t
    del app
    return {"render": t_render, "reports": t_reports, "files": len(written)}


def gui(paths: list[str], frames: int, shot: str = "", rounds: int = 1) -> dict:
    """Seconds to build the window's map scene for each game (`rounds` rounds of one build of
    each, every build from a fresh start), and the frame times of the last one drawn fitted to
    the window (zoomed right out), offscreen."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from ..core.knowledge import UMPIRE, build_view
    from ..core.store.db import open_game
    from ..gui.mapscene import ClickableMapScene
    from ..gui.mapview import MapView
    from ..rules import rule_system

    app = QApplication.instance() or QApplication(["umpire"])
    built = []

    def build(view, rules) -> None:
        built[:] = [ClickableMapScene(view, rules)]         # as the window builds it
    times = []
    for _ in range(rounds):
        times.append([])
        for p in paths:
            forget_everything()
            game = open_game(p)
            view = build_view(game, UMPIRE, rule_system(game.rules))
            built.clear()                   # the last scene goes before the clock starts
            times[-1].append(clocked(build, view, game.rules))
    scene = built[0]
    mv = MapView()
    mv.setScene(scene)
    mv.resize(1600, 1000)
    mv.show()
    app.processEvents()
    mv.fit_map()
    frame_ms = []
    for _ in range(frames):
        t = time.perf_counter()
        mv.viewport().repaint()             # one whole frame, painted now
        frame_ms.append((time.perf_counter() - t) * 1000)
    if shot:
        mv.viewport().grab().save(shot)
    del app
    return {"wall": [[t[i][0] for t in times] for i in range(len(paths))],
            "cpu": [[t[i][1] for t in times] for i in range(len(paths))], "frame_ms": frame_ms}


TASKS = {"render": lambda a: render(a[2:], a[0], int(a[1])), "render_peak": lambda a: render_peak(a[0], a[1:]),
         "reports": lambda a: reports(a[0], a[1]),
         "gui": lambda a: gui(a[3:], int(a[0]), a[1], int(a[2]))}

if __name__ == "__main__":
    print(json.dumps(TASKS[sys.argv[1]](sys.argv[2:])))
