"""MechWar 4's own state: the markers and records it keeps on each unit (`UnitState.marks`) and
its game-wide records (`Game.rule_state`): company and battalion morale, the company activated
as a formation, the units open to overwatch fire.  The core stores them as the rule system's
JSON and checks them on every read (core.rulestate)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...core.changes import Change
from ...core.hexgrid import Hex
from ...core.rulestate import GameState, RuleState

Level = Annotated[int, Field(ge=0, le=3)]       # fatigue (8.16) and ammunition (6.87) levels
Facing = Annotated[int, Field(ge=0, le=6)]      # a defilade marker's six hexsides, or all round
Count = Annotated[int, Field(ge=0, le=99)]

ALL_ROUND = 6          # a defilade marker on infantry covers every direction (10.52)


class Marks(RuleState):
    """A unit's markers and what the rules remember of it."""

    camouflaged: bool = False           # 5.25
    improved: bool = False              # 11.2: in an improved position
    cb_q: int | None = None             # 7.87: spotted by counterbattery in this hex
    cb_r: int | None = None
    in_column: bool = False             # 8.1: column formation
    fatigue: Level = 0                  # 8.16: 1 after double time, 2 after doubling again, 3 after a charge
    panicked: bool = False              # 13.0: a panic marker: neither moves nor fires
    suppression: Count = 0              # 7.4-7.6: S1, S2...; removed in the removal phase
    g_spent: bool = False               # 6.84: its missiles are spent
    ammo_level: Level = 3               # 6.87 (MW2): 3 full, lower as it depletes, 0 out
    defilade: Facing | None = None      # 10.5: a marker facing DIRECTIONS[i]; ALL_ROUND for infantry
    fired_on: bool = False              # 7.15: fired at this turn
    fired_from: tuple[int, int, int] | None = None   # 7.88: (q, r, turns running) it fired indirect from there
    unbuttoned: bool = False            # 7.32: takes H fire unbuttoned (its side's standing choice)
    short_halt: bool = False            # 19.31: fired at a short halt in this move; it may go on
    plow_lost: bool = False             # 16.21: its mine plow was destroyed breaching a field
    mount_move: tuple[int, int] | None = None   # 9.32: paused in a mounting/dismounting move begun here
    boarded: tuple[str, ...] = ()       # 9.32: the units that mounted at that move's start
    jamming: bool = False               # 19.914: a jammer at work
    jam_idle_until: int | None = None   # 19.914, 19.915: failed or broken: no new start before this turn
    radio_lost: bool = False            # 19.910, 19.913: its RDF or jamming equipment is destroyed
    work: str | None = None             # 19.612, 16.17: an engineer's work (abatis, clear_abatis, breach)
    work_turns: Count = 0               # 19.612: turns in a row it has worked on it
    work_turn: int | None = None        # the last turn it worked, and where
    work_q: int | None = None
    work_r: int | None = None

    @property
    def cb_spotted(self) -> Hex | None:
        return Hex(self.cb_q, self.cb_r) if self.cb_q is not None else None


class CompanyMorale(RuleState):
    """A company's morale (19.81) and formation (4.1): units lost, the levels its panic level
    has risen; `formation_penalty` adds a panic level for breaking formation, `grace_until` the
    turn by which a company out of formation after losses must close up, `losses_checked` the
    losses seen at the last check."""

    losses: int = 0
    panic_rise: int = 0
    formation_penalty: bool = False
    grace_until: int | None = None
    losses_checked: int = 0


class BattalionMorale(RuleState):
    """A battalion's morale (19.82): its HQ value and the column it was rolled on, the unit that
    carries the HQ after a replacement (19.814; None: the scenario's HQ unit), broken (19.822)
    and no_rally (its companies can no longer rally, 19.814)."""

    hq_value: int | None = None
    hq_column: str | None = None
    hq_unit: str | None = None
    broken: bool = False
    no_rally: bool = False


class State(GameState):
    """The game-wide records."""

    companies: dict[str, CompanyMorale] = {}
    battalions: dict[str, BattalionMorale] = {}
    active_company: str | None = None           # 4.1: a company activated as a formation
    activation_units: tuple[str, ...] = ()      # its units in formation, that act before the turn passes
    overwatch_targets: tuple[str, ...] = ()     # 6.91: fired at a paused mover: open to overwatch fire
    radio_silence: dict[str, int] = {}          # 19.99: side -> the turn it keeps radio silence

    def company(self, cid: str) -> CompanyMorale:
        return self.companies.get(cid) or CompanyMorale()

    def battalion(self, bid: str) -> BattalionMorale | None:
        return self.battalions.get(bid)


def company_change(game, cid: str, values: dict, lines=()) -> Change:
    """A change to a company's morale record; its lines are its own side's to read (whoever
    caused the loss, the side that fired reads only what its units saw)."""
    bid = next((c.battalion for c in game.companies if c.id == cid), None)
    return Change("game", ("companies", cid), values, tuple(lines), _side_of(game, bid))


def battalion_change(game, bid: str, values: dict, lines=()) -> Change:
    """A change to a battalion's morale record, read by its own side."""
    return Change("game", ("battalions", bid), values, tuple(lines), _side_of(game, bid))


def _side_of(game, bid: str | None) -> str | None:
    return next((b.side for b in game.battalions if b.id == bid), None)
