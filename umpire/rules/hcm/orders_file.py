"""Hex Command's orders file (issue 23): what a side hands the umpire by file -- its forces'
written orders before play and the changes it asks for later (HCM 2.1.1):

    side = "blue"
    turn = 1

    [orders]                  # HCM 2.1.1: a force's written order, before play (turn 1)
    "Able" = "Take the ridge at 1210 and hold it"

    [changes]                 # HCM 2.1.1: a new order for a force that has one -- its commander's
    "Baker" = "Fall back to the bridge"     # Tactical roll, when the side next has the turn to act

Each line is the side's own action (`write_order`, `change_order`, hcm/orders.py), run in order
in one "orders" action: all of them, or none when one is refused.

Reading (ours): a change is tried when the side next acts (its Tactical roll is made then, as the
umpire would make it at the table: `change_order` asks for the side's turn to act), so a file
with [changes] handed in while the other side acts, or between phases, is kept and applied when
the side's turn comes (RuleSystem.orders_wait).  A package sent before play or in the initiative
phase that begins a turn asks for this turn's orders; one sent later in the turn, the next turn's.
"""

from __future__ import annotations

from ...core.play.order_entries import ByName, named_in, orders_action, read_entries
from .command_actions import INITIATIVE, before_play
from .orders import company_side

RULE = "HCM 2.1.1"
ENTRIES = (ByName("orders", "write_order", "company", "order",
                  "Written orders, before play only (HCM 2.1.1): your force's order in words"),
           ByName("changes", "change_order", "company", "order",
                  "Changes of orders (HCM 2.1.1): a force's new order, tried on its commander's Tactical "
                  "roll when your side next acts"))


def read_orders(path) -> tuple[str, dict]:
    return read_entries(path, ENTRIES, RULE)


def _mine(game, side: str, params: dict) -> str | None:
    # the same words for an enemy's force and none at all (HCM 2.1.1: only the side's own forces)
    if company_side(game, params.get("company")) != side:
        return f"{params.get('company')!r} is not one of {game.side(side).name}'s forces"
    return None


ORDERS = orders_action("Written orders from an orders file", RULE,
                       "A side's written orders and changes of orders handed in as a file (`umpire orders`).",
                       ENTRIES, _mine)


def orders_wait(game, side: str, params: dict) -> str | None:
    """A file for a later turn waits for it; one asking for changes waits for the side's turn to
    act (HCM 2.1.1, our reading)."""
    turn = params.get("turn", game.turn)
    if isinstance(turn, int) and turn > game.turn:
        return f"turn {turn}"
    changes = [p for k, p in params.get("entries") or [] if k == "change_order"]
    if changes and game.active_side != side and game.phase != "ended":
        return f"{game.side(side).name}'s turn to act"
    return None


def orders_this_turn(game, side: str) -> bool:
    """This turn's orders before play (the written orders, HCM 2.1.1) and in the initiative phase
    that begins each turn (3.1: no side has acted yet, so a change reaches the side's first
    phase); later in the turn, the next turn's."""
    return before_play(game) or game.phase == INITIATIVE


def companies_named(params: dict) -> set[str]:
    return named_in(params.get("entries") or [], ENTRIES)[1]
