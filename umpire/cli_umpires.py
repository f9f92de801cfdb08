"""`umpire umpires GAME`: the seats of a game shared by several umpires (core.umpires), and
`umpire --as NAME ...`: the umpire acting."""

from __future__ import annotations

from .core import umpires
from .core.errors import UmpireError


def acting_as(argv: list[str]) -> list[str]:
    """Take a leading `--as NAME` (or `--as=NAME`) off the command line and act under that name."""
    if argv and argv[0].startswith("--as="):
        umpires.set_name(argv[0][len("--as="):])
        return argv[1:]
    if argv and argv[0] == "--as":
        if len(argv) < 2:
            raise UmpireError("--as needs the acting umpire's name: umpire --as NAME COMMAND ...")
        umpires.set_name(argv[1])
        return argv[2:]
    return argv


def cmd_umpires(args) -> int:
    from .core.umpire_seats import change_seats, list_seats

    if args.add and args.remove:
        raise UmpireError("--add and --remove are two commands: give one")
    if (args.chief or args.side or args.sector) and not args.add:
        raise UmpireError("--chief, --side and --sector describe the seat --add NAME gives")
    if args.add or args.remove:
        said = change_seats(args.game, add=args.add, chief=args.chief, sides=tuple(args.side),
                            sectors=tuple(args.sector), remove=args.remove)
        print(said)
    lines = list_seats(args.game)
    print("\n".join(lines) if lines else "no seats: a one-umpire game (whoever opens it is its chief umpire)")
    return 0
