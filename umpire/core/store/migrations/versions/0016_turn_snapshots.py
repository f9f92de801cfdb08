"""Schema 16: a snapshot of the state at each turn's end, so that a report of a past turn need
not replay the journal.  Older games have none: their past turns are replayed as before."""

import sqlalchemy as sa

from umpire.core.store.migrations.steps import create_table, schema

revision = "0016_turn_snapshots"
down_revision = "0015_order_hex"


def upgrade() -> None:
    create_table("turn_snapshot",
                 sa.Column("turn", sa.Integer(), primary_key=True, nullable=False),
                 sa.Column("seq", sa.Integer(), nullable=False),
                 sa.Column("digest", sa.String(), nullable=False),
                 sa.Column("state", sa.JSON(), nullable=False))
    schema(16)
