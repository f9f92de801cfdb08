"""Measurements that need a process of their own (Qt, peak memory): `python -m umpire.bench.child
TASK ARGS...` prints one JSON object.  Each task times its runs side by side inside the child."""

from __future__ import annotations

import json
import os
import resource
import sys
import time


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def render(paths: list[str], out: str) -> dict:
    """Seconds to render each game's umpire view to a PNG, as `umpire render` does (the first
    game once more beforehand, untimed, so that Qt's one-time start does not count).  Each timed
    run starts without what an earlier run kept (the map read from the file, the rule system's
    prepared map, the recorded terrain pictures), as a fresh `umpire render` does: else the game
    rendered beforehand would be timed without its set-up and the others with theirs."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from ..core.knowledge import UMPIRE, build_view
    from ..core.store.db import forget_static_parts, open_game
    from ..render.picture import render_view
    from ..render.tiles import forget_pictures
    from ..rules import rule_system
    from .games import forget_prepared

    app = QApplication.instance() or QApplication(["umpire"])

    def one(path: str) -> float:
        forget_static_parts()
        forget_prepared()
        forget_pictures()
        t = time.perf_counter()
        game = open_game(path)
        render_view(build_view(game, UMPIRE, rule_system(game.rules)), game.rules, out, 24.0)
        return time.perf_counter() - t
    before = _peak_mb()
    one(paths[0])
    seconds = [one(p) for p in paths]
    del app
    return {"seconds": seconds, "peak_mb": _peak_mb(), "before_mb": before}


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


def gui(paths: list[str], frames: int, shot: str = "") -> dict:
    """Seconds to build the window's map scene for each game, and the frame times of the last
    one drawn fitted to the window (zoomed right out), offscreen."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from ..core.knowledge import UMPIRE, build_view
    from ..core.store.db import open_game
    from ..gui.mapscene import ClickableMapScene
    from ..gui.mapview import MapView
    from ..rules import rule_system

    app = QApplication.instance() or QApplication(["umpire"])
    builds, scene = [], None
    for p in paths:
        game = open_game(p)
        view = build_view(game, UMPIRE, rule_system(game.rules))
        t = time.perf_counter()
        scene = ClickableMapScene(view, game.rules)      # as the window builds it
        builds.append(time.perf_counter() - t)
    mv = MapView()
    mv.setScene(scene)
    mv.resize(1600, 1000)
    mv.show()
    app.processEvents()
    mv.fit_map()
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        mv.viewport().repaint()             # one whole frame, painted now
        times.append((time.perf_counter() - t) * 1000)
    if shot:
        mv.viewport().grab().save(shot)
    del app
    return {"builds": builds, "frame_ms": times}


TASKS = {"render": lambda a: render(a[1:], a[0]), "reports": lambda a: reports(a[0], a[1]),
         "gui": lambda a: gui(a[2:], int(a[0]), a[1])}

if __name__ == "__main__":
    print(json.dumps(TASKS[sys.argv[1]](sys.argv[2:])))
