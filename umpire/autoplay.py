"""`umpire autoplay`: both sides driven by a simple bot through the same engine actions a
player uses -- for demos, soak tests and benchmarks.  The bot's choices come from its own
seeded random generator and are journaled as ordinary actions, so `umpire replay` re-runs them.

Each rule system brings its driver (`RuleSystem.bot()`: MechWar 4's follows its sequence of
phases and company activations, War Blog's plays player turns, Lock 'n Load's impulses).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

from .actions import system_for
from .core.engine import perform
from .core.errors import UmpireError
from .core.store.db import create_game, open_game


def autoplay(scenario, out: str | Path, turns: int, seed: str, moves_per_phase: int = 4,
             report: Callable[[str], None] = lambda s: None) -> str:
    location = create_game(scenario, out, seed=seed)
    system = system_for(location)          # procedures only: one for the whole game
    perform(location, "open", {}, system)
    rng = random.Random(f"bot:{seed}")
    bot = system.bot()
    if bot is None:
        raise UmpireError(f"{open_game(location).rules.title} has no autoplay driver")
    while True:
        game = open_game(location)
        if game.turn > turns or game.phase == "ended" or not bot.act(location, game, rng, report, moves_per_phase,
                                                                       turns):
            return location
