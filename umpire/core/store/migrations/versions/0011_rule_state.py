"""Schema 11: a rule system's own counters on units and its game-wide state."""

from umpire.core.store.migrations.steps import add_columns, json, schema

revision = "0011_rule_state"
down_revision = "0010_support_use"


def upgrade() -> None:
    add_columns("unit", json("marks", "{}"))
    add_columns("game_info", json("rule_state", "{}"))
    schema(11)
