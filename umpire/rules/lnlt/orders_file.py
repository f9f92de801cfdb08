"""Lock 'n Load's orders file (issue 23): what a side hands the umpire between turns.  The Rally
phase (LnLT 3.0) is the one point of the turn where a side acts without taking an impulse: its
medics heal (step 4, 11.3) and its units pick up, drop or hand over support weapons (step 5,
1.6) -- all else is an impulse of the Operations phase, played at the table or in the window.
So a side's file gives those Rally-phase choices:

    side = "us"
    turn = 2

    [[heal]]                  # LnLT 3.0 step 4, 11.3: a medic tends a unit of its hex
    unit = "Medic Doc"
    patient = "1/A"

    [[weapons]]               # LnLT 3.0 step 5, 1.6: pick_up | drop | hand_over | change_mode
    unit = "1/A"
    do = "hand_over"
    weapon = "m60-1"
    to = "1/B"                # hand_over only; mode = "tripod" for change_mode

Each is the side's own action (`heal`, `weapons`: lnlt/actions.py), run in order in one
"orders" action -- all of them, or none when one is refused.  A file handed in before the Rally
phase (the Operations phase of the turn before) is kept and applied when the turn's Rally phase
begins (RuleSystem.orders_wait: the "orders" action is open only in the Rally phase).
"""

from __future__ import annotations

from ...core.play.order_entries import Listed, orders_action, own_unit, read_entries
from .actions import RALLY

RULE = "LnLT 3.0"
ENTRIES = (Listed("heal", "heal", ("patient",), (),
                  "Medic: tends a wounded or Shaken unit of its hex (LnLT 3.0 step 4, 11.3)", who="a medic of yours"),
           # change_mode too (a weapon printed with two modes, modes.toml): the window's Support
           # weapons form offers it, and a side playing by packages had no way to ask for it
           Listed("weapons", "weapons", ("do", "weapon"), ("to", "mode"),
                  "Support weapons: do = pick_up | drop | hand_over | change_mode; to = the unit handed to; "
                  "mode = its new mode (LnLT 3.0 step 5, 1.6)", who="the unit that carries it, or picks it up"))


def in_rally(game) -> bool:
    return game.phase == "rally"            # LnLT 3.0: the Rally phase opens each turn


def read_orders(path) -> tuple[str, dict]:
    return read_entries(path, ENTRIES, RULE)


ORDERS = orders_action("Rally-phase orders from an orders file", RULE,
                       "A side's medics and support weapons for the Rally phase, handed in as a file "
                       "(`umpire orders`).", ENTRIES, own_unit, open=in_rally, when=RALLY)
