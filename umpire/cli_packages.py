"""The command line's side packages and signed orders (issue 23, docs/players.md):

    umpire package GAME --side SIDE --out FILE|FOLDER [--turn N]   a side's package (--side all: each side's)
    umpire open-package FILE                             player mode: the package's side in a window
    umpire sign-orders PACKAGE ORDERS [--out FILE]       sign an orders file with the package's side key
    umpire require-signatures GAME on|off                the game's setting: only signed orders files

Their arguments are added to the parser here (`add_parsers`), their work imported only when run.
"""

from __future__ import annotations

from pathlib import Path

COMMAND_NAMES = ("package", "open-package", "sign-orders", "require-signatures")


def add_parsers(sub) -> None:
    pk = sub.add_parser("package", help="write a side's package: what it knows, signed by the game, with its "
                                        "orders key (a player opens it in Umpire)")
    pk.add_argument("game")
    pk.add_argument("--side", required=True, help="a side id, or all: one package per side (--out a folder)")
    pk.add_argument("--out", required=True, help="the package file (.umpkg), or a folder")
    pk.add_argument("--paper", default="a4", help="the report's paper: a4 or letter")
    pk.add_argument("--turn", type=int, help="an earlier turn's package: the game as that turn ended, replayed "
                                             "from the journal (signed with the game's keys)")
    op = sub.add_parser("open-package", help="open a side package as that side's player (player mode)")
    op.add_argument("package")
    op.add_argument("--screenshot", metavar="PNG", help="open, save a picture of the window, and quit")
    so = sub.add_parser("sign-orders", help="sign an orders file with the side key a package holds")
    so.add_argument("package")
    so.add_argument("orders")
    so.add_argument("--out", help="the signed file (default: ORDERS with .signed.toml)")
    rs = sub.add_parser("require-signatures", help="whether `umpire orders` takes only signed orders files")
    rs.add_argument("game")
    rs.add_argument("setting", choices=("on", "off"))


def cmd_package(args) -> int:
    from .core.umpires import check_viewing
    from .actions import system_for
    from .core.errors import UmpireError
    from .core.store.db import open_game
    from .packages.package import write_package

    game = open_game(args.game)
    sides = game.side_ids() if args.side == "all" else [args.side]
    for side in sides:                  # a side's package (its orders key!) only for whom the seat allows
        if side in game.side_ids():
            check_viewing(args.game, side)
    if len(sides) > 1 and not Path(args.out).is_dir():
        raise UmpireError("--side all writes one package per side: give a folder that exists", place="--out")
    if args.turn is None or args.turn == game.turn:
        system = system_for(args.game)
        for side in sides:
            print(f"wrote {write_package(args.game, side, system, args.out, args.paper)}")
        return 0
    if not 1 <= args.turn < game.turn:
        raise UmpireError(f"the game is at turn {game.turn}: packages for turns 1 to {game.turn}", place="--turn")
    import tempfile

    from .core.engine import replay_to_turn
    from .core.scenario import load_scenario
    from .rules import rule_system
    with tempfile.TemporaryDirectory() as tmp:          # the game as it stood at the end of that turn
        past = replay_to_turn(args.game, args.turn, Path(tmp) / "past.umpire", lambda g: rule_system(g.rules),
                              load_scenario)
        for side in sides:
            print(f"wrote {write_package(past, side, system_for(past), args.out, args.paper, keys_of=args.game)}")
    return 0


def cmd_sign_orders(args) -> int:
    from .core.ruleset import load_ruleset
    from .packages.orders_template import check_before_signing
    from .packages.package import read_package
    from .packages.signing import sign_orders_file
    from .rules import rule_system

    package = read_package(args.package)
    out = Path(args.out) if args.out else Path(args.orders).with_suffix(".signed.toml")
    # as the player's window signs them: what the umpire's Umpire would refuse on reading (a
    # malformed [[weapons]], a table its rule system has no use for) is refused here, nothing signed
    system = rule_system(load_ruleset(package.manifest["rules"]))
    sign_orders_file(package, args.orders, out, lambda text, shown: check_before_signing(
        text, system, package.view.units, shown, orders_form=package.orders_form))
    print(f"wrote {out}: {package.manifest['side_name']}'s orders, signed")
    return 0


def cmd_require_signatures(args) -> int:
    from .core.umpires import check_viewing
    from .core.store.db import open_game
    from .packages.keys import set_require_signature

    sides = open_game(args.game).side_ids()     # a file that is no game refused first, in one line
    check_viewing(args.game, "umpire")         # a game setting: the chief's
    keys = set_require_signature(args.game, sides, args.setting == "on")
    print("orders files must now be signed" if keys.require_signature else "unsigned orders files are taken again")
    return 0


def cmd_open_package(args) -> int:
    from .gui.player.window import run_player
    return run_player(args.package, args.screenshot)


COMMANDS = {"package": cmd_package, "open-package": cmd_open_package, "sign-orders": cmd_sign_orders,
            "require-signatures": cmd_require_signatures}
