"""`umpire autoplay`: both sides driven by a simple bot through the same engine actions a
player uses -- for demos, soak tests and benchmarks.  The bot's choices come from its own
seeded random generator and are journaled as ordinary actions, so `umpire replay` re-runs them.

The bot knows the moves the engine offers today (moving, passing, the phases); firing and
fire plots join it as those capabilities land.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

from .actions import system_for
from .core.engine import perform
from .core.errors import UmpireError
from .core.hexgrid import Hex
from .core.store.db import create_game, open_game


def _random_path(rng: random.Random, game, unit, system) -> list[Hex] | None:
    if unit.status == "off_map":
        group = next((r for r in game.reinforcements if unit.id in r.units), None)
        if group is None or game.turn < group.turn:
            return None
        start = [rng.choice(group.entry)]
    else:
        start = [unit.hex]
    shortest = 1 if unit.status == "off_map" else 2      # an entry may stop in its entry hex
    for _ in range(6):                              # a few tries at a legal random walk
        path = list(start)
        for _ in range(rng.randint(1, 4)):
            steps = [n for n in game.map.on_map_neighbours(path[-1]) if n not in path]
            if not steps:
                break
            path.append(rng.choice(steps))
        while len(path) >= shortest:                # cut it back until the engine accepts it
            if system.check_move(game, unit.id, path).legal:
                return path
            path.pop()
    return None


def autoplay(scenario, out: str | Path, turns: int, seed: str, moves_per_phase: int = 4,
             report: Callable[[str], None] = lambda s: None) -> str:
    location = create_game(scenario, out, seed=seed)
    system = system_for(location)          # procedures only: one for the whole game
    perform(location, "open", {}, system)
    rng = random.Random(f"bot:{seed}")
    while True:
        game = open_game(location)
        if game.turn > turns or (game.turn == turns and game.phase == "regroup"):
            break
        if game.active_side is None:
            if game.turn >= game.turns and game.phase == "regroup":
                break
            perform(location, "next_phase", {}, system)
            continue
        side = game.active_side
        paused = [u.id for u in game.units.values() if u.paused]
        if paused:               # the bot does not fire yet: a paused unit simply halts
            report(perform(location, "halt", {"unit": paused[0]}, system).summary)
            continue
        moved_here = sum(1 for u in game.units.values() if u.side == side and u.moved)
        candidates = [u for u in game.units.values() if u.side == side and not u.moved and not u.fired
                      and not u.carried_by and u.status in ("on_map", "off_map")]
        rng.shuffle(candidates)
        done = False
        if moved_here < moves_per_phase:
            for u in candidates[:8]:
                path = _random_path(rng, game, u, system)
                if path:
                    try:
                        res = perform(location, "move", {"unit": u.id, "path": [game.map.number(h) for h in path]},
                                      system)
                        report(res.summary)
                        done = True
                        break
                    except UmpireError:
                        continue
        if not done:
            report(perform(location, "pass", {}, system).summary)
    return location
