"""Schema 12: who may read each journal line, and which sides know of a secret marker.  Older
journals name no readers: a side then reads its rows as before (the witness still leaves out
the dice and any line naming what it never saw)."""

from umpire.core.store.migrations.steps import add_columns, json, schema

revision = "0012_readers"
down_revision = "0011_rule_state"


def upgrade() -> None:
    add_columns("action", json("readers", "{}"))
    add_columns("overlay", json("known_to", "[]"))
    schema(12)
