"""The command line's entry: `umpire ...` and `python -m umpire`.

    umpire [FILE] [--new]               open the workstation (a game file, or a scenario: its game
                                        here carried on, the window asks, or a new one)
    umpire new SCENARIO [--out GAME]    create a game file from a scenario
    umpire validate FILE...             check scenarios and game files
    umpire render FILE --side umpire|SIDE --out map.png
    umpire status GAME                  turn, phase and whose activation it is
    umpire rulesets [--detail SYSTEM]   installed rule systems and their sample tables

The commands are in cli_commands.py (the parser in cli_parser.py, the play commands in
cli_play.py).  This module imports nothing else until it knows the command, so that
`umpire status GAME` -- typed between moves, polled by scripts -- starts as fast as Python does.
Errors are one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) == 2 and argv[0] == "status" and not argv[1].startswith("-"):
        from .status import quick_status

        line = quick_status(argv[1])
        if line is not None:
            print(line)
            return 0
    from .cli_commands import run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
