"""The air pass action (MW4 15.3-15.8): a side's advanced air support flies over the map in the
Indirect Fire phase (airpass.py flies it; air.py holds the readings).  Each group of what the
pass did is read by the side it concerns: the flying side its own pass, acquisitions by kind
and the fire it came under; a struck unit's side its results; an air defence unit's side its fire."""

from __future__ import annotations

from typing import Any

from ....core.actionspec import ActionField
from ....core.changes import apply
from ....core.engine import Context
from ....core.errors import UmpireError
from ....core.play.spotting import spot_pass
from ..airpass import fly
from ..traits import AirTraits


def pass_fields(game, side, _unit) -> tuple[ActionField, ...]:
    """The form's fields: the support a choice of the side's advanced air supports (15.3)."""
    mine = tuple(a.id for a in game.air if a.side == side and AirTraits.model_construct(**a.traits).advanced) \
        if game is not None and side is not None else ()
    return (ActionField("side", "Side", kind="side"), ActionField("support", "Air support", mine),
            ActionField("path", "Path (hexes, edge to edge)", kind="hexes"),
            ActionField("low", "Hexes flown low", required=False, kind="hexes"),
            ActionField("strikes", "Strikes (bomb HEX, strafe FROM TARGET, missile FROM TARGET)", required=False))


def air_pass(ctx: Context) -> tuple[str, Any]:
    """params: side, support (an advanced air support), path (hexes), low (hexes flown low),
    strikes ("bomb HEX", "strafe FROM TARGET", "missile FROM TARGET", comma-separated)."""
    game = ctx.game
    side = ctx.params.get("side")
    if side not in game.side_ids():
        raise UmpireError(f"air pass: unknown side {side!r}")
    summary, flown = fly(game, ctx.system.sight(game.map, game.night), ctx.params, ctx.dice)
    for changes, reader in flown.groups:
        start = len(ctx.log)
        apply(ctx, changes)
        if reader is not None:
            ctx.log.share(start, [reader])
    spot_pass(ctx)
    return summary, None
