"""The command line: the same core actions as the GUI.

    umpire [FILE]                       open the workstation (a game file, or a scenario to start)
    umpire new SCENARIO [--out GAME]    create a game file from a scenario
    umpire validate FILE...             check scenarios and game files
    umpire render FILE --side umpire|SIDE --out map.png
    umpire rulesets                     installed rule systems and their sample tables

Errors are one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from pathlib import Path

from . import __version__
from .core.errors import UmpireError

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3
SUBCOMMANDS = ("new", "validate", "render", "rulesets", "los", "spot", "bench", "move", "activate",
               "form-column", "halt", "overrun", "end-activation", "fire", "split-fire", "defilade", "pass",
               "next-phase",
               "end-turn", "undo", "redo", "journal", "replay", "status", "autoplay", "orders", "victory")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's usage errors: one line and exit 2
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="umpire", description="Umpire: an umpire's workstation for double-blind hex wargames.")
    p.add_argument("--version", action="version", version=f"umpire {__version__}")
    sub = p.add_subparsers(dest="command")
    n = sub.add_parser("new", help="create a game file from a scenario")
    n.add_argument("scenario")
    n.add_argument("--out", help="game file path or database URL (default: <scenario>.umpire here)")
    n.add_argument("--force", action="store_true", help="overwrite an existing game file")
    n.add_argument("--seed", help="the dice seed: the same seed and the same actions roll the same dice "
                                  "(default: a fresh one)")
    v = sub.add_parser("validate", help="check scenario (.toml) and game (.umpire) files")
    v.add_argument("files", nargs="+")
    r = sub.add_parser("render", help="write a PNG of the map as one viewer knows it")
    r.add_argument("file", help="game file or scenario")
    r.add_argument("--side", default="umpire", help="umpire (the truth) or a side id")
    r.add_argument("--out", required=True, help="PNG file to write")
    r.add_argument("--hex-size", type=float, default=24.0, help="hex size in pixels, centre to corner")
    sub.add_parser("rulesets", help="list the installed rule systems and which tables are samples")
    lo = sub.add_parser("los", help="line of sight between two hexes or units, explained")
    lo.add_argument("game")
    lo.add_argument("origin", metavar="FROM", help="hex number (0119) or unit id")
    lo.add_argument("target", metavar="TO", help="hex number or unit id")
    lo.add_argument("--json", action="store_true")
    sp = sub.add_parser("spot", help="run a spotting pass and print what a side knows")
    sp.add_argument("game")
    sp.add_argument("--side", required=True)
    sp.add_argument("--json", action="store_true")
    be = sub.add_parser("bench", help="measure fast paths against naive baselines")
    be.add_argument("what", choices=["los"])
    be.add_argument("--units", type=int, default=300, help="units a side")
    be.add_argument("--size", type=int, default=100, help="map columns and rows")
    mv = sub.add_parser("move", help="move a unit along a path of hexes (journaled, undoable)")
    mv.add_argument("game")
    mv.add_argument("unit")
    mv.add_argument("path", nargs="+", help="hex numbers, starting with the unit's own hex")
    mv.add_argument("--pace", choices=["normal", "double", "charge"], help="infantry: double time or charge "
                    "(MW4 8.16)")
    mv.add_argument("--mount", nargs="+", metavar="UNIT", help="passengers boarding at the start (MW4 9.12)")
    mv.add_argument("--dismount", nargs="+", metavar="UNIT", help="passengers getting out at the end (MW4 9.12)")
    mv.add_argument("--leave-column", action="store_true", help="leave column formation first (MW4 8.11)")
    mv.add_argument("--column", action="store_true", help="infantry: enter column at no cost (MW4 8.11)")
    mv.add_argument("--exit", action="store_true", help="leave the map after the last hex (MW4 8.27)")
    mv.add_argument("--until", metavar="HEX", help="pause in this hex for opportunity fire (MW4 6.52)")
    mv.add_argument("--overrun", action="store_true", help="the last hex holds the enemy: overrun it (MW4 12.0)")
    mv.add_argument("--target", metavar="UNIT", help="in an overrun, the enemy unit the mover fires at")
    ov = sub.add_parser("overrun", help="a unit held in an overrun fights on or leaves (MW4 12.0)")
    ov.add_argument("game")
    ov.add_argument("unit")
    what = ov.add_mutually_exclusive_group(required=True)
    what.add_argument("--stay", action="store_true", help="fight another firefight at once")
    what.add_argument("--leave", metavar="HEX", help="leave to this next hex at no cost")
    ov.add_argument("--target", metavar="UNIT", help="the enemy unit the mover fires at")
    ac = sub.add_parser("activate", help="activate a company as a formation (MW4 4.1)")
    ac.add_argument("game")
    ac.add_argument("company")
    fc = sub.add_parser("form-column", help="a unit forms column by staying put (MW4 8.11)")
    fc.add_argument("game")
    fc.add_argument("unit")
    fi = sub.add_parser("fire", help="units of one side fire at an enemy unit (MW4 6.0); the worksheet is printed")
    fi.add_argument("game")
    fi.add_argument("firers", nargs="+", metavar="FIRER")
    fi.add_argument("--at", required=True, metavar="TARGET", help="the target unit's id")
    fi.add_argument("--odds", action="store_true", help="print each firer's worksheet and odds; roll nothing")
    fi.add_argument("--weapon", choices=["main", "mg", "infantry_h"], default="main",
                    help="mg: tanks' and APCs' machine guns at soft targets (MW4 6.44); infantry_h: infantry's "
                         "close-in attack on a vehicle (6.45)")
    df = sub.add_parser("defilade", help="a unit takes up a defilade position facing a next hex (MW4 10.5)")
    df.add_argument("game")
    df.add_argument("unit")
    df.add_argument("--facing", metavar="HEX", help="the next hex its marker faces (infantry: all round if left out)")
    sf = sub.add_parser("split-fire", help="a vehicular platoon fires as elements at their own targets (MW4 6.93)")
    sf.add_argument("game")
    sf.add_argument("unit")
    sf.add_argument("--element", nargs=2, action="append", required=True, metavar=("D1|D2", "TARGET"),
                    help="one element and its target; give it two or three times")
    ha = sub.add_parser("halt", help="a unit paused for opportunity fire ends its move")
    ha.add_argument("game")
    ha.add_argument("unit")
    for name, text in (("end-turn", "close the game turn and begin the next"), ("undo", "undo the last action"),
                       ("redo", "redo the last undone action"), ("pass", "the side to act passes (MW4 8.23)"),
                       ("next-phase", "go on to the next phase of the turn"),
                       ("end-activation", "end the activated company's activation early (MW4 4.1)"),
                       ("status", "turn, phase and whose activation it is"),
                       ("victory", "the victory situation (final once the game has ended, MW4 20.5)")):
        one = sub.add_parser(name, help=text)
        one.add_argument("game")
        if name in ("end-turn", "pass", "next-phase", "end-activation"):
            _dice_option(one)
    for rolling in (mv, fi, ha, ac, fc, ov, sf, df):
        _dice_option(rolling)
    jo = sub.add_parser("journal", help="the game's actions, their dice and changes")
    jo.add_argument("game")
    jo.add_argument("--json", action="store_true")
    od = sub.add_parser("orders", help="apply a side's orders file (company commands, MW4 19.1)")
    od.add_argument("game")
    od.add_argument("file")
    ap = sub.add_parser("autoplay", help="play a scenario with a simple bot for both sides")
    ap.add_argument("scenario")
    ap.add_argument("--turns", type=int, default=2)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--out", required=True, help="game file to write")
    ap.add_argument("--quiet", action="store_true")
    rp = sub.add_parser("replay", help="re-run the journal from the scenario and compare states")
    rp.add_argument("game")
    rp.add_argument("--verify", action="store_true", help="exit 1 if the replayed state differs")
    return p


def _gui_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="umpire", description="Open the Umpire workstation.",
                epilog=f"Commands: {', '.join(SUBCOMMANDS)} (umpire COMMAND --help).")
    p.add_argument("--version", action="version", version=f"umpire {__version__}")
    p.add_argument("file", nargs="?", help="game file (.umpire) or scenario (.toml) to open")
    p.add_argument("--screenshot", metavar="PNG", help="open, save a picture of the window, and quit")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in SUBCOMMANDS:
            args = _parser().parse_args(argv)
            return {"new": cmd_new, "validate": cmd_validate, "render": cmd_render,
                    "rulesets": cmd_rulesets, "los": cmd_los, "spot": cmd_spot,
                    "bench": cmd_bench, "move": cmd_move, "activate": cmd_activate, "form-column": cmd_form_column,
                    "halt": cmd_halt, "overrun": cmd_overrun, "split-fire": cmd_split_fire, "defilade": cmd_defilade, "end-activation": cmd_end_activation,
                    "end-turn": cmd_end_turn, "undo": cmd_undo,
                    "pass": cmd_pass, "next-phase": cmd_next_phase, "status": cmd_status,
                    "autoplay": cmd_autoplay, "orders": cmd_orders, "victory": cmd_victory, "fire": cmd_fire,
                    "redo": cmd_redo, "journal": cmd_journal, "replay": cmd_replay}[args.command](args)
        if argv and argv[0] in ("-h", "--help"):
            _gui_parser().print_help()
            return 0
        return cmd_gui(_gui_parser().parse_args(argv))
    except UmpireError as e:
        print(f"umpire: error: {e.one_line()}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:      # the reader went away (`umpire journal GAME | head`): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception:  # a bug: keep the details, show the user one line
        log = Path(tempfile.gettempdir()) / "umpire-crash.log"
        log.write_text(traceback.format_exc(), encoding="utf-8")
        print(f"umpire: internal error, please report it (details in {log})", file=sys.stderr)
        return EXIT_INTERNAL


def cmd_new(args) -> int:
    from .actions import new_game
    from .core.scenario import load_scenario
    from .core.store.db import default_game_path

    scenario = load_scenario(args.scenario)
    out = args.out or default_game_path(args.scenario)
    where = new_game(scenario, out, overwrite=args.force, seed=args.seed)
    print(f"created {where}: {scenario.title}, {len(scenario.units)} units")
    return 0


def cmd_validate(args) -> int:
    from .core.scenario import load_scenario
    from .core.store.db import open_game

    failed = 0
    for f in args.files:
        try:
            if f.endswith(".toml"):
                sc = load_scenario(f)
                samples = ", ".join(t.title for t in sc.rules.sample_tables())
                print(f"ok: {f}: {sc.title} ({sc.rules.title}), map {sc.map.grid.columns}x{sc.map.grid.rows}, "
                      f"{len(sc.sides)} sides, {len(sc.units)} units"
                      + (f"; sample tables in use: {samples}" if samples else ""))
            else:
                g = open_game(f)
                print(f"ok: {f}: game of {g.title} ({g.rules.title}), turn {g.turn} of {g.turns}, "
                      f"{len(g.units)} units, schema {g.schema_version}")
        except UmpireError as e:
            print(f"umpire: error: {e.one_line()}", file=sys.stderr)
            failed += 1
    return EXIT_BAD_INPUT if failed else 0


def _load_any(path: str):
    """A game from a game file, or a throwaway game from a scenario (for render)."""
    from .core.scenario import load_scenario
    from .core.store.db import open_game

    if not path.endswith(".toml"):
        return open_game(path)
    from .actions import new_game

    scenario = load_scenario(path)
    with tempfile.TemporaryDirectory() as tmp:
        return open_game(new_game(scenario, Path(tmp) / "scenario.umpire"))


def cmd_render(args) -> int:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"   # rendering never needs a screen
    from .core.knowledge import build_view

    game = _load_any(args.file)
    try:
        view = build_view(game, args.side)
    except ValueError as e:
        raise UmpireError(str(e), place="--side") from None
    if not 4 <= args.hex_size <= 200:
        raise UmpireError("must be between 4 and 200 pixels", place="--hex-size")
    from PySide6.QtWidgets import QApplication

    from .gui.mapscene import render_view

    app = QApplication.instance() or QApplication(["umpire"])
    try:
        w, h = render_view(view, game.rules, args.out, args.hex_size)
    except OSError:
        raise UmpireError("cannot write the image (does the folder exist?)", file=args.out) from None
    del app
    print(f"wrote {args.out} ({w}x{h}, {view.viewer_name}'s view, turn {view.turn})")
    return 0


def cmd_rulesets(args) -> int:
    from .core.ruleset import available_rulesets, load_ruleset

    for name in available_rulesets():
        r = load_ruleset(name)
        samples = [t.title for t in r.sample_tables()]
        print(f"{r.name}  {r.title}  version {r.version}")
        for t in r.tables.values():
            print(f"    {'SAMPLE ' if t.sample else '       '}{t.title}")
        if not samples:
            print("    (no sample tables)")
    return 0


def cmd_los(args) -> int:
    import json

    from .actions import line_of_sight
    from .core.store.db import open_game

    game = open_game(args.game)
    result = line_of_sight(game, args.origin, args.target)
    if args.json:
        print(json.dumps(result.to_json(game.map), indent=2))
    else:
        print(result.describe(game.map))
    return 0


def cmd_spot(args) -> int:
    import json

    from .actions import update_spotting
    from .core.engine import contacts_of
    from .core.store.db import open_game

    game = open_game(args.game)
    if args.side not in game.side_ids():
        raise UmpireError(f"unknown side {args.side!r} (sides: {', '.join(game.side_ids())})", place="--side")
    update_spotting(args.game)
    game = open_game(args.game)
    n = game.map.number
    contacts = contacts_of(game, args.side)
    samples = [t.title for t in game.rules.sample_tables() if t.name in ("observation", "camouflage")]
    if args.json:
        print(json.dumps({
            "side": args.side, "turn": game.turn, "sample_tables": samples,
            "own_units": [{"id": u.id, "hex": n(u.hex) if u.on_map else None, "status": u.status}
                          for u in game.units_of(args.side)],
            "contacts": [{"label": c.label, "status": c.status, "what": c.type_label or c.detail,
                          "hex": n(c.hex), "turn": c.turn, "seen_by": list(c.seen_by)} for c in contacts],
        }, indent=2))
        return 0
    side = game.side(args.side)
    print(f"{side.name}: turn {game.turn} of {game.turns}")
    on_map = [u for u in game.units_of(args.side) if u.on_map]
    print(f"  own units on the map: {len(on_map)}")
    if not contacts:
        print("  contacts: none — no enemy unit has been seen")
    for c in contacts:
        when = "seen now" if c.status == "seen" else f"last seen turn {c.turn}"
        by = f", by {', '.join(c.seen_by)}" if c.seen_by else ""
        print(f"  {c.label:4} {c.type_label or c.detail:38} {n(c.hex)}  {when}{by}")
    if samples:
        print(f"  (observation ranges from SAMPLE tables: {', '.join(samples)})")
    return 0


def cmd_bench(args) -> int:
    from .bench import bench_los

    for line in bench_los(units=args.units, size=args.size):
        print(line, flush=True)
    return 0


def _dice_option(p) -> None:
    p.add_argument("--dice", metavar="FACES", help="the dice rolled at the table, in the order the action asks "
                   "for them (e.g. 3,5); any it needs beyond these are rolled for you")


class _TypedDice:
    """The faces given with --dice, handed out in order; None once they run out (Dice rolls)."""

    def __init__(self, text: str | None) -> None:
        self.faces: list[int] = []
        for part in (text or "").replace(",", " ").split():
            if not part.isdigit():
                raise UmpireError(f"{part!r} is not a die face", place="--dice")
            self.faces.append(int(part))

    def __call__(self, purpose: str, count: int, sides: int) -> list[int] | None:
        if len(self.faces) < count:
            return None
        out, self.faces = self.faces[:count], self.faces[count:]
        return out

    def leftover(self) -> None:
        if self.faces:
            print(f"note: {len(self.faces)} typed dice were not needed: {', '.join(map(str, self.faces))}",
                  file=sys.stderr)


def cmd_move(args) -> int:
    from .actions import system_for
    from .core.engine import perform

    params = {"unit": args.unit, "path": args.path}
    for key, value in (("pace", args.pace), ("mount", args.mount), ("dismount", args.dismount),
                       ("until", args.until), ("exit", args.exit or None), ("overrun", args.overrun or None),
                       ("target", args.target)):
        if value:
            params[key] = value
    if args.leave_column or args.column:
        if args.leave_column and args.column:
            raise UmpireError("choose one of --column and --leave-column", place="move")
        params["column"] = bool(args.column)
    typed = _TypedDice(args.dice)
    res = perform(args.game, "move", params, system_for(args.game), typed=typed)
    typed.leftover()
    print(res.summary)
    for line in res.log:
        print(f"  {line}")
    return 0


def cmd_fire(args) -> int:
    from .actions import system_for
    from .core.store.db import open_game

    if args.odds:
        game = open_game(args.game)
        system = system_for(args.game)
        for firer in args.firers:
            for line in system.fire_sheet(game, firer, args.at, args.weapon).text():
                print(line)
        return 0
    params = {"firers": args.firers, "target": args.at}
    if args.weapon != "main":
        params["mode"] = args.weapon
    return _simple_action("fire", args.game, params, args.dice)


def cmd_activate(args) -> int:
    return _simple_action("activate", args.game, {"company": args.company}, args.dice)


def cmd_form_column(args) -> int:
    return _simple_action("form_column", args.game, {"unit": args.unit}, args.dice)


def cmd_defilade(args) -> int:
    params = {"unit": args.unit} | ({"facing": args.facing} if args.facing else {})
    return _simple_action("defilade", args.game, params, args.dice)


def cmd_split_fire(args) -> int:
    shots = [{"element": e.lower(), "target": t} for e, t in args.element]
    return _simple_action("split_fire", args.game, {"unit": args.unit, "shots": shots}, args.dice)


def cmd_overrun(args) -> int:
    params = {"unit": args.unit, "then": "stay" if args.stay else "leave"}
    if args.leave:
        params["to"] = args.leave
    if args.target:
        params["target"] = args.target
    return _simple_action("overrun", args.game, params, args.dice)


def cmd_halt(args) -> int:
    return _simple_action("halt", args.game, {"unit": args.unit}, args.dice)


def cmd_end_activation(args) -> int:
    return _simple_action("end_activation", args.game, None, args.dice)


def _simple_action(kind: str, game: str, params: dict | None = None, dice: str | None = None) -> int:
    from .actions import system_for
    from .core.engine import perform

    typed = _TypedDice(dice)
    res = perform(game, kind, params or {}, system_for(game), typed=typed)
    typed.leftover()
    print(res.summary)
    for line in res.log:
        print(f"  {line}")
    return 0


def cmd_victory(args) -> int:
    from .core.store.db import open_game
    from .rules import rule_system

    game = open_game(args.game)
    print(rule_system(game.rules).victory(game, final=game.phase == "ended").text(game))
    return 0


def cmd_orders(args) -> int:
    from .actions import system_for
    from .core.engine import perform
    from .core.orders import read_orders

    orders = read_orders(args.file)
    try:
        res = perform(args.game, "orders", orders.params(), system_for(args.game), side=orders.side)
    except UmpireError as e:
        raise UmpireError(e.problem, file=args.file) from None
    print(res.summary)
    for line in res.log:
        print(f"  {line}")
    return 0


def cmd_autoplay(args) -> int:
    from .autoplay import autoplay
    from .core.scenario import load_scenario
    from .core.store.db import open_game

    if args.turns < 1:
        raise UmpireError("must be at least 1", place="--turns")
    out = autoplay(load_scenario(args.scenario), args.out, args.turns, args.seed,
                   report=(lambda s: None) if args.quiet else print)
    game = open_game(out)
    print(f"autoplay wrote {out}: turn {game.turn}, {game.phase}")
    return 0


def cmd_pass(args) -> int:
    return _simple_action("pass", args.game, None, args.dice)


def cmd_next_phase(args) -> int:
    return _simple_action("next_phase", args.game, None, args.dice)


def cmd_status(args) -> int:
    from .actions import phase_line
    from .core.store.db import open_game

    print(phase_line(open_game(args.game)))
    return 0


def cmd_end_turn(args) -> int:
    from .actions import system_for
    from .core.engine import perform

    typed = _TypedDice(args.dice)
    print(perform(args.game, "end_turn", {}, system_for(args.game), typed=typed).summary)
    typed.leftover()
    return 0


def cmd_undo(args) -> int:
    from .core.engine import undo

    row = undo(args.game)
    print(f"undid #{row.seq} {row.kind}: {row.summary}")
    return 0


def cmd_redo(args) -> int:
    from .core.engine import redo

    row = redo(args.game)
    print(f"redid #{row.seq} {row.kind}: {row.summary}")
    return 0


def cmd_journal(args) -> int:
    import json

    from .core.engine import journal

    rows = journal(args.game)
    if args.json:
        print(json.dumps([{"seq": r.seq, "turn": r.turn, "kind": r.kind, "side": r.side_id, "params": r.params,
                           "summary": r.summary, "log": r.log, "rolls": r.rolls, "undone": r.undone, "at": r.at}
                          for r in rows], indent=2))
        return 0
    for r in rows:
        print(f"#{r.seq:<4} turn {r.turn:<3} {r.kind:9} {'(undone) ' if r.undone else ''}{r.summary}")
        for line in r.log:
            print(f"        {line}")
    return 0


def cmd_replay(args) -> int:
    from .core.engine import replay
    from .core.scenario import load_scenario
    from .rules import rule_system

    stored, replayed = replay(args.game, lambda g: rule_system(g.rules), load_scenario)
    print(f"stored state   {stored}")
    print(f"replayed state {replayed}")
    same = stored == replayed
    print("replay matches the stored state" if same else "REPLAY DIFFERS from the stored state")
    return 1 if (args.verify and not same) else 0


def cmd_gui(args) -> int:
    if args.screenshot:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
          and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        raise UmpireError("no display to open a window on (for a picture without a screen, use "
                          "`umpire render` or --screenshot)")
    game = None
    if args.file:     # open before any window exists, so bad input is one line, not a dialog
        from .core.scenario import load_scenario
        from .core.store.db import default_game_path, open_game

        path = args.file
        if path.endswith(".toml"):
            from .actions import new_game

            path = new_game(load_scenario(path), default_game_path(path))
            print(f"created game file {path}")
        game = open_game(path)
    from PySide6.QtWidgets import QApplication

    from .gui.mainwindow import MainWindow

    app = QApplication.instance() or QApplication(["umpire"])
    app.setApplicationName("Umpire")
    app.setOrganizationName("Umpire")
    window = MainWindow()
    if game is not None:
        window.load_game(game)
        window.remember(game.location)
    window.show()
    if args.screenshot:
        app.processEvents()
        window.map_view.fit_map()
        app.processEvents()
        if not window.grab().save(args.screenshot):
            raise UmpireError("cannot write the image", file=args.screenshot)
        print(f"wrote {args.screenshot}")
        return 0
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
