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
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ..acting import Context, action, act
from ..actionspec import ActionField
from ..errors import UmpireError
from ..store import models as m
from ..store.db import read_game


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


def held_files(session) -> list[m.ActionRow]:
    """The files kept and not yet settled (see the module's doc), oldest first."""
    rows = session.execute(select(m.ActionRow).where(
        m.ActionRow.kind.in_(("receive_orders", "orders", "orders_not_applied")),
        m.ActionRow.undone == False).order_by(m.ActionRow.seq)).scalars().all()   # noqa: E712
    held: dict[tuple, m.ActionRow] = {}
    for r in rows:
        p = r.params or {}
        if r.kind == "receive_orders":
            held.pop((p.get("side"), p.get("turn")), None)          # a newer file replaces an older
            if p.get("held") is not None:
                held[(p.get("side"), p.get("turn"))] = r
        elif r.kind == "orders_not_applied":
            held = {k: x for k, x in held.items() if x.seq != p.get("file")}
        else:
            held = {k: x for k, x in held.items() if not (x.params["side"] == r.side_id and x.params["held"] == p)}
    return sorted(held.values(), key=lambda r: r.seq)


def apply_held(session, location: str, system) -> list:
    """Apply every held file of the game's turn whose wait is over (in the caller's transaction);
    the results of the actions run."""
    if system is None or not hasattr(system, "orders_wait"):
        return []
    out = []
    for row in held_files(session):
        game = read_game(session, location)
        side, params = row.params["side"], row.params["held"]
        if game.phase == "ended" or system.orders_wait(game, side, params):
            continue
        try:
            with session.begin_nested():
                out.append(act(session, location, "orders", params, system, side=side))
        except UmpireError as e:
            out.append(act(session, location, "orders_not_applied",
                           {"side": side, "turn": row.params["turn"], "file": row.seq, "reason": e.problem},
                           system, side=side))
    return out
