"""HCM's command actions for the shells and the engine (placing a commander 3.6; writing,
changing and acting without orders 2.1.1, 3.10; the activation order 4.6), the command rules'
part of the turn's hooks (3.2-3.4, 3.9, 4.5.1) and the orders form of a side's report.

The RuleSystem (hcm/__init__.py) merges ACTIONS into its own and calls `phase_start`,
`phase_end` and `new_turn` from its hooks.  The orders, the activation order and every CVS roll
are the acting side's lines (worksheet actions: the side and the umpire read them, never the
enemy).
"""

from __future__ import annotations

from typing import Any

from ...core.actionspec import ActionField, ActionSpec
from ...core.changes import Change, apply
from ...core.engine import Context
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.play.kit import check_turn_to_act
from ...core.play.rule_actions import unit_action
from ...core.rulesystem import Table
from . import activation, blocking, command, orders, panic, rally, reinforce, soundrange
from .state import is_commander

INITIATIVE = "initiative"                     # HCM 3.1: a turn begins
PLACEMENT = ("a_placement", "b_placement")     # HCM 3.6: the commanders phases (ruleset.toml)
COMMAND = ("a_command", "b_command")           # HCM 3.2, 3.3: lifting and panic
MOVEMENT = ("a_movement", "b_movement")        # HCM 3.4: reinforcements arrive
RALLY = ("a_rally", "b_rally")                 # HCM 3.9

SIDE = ActionField("side", "Side", kind="side")
COMPANY = ActionField("company", "Force (company)", kind="company")


def _side(ctx: Context) -> str:
    side = ctx.params.get("side")
    if side not in ctx.game.side_ids():
        raise UmpireError(f"unknown side {side!r}")
    return side


def _write(ctx: Context) -> tuple[str, Any]:
    summary, changes = orders.write_order(ctx.game, _side(ctx), ctx.params.get("company"), ctx.params.get("order") or "")
    apply(ctx, changes)
    return summary, None


def _change(ctx: Context) -> tuple[str, Any]:
    side = _side(ctx)
    check_turn_to_act(ctx.game, side)
    summary, changes = orders.change_order(ctx.game, side, ctx.params.get("company"), ctx.params.get("order") or "",
                                           ctx.dice)
    apply(ctx, changes)
    return summary, None


def _without(ctx: Context) -> tuple[str, Any]:
    side = _side(ctx)
    check_turn_to_act(ctx.game, side)
    summary, changes = orders.act_without_orders(ctx.game, side, ctx.params.get("company"),
                                                 ctx.params.get("action") or "", ctx.dice)
    apply(ctx, changes)
    return summary, None


def _activation(ctx: Context) -> tuple[str, Any]:
    game, side = ctx.game, _side(ctx)
    if not before_play(game):
        raise UmpireError("activation order: groups are numbered before play (HCM 4.6)")
    raw = ctx.params.get("companies") or []
    companies = [c.strip() for c in (raw.split(",") if isinstance(raw, str) else raw) if c.strip()]
    order = activation.check_order(game, side, companies)
    apply(ctx, [Change("game", "state", {"activation": {**game.rule_state.activation, side: tuple(order)}},
                       (f"Activation order of {game.side(side).name}: "
                        + ", ".join(f"{n}. {c}" for n, c in enumerate(order, 1)) + " (HCM 4.6)",), side)])
    return f"{game.side(side).name} numbers its groups", None


def before_play(game: Game) -> bool:
    """HCM 2.1.1, 4.6: orders are written and groups numbered on turn 1 before any unit moves --
    the menus disable both after, with this reason (ActionSpec.open)."""
    return game.turn <= 1 and not any(u.moved for u in game.units.values())


def _lifted(game: Game, u) -> bool:
    return is_commander(game, u) and u.status == "off_map"


ACTIONS = {spec.name: spec for spec in (
    unit_action("place_commander", "Place commander", command.place, rule="HCM 3.6",
                fields=(ActionField("hex", "Hex", kind="hex"),),
                open=lambda game: game.phase in PLACEMENT, when="only in the commanders phase",
                help="A lifted commander is put in any hex (one commander to a hex), once a turn.",
                fits=_lifted),
    ActionSpec("write_order", "Write a force's order", _write, "side",
               (SIDE, COMPANY, ActionField("order", "Written order")), "HCM 2.1.1",
               "Before play: the objective of one force, secret to its side.", worksheet=True,
               open=before_play, when="only before play"),
    ActionSpec("change_order", "Change a force's order", _change, "side",
               (SIDE, COMPANY, ActionField("order", "New order")), "HCM 2.1.1, 4.5.1",
               "The force's commander rolls his Tactical value (at most 10 - Initiative tries); "
               "a failure rolls the consequences.", worksheet=True),
    ActionSpec("act_without_orders", "Act without orders", _without, "side",
               (SIDE, COMPANY, ActionField("action", "What the force means to do")), "HCM 3.10, 4.5.1",
               "The force's commander rolls his Aggressiveness; a failure rolls the consequences.", worksheet=True),
    ActionSpec("activation_order", "Number the groups", _activation, "side",
               (SIDE, ActionField("companies", "Companies, first to last", kind="text")), "HCM 4.6",
               "Before play: the order the side's groups act in (artillery floats).", worksheet=True,
               open=before_play, when="only before play"),
)}


# ---------------------------------------------------------------------- the turn's hooks

def phase_start(game: Game, key: str, dice) -> list:
    """The command rules as a phase begins: forces held back try their Aggressiveness as each
    turn begins (4.5.1 c), lifting and panic (3.2, 3.3), reinforcements (3.4), rally and lone
    commanders caught (3.9, 3.7.19, 3.10c)."""
    if key == INITIATIVE:
        return [c for s in game.side_ids() for c in orders.aggressiveness_retests(game, s, dice)]
    side = command.phasing_side(game)
    if key in COMMAND:
        return command.lift(game, side) + panic.panic_check(game, side, dice)
    if key in MOVEMENT:              # told already when the half's blocking phase was played (3.4)
        return [] if blocking.told(game, key) else reinforce.reinforcement_phase(game, side, dice)
    if key in RALLY:
        return rally.rally_phase(game, side) + command.lone_captures(game)
    return []


def phase_end(game: Game, key: str, dice) -> list:
    """After the commanders are placed: one placed alone by the enemy is caught (3.10c)."""
    return command.lone_captures(game) if key in PLACEMENT else []


def new_turn(game: Game) -> list:
    """As the turn ends: the holds of a turn lifted (4.5.1 a, e), sound-ranging regions lifted (4.2)."""
    return orders.turn_ends(game) + soundrange.lift_regions(game)


# ---------------------------------------------------------------------- the side's report

def orders_tables(game: Game, side: str) -> list[Table]:
    """The command part of a side's orders form: its forces' written orders (2.1.1) and its
    commanders -- where placed, their CVS values and order changes tried (2.1, 3.6).  For the
    side's own report: the values are never the enemy's to read (4.5)."""
    companies = [c for c in game.companies if orders.company_side(game, c.id) == side]
    written = game.rule_state.orders
    rows = [(c.id, written.get(c.id, "(none written: acts on Aggressiveness, HCM 3.10)")) for c in companies]
    out = [Table("Written orders (HCM 2.1.1)", ("Force", "Order"), rows, "No forces.")]
    cmds = [u for u in sorted(game.units.values(), key=lambda u: u.id) if u.side == side and is_commander(game, u)
            and u.status in ("on_map", "off_map")]
    tried = game.rule_state.order_changes
    out.append(Table("Commanders (HCM 2.1, 3.6)", ("Commander", "Force", "Placed at", "CVS", "Order changes"),
                     [(c.id, c.company or "—", game.map.number(c.hex) if c.on_map else "to be placed",
                       command.cvs(c).line(), f"{tried.get(c.id, 0)} of {panic.rule_value(game, 'order_changes') - command.cvs(c).initiative}")
                      for c in cmds], "No commanders left."))
    return out
