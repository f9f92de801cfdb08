"""The game file's tables (sqlmodel).  Portable: SQLite by default, PostgreSQL by URL.

Only portable column types are used (integers, booleans, text, JSON); hexes are stored as
axial (q, r) integer pairs so that queries by position work the same on both databases.
"""

from __future__ import annotations

from typing import Any, Optional

from sqlalchemy import JSON, Column, Text
from sqlmodel import Field, SQLModel

from .version import SCHEMA_VERSION  # noqa: F401  (the store and the tests read it here)


# schema 14: the keys a rule system reads on a record of the scenario, its typed traits as JSON
# without the defaults (core.traits)
def _traits() -> Any:
    return Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class GameInfo(SQLModel, table=True):
    __tablename__ = "game_info"
    id: int = Field(default=1, primary_key=True)
    schema_version: int
    umpire_version: str
    title: str
    rules: str
    rules_version: str
    scenario_path: str
    scenario_digest: str
    scenario_source: str = Field(sa_column=Column(Text, nullable=False))
    description: str = Field(default="", sa_column=Column(Text, nullable=False))
    created_at: str
    turns: int
    turn: int = 1
    first_player: str
    night: bool = False
    special_rules: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    options: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))   # schema 7
    columns: int
    rows: int
    orientation: str
    stagger: str
    seed: str = ""                    # schema 3: the dice seed (core/dice.py)
    phase: str = ""                   # schema 3: the phase of the turn ("" until play begins)
    active_side: Optional[str] = None  # whose activation it is in an alternating phase
    passed: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))   # sides that passed
    # schema 11: what the rule system keeps for the whole game, its own typed state as JSON
    # without the defaults (core.rulestate); schema 13 moved the last such columns into it
    rule_state: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # schema 18: the game's signing keys (umpire.packages.keys): the game's Ed25519 key that signs
    # side packages, each side's orders key, the game's id; {} until the first package is made
    keys: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class SideRow(SQLModel, table=True):
    __tablename__ = "side"
    id: str = Field(primary_key=True)
    position: int
    name: str
    colour: str
    deploy: Optional[str] = None
    traits: dict = _traits()


class BattalionRow(SQLModel, table=True):
    __tablename__ = "battalion"
    id: str = Field(primary_key=True)
    position: int
    side_id: str = Field(foreign_key="side.id", index=True)
    name: str
    hq_unit_id: Optional[str] = None
    deploy: Optional[str] = None
    parent: Optional[str] = None       # schema 8: its brigade/regiment, another battalion row
    traits: dict = _traits()
    colour: Optional[str] = None       # schema 17: its counters' own colour, if not its side's


class CompanyRow(SQLModel, table=True):
    __tablename__ = "company"
    id: str = Field(primary_key=True)
    position: int
    battalion_id: str = Field(foreign_key="battalion.id", index=True)
    name: str
    deploy: Optional[str] = None
    traits: dict = _traits()


class UnitRow(SQLModel, table=True):
    """A unit's identity (from the scenario) and its state (changed by play)."""

    __tablename__ = "unit"
    id: str = Field(primary_key=True)
    position: int
    type: str
    side_id: str = Field(foreign_key="side.id", index=True)
    battalion_id: str = Field(foreign_key="battalion.id")
    company_id: Optional[str] = Field(default=None, foreign_key="company.id")
    name: str = ""
    traits: dict = _traits()
    # state
    q: Optional[int] = None          # None while off the map
    r: Optional[int] = None
    status: str = "on_map"           # on_map | off_map | destroyed | exited
    steps_lost: int = 0
    face_down: bool = True           # every unit starts face-down: no enemy has seen it
    carried_by: Optional[str] = None
    # schema 2: what spotting needs to know about this turn
    moved: bool = False              # moved this turn
    fired: bool = False              # fired this turn
    path: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))   # [[q, r], ...] this turn
    # schema 3: a move paused for opportunity fire goes on from here
    mp_spent: float = 0.0
    paused: bool = False
    acted: bool = False              # schema 4: its action this turn taken without moving or firing
    # schema 11: the rule system's own marks on the unit, its typed state as JSON without the
    # defaults (core.rulestate); schema 13 moved the last such columns into it
    marks: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class HexRow(SQLModel, table=True):
    __tablename__ = "map_hex"
    q: int = Field(primary_key=True)
    r: int = Field(primary_key=True)
    terrain: str
    elevation: int


class HexsideRow(SQLModel, table=True):
    __tablename__ = "map_hexside"
    aq: int = Field(primary_key=True)
    ar: int = Field(primary_key=True)
    bq: int = Field(primary_key=True)
    br: int = Field(primary_key=True)
    feature: str = Field(primary_key=True)
    high_q: Optional[int] = None     # the higher hex of a directional feature (slope)
    high_r: Optional[int] = None


class OverlayRow(SQLModel, table=True):
    __tablename__ = "overlay"
    id: Optional[int] = Field(default=None, primary_key=True)
    q: int
    r: int
    kind: str
    side_id: Optional[str] = None
    secret: bool = False
    detail: str = ""
    # schema 12: the other sides that have learnt of a secret marker (a minefield that attacked
    # their unit in their sight, a wreck they saw made or spotted): it is on their maps too
    known_to: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class ZoneRow(SQLModel, table=True):
    __tablename__ = "zone"
    id: str = Field(primary_key=True)
    side_id: str = Field(foreign_key="side.id")
    label: str
    hexes: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # [[q, r], ...]


class ReinforcementRow(SQLModel, table=True):
    __tablename__ = "reinforcement"
    id: Optional[int] = Field(default=None, primary_key=True)
    side_id: str = Field(foreign_key="side.id")
    turn: int
    entry: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))   # [[q, r], ...]
    unit_ids: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    traits: dict = _traits()


class SupportRow(SQLModel, table=True):
    """Off-board artillery and close air support."""

    __tablename__ = "support"
    id: str = Field(primary_key=True)
    side_id: str = Field(foreign_key="side.id")
    kind: str            # artillery | rocket | mortar | air
    label: str
    count: int           # concentrations, or air strikes
    strength: int        # H points each
    from_turn: int = 1
    # schema 10: what has been used of it (strikes, special rounds...), the rule system's to keep
    used: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    traits: dict = _traits()          # schema 14 (10 to 13: `features`)


class VictoryRow(SQLModel, table=True):
    __tablename__ = "victory"
    id: Optional[int] = Field(default=None, primary_key=True)
    side_id: str = Field(foreign_key="side.id")
    text: str = Field(sa_column=Column(Text, nullable=False))
    objectives: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    points_for_units: bool = False
    exit_hexes: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))   # schema 4: where its units may leave the map
    exit_points: int = 0


class ContactRow(SQLModel, table=True):
    """What one side knows of one enemy unit (schema 2).  Absent: the unit is unknown."""

    __tablename__ = "contact"
    side_id: str = Field(primary_key=True, foreign_key="side.id")
    unit_id: str = Field(primary_key=True, foreign_key="unit.id")
    label: str                        # the side's own name for it: "C3"
    status: str                       # seen | last_known | destroyed (seen to be destroyed)
    q: int
    r: int
    turn: int                         # turn last seen
    detail: str = "unit"              # unit | vehicle | infantry: what a strike aims at (only the kind)
    type_label: str = ""              # what the side saw it to be ("" when only the kind)
    role: str = "unknown"
    strength: str = ""
    seen_by: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class PastContactRow(SQLModel, table=True):
    """A contact a side can no longer tie to the unit (schema 18): the label it knew it by, where and
    when it last saw it.  Written when the rule system says the side cannot tell the unit it sees
    again from a new one (a commander lifted and placed anew): the unit's contact row takes a new
    label and this record stays behind, detached.  `unit_id` is the umpire's (which unit it was)
    and the witness's: lines journaled before action `until` name the unit by this label."""

    __tablename__ = "past_contact"
    side_id: str = Field(primary_key=True, foreign_key="side.id")
    label: str = Field(primary_key=True)
    unit_id: str = Field(foreign_key="unit.id")
    q: int
    r: int
    turn: int                         # turn last seen
    detail: str = "unit"
    type_label: str = ""
    role: str = "unknown"
    until: int = 0                    # the journal's seq of the action that detached it


class ActionRow(SQLModel, table=True):
    """The journal (schema 3): one row per engine action, with what it changed and its dice.

    `changes` holds every row change as [op, table, key, column-or-row, before, after], so an
    action can be undone and redone exactly; `params` and `rolls` let replay re-run it.
    """

    __tablename__ = "action"
    seq: Optional[int] = Field(default=None, primary_key=True)
    turn: int
    kind: str
    side_id: Optional[str] = None
    params: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    rolls: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    changes: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    log: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    summary: str = Field(default="", sa_column=Column(Text, nullable=False))
    undone: bool = False
    at: str = ""
    # schema 12: the lines of `log` the acting side may not read, by index ("3"), with who may:
    # a side id (the side whose hidden state the line tells of) or "umpire"
    readers: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # schema 18: the umpire who performed it (core.umpires: several umpires may share a game)
    umpire: Optional[str] = None


class CommandRow(SQLModel, table=True):
    """A company's order for a turn (schema 3): one of the rule system's codes (RuleSystem.commands)
    and the hex it names, if any; secret to its side."""

    __tablename__ = "command"
    turn: int = Field(primary_key=True)
    company_id: str = Field(primary_key=True, foreign_key="company.id")
    side_id: str = Field(foreign_key="side.id")
    code: str                         # one of RuleSystem.commands()
    hex_q: Optional[int] = None       # schema 15: the hex the order names (an ambush hex, say)
    hex_r: Optional[int] = None


class PlotRow(SQLModel, table=True):
    """A fire mission a side plotted for a turn (schema 9): one concentration of
    an off-board support at one target hex in a pattern.  Secret to its side."""

    __tablename__ = "plot"
    turn: int = Field(primary_key=True)
    side_id: str = Field(primary_key=True, foreign_key="side.id")
    support_id: str = Field(primary_key=True)         # an off-board support, or an on-map H class unit
    concentration: int = Field(primary_key=True)      # 1..n of the support's concentrations (1 for a unit)
    target_q: int
    target_r: int
    pattern: str                                      # the rule system's name for it (RuleSystem.plot_zone)
    # schema 10: the umpire's impact hex instead of the scatter roll, with a reason: {q, r, reason}
    impact: Optional[dict] = Field(default=None, sa_column=Column(JSON, nullable=True))
    # schema 10: how it went in the Indirect Fire phase: {ffe, q, r} (fire kept on a hex looks back a turn)
    outcome: Optional[dict] = Field(default=None, sa_column=Column(JSON, nullable=True))


class TurnSnapshotRow(SQLModel, table=True):
    """Schema 16: the state as it stood at the end of a turn (before the action that began the
    next), for reports of past turns without replaying the journal (core.snapshots).

    It holds only while the action that ended the turn stands: `seq` names it (undone, the
    snapshot is ignored; its redo branch ended by a new action, the snapshot is deleted).
    `state` holds the rows of the state tables (journal.STATE_COLUMNS); `digest` their digest,
    checked when the snapshot is restored."""

    __tablename__ = "turn_snapshot"
    turn: int = Field(primary_key=True)
    seq: int
    digest: str
    state: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class UmpireSeatRow(SQLModel, table=True):
    """An umpire of a game shared by several (schema 18), and what he may see and do: the chief
    umpire everything; an assistant only the sides and map sectors listed.  A game with no seats
    is a one-umpire game: whoever opens it acts as chief (core.umpires)."""

    __tablename__ = "umpire_seat"
    name: str = Field(primary_key=True)
    role: str = "assistant"                     # chief | assistant
    sides: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    sectors: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # ["0101:1010", ...]
