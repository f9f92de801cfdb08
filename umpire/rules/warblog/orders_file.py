"""War Blog's orders file (issue 23): what a side hands the umpire between turns.  A War Blog
player's turn (WB 7.0) is his units moving, attacking and firing in any order -- played at the
table or in the window.  What a side can decide before it and hand in by post is how its air
and engineers start the turn:

    side = "north"
    turn = 2

    [[air_patrol]]            # WB 9.2: fighters up to the air superiority box
    unit = "MiG-29 1"
    [[air_recall]]            # WB 9.3: fighters back from the box to the air pool
    unit = "MiG-29 2"
    [[lay_mines]]             # WB 2.4.6: engineers lay a minefield in their hex
    unit = "Pioneers 1"
    [[clear_mines]]           # WB 2.4.6: engineers clear the minefield of their hex
    unit = "Pioneers 2"

Each is the side's own unit action (warblog/actions.py), run in order in one "orders" action --
all of them, or none when one is refused.  Reading (ours): they are the first thing the side
does in its player turn, so a file is kept until that turn begins and applied then
(RuleSystem.orders_wait); a package sent before the side's player turn has ended asks for this
turn's orders, one sent after, the next turn's.
"""

from __future__ import annotations

from ...core.play.order_entries import Listed, orders_action, own_unit, read_entries

RULE = "WB 7.0"
PLAYER_TURNS = ("first_player", "second_player")         # WB 7.0 (ruleset.toml's phases)
AIR, ENGINEERS = "an air unit of yours, in the air pool", "engineers of yours, on the map"
ENTRIES = (Listed("air_patrol", "air_patrol", note="Fighters up to the air superiority box (WB 9.2)", who=AIR),
           Listed("air_recall", "air_recall", note="Fighters back from the box to the air pool (WB 9.3)",
                  who="an air unit of yours, in the box"),
           Listed("lay_mines", "lay_mines", note="Engineers lay a minefield in their hex (WB 2.4.6)", who=ENGINEERS),
           Listed("clear_mines", "clear_mines", note="Engineers clear the minefield of their hex (WB 2.4.6)",
                  who=ENGINEERS))


def read_orders(path) -> tuple[str, dict]:
    return read_entries(path, ENTRIES, RULE)


ORDERS = orders_action("Air and engineers' orders from an orders file", RULE,
                       "A side's air patrols and recalls and its engineers' mines, handed in as a file "
                       "(`umpire orders`) and carried out as its player turn begins.", ENTRIES, own_unit)


def orders_wait(game, side: str, params: dict) -> str | None:
    turn = params.get("turn", game.turn)
    if isinstance(turn, int) and turn > game.turn:
        return f"{game.side(side).name}'s player turn in turn {turn}"
    if game.phase in PLAYER_TURNS and game.active_side != side:
        return f"{game.side(side).name}'s player turn"
    return None if game.phase in PLAYER_TURNS else f"{game.side(side).name}'s player turn"


def orders_this_turn(game, side: str) -> bool:
    """Before the side's player turn has ended (WB 7.0): in the first player's turn, or in the
    second player's turn when it is the side's own."""
    return game.phase == PLAYER_TURNS[0] or (game.phase == PLAYER_TURNS[1] and game.active_side == side)
