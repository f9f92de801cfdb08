"""A rule system's own state, typed: the marks it keeps on a unit and what it keeps for the game.

The core stores units and the game with what every hex game has (a hex, a status, steps lost,
moved, fired...).  Everything else is the rule system's: its markers on a unit (suppression,
depressions, Shaken...) and its game-wide records (a company's morale, objective scores, the
initiative).  A rule system declares them as two `RuleState` models -- fields with defaults,
nothing else accepted -- on its `RuleSystem` class (`Marks`, `State`); the game file keeps them
as JSON (the unit's `marks`, the game's `rule_state`), written without the defaults, and every
read checks them: an unknown key or a wrong type is a damaged file, said in one line.

A state is frozen: a procedure asks for a changed copy (`but`) and hands it to the core in a
`Change`, so that the journal sees every change.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import UmpireError


class RuleState(BaseModel):
    """Fields with defaults; unknown keys and wrong types refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @classmethod
    def read(cls, data: Any, where: str = "") -> "RuleState":
        """The state from what the game file (or a procedure) holds: a mapping or a state."""
        if isinstance(data, cls):
            return data
        if isinstance(data, RuleState):
            data = data.stored()
        try:
            return cls.model_validate(data or {})
        except ValidationError as e:
            err = e.errors()[0]
            key = ".".join(str(x) for x in err["loc"]) or "(all)"
            raise UmpireError(f"{key}: {err['msg'].lower()}", place=where or None) from None

    def but(self, **values: Any) -> "RuleState":
        """A copy with these values, checked like a read."""
        return type(self).read({**self.model_dump(), **values})

    def stored(self) -> dict[str, Any]:
        """What the game file keeps: the values that differ from the defaults, as JSON."""
        return self.model_dump(mode="json", exclude_defaults=True)


class NoMarks(RuleState):
    """A rule system that keeps no marks of its own on units."""


class GameState(RuleState):
    """What every rule system's game-wide state holds: the scenario's table named after the
    rule system (`[<name>]`), as `RuleSystem.scenario_data` describes it; a rule system adds
    its own fields in a subclass."""

    scenario: dict[str, Any] = {}
    # how many orders files are kept waiting for their phase (core.play.inbox: the core keeps it
    # in step, journaled with the actions that keep or settle one); 0 -- left out of the file --
    # spares the engine a search of the journal after every action
    held_orders: int = 0
