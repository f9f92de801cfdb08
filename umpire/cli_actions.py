"""`umpire actions GAME`: what can be done in a game, from the actions' own descriptions
(core.actionspec) -- the core's and the rule system's -- each with the
command that runs it; `umpire act GAME KIND KEY=VALUE...` runs any of them by its description,
so that a rule system's new action is playable from the command line without new code here."""

from __future__ import annotations

import json

from .core.actionspec import ActionField, ActionSpec
from .core.errors import UmpireError

# The commands written for an action before the descriptions existed; they stay (people's
# scripts and the README use them).  Others run through `umpire act`.
COMMANDS = {"move": "move", "halt": "halt", "assault": "attack", "pass": "pass", "next_phase": "next-phase",
            "end_turn": "end-turn", "spot": "spot", "spot_attempt": "spot-attempt",
            "fire_mission": "fire-mission", "fire": "fire",
            "split_fire": "split-fire", "overrun": "overrun", "activate": "activate",
            "end_activation": "end-activation", "form_column": "form-column", "defilade": "defilade",
            "orders": "orders", "plot": "plot", "place_impact": "place-impact", "multiply": "multiply",
            "h_fire_stance": "h-fire", "displace": "displace"}
WHO = {"unit": "a unit", "units": "units of one side", "firers": "units of one side", "side": "a side",
       "company": "a company", "umpire": "the umpire"}
NOT_OFFERED = ("open", "undo", "redo",        # set up once, or not actions of play
               "rule_action",                # how earlier versions journaled a unit action
               "receive_orders",             # a file taken by `umpire orders`, with its signature checked
               "orders_not_applied")         # a held file refused when its phase came (issue 23)


def offered(game, system) -> list[ActionSpec]:
    """Every action the game's rule system plays, the core's first."""
    from .core import engine

    specs = [engine.spec_of(kind, system) for kind in engine.ACTIONS if kind not in NOT_OFFERED
             and not (kind == "assault" and not system.attack_kinds())]   # no attack on a hex: not offered
    return specs + [s for kind, s in system.actions().items() if kind not in engine.ACTIONS]


def meaning_here(spec: ActionSpec, game, system) -> str:
    """What one of the core's general actions means in this rule system, for the listing: the
    kinds of attack on a hex it has, and when a move is paused so that a unit may halt."""
    from .core.rulesystem import RuleSystem

    if spec.name == "assault":
        return (f"in {game.rules.title}: kind {' | '.join(system.attack_kinds())} "
                f"(umpire attack GAME UNIT... --hex HEX --kind KIND; the first is the usual one)")
    if spec.name == "halt":
        by_rules = type(system).move_stop is not RuleSystem.move_stop
        return (f"in {game.rules.title}: ends a move paused with `umpire move ... --until HEX` where it stopped"
                + (", or one the rules paused for the enemy's fire" if by_rules else
                   " (the rules pause no move by themselves)"))
    return ""


def unit_action_named(game, system, name: str) -> ActionSpec:
    """The rule system's unit action of that name, or of the name earlier versions gave it
    (`rule_action:<name>`, `umpire rule-action GAME <name>`)."""
    from .core.play.rule_actions import named

    spec = named(system, name)
    if spec is None:
        own = [s.name for s in system.actions().values() if s.by_unit]
        raise UmpireError(f"{game.rules.title} has no action {name!r}"
                          + (f" (it has: {', '.join(own)})" if own else ""))
    return spec


def summary(help_text: str) -> str:
    """The first sentence of an action's help, on one line."""
    words = " ".join(help_text.split())
    end = words.find(". ")
    return words if end < 0 else words[:end + 1]


def _field_text(f: ActionField) -> str:
    extra = [f.kind] if f.kind not in ("text", "choice") else []
    if any(f.choices):
        extra.append(" | ".join(c for c in f.choices if c))
    if not f.required:
        extra.append("optional")
    return f"{f.key} ({', '.join(extra)})" if extra else f.key


def cmd_actions(args) -> int:
    from .actions import system_for
    from .core.store.db import open_game

    game = open_game(args.game)
    system = system_for(args.game)
    specs = offered(game, system)
    if args.json:
        print(json.dumps([{"kind": s.name, "label": s.label, "who": _who(s), "rule": s.rule, "help": summary(s.help),
                           "here": meaning_here(s, game, system),
                           "command": _command(s, s.fields_for(game)),
                           "fields": [{"key": f.key, "label": f.label, "kind": f.kind, "choices": list(f.choices),
                                       "required": f.required} for f in s.fields_for(game)]} for s in specs],
                         indent=1))
        return 0
    print(f"{game.title} -- {game.rules.title}: what can be done")
    for s in specs:
        rule = f" ({s.rule})" if s.rule else ""
        print(f"\n  {s.name}: {s.label}{rule}, by {WHO[_who(s)]}")
        if s.help:
            print(f"      {summary(s.help)}")
        if here := meaning_here(s, game, system):
            print(f"      {here}")
        fields = s.fields_for(game)
        if fields:
            print(f"      asks for: {', '.join(_field_text(f) for f in fields)}")
        print(f"      run it: {_command(s, fields)}")
    return 0


def _who(spec: ActionSpec) -> str:
    """Whose action it is, in WHO's words: a unit's when it asks for the acting unit first."""
    if isinstance(spec.who, str) and spec.who in WHO:
        return spec.who
    return "unit" if spec.by_unit else "side"


def _command(spec: ActionSpec, fields) -> str:
    if spec.name in COMMANDS:
        return f"umpire {COMMANDS[spec.name]} GAME ...  (see umpire {COMMANDS[spec.name]} --help)"
    return "umpire act GAME " + " ".join([spec.name] + [f"{f.key}=..." if f.required else f"[{f.key}=...]"
                                                      for f in fields])


def cmd_act(args) -> int:
    from .actions import system_for
    from .cli_play import run_action
    from .core.store.db import open_game

    game = open_game(args.game)
    system = system_for(args.game)
    specs = {s.name: s for s in offered(game, system)}
    spec = specs.get(args.kind)
    if args.kind.startswith("rule_action:"):      # as earlier versions listed a unit action
        spec = unit_action_named(game, system, args.kind.split(":", 1)[1])
    if spec is None:
        raise UmpireError(f"{game.rules.title} has no action {args.kind!r} (umpire actions {args.game} lists them)")
    given = {}
    for item in args.values:
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise UmpireError(f"{item!r}: expected KEY=VALUE")
        given[key.strip()] = text.strip()
    fields = spec.fields
    unit = game.units.get(given.get("unit", ""))
    if spec.ask is not None and unit is not None:   # what it asks for depends on who acts
        fields = spec.fields_for(game, unit.side, unit.id)
    fields = {f.key: f for f in fields}
    params: dict = {}
    for key, text in given.items():
        if key not in fields:
            raise UmpireError(f"{spec.name} asks for no {key!r} (it asks for: "
                              f"{', '.join(fields) or 'nothing'})")
        params[key] = fields[key].parse(text)
    missing = [k for k, f in fields.items() if f.required and k not in params]
    if missing:
        raise UmpireError(f"{spec.name} needs {', '.join(missing)}")
    return run_action(spec.name, args.game, params, args.dice)
