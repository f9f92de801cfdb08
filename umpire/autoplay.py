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

from .actions import new_game, system_for
from .core.errors import GameBusyError, GameFileError, UmpireError
from .core.store.db import open_game

# How many times in a row the bot decides again after its action was refused or the file was
# busy, before it gives up with that error
RETRIES = 20


def autoplay(scenario, out: str | Path, turns: int, seed: str, moves_per_phase: int = 4,
             report: Callable[[str], None] = lambda s: None) -> str:
    location = new_game(scenario, out, seed=seed)
    system = system_for(location)          # procedures only: one for the whole game
    rng = random.Random(f"bot:{seed}")
    bot = system.bot()
    if bot is None:
        raise UmpireError(f"{open_game(location).rules.title} has no autoplay driver")
    failures = 0
    while True:
        game = open_game(location)
        if game.turn > turns or game.phase == "ended":
            return location
        # The bot decides on the state just read, outside the write lock; someone else (a CLI
        # command, the GUI) may act on the file before the bot's action takes the lock.  The
        # engine judges the action on the state it finds then: refused, or the file still busy,
        # the bot reads the game again and decides anew.
        try:
            if not bot.act(location, game, rng, report, moves_per_phase, turns):
                return location
            failures = 0
        except UmpireError as e:
            if isinstance(e, GameFileError) and not isinstance(e, GameBusyError):
                raise             # the file itself is wrong (read-only, damaged...): no retry helps
            failures += 1
            if failures > RETRIES:
                raise
            report(f"(the bot's action was not taken: {e.one_line()}; it decides again)")
