"""The command line's play commands: the engine actions a turn is made of (see cli.py)."""

from __future__ import annotations

import sys

from .core.errors import UmpireError, cited
from .core.limits import CONCENTRATION, DIE_FACE, whole


class _TypedDice:
    """The faces given with --dice, handed out in order; None once they run out (Dice rolls)."""

    def __init__(self, text: str | None) -> None:
        self.faces: list[int] = []
        for part in (text or "").replace(",", " ").split():
            try:
                self.faces.append(whole(part, DIE_FACE))
            except ValueError as e:
                raise UmpireError(f"a die face {e}", place="--dice") from None

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
    params = {"unit": args.unit, "path": args.path}
    for key, value in (("pace", args.pace), ("mount", args.mount), ("dismount", args.dismount),
                       ("until", args.until), ("exit", args.exit or None), ("overrun", args.overrun or None),
                       ("target", args.target), ("with", args.companions)):
        if value:
            params[key] = value
    if args.leave_column or args.column:
        if args.leave_column and args.column:
            raise UmpireError("choose one of --column and --leave-column", place="move")
        params["column"] = bool(args.column)
    return run_action("move", args.game, params, args.dice)


def cmd_fire(args) -> int:
    from .actions import system_for
    from .rules.mechwar4.actions.fire import refusal
    from .core.store.db import open_game

    system = system_for(args.game)
    if "fire" not in system.actions():
        title = open_game(args.game).rules.title
        raise UmpireError(f"{title} has no unit-against-unit fire" + (
            f": its units attack a hex together (umpire attack GAME UNIT... --hex HEX --kind "
            f"{'|'.join(system.attack_kinds())})" if system.attack_kinds() else ""))
    key, weapons, usual = fire_weapons(system)
    title = open_game(args.game).rules.title
    if args.weapon is not None and args.weapon not in weapons:
        raise UmpireError(f"--weapon {args.weapon}: {title}'s weapons are {', '.join(weapons) or 'not chosen'}"
                          + (" (leave it out for the usual one)" if weapons else ""), place="fire")
    if args.odds:
        game = open_game(args.game)
        sheets = [system.fire_sheet(game, firer, args.at, args.weapon or usual or "main")
                  for firer in args.firers]
        if why := refusal(sheets):      # as the shot itself would be refused: no odds to print
            raise UmpireError(f"no shot: {why}")
        for sheet in sheets:
            for line in sheet.text():
                print(line)
        return 0
    params = {"firers": args.firers, "target": args.at}
    if args.weapon is not None and args.weapon != usual:
        params[key] = args.weapon
    return run_action("fire", args.game, params, args.dice)


def fire_weapons(system) -> tuple[str, tuple[str, ...], str | None]:
    """The fire action's weapon parameter as the game's rule system names it ("mode" in
    MechWar 4, "weapon" in Hex Command Mechanized), its choices, and the usual one when it has
    a name (MechWar 4's "main"; None where leaving it empty means the unit's usual weapon)."""
    spec = system.actions()["fire"]
    field = next((f for f in spec.fields if f.key in ("weapon", "mode") and f.choices), None)
    if field is None:
        return "weapon", (), None
    return field.key, tuple(c for c in field.choices if c), field.choices[0] or None


def cmd_attack(args) -> int:
    from .actions import system_for
    from .core.store.db import open_game

    kinds = system_for(args.game).attack_kinds()
    if not kinds:
        raise UmpireError(f"{open_game(args.game).rules.title} has no attacks on a hex: use `umpire fire`")
    args.kind = args.kind or kinds[0]

    if args.odds:
        game = open_game(args.game)
        try:
            target = game.map.grid.parse(args.hex)
        except ValueError as e:
            raise UmpireError(str(e), place="--hex") from None
        unknown = [u for u in args.units if u not in game.units]
        if unknown:
            raise UmpireError(f"no unit {unknown[0]!r}")
        sheet = system_for(args.game).assault_sheet(game, args.units, target, args.kind, args.at)
        if not sheet.legal:
            raise UmpireError("attack refused: " + cited(sheet.reason, sheet.rule))
        print("\n".join(sheet.lines))
        return 0
    side = open_game(args.game).units.get(args.units[0])
    params = {"units": args.units, "hex": args.hex, "kind": args.kind, **({"at": args.at} if args.at else {})}
    return run_action("assault", args.game, params, args.dice, side=side.side if side else None)


def cmd_spot_attempt(args) -> int:
    from .core.store.db import open_game

    u = open_game(args.game).units.get(args.unit)
    if u is None:
        raise UmpireError(f"no unit {args.unit!r}")
    params = {"unit": args.unit, "hex": args.hex, **({"fire": True} if args.fire else {})}
    return run_action("spot_attempt", args.game, params, args.dice, side=u.side)


def cmd_fire_mission(args) -> int:
    from .core.store.db import open_game

    u = open_game(args.game).units.get(args.unit)
    if u is None:
        raise UmpireError(f"no unit {args.unit!r}")
    params = {"unit": args.unit, "hex": args.hex}
    params.update({k: v for k, v in (("support", args.support), ("mission", args.mission), ("to", args.to),
                                     ("direction", args.direction)) if v})
    return run_action("fire_mission", args.game, params, args.dice, side=u.side)


def cmd_rule_action(args) -> int:
    """One of the rule system's unit actions by name (its journal kind, or the name earlier
    versions gave it: Lock 'n Load's "spot")."""
    from .actions import system_for
    from .cli_actions import unit_action_named
    from .core.store.db import open_game

    game = open_game(args.game)
    u = game.units.get(args.unit)
    if u is None:
        raise UmpireError(f"no unit {args.unit!r}")
    spec = unit_action_named(game, system_for(args.game), args.name)
    params = {"unit": u.id, **({"hex": args.hex} if args.hex else {})}
    # a key the action does not ask for was dropped without a word ("--set bogus=1" read as a
    # missing "do"); the fields it asks for when this unit acts, as its form does
    fields = [f.key for f in spec.fields_for(game, u.side, u.id) if f.key not in ("unit", "hex")]
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UmpireError(f"--set {item!r}: expected KEY=VALUE")
        if key.strip() not in fields:
            raise UmpireError(f"--set {item!r}: {spec.label.lower()} has no field {key.strip()!r} "
                              + (f"(it asks for {', '.join(fields)})" if fields else "(it asks for none but --hex)"))
        params[key.strip()] = value.strip()
    return run_action(spec.name, args.game, params, args.dice, side=u.side)


def cmd_activate(args) -> int:
    return run_action("activate", args.game, {"company": args.company}, args.dice)


def cmd_form_column(args) -> int:
    return run_action("form_column", args.game, {"unit": args.unit}, args.dice)


def cmd_defilade(args) -> int:
    params = {"unit": args.unit} | ({"facing": args.facing} if args.facing else {})
    return run_action("defilade", args.game, params, args.dice)


def cmd_plot(args) -> int:
    from .actions import system_for
    from .core.engine import perform
    from .core.store.db import open_game

    missions = []
    for support, n, target, pattern in args.mission:
        try:
            missions.append({"support": support, "concentration": whole(n, CONCENTRATION), "target": target,
                             "pattern": pattern})
        except ValueError as e:
            raise UmpireError(f"concentration {e}", place="--mission") from None
    missions += [{"support": unit, "pattern": "counterbattery"} for unit in args.counterbattery]
    turn = args.turn if args.turn is not None else open_game(args.game).turn
    res = perform(args.game, "plot", {"side": args.side, "turn": turn, "missions": missions},
                  system_for(args.game), side=args.side)
    print(res.summary)
    for line in res.log:
        print(f"  {line}")
    return 0


def cmd_multiply(args) -> int:
    return run_action("multiply", args.game, {"side": args.side, "support": args.support}, args.dice,
                          side=args.side)


def cmd_report(args) -> int:
    from .core.knowledge import UMPIRE
    from .core.store.db import open_game
    from .reports.turns import write_turn_reports

    game = open_game(args.game)
    viewers = [UMPIRE, *game.side_ids()] if args.all_sides else [args.side]
    from .core.umpires import check_viewing
    for viewer in viewers:              # a game's seats limit what an assistant sees (core.umpires)
        if viewer == UMPIRE or viewer in game.side_ids():
            check_viewing(args.game, viewer)
    # the window's File → Export Turn Reports writes through the same function (reports/turns.py)
    written = write_turn_reports(args.game, args.turn, viewers, args.out, args.paper)
    for path in written:
        print(f"wrote {path}")
    return 0


def cmd_displace(args) -> int:
    return run_action("displace", args.game, {"side": args.side, "support": args.support,
                                                  "concentration": args.concentration}, side=args.side)


def cmd_h_fire(args) -> int:
    from .core.store.db import open_game

    game = open_game(args.game)
    side = game.units[args.unit].side if args.unit in game.units else None
    return run_action("h_fire_stance", args.game, {"unit": args.unit, "unbuttoned": args.unbuttoned}, side=side)


def cmd_place_impact(args) -> int:
    from .core.store.db import open_game

    turn = args.turn if args.turn is not None else open_game(args.game).turn
    params = {"side": args.side, "support": args.support, "concentration": args.concentration, "turn": turn,
              "hex": None if args.clear else args.hex, "reason": args.reason}
    return run_action("place_impact", args.game, params)


def cmd_split_fire(args) -> int:
    shots = [{"element": e.lower(), "target": t} for e, t in args.element]
    return run_action("split_fire", args.game, {"unit": args.unit, "shots": shots}, args.dice)


def cmd_overrun(args) -> int:
    params = {"unit": args.unit, "then": "stay" if args.stay else "leave"}
    if args.leave:
        params["to"] = args.leave
    if args.target:
        params["target"] = args.target
    return run_action("overrun", args.game, params, args.dice)


def cmd_halt(args) -> int:
    return run_action("halt", args.game, {"unit": args.unit}, args.dice)


def cmd_end_activation(args) -> int:
    return run_action("end_activation", args.game, None, args.dice)


def run_action(kind: str, game: str, params: dict | None = None, dice: str | None = None,
                   side: str | None = None) -> int:
    from .actions import system_for
    from .core.engine import perform

    typed = _TypedDice(dice)
    res = perform(game, kind, params or {}, system_for(game), typed=typed, side=side)
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
    from .packages.inbox import take_orders

    # the signature checked, the file kept in the journal and applied, in one transaction (issue 23)
    for res in take_orders(args.game, args.file, system_for(args.game), args.require_signature):
        print(res.summary)
        for line in res.log:
            print(f"  {line}")
    return 0


def cmd_autoplay(args) -> int:
    from .autoplay import autoplay
    from .core.scenario import load_scenario
    from .core.store.db import open_game

    out = autoplay(load_scenario(args.scenario), args.out, args.turns, args.seed,
                   report=(lambda s: None) if args.quiet else print)
    game = open_game(out)
    print(f"autoplay wrote {out}: turn {game.turn}, {game.phase}")
    return 0


def cmd_pass(args) -> int:
    return run_action("pass", args.game, None, args.dice)


def cmd_next_phase(args) -> int:
    return run_action("next_phase", args.game, None, args.dice)


def cmd_status(args) -> int:
    from .actions import phase_line
    from .core.store.db import open_game

    print(phase_line(open_game(args.game)))
    return 0


def cmd_end_turn(args) -> int:
    from .actions import system_for
    from .core.engine import perform

    typed = _TypedDice(args.dice)
    params: dict = {}
    print(perform(args.game, "end_turn", params, system_for(args.game), typed=typed).summary)
    typed.leftover()
    _held_settled(args.game, params)
    return 0


def _held_settled(game: str, params: dict) -> None:
    """The held orders files End Turn applied or refused on its way (issue 23: its params, as
    journaled), a line each, for the umpire."""
    from .core.play.inbox import settled_by
    from .core.store.db import open_game

    settled = settled_by("end_turn", params)
    sides = {h["file"]: h["side"] for h in params.get("held_orders") or ()}
    names = {s.id: s.name for s in open_game(game).sides} if settled else {}
    for seq, why in settled.items():
        print(f"  {names.get(sides[seq], sides[seq])}'s held orders (journal #{seq}): "
              + (f"refused: {why}" if why else "applied"))


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

    from .core.umpires import check_viewing
    rows = journal(args.game)                  # a file that is no game refused first, in one line
    check_viewing(args.game, "umpire")         # the whole journal: not an assistant's to read
    if args.json:
        print(json.dumps([{"seq": r.seq, "turn": r.turn, "kind": r.kind, "side": r.side_id, "params": r.params,
                           "summary": r.summary, "log": r.log, "rolls": r.rolls, "undone": r.undone, "at": r.at,
                           "umpire": r.umpire}
                          for r in rows], indent=2))
        return 0
    from .core.store.db import open_game
    from .core.umpire_words import UmpireWords

    words = UmpireWords(open_game(args.game))  # whose contact a label is, formations by name
    several = len({r.umpire for r in rows if r.umpire}) > 1     # who did what, once several umpires have acted
    for r in rows:
        by = f"  [{r.umpire}]" if r.umpire and several else ""
        print(f"#{r.seq:<4} turn {r.turn:<3} {r.kind:9} {'(undone) ' if r.undone else ''}{words.summary(r)}{by}")
        for line in r.log:
            print(f"        {words.text(line)}")
    return 0


def cmd_replay(args) -> int:
    """The journal checked as a chain of its recorded changes (core.chain: is the file whole and
    consistent), or with --rerun every action re-run by the rules with its recorded dice
    (core.replay: does this version of Umpire still play the game the same)."""
    from .core.scenario import load_scenario

    if args.rerun:
        from .core.replay import verify
        from .rules import rule_system
        verdict = verify(args.game, lambda g: rule_system(g.rules), load_scenario)
        print(f"stored state   {verdict.stored}")
        print(f"replayed state {verdict.replayed}")
        print("replay matches the stored state" if verdict.same else "REPLAY DIFFERS from the stored state")
        what = "REPLAY"
    else:
        from .core.chain import verify_chain
        verdict = verify_chain(args.game, load_scenario)
        print(f"stored state   {verdict.stored}")
        print(f"chained state  {verdict.chained or '(the journal breaks before its end)'}")
        print("the journal chains to the stored state" if verdict.same
              else "THE JOURNAL DOES NOT CHAIN to the stored state")
        what = "THE JOURNAL"
    if verdict.first_difference:
        print(verdict.first_difference)
    for turn in verdict.snapshots_differ:
        print(f"{what} DIFFERS from the snapshot of turn {turn}'s end kept in the file")
    if not args.rerun:
        print("(the rules were not re-run: `umpire replay GAME --verify --rerun` checks that this version "
              "plays the game the same)")
    return 1 if (args.verify and (not verdict.same or verdict.snapshots_differ)) else 0
