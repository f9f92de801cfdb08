"""Reports of any turn of a game, the current one or a past one: the same for `umpire report
--turn N` and the window's File → Export Turn Reports, so both write the same reports.

A past turn is read from a copy of the game as it stood when that turn ended (the core's
replay_to_turn: that turn's snapshot, or the journal run again), made in a temporary folder and
gone afterwards; the game file itself is only read.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from ..core.errors import UmpireError
from . import write_reports


def write_turn_reports(location: str, turn: int | None, viewers: list[str], out: str | Path, paper: str = "a4",
                       progress: Callable[[int, str], bool] | None = None) -> list[Path]:
    """The reports of `turn` (None: the current one) for `viewers` into `out` (write_reports)."""
    from ..actions import system_for
    from ..core.replay import replay_to_turn
    from ..core.scenario import load_scenario
    from ..core.store.db import open_game
    from ..rules import rule_system

    game = open_game(location)
    if turn is None or turn == game.turn:
        return write_reports(game, system_for(location), viewers, out, paper, progress=progress)
    if not 1 <= turn < game.turn:
        raise UmpireError(f"the game is at turn {game.turn}: reports for turns 1 to {game.turn}", place="--turn")
    with tempfile.TemporaryDirectory() as tmp:       # the game as it stood at the end of that turn
        past = replay_to_turn(location, turn, Path(tmp) / "past.umpire", lambda g: rule_system(g.rules),
                              load_scenario)
        return write_reports(open_game(past), system_for(past), viewers, out, paper, progress=progress)
