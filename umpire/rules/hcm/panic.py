"""The panic check (HCM 3.3) and what a panicking force may no longer do.

As the phasing side's commanders are lifted (3.2), its force is checked: its losses, in per
cent of its units, plus 10 for each commander killed or captured, against the break point
(the scenario's `[hcm] break_point`, else 40).  At or past it, the player rolls 1d10; the force
panics if the die is less than the percentage.

Readings:
* "Rolls less than the percentage number on 1d10" compares a per cent with a die of ten faces:
  we read the die in tens -- the force panics when ten times the die is less than its loss
  percentage (40%: a 1, 2 or 3 panics; 65%: 1 to 6).  The more it has lost, the likelier.
* Losses count units: the side's fighting units (not commanders, not dummies, reinforcements
  included) destroyed or removed from play, as a per cent of all of them, rounded down.
* Only the phasing side is checked, once in each of its halves of the turn; a side that has
  panicked stays panicked for the rest of the game (State.panicked), and is not checked again.
* On panicking, every unit of the force on the map takes a hit marker, once (3.3).  From then on
  none of its units may advance -- end a move nearer the enemy -- unless a commander is with it
  (orders.move_problem reads this).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from .command import LOST, commanders_lost, hit_marker
from .state import is_commander, is_dummy


def rule_value(game: Game, key: str) -> int:
    """A number of command.toml's [rule] section (HCM 2.1.1, 3.3, 3.10e)."""
    return game.rules.tables["command"].section("rule")[key]["value"]


def break_point(game: Game) -> int:
    """The per cent of losses at which a force may panic: the scenario's, else 40 (3.3)."""
    return int(game.rule_state.scenario.get("break_point", rule_value(game, "break_point")))


def loss_percent(game: Game, side: str, per_commander: int = 10) -> int:
    """The side's losses in per cent of its fighting units, plus `per_commander` for each
    commander lost (3.3)."""
    fighting = [u for u in game.units.values() if u.side == side and not is_commander(game, u)
                and not is_dummy(game, u)]
    lost = sum(1 for u in fighting if u.status in LOST)
    share = 100 * lost // len(fighting) if fighting else 0
    return share + per_commander * commanders_lost(game, side)


def panics(percent: int, roll: int) -> bool:
    """Our reading of 3.3: the die counts in tens, and less than the percentage panics."""
    return roll * 10 < percent


def panic_check(game: Game, side: str, dice) -> list[Change]:
    """HCM 3.3 for the side: nothing below the break point; past it, 1d10 -- and on a panic,
    State.panicked and a hit marker on every unit of its force on the map.  The lines are the
    side's own (the enemy learns of a panic only by what it sees)."""
    if side in game.rule_state.panicked:
        return []
    percent = loss_percent(game, side, rule_value(game, "commander_loss"))
    point = break_point(game)
    name = game.side(side).name
    if percent < point:
        return []
    roll = dice.roll(f"{name} panic check (HCM 3.3)", 1, 10).total
    head = (f"{name} has lost {percent}% (break point {point}%, HCM 3.3): 1d10 = {roll}, "
            f"panics below {percent / 10:g}")
    if not panics(percent, roll):
        return [Change("note", None, {}, (head + ": it holds",), side)]
    changes = [Change("game", "state", {"panicked": tuple(game.rule_state.panicked) + (side,)},
                      (head + ": the force panics -- a hit marker on every unit, and none advances "
                              "without a commander (HCM 3.3)",), side)]
    for u in sorted((u for u in game.units.values() if u.side == side and u.on_map
                     and not is_commander(game, u) and not is_dummy(game, u)), key=lambda u: u.id):
        changes += hit_marker(game, u, "panic, HCM 3.3")
    return changes
