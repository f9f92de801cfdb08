"""One umpire's program for tests/megagame/test_two_umpires_postgres.py (run as a script):

    LOCATION NAME SEED N      act N times as NAME on the PostgreSQL game at LOCATION (moves, passes,
                              spotting, the phase -- each decided on the game as read before it, as
                              an umpire at a window does), and between actions watch: every notice
                              the server sends of a commit is read, and whose it was kept, until
                              the other umpire's program says it is done.  Prints a
                              JSON summary {done, refused, heard: {name: count}}.
"""

from __future__ import annotations

import json
import random
import sys
import time

CHANNEL_DONE = "umpire_test_done"      # the test's own: an umpire's program has made its last action


def main(location: str, name: str, seed: str, n: int) -> int:
    import psycopg

    from umpire.actions import system_for
    from umpire.core import umpires
    from umpire.core.engine import perform
    from umpire.core.errors import UmpireError
    from umpire.core.store.db import CHANGED_CHANNEL, open_game
    from umpire.gui.serverwatch import conninfo
    from umpire.rules.botkit import random_path

    umpires.set_name(name)
    watch = psycopg.connect(conninfo(location), autocommit=True)
    watch.execute(f"LISTEN {CHANGED_CHANNEL}")
    watch.execute(f"LISTEN {CHANNEL_DONE}")
    rng = random.Random(seed)
    system = system_for(location)
    heard: dict[str, int] = {}
    done, refused = 0, []

    finished: set[str] = set()

    def listen(seconds: float) -> None:
        for notice in watch.notifies(timeout=seconds):
            if notice.channel == CHANNEL_DONE:
                finished.add(notice.payload)
            else:
                heard[notice.payload] = heard.get(notice.payload, 0) + 1

    for _ in range(n):
        listen(rng.random() * 0.2)             # the other umpire's actions, seen between one's own
        try:
            game = open_game(location)
            side = game.active_side
            if side is None:
                perform(location, "next_phase", {}, system)
            elif rng.random() < 0.7:
                units = [u for u in game.units.values() if u.side == side and u.on_map and not u.moved
                         and not u.carried_by]
                unit = rng.choice(units) if units else None
                path = random_path(game, rng, system, unit, [], 2) if unit else None
                if path is None:
                    perform(location, "pass", {}, system)
                else:
                    perform(location, "move", {"unit": unit.id, "path": [game.map.number(h) for h in path]}, system)
            else:
                perform(location, "spot", {}, system)
            done += 1
        except UmpireError as e:
            refused.append(e.one_line())
    # done: say so on the channel, and watch until the other umpire has said so too (bounded)
    watch.execute("SELECT pg_notify(%s, %s)", (CHANNEL_DONE, name))
    deadline = time.monotonic() + 180
    while len(finished) < 2 and time.monotonic() < deadline:
        listen(0.3)
    watch.close()
    print(json.dumps({"done": done, "refused": refused, "heard": heard}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))
