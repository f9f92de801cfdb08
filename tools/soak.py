"""The long soak: autoplay a scenario for many turns, then replay the journal and compare.

    python tools/soak.py [--turns 1000] [--seed soak] [--moves-per-phase 4] [--scenario ...]

The scenario is copied with its length set to --turns (a scenario's own length is part of
what replay re-runs, so the copy is what the game file keeps).  Prints progress every 50
turns, the time per turn, and both digests; exits non-zero if the replay differs.
CI runs the short soak in tests/test_autoplay.py; this one is run by hand before a release.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from umpire.autoplay import autoplay  # noqa: E402
from umpire.core import engine  # noqa: E402
from umpire.core.scenario import load_scenario  # noqa: E402
from umpire.core.store.db import open_game  # noqa: E402
from umpire.rules import rule_system  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=1000)
    ap.add_argument("--seed", default="soak")
    ap.add_argument("--scenario", default=str(ROOT / "scenarios" / "kaltenbach-gap.toml"))
    ap.add_argument("--keep", help="write the game file here instead of a temporary folder")
    ap.add_argument("--moves-per-phase", type=int, default=4, help="the bot's activations a side and phase")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        text = Path(args.scenario).read_text(encoding="utf-8")
        text, n = re.subn(r"(?m)^turns\s*=\s*\d+", f"turns = {args.turns}", text, count=1)
        if n != 1:
            print(f"{args.scenario}: no 'turns = N' line to change", file=sys.stderr)
            return 2
        src = Path(tmp) / Path(args.scenario).name
        src.write_text(text, encoding="utf-8")
        out = Path(args.keep) if args.keep else Path(tmp) / "soak.umpire"
        out.unlink(missing_ok=True)
        start = time.perf_counter()
        last = [0]

        def progress(summary: str) -> None:
            if summary.startswith("Turn ") and summary.split()[1].rstrip(":").isdigit():
                turn = int(summary.split()[1].rstrip(":"))
                if turn // 50 > last[0] // 50:
                    last[0] = turn
                    rate = (time.perf_counter() - start) / max(turn - 1, 1)
                    print(f"turn {turn}: {rate:.2f} s a turn", flush=True)

        autoplay(load_scenario(src), out, args.turns, args.seed, moves_per_phase=args.moves_per_phase,
                 report=progress)
        played = time.perf_counter() - start
        game = open_game(out)
        actions = len(engine.journal(str(out)))
        print(f"played {game.turn} turns, {actions} actions in {played:.0f} s "
              f"({played / max(game.turn, 1):.2f} s a turn); phase {game.phase or '-'}")
        start = time.perf_counter()
        stored, replayed = engine.replay(str(out), lambda g: rule_system(g.rules), load_scenario)
        print(f"replayed in {time.perf_counter() - start:.0f} s\nstored   {stored}\nreplayed {replayed}")
        if stored != replayed:
            print("REPLAY DIFFERS", file=sys.stderr)
            return 1
        print("replay identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
