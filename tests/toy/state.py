"""What Toy Skirmish keeps of its own, typed (umpire.core.rulestate): two marks on each unit, and
who holds each objective.  The core stores them as JSON in the game file and checks every read
against these models: an unknown key or a wrong type is a damaged file, said in one line."""

from __future__ import annotations

from umpire.core.rulestate import GameState, RuleState


class Marks(RuleState):
    """A unit's marks (rules 2, 3, 6 and 7)."""

    dug_in: bool = False        # it did not move last turn: +1 defence until it moves
    shaken: bool = False        # it lost a fight or met mines: it may not attack until it rallies


class State(GameState):
    """The game's own records (rule 8); `scenario` (from GameState) holds the scenario's [toy]."""

    held: dict[str, str] = {}   # objective hex number -> the side holding it
