"""`umpire actions GAME`: what can be done in a game, from the actions' own descriptions
(core.actionspec) -- the core's, the rule system's, and its rule actions -- each with the
command that runs it; `umpire act GAME KIND KEY=VALUE...` runs any of them by its description,
so that a rule system's new action is playable from the command line without new code here."""

from __future__ import annotations

import json

from .core.actionspec import ActionField, ActionSpec
from .core.errors import UmpireError

# The commands written for an action before the descriptions existed; they stay (people's
# scripts and the README use them).  Others run through `umpire act`.
COMMANDS = {"move": "move", "halt": "halt", "assault": "attack", "pass": "pass", "next_phase": "next-phase",
            "end_turn": "end-turn", "spot": "spot", "rule_action": "rule-action", "fire": "fire",
            "split_fire": "split-fire", "overrun": "overrun", "activate": "activate",
            "end_activation": "end-activation", "form_column": "form-column", "defilade": "defilade",
            "orders": "orders", "plot": "plot", "place_impact": "place-impact", "multiply": "multiply",
            "h_fire_stance": "h-fire", "displace": "displace"}
WHO = {"unit": "a unit", "units": "units of one side", "firers": "units of one side", "side": "a side",
       "company": "a company", "umpire": "the umpire"}
NOT_OFFERED = ("open", "undo", "redo")       # set up once, or not actions of play


def offered(game, system) -> list[ActionSpec]:
    """Every action the game's rule system plays, the core's first; each of its rule actions
    (RuleSystem.rule_actions) as an action of its own, named `rule_action:<name>`."""
    from .core import engine

    specs = [engine.spec_of(kind, system) for kind in engine.ACTIONS if kind not in NOT_OFFERED]
    specs += [s for kind, s in system.actions().items() if kind not in engine.ACTIONS]
    specs = [s for s in specs if s.name != "rule_action"]       # listed one by one below
    return specs + [rule_action(game, system, name) for name in system.rule_actions()]


def rule_action(game, system, name: str, unit=None) -> ActionSpec:
    """One of the rule system's rule actions as an action of its own: the acting unit, then what
    the rule system asks for (its choices as `unit`'s side may know them; none without a unit)."""
    side = unit.side if unit is not None else None
    fields = system.rule_action_fields(game, name, side, unit.id if unit is not None else None)
    label = system.rule_actions()[name]
    return ActionSpec(f"rule_action:{name}", label.split(" (")[0], None, "unit",
                      (ActionField("unit", "Unit", kind="unit"),) + tuple(fields),
                      rule=label.split(" (", 1)[1].rstrip(")") if " (" in label else "")


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
        print(json.dumps([{"kind": s.name, "label": s.label, "who": s.who if isinstance(s.who, str) else "side",
                           "rule": s.rule, "help": summary(s.help),
                           "command": _command(s),
                           "fields": [{"key": f.key, "label": f.label, "kind": f.kind, "choices": list(f.choices),
                                       "required": f.required} for f in s.fields]} for s in specs], indent=1))
        return 0
    print(f"{game.title} -- {game.rules.title}: what can be done")
    for s in specs:
        who = WHO.get(s.who, "a side") if isinstance(s.who, str) else "a side"
        rule = f" ({s.rule})" if s.rule else ""
        print(f"\n  {s.name}: {s.label}{rule}, by {who}")
        if s.help:
            print(f"      {summary(s.help)}")
        if s.fields:
            print(f"      asks for: {', '.join(_field_text(f) for f in s.fields)}")
        print(f"      run it: {_command(s)}")
    return 0


def _command(spec: ActionSpec) -> str:
    if spec.name in COMMANDS:
        return f"umpire {COMMANDS[spec.name]} GAME ...  (see umpire {COMMANDS[spec.name]} --help)"
    return "umpire act GAME " + " ".join([spec.name] + [f"{f.key}=..." if f.required else f"[{f.key}=...]"
                                                      for f in spec.fields])


def cmd_act(args) -> int:
    from .actions import system_for
    from .cli_play import run_action
    from .core.store.db import open_game

    game = open_game(args.game)
    system = system_for(args.game)
    specs = {s.name: s for s in offered(game, system)}
    spec = specs.get(args.kind)
    if spec is None:
        raise UmpireError(f"{game.rules.title} has no action {args.kind!r} (umpire actions {args.game} lists them)")
    given = {}
    for item in args.values:
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise UmpireError(f"{item!r}: expected KEY=VALUE")
        given[key.strip()] = text.strip()
    kind, side = spec.name, None
    if kind.startswith("rule_action:"):           # what it asks for depends on who acts
        unit = game.units.get(given.get("unit", ""))
        if unit is None:
            raise UmpireError(f"{kind} needs unit=<one of your units>" if "unit" not in given
                              else f"no unit {given['unit']!r}")
        spec = rule_action(game, system, kind.split(":", 1)[1], unit)
        kind, side = "rule_action", unit.side
    fields = {f.key: f for f in spec.fields}
    params: dict = {}
    for key, text in given.items():
        if key not in fields:
            raise UmpireError(f"{spec.name} asks for no {key!r} (it asks for: "
                              f"{', '.join(fields) or 'nothing'})")
        params[key] = fields[key].parse(text)
    missing = [k for k, f in fields.items() if f.required and k not in params]
    if missing:
        raise UmpireError(f"{spec.name} needs {', '.join(missing)}")
    if kind == "rule_action":
        params = {"name": spec.name.split(":", 1)[1], "side": side, **params}
    return run_action(kind, args.game, params, args.dice, side=side)
