"""Radio silence (MW4 19.98, 19.99): a side's own choice for the rest of a turn, read by it alone
(electronic.py judges it)."""

from __future__ import annotations

from typing import Any

from ....core.changes import apply
from ....core.engine import Context
from ..electronic import keep_silence


def radio_silence(ctx: Context) -> tuple[str, Any]:
    """params: side."""
    summary, changes = keep_silence(ctx.game, dict(ctx.params), ctx.dice)
    apply(ctx, changes)
    return summary, None
