"""The command line's commands: the same core actions as the GUI.  cli.py is the entry (and
lists the main commands); the parser is in cli_parser.py, the play commands (move, fire, pass,
journal...) in cli_play.py.

Errors are one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import os
import sys
import tempfile
import importlib
import traceback
from pathlib import Path

from .core.errors import UmpireError

from .cli_actions import cmd_act, cmd_actions
from .cli_mapimport import cmd_import_map
from .cli_packages import COMMANDS as PACKAGE_COMMANDS
from .cli_umpires import acting_as, cmd_umpires
from .cli_serve import cmd_serve
from .cli_parser import EXIT_BAD_INPUT, SUBCOMMANDS, build_parser, gui_parser
from .cli_play import (cmd_activate, cmd_attack, cmd_fire_mission, cmd_rule_action, cmd_spot_attempt, cmd_defilade, cmd_end_activation, cmd_end_turn, cmd_fire, cmd_form_column,
                       cmd_displace, cmd_h_fire, cmd_report, cmd_halt, cmd_journal, cmd_move, cmd_multiply, cmd_next_phase, cmd_orders, cmd_overrun, cmd_pass, cmd_redo,
                       cmd_place_impact, cmd_plot, cmd_replay, cmd_split_fire, cmd_status, cmd_undo, cmd_victory, cmd_autoplay)

importlib.import_module(".rules", __package__)     # registers the rule systems' checks of a scenario

EXIT_INTERNAL = 3


def run(argv: list[str]) -> int:
    """Carry out one command line (argv without the program's name); the exit status."""
    try:
        argv = acting_as(argv)
        if argv and argv[0] in SUBCOMMANDS:
            args = build_parser().parse_args(argv)
            return {"new": cmd_new, "validate": cmd_validate, "render": cmd_render,
                    "rulesets": cmd_rulesets, "los": cmd_los, "spot": cmd_spot,
                    "bench": cmd_bench, "move": cmd_move, "activate": cmd_activate, "form-column": cmd_form_column,
                    "halt": cmd_halt, "overrun": cmd_overrun, "split-fire": cmd_split_fire, "plot": cmd_plot, "multiply": cmd_multiply, "h-fire": cmd_h_fire, "displace": cmd_displace,
                    "place-impact": cmd_place_impact, "defilade": cmd_defilade, "end-activation": cmd_end_activation,
                    "end-turn": cmd_end_turn, "undo": cmd_undo,
                    "pass": cmd_pass, "next-phase": cmd_next_phase, "status": cmd_status,
                    "autoplay": cmd_autoplay, "orders": cmd_orders, "victory": cmd_victory, "fire": cmd_fire, "attack": cmd_attack, "spot-attempt": cmd_spot_attempt,
                    "fire-mission": cmd_fire_mission, "rule-action": cmd_rule_action,
                    "report": cmd_report,
                    "redo": cmd_redo, "journal": cmd_journal, "replay": cmd_replay,
                    "actions": cmd_actions, "act": cmd_act, "import-map": cmd_import_map, "umpires": cmd_umpires,
                    "serve": cmd_serve, **PACKAGE_COMMANDS}[args.command](args)
        if argv and argv[0] in ("-h", "--help"):
            gui_parser().print_help()
            return 0
        return cmd_gui(gui_parser().parse_args(argv))
    except UmpireError as e:
        for line in e.lines():      # a scenario's problems, one line each; any other error has one
            print(f"umpire: error: {line}", file=sys.stderr)
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
    from .core.store.db import default_game_path, shown

    scenario = load_scenario(args.scenario)
    out = args.out or default_game_path(args.scenario)
    where = new_game(scenario, out, overwrite=args.force, seed=args.seed)
    # a server's URL without its password: the terminal may be read over a shoulder, or logged
    print(f"created {shown(where)}: {scenario.title}, {len(scenario.units)} units")
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
            for line in e.lines():      # every problem of the file, one line each
                print(f"umpire: error: {line}", file=sys.stderr)
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
    from .rules import rule_system

    game = _load_any(args.file)
    if not args.file.endswith(".toml"):
        from .core.umpires import check_viewing
        check_viewing(args.file, args.side)       # a game's seats limit what an assistant sees
    try:
        view = build_view(game, args.side, rule_system(game.rules))
    except ValueError as e:
        raise UmpireError(str(e), place="--side") from None
    from PySide6.QtWidgets import QApplication

    from .render.picture import render_view

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

    if args.detail is not None:
        from .ruleset_detail import describe_ruleset

        for line in describe_ruleset(args.detail):
            print(line)
        return 0
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

    from dataclasses import replace

    from .rules import rule_system

    game = open_game(args.game)
    result = line_of_sight(game, args.origin, args.target)
    # the range as the game's rules count it (Hex Command Mechanized: the neighbouring hex is 0)
    result = replace(result, range=rule_system(game.rules).range_between(game, result.origin, result.target))
    if args.json:
        print(json.dumps(result.to_json(game.map), indent=2))
    else:
        print(result.describe(game.map))
    return 0


def cmd_spot(args) -> int:
    import json

    from .actions import update_spotting
    from .core.play.spotting import contacts_of
    from .core.store.db import open_game

    game = open_game(args.game)
    if args.side not in game.side_ids():
        raise UmpireError(f"unknown side {args.side!r} (sides: {', '.join(game.side_ids())})", place="--side")
    from .core.umpires import check_viewing
    check_viewing(args.game, args.side)
    update_spotting(args.game)
    game = open_game(args.game)
    n = game.map.number
    # a contact the side saw destroyed (a dummy exposed and removed among them) is off its map
    # and out of its report (core/knowledge.build_view): the listing agrees with them
    contacts = [c for c in contacts_of(game, args.side) if c.status != "destroyed"]
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
    from .bench import run

    if 2 * args.units > args.size ** 2:       # both sides' units stand on hexes of their own
        raise UmpireError(f"{args.units} units a side do not fit on a {args.size}x{args.size} map "
                          f"(at most {args.size ** 2 // 2})", place="--units")
    for line in run(args.what, units=args.units, size=args.size, big=args.big, quick=args.quick):
        print(line, flush=True)
    return 0


def cmd_gui(args) -> int:
    """The window.  Everything that can be refused is refused before anything is written: the
    scenario is read, the display and Qt's X libraries checked, and Qt started; only then is a
    game file made (a launch that failed used to leave one behind, and the next made another)."""
    if args.screenshot:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
          and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        raise UmpireError("no display to open a window on (for a picture without a screen, use "
                          "`umpire render` or --screenshot)")
    scenario = game = None
    if args.file and args.file.endswith(".umpkg"):      # a side package: player mode (issue 23)
        from .gui.player.window import run_player

        return run_player(args.file, args.screenshot)
    if args.file and args.file.endswith(".toml"):
        from .core.scenario import load_scenario

        scenario = load_scenario(args.file)
    elif args.file:     # open before any window exists, so bad input is one line, not a dialog
        from .core.store.db import open_game
        from .core.umpires import seat_in

        game = open_game(args.file)
        seat_in(game.location)      # a game shared by umpires that does not list this one: one line
    from .platformcheck import window_problem

    problem = window_problem()       # Qt would abort the process: say what to install instead
    if problem:
        raise UmpireError(problem)
    from PySide6.QtWidgets import QApplication

    from .gui.mainwindow import MainWindow

    app = QApplication.instance() or QApplication(["umpire"])
    app.setApplicationName("Umpire")
    app.setOrganizationName("Umpire")
    if scenario is not None:
        from .gamestart import game_for_scenario
        from .core.store.db import open_game
        from .gui.startgame import ask_carry_on

        chosen = game_for_scenario(args.file, scenario, None if args.screenshot else ask_carry_on, new=args.new)
        if chosen is None:
            return 0                  # the umpire cancelled the question
        path, created = chosen
        print(f"{'created' if created else 'carrying on with'} game file {path}")
        game = open_game(str(path))
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
