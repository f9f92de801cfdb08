"""The umpire's inbox (issue 23): a side's orders file, as it was handed in, kept in the journal.

`receive_orders` changes nothing in the game; its journal row holds the file's text, whether it
was signed, the side and the turn it is for -- so the umpire can always show what a side sent,
and the window tells which sides' orders for this turn are in.  The shells run it in the same
transaction as the rule system's "orders" action that applies the file (umpire.packages.inbox):
a file refused by the rule system is not kept either.

Held orders: a file taken before the phase that applies it (RuleSystem.orders_wait: a
declaration of fire made only in its own phase, a change of orders waiting for its side's turn to
act, a rally phase's choices) is kept with the params of the "orders" action it will be given (`held`) and the
words of what it waits for.  `apply_held` runs after every action the engine performs (in its
transaction): each held file of the game's turn whose wait is over is applied then, as the
rule system's "orders" action, its own journal row -- so a replay, which replays rows, needs no
hook.  A file the rule system refuses when its phase comes is not lost silently:
`orders_not_applied` journals the reason (the side and the umpire read it), and the file is
settled.  A held file is settled by the "orders" row that applied it, by that refusal, or by a
newer file of its side for the same turn (which replaces it).  Undoing the row that applied a
held file makes it held again: it is applied at the next action that finds its wait over.

End Turn plays several phases in one action, and a held file's phase may be one of them (a
declaration of fire before the reveal that needs every side's): `apply_held_within` applies the files
whose wait is over at each phase End Turn plays, inside its own row, as Next Phase and then
`apply_held` would -- the file's lines in the row for its side, the row's `held_orders` parameter
naming each file it settled (applied, or refused with the reason), so that one undo takes them all
back and holds the files again.

The game's state counts the held files (GameState.held_orders), brought in step after each action
that keeps or settles one (`count_held`, in its row: undo, redo and replay carry it): with none held,
`apply_held` reads that one value and not the journal.  (A game file written before the count, with a
file held at the time, counts it again when it next receives a file.)
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from sqlalchemy import select

from ..acting import KEPT_IN_STEP, UMPIRE_ONLY, Context, Log, action, act, spec_of
from ..actionspec import ActionField
from ..errors import UmpireError
from ..journal import Recorder
from ..store import models as m
from ..store.db import read_game

# the phase of a game that is over: kit.ENDED (not imported: kit imports the engine, which runs
# apply_held from here)
ENDED = "ended"

# An End Turn's parameter: each held file it settled as it played the phases left, in order --
# {"file": the receive_orders row, "side": its side} and "refused": the reason when the rule
# system refused it.  Left out when it settled none (its row then replays as any End Turn).
WITHIN = "held_orders"


@action("receive_orders", "Receive a side's orders file", who="side", fields=(
        ActionField("side", "Side", kind="side"), ActionField("turn", "For turn", kind="number"),
        ActionField("text", "The file as received"), ActionField("signed", "Signed", kind="flag", required=False),
        ActionField("held", "Orders kept until their phase", required=False),
        ActionField("waiting", "What they wait for", required=False)))
def _receive_orders(ctx: Context) -> tuple[str, Any]:
    """Keep a side's orders file in the journal (it changes nothing by itself)."""
    side, turn, text = ctx.params.get("side"), ctx.params.get("turn"), ctx.params.get("text")
    if side not in ctx.game.side_ids():
        raise UmpireError(f"orders refused: unknown side {side!r}")
    if not isinstance(turn, int) or not isinstance(text, str):
        raise UmpireError("orders refused: a received file names its turn and holds its text")
    how = "signed with its key" if ctx.params.get("signed") else "unsigned"
    ctx.log.add([f"{len(text.splitlines())} lines, {how}"])
    waiting = ctx.params.get("waiting")
    return (f"{ctx.game.side(side).name}'s orders for turn {turn} received"
            + (f", kept until {waiting}" if ctx.params.get("held") is not None else "")), None


@action("orders_not_applied", "Held orders refused when their phase came", who="side", fields=(
        ActionField("side", "Side", kind="side"), ActionField("turn", "For turn", kind="number"),
        ActionField("file", "The journal row that kept the file", kind="number"),
        ActionField("reason", "Why")))
def _orders_not_applied(ctx: Context) -> tuple[str, Any]:
    """A held file the rule system refused when its phase came: the reason, kept (changes nothing)."""
    side, reason = ctx.params.get("side"), str(ctx.params.get("reason") or "")
    if side not in ctx.game.side_ids():
        raise UmpireError(f"unknown side {side!r}")
    ctx.log.add([reason])
    return (f"{ctx.game.side(side).name}'s orders for turn {ctx.params.get('turn')} (kept at journal "
            f"#{ctx.params.get('file')}) not applied: {reason}"), None


# the kinds of journal row that keep a file or settle one
SETTLING = ("receive_orders", "orders", "orders_not_applied", "end_turn")


@dataclasses.dataclass(frozen=True)
class Pending:
    """An action's row before it is written: what `held_files` reads of a row."""
    seq: int
    kind: str
    side_id: str | None
    params: dict


def held_files(session, pending: Pending | None = None) -> list:
    """The files kept and not yet settled (see the module's doc), oldest first: rows with the
    journal row's seq and params (only the columns this needs: the logs and changes of every
    End Turn are not read).  `pending`: the action running, as if its row were written."""
    a = m.ActionRow
    rows = session.execute(select(a.seq, a.kind, a.side_id, a.params).where(
        a.kind.in_(SETTLING), a.undone == False).order_by(a.seq)).all()   # noqa: E712
    held: dict[tuple, Any] = {}
    for r in [*rows, *([pending] if pending is not None else [])]:
        p = r.params or {}
        if r.kind == "receive_orders":
            held.pop((p.get("side"), p.get("turn")), None)          # a newer file replaces an older
            if p.get("held") is not None:
                held[(p.get("side"), p.get("turn"))] = r
        elif r.kind in ("orders_not_applied", "end_turn"):
            done = set(settled_by(r.kind, p))
            held = {k: x for k, x in held.items() if x.seq not in done}
        else:
            held = {k: x for k, x in held.items() if not (x.params["side"] == r.side_id and x.params["held"] == p)}
    return sorted(held.values(), key=lambda r: r.seq)


def settled_by(kind: str, params: dict) -> dict[int, str | None]:
    """The held files a journal row of `kind` settled other than by applying them as an "orders"
    row: {the receive_orders row's seq: the reason it was refused, None if applied} -- an
    orders_not_applied row's one file, the files an End Turn applied within it."""
    if kind == "orders_not_applied":
        return {params.get("file"): params.get("reason")}
    if kind == "end_turn":
        return {h.get("file"): h.get("refused") for h in params.get(WITHIN) or ()}
    return {}


def takes_files(system) -> bool:
    """Whether the rule system takes orders files at all: only then can one be held.  (Every
    RuleSystem answers orders_wait -- the protocol has a default -- so that says nothing; a
    file is applied by the rule system's "orders" action, and without one none is ever kept
    waiting: `read_orders` refuses it first.)"""
    return system is not None and spec_of("orders", system) is not None


HELD_COUNT = "held_orders"           # GameState's field


def held_now(session) -> int:
    """How many files are held, as the game's state counts them (GameState.held_orders): one
    column of the game's one row, where the journal's search reads every orders row."""
    state = session.execute(select(m.GameInfo.rule_state)).scalar()
    return int((state or {}).get(HELD_COUNT, 0))


def count_held(ctx: Context, kind: str, side: str | None) -> None:
    """After an action that may keep or settle a file (SETTLING): the game's count of held files
    brought in step, journaled in the action's row -- undo and redo carry it, a replay counts
    again.  Only a received file adds one: with none held, the others have nothing to settle."""
    was = ctx.game.rule_state.held_orders
    if kind != "receive_orders" and not was:
        return
    now = len(held_files(ctx.session, Pending(ctx.seq, kind, side, ctx.params)))
    if now != was:          # as changes.set_state would (not imported: it reaches the engine, which runs this)
        ctx.game.rule_state = ctx.game.rule_state.but(**{HELD_COUNT: now})
        ctx.rec.set(ctx.session.get(m.GameInfo, 1), rule_state=ctx.game.rule_state.stored())


for _kind in SETTLING:
    KEPT_IN_STEP.setdefault(_kind, []).append(count_held)


def apply_held(session, location: str, system) -> list:
    """Apply every held file of the game's turn whose wait is over (in the caller's transaction);
    the results of the actions run.  With none held (the game's count), the journal is not read."""
    if not takes_files(system) or not held_now(session):
        return []
    out = []
    for row in held_files(session):
        game = read_game(session, location)
        side, params = row.params["side"], row.params["held"]
        if game.phase == ENDED or system.orders_wait(game, side, params):
            continue
        try:
            with session.begin_nested():
                out.append(act(session, location, "orders", params, system, side=side))
        except UmpireError as e:
            out.append(act(session, location, "orders_not_applied",
                           {"side": side, "turn": row.params["turn"], "file": row.seq, "reason": e.problem},
                           system, side=side))
    return out


def apply_held_within(ctx: Context) -> list[str]:
    """Inside an action that plays phases (End Turn), at each phase it has begun: every held file
    whose wait is over applied as `apply_held` would apply it after a Next Phase -- the rule
    system's "orders" action, all of it or (refused) none -- but in the caller's row: its changes
    and dice join the row's, its lines are kept for its side, and `WITHIN` in the row's params
    names the file settled.  ctx.game is then read afresh (the file may have changed anything).
    What became of each file, in a line for the summary."""
    done = ctx.params.setdefault(WITHIN, [])
    if not takes_files(ctx.system) or not ctx.game.rule_state.held_orders:
        return []
    settled = {h["file"] for h in done}
    spec, out = spec_of("orders", ctx.system), []
    for row in held_files(ctx.session):
        side, params, turn = row.params["side"], row.params["held"], row.params["turn"]
        if row.seq in settled or ctx.game.phase == ENDED or ctx.system.orders_wait(ctx.game, side, params):
            continue
        name = ctx.game.side(side).name
        inner = dataclasses.replace(ctx, params=copy.deepcopy(params), rec=Recorder(ctx.session), log=Log())
        try:
            with ctx.session.begin_nested():        # refused: nothing of it stands, as in apply_held
                summary, _ = spec.run(inner)
                ctx.session.flush()
        except UmpireError as e:
            line = f"{name}'s orders for turn {turn} (kept at journal #{row.seq}) not applied: {e.problem}"
            ctx.log.add([line], side)
            done.append({"file": row.seq, "side": side, "refused": e.problem})
            out.append(line)
        else:
            ctx.rec.changes.extend(inner.rec.changes)
            ctx.log.add([f"{summary} (kept at journal #{row.seq} until now)"], side)
            for i, line in enumerate(inner.log):       # the side reads its file's worksheet, as in its own row
                ctx.log.add([line], inner.log.readers.get(i, side if spec.worksheet else UMPIRE_ONLY), "  ")
            done.append({"file": row.seq, "side": side})
            out.append(summary)
        ctx.game = read_game(ctx.session, ctx.location)
    return out
