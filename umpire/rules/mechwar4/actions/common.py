"""What MechWar 4's actions share beyond the core's kit: the company activated as a formation
(4.1), the overrun that holds play (12.0, 12.5), the panic check before moving or firing (13.0)."""

from __future__ import annotations

from ....core.changes import set_state
from ....core.engine import Context
from ....core.errors import UmpireError
from ....core.game import Game
from ....core.store import models as m
from ....core.play.kit import set_unit


def activation(game: Game) -> tuple[str | None, tuple[str, ...]]:
    """The company activated as a formation and its units (4.1)."""
    return game.rule_state.active_company, tuple(game.rule_state.activation_units)


def in_activation(game: Game, uid: str) -> None:
    """While a company is activated as a formation, only its units act (4.1)."""
    company, members = activation(game)
    if company and uid not in members:
        raise UmpireError(f"{company} is activated: only {', '.join(members)} may act "
                          "until its activation ends (MW4 4.1)")


def close_company(ctx: Context) -> None:
    company, _members = activation(ctx.game)
    if company:
        ctx.log.append(f"{company}'s activation ends")
        set_state(ctx, {"active_company": None, "activation_units": ()})


def held_in_overrun(game: Game, uid: str | None):
    """A unit other than `uid` held in an overrun (paused in an enemy-held hex), if any."""
    return next((u for u in game.units.values() if u.paused and u.id != uid and u.on_map and any(
        v.on_map and v.hex == u.hex and v.side != u.side for v in game.units.values())), None)


def no_overrun(game: Game, uid: str | None) -> None:
    """While a unit is held in an overrun, it must fight on or leave before anything else
    happens, the end of the turn included (12.0, 12.5)."""
    held = held_in_overrun(game, uid)
    if held is not None:
        raise UmpireError(f"{held.id} is in an overrun in {game.map.number(held.hex)}: it fights "
                          "on or leaves the hex first (MW4 12.0, 12.5)")


def panics(ctx: Context, row: m.UnitRow, verb: str) -> bool:
    """The panic check a unit makes immediately before it moves or fires (`verb`: "move" or
    "fire"; 13.0, 13.13): a 1d10 at or under its panic number puts a panic marker on it, and it
    neither moves nor fires this turn (13.1).  True when it panicked."""
    system = ctx.system
    need, why = system.panic_number(ctx.game, ctx.game.units[row.id])
    if not need:
        return False
    # the fire check's wording is what journals already hold: replays compare it
    before = " before moving" if verb == "move" else ""
    mods = system.panic_die_modifiers(ctx.game, ctx.game.units[row.id])
    r = ctx.dice.roll(f"panic check {row.id}{before} ({why}; panics on 1-{need})", 1, 10, mods)
    if r.total > need:
        return False
    set_unit(ctx, row, panicked=True, acted=True)
    ctx.log.append(f"{row.id} panics on {r.total} and does not {verb} (MW4 13.0, 13.1)")
    return True


def set_rule_state(ctx: Context, **values) -> None:
    """Merge values into MechWar 4's game state (journaled)."""
    set_state(ctx, values)
