"""A second program writing a game file, for tests/core/test_writers.py (run as a script).

    hammer LOCATION SEED N        N actions for whichever side is to act, each decided on the
                                  game as read before the action (as a player at a terminal
                                  does): moves, passes, spotting, undo.  Prints a JSON summary;
                                  any error but a one-line UmpireError exits 3 with its traceback.
    pause KIND WHEN MARK GO -- ARGS
                                  `umpire ARGS`, where the action KIND, inside its write
                                  transaction with the game read, creates the file MARK and
                                  waits until the file GO exists: WHEN "before" it changes
                                  anything, or "after" its rows are written (not committed).  A
                                  test kills it there, or lets it go on once another program
                                  has tried to act.
    started MARK -- ARGS          create MARK, then `umpire ARGS`
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from pathlib import Path


def hammer(location: str, seed: str, n: int) -> int:
    from umpire.actions import system_for
    from umpire.core.engine import perform, undo
    from umpire.core.errors import UmpireError
    from umpire.core.store.db import open_game
    from umpire.rules.botkit import random_path

    rng = random.Random(seed)
    system = system_for(location)
    done, refused = 0, []
    for _ in range(n):
        try:
            game = open_game(location)
            side, roll = game.active_side, rng.random()
            if side is None:
                perform(location, "next_phase", {}, system)
            elif roll < 0.6:
                units = [u for u in game.units.values() if u.side == side and u.on_map and not u.moved
                         and not u.carried_by]
                unit = rng.choice(units) if units else None
                path = random_path(game, rng, system, unit, [], 2) if unit else None
                if path is None:
                    continue
                perform(location, "move", {"unit": unit.id, "path": [game.map.number(h) for h in path]}, system)
            elif roll < 0.75:
                perform(location, "pass", {}, system)
            elif roll < 0.9:
                perform(location, "spot", {}, system)
            else:
                undo(location)
            done += 1
        except UmpireError as e:
            line = e.one_line()
            if "\n" in line:
                print(f"not one line: {line!r}", file=sys.stderr)
                return 3
            refused.append(line)
        except Exception:
            traceback.print_exc()
            return 3
    print(json.dumps({"done": done, "refused": refused}))
    return 0


def pause(kind: str, when: str, mark: str, go: str, args: list[str]) -> int:
    import dataclasses

    import umpire.core.play  # noqa: F401  (registers the core's actions)
    from umpire.cli import main
    from umpire.core import engine
    from umpire.core.actionspec import ActionSpec

    registered = engine.ACTIONS[kind]
    real = registered.run if isinstance(registered, ActionSpec) else registered

    def wait() -> None:
        Path(mark).touch()
        for _ in range(60_000):           # at most ten minutes: a test that hangs still ends
            if Path(go).exists():
                return
            time.sleep(0.01)

    def held(ctx):
        if when == "before":
            wait()
        result = real(ctx)
        if when == "after":
            ctx.session.flush()           # its rows are in the file's transaction, not committed
            wait()
        return result

    engine.ACTIONS[kind] = (dataclasses.replace(registered, run=held) if isinstance(registered, ActionSpec)
                            else held)
    return main(args)


def started(mark: str, args: list[str]) -> int:
    from umpire.cli import main

    Path(mark).touch()
    return main(args)


if __name__ == "__main__":
    # the checkout this script is in, as `python -m umpire.cli` run from it has: run as a script,
    # its own folder comes first on sys.path, and an installed Umpire (another checkout) next
    sys.path.insert(1, str(Path(__file__).resolve().parents[2]))
    what, rest = sys.argv[1], sys.argv[2:]
    if what == "hammer":
        sys.exit(hammer(rest[0], rest[1], int(rest[2])))
    cut = rest.index("--")
    if what == "pause":
        sys.exit(pause(*rest[:4], rest[cut + 1:]))
    sys.exit(started(rest[0], rest[cut + 1:]))
