"""Games for the benchmarks: a generated MechWar 4 map with hills and woods, and the states a
real game passes through -- fresh (every unit face-down, none moved) and mid-game (every unit
face-up to the enemy, half of them moved one to three hexes, some fired, smoke on the map)."""

from __future__ import annotations

import math
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

# mostly vehicles, some infantry (seen nearer, 5.2), for each side
BLUE_TYPES = ("us_m1", "us_m2", "us_m3", "us_tow", "us_mech_inf")
RED_TYPES = ("sov_t72", "sov_bmp", "sov_brdm", "sov_brdm_at", "sov_motor_rifle")


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
    for side, types, home, colour in (("blue", BLUE_TYPES, 1, "#2f5fb3"), ("red", RED_TYPES, rows, "#c0392b")):
        lines += ["[[side]]", f'id = "{side}"', f'name = "{side.title()}"', f'colour = "{colour}"',
                  'quality = "seasoned"', "",
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


@dataclass
class BenchGame:
    folder: Path
    path: str            # the game file

    def open(self):
        from ..core.store.db import open_game
        return open_game(self.path)


def bench_folder() -> Path:
    """A temporary folder for the bench's games, removed when the process ends (a full bench
    leaves some hundreds of megabytes of game files)."""
    import atexit
    import shutil

    folder = Path(tempfile.mkdtemp(prefix="umpire-bench-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def new_bench_game(size: int, units: int, seed: int = 7) -> BenchGame:
    """A fresh game file: no set-up pass, every unit face-down."""
    from ..core.scenario import load_scenario
    from ..core.store.db import create_game

    folder = bench_folder()
    src = folder / "bench.toml"
    src.write_text(generated_scenario_text(size, size, seed=seed, units_per_side=units, spread=True))
    return BenchGame(folder, create_game(load_scenario(src), folder / "bench.umpire"))


def make_midgame(game, seed: int = 5, smoke_share: float = 0.01) -> None:
    """Turn a fresh game (in memory) into a mid-game one: every unit face-up to the enemy (seen
    last pass, MW4 5.22), half of them moved one to three hexes this turn (5.21, 5.23), one in
    twenty fired, and smoke in about one hex in a hundred (18.11)."""
    from ..core.game import Contact
    from ..core.terrain import Overlay

    rng = random.Random(seed)
    sides = game.side_ids()
    for u in list(game.units.values()):
        if not u.on_map:
            continue
        enemy = next(s for s in sides if s != u.side)
        game.contacts[(enemy, u.id)] = Contact(enemy, u.id, f"C{len(game.contacts) + 1}", "seen", u.hex, game.turn)
        if rng.random() < 0.5:
            path = [u.hex]
            for _ in range(rng.randint(1, 3)):
                step = [n for n in game.map.on_map_neighbours(path[-1]) if n not in path]
                if step:
                    path.append(rng.choice(step))
            u.hex, u.path, u.moved = path[-1], tuple(path), True
        u.fired = rng.random() < 0.05
    hexes = list(game.map.hexes())
    for h in rng.sample(hexes, int(len(hexes) * smoke_share)):
        game.map.overlays.append(Overlay(h, "smoke"))


def save_midgame(bench: BenchGame, game) -> str:
    """Write a mid-game state made by make_midgame into a copy of the game file."""
    from sqlalchemy import select

    from ..core.store import models as m
    from ..core.store.db import copy_game, writing

    target = copy_game(bench.path, bench.folder / "midgame.umpire")
    with writing(target) as session:
        for row in session.execute(select(m.UnitRow)).scalars():
            u = game.units[row.id]
            if u.hex is not None:
                row.q, row.r = u.hex.q, u.hex.r
            row.moved, row.fired, row.face_down = u.moved, u.fired, False
            row.path = [[h.q, h.r] for h in u.path]
        for c in game.contacts.values():
            u = game.units[c.unit]
            session.add(m.ContactRow(side_id=c.side, unit_id=c.unit, label=c.label, status="seen", q=c.hex.q,
                                     r=c.hex.r, turn=c.turn, detail="unit", type_label=game.unit_type(u)["label"]))
        for o in game.map.overlays:
            session.add(m.OverlayRow(q=o.hex.q, r=o.hex.r, kind=o.kind))
    return target


def forget_prepared() -> None:
    """Drop what a process keeps between actions (rule systems with their prepared maps, line
    geometry), so that a timed run starts as a fresh `umpire` command does, imports aside."""
    from ..core import los, sightlines
    from ..rules import forget_systems

    forget_systems()
    los.forget_crossings()
    sightlines.PLANS.clear()


def timed(fn, repeat: int = 1, fresh: bool = True):
    """(best seconds, result) of `repeat` runs of `fn`, each (with `fresh`) from a fresh start."""
    import time

    best, result = math.inf, None
    for _ in range(repeat):
        if fresh:
            forget_prepared()
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result
