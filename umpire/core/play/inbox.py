"""The umpire's inbox (issue 23): a side's orders file, as it was handed in, kept in the journal.

`receive_orders` changes nothing in the game; its journal row holds the file's text, whether it
was signed, the side and the turn it is for -- so the umpire can always show what a side sent,
and the window tells which sides' orders for this turn are in.  The shells run it in the same
transaction as the rule system's "orders" action that applies the file (umpire.packages.inbox):
a file refused by the rule system is not kept either."""

from __future__ import annotations

from typing import Any

from ..acting import Context, action
from ..actionspec import ActionField
from ..errors import UmpireError


@action("receive_orders", "Receive a side's orders file", who="side", fields=(
        ActionField("side", "Side", kind="side"), ActionField("turn", "For turn", kind="number"),
        ActionField("text", "The file as received"), ActionField("signed", "Signed", kind="flag", required=False)))
def _receive_orders(ctx: Context) -> tuple[str, Any]:
    """Keep a side's orders file in the journal (it changes nothing by itself)."""
    side, turn, text = ctx.params.get("side"), ctx.params.get("turn"), ctx.params.get("text")
    if side not in ctx.game.side_ids():
        raise UmpireError(f"orders refused: unknown side {side!r}")
    if not isinstance(turn, int) or not isinstance(text, str):
        raise UmpireError("orders refused: a received file names its turn and holds its text")
    how = "signed with its key" if ctx.params.get("signed") else "unsigned"
    ctx.log.add([f"{len(text.splitlines())} lines, {how}"])
    return f"{ctx.game.side(side).name}'s orders for turn {turn} received", None
