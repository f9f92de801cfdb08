"""What MechWar 4 does inside the core's own actions (core.play): who may act while a company is
activated (4.1) or an overrun holds play (12.0, 12.5), the panic check before a move (13.0), the
enemy's standing orders that stop a move (19.14, 6.9131), overwatch fire closing when the mover
goes on (6.91), barrages and overruns at a move's end (7.14, 12.0), mines as a shot (16.0)."""

from __future__ import annotations

from ....core.changes import Change
from ....core.engine import Context
from ....core.game import Game
from ....core.hexgrid import Hex, hex_distance
from ....core.store import models as m
from .barrages import barrage_attacks
from .common import activation, held_in_overrun, panics, set_rule_state
from .mounting import mounting_marks
from .overrun import firefight, in_overrun


def act_problem(game: Game, uid: str, doing: str) -> str | None:
    u = game.units.get(uid)
    if u is not None and in_overrun(game) is u:
        return (f"{uid} is in an overrun: it fights on or leaves the hex at no cost (MW4 12.0)" if doing == "move"
                else f"{uid} is in an overrun: it fights on or leaves the hex (MW4 12.0, 12.5)")
    company, members = activation(game)
    if company and uid not in members:
        return f"{company} is activated: only {', '.join(members)} may act until its activation ends (MW4 4.1)"
    return None


def hold_problem(game: Game, uid: str | None) -> str | None:
    held = held_in_overrun(game, uid)
    if held is None:
        return None
    return (f"{held.id} is in an overrun in {game.map.number(held.hex)}: it fights on or leaves the hex first "
            "(MW4 12.0, 12.5)")


def activation_goes_on(game: Game) -> tuple[bool, list]:
    """In a company activation the turn passes when every unit of the formation has acted (4.1)."""
    company, members = activation(game)
    if not company:
        return False, []
    waiting = [x for x in members if (u := game.units[x]).on_map and not u.carried_by
               and not (u.moved or u.fired or u.acted)]
    if waiting:
        return True, []
    return False, [Change("game", "state", {"active_company": None, "activation_units": ()},
                          (f"{company}'s activation ends",))]


def pass_problem(game: Game, side: str) -> str | None:
    company, _members = activation(game)
    return f"{company} is activated: end its activation before passing (MW4 4.1)" if company else None


def close_overwatch(ctx: Context) -> None:
    """The mover goes on or halts: the chance of overwatch fire has passed (6.91)."""
    if ctx.game.rule_state.overwatch_targets:
        set_rule_state(ctx, overwatch_targets=())


def move_starts(ctx: Context, uid: str, check) -> str | None:
    """Overwatch closes; a unit setting out (not one going on after a pause: 13.13, once per
    move) checks panic first unless it is at full strength (8.0: full-strength units do not
    check before moving; they still check before firing, 13.0), and a panicked one does not
    move this turn (13.1)."""
    close_overwatch(ctx)
    mover = ctx.game.units[uid]
    if not mover.paused and mover.steps_lost and panics(ctx, ctx.session.get(m.UnitRow, uid), "move"):
        where = ctx.game.map.number(mover.hex) if mover.hex else "off the map"
        return f"{uid} panics ({where}) and does not move this turn (MW4 13.1)"
    return None


def move_stop(game: Game, uid: str, check, codes: dict) -> tuple[Hex, str] | None:
    """Where the move stops by itself under the enemy's standing orders, and why: the first hex
    in sight of a unit whose company watches -- under Overwatch (19.14), or in its ambush zone,
    the ambush hex or next to it (6.9131).  A unit going on after a pause stops again only
    for watchers that could not already see it where it paused."""
    mover = game.units[uid]
    seen_at_start = set(check.watchers.get(check.steps[0].hex, ())) if mover.paused else set()
    for step in check.steps[1:]:
        for wid in check.watchers.get(step.hex, ()):
            w = game.units[wid]
            if wid in seen_at_start or w.company is None or w.side == mover.side:
                continue
            code, ambush_hex = game.commands.get((game.turn, w.company), (None, None))
            watch = codes.get(code, {}).get("watches")
            if watch == "zone" and ambush_hex is not None and hex_distance(step.hex, ambush_hex) <= 1:
                return step.hex, "in an ambush zone (MW4 6.9131)"
            if watch == "sight":
                return step.hex, f"in sight of {wid} on {codes[code]['label']} ({codes[code]['rule']}, MW4 6.5)"
    return None


def move_ends(ctx: Context, uid: str, start: Hex | None, entered: list[Hex], paused: bool, check) -> str | None:
    """Barrages strike the mover on the way (7.14); a move ending in the enemy's hex is an
    overrun, fought out at once (12.0).  How the move ended, when one of them decided it."""
    game = ctx.game
    mover = game.units[uid]
    end = entered[-1] if entered else start
    n = game.map.number
    if mover.status == "on_map":
        barrage_attacks(ctx, uid, start, entered)
    if check.engages is not None and not paused and end == check.engages and mover.status == "on_map":
        return f"overruns {n(end)}: {firefight(ctx, uid)}"
    mined = check.stop_at is not None and check.stop_at == end
    gone = check.exits and not paused
    if mover.status != "on_map" and not gone and not mined:
        return f"is destroyed by a barrage on its way to {n(end)} (MW4 7.14)"
    return None


def marks_after_move(game: Game, uid: str, check, paused: bool, left: bool):
    """Column formation and fatigue as the move leaves them (8.1, 8.16); a defilade marker stays
    behind in the hex it left (10.5)."""
    mover = game.units[uid]
    values = {"in_column": check.marks.in_column,
              "fatigue": mover.marks.fatigue if paused else check.marks.fatigue}
    if left:
        values["defilade"] = None
    values.update(mounting_marks(game, uid, check, paused))        # 9.32
    return mover.marks.but(**values)
