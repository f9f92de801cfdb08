"""Opening a scenario: carry on with the game already made from it here, or start a new one.

`umpire kaltenbach-gap.toml` used to make a new game file at every launch (kaltenbach-gap.umpire,
then -2, -3...), so an umpire who reopened the scenario lost track of the game under way.  Now,
when a game file of that scenario's name is in the folder, the umpire is asked (the window asks
with a dialog); where no one can be asked (`--screenshot`) the newest game is carried on, since a
file made for nobody to play is only clutter.  `--new` always starts a new game.

No Qt here: the question is a function the caller passes.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from .core.store.db import GAME_SUFFIX, default_game_path

CARRY_ON, NEW_GAME = "carry on", "new game"


def games_of(scenario_path: str | Path, folder: str | Path | None = None) -> list[Path]:
    """The game files earlier launches made from this scenario in `folder` (default: the current
    one) -- `<name>.umpire` and `<name>-N.umpire` -- the most recently played first."""
    stem = Path(scenario_path).stem
    folder = Path(folder) if folder else Path.cwd()
    numbered = re.compile(re.escape(stem) + r"(-\d+)?" + re.escape(GAME_SUFFIX))
    found = [p for p in folder.glob(f"{stem}*{GAME_SUFFIX}") if numbered.fullmatch(p.name) and p.is_file()]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def game_for_scenario(scenario_path: str | Path, scenario, ask: Callable[[Path], str | None] | None,
                      new: bool = False, folder: str | Path | None = None) -> tuple[Path, bool] | None:
    """The game file to open for a scenario, and whether it was just created; None when the
    umpire cancelled.  `ask(existing)` answers CARRY_ON, NEW_GAME or None (cancel); without
    `ask`, the newest game is carried on.  Nothing is written unless a new game is chosen."""
    from .actions import new_game

    existing = [] if new else games_of(scenario_path, folder)
    if existing:
        choice = ask(existing[0]) if ask is not None else CARRY_ON
        if choice is None:
            return None
        if choice == CARRY_ON:
            return existing[0], False
    return Path(new_game(scenario, default_game_path(scenario_path, folder))), True
