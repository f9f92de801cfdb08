"""Schema 17: a battalion may have its own counter colour (a partisan band fighting for a side,
drawn apart from its regulars).  Older games have none: their counters keep their side's."""

from umpire.core.store.migrations.steps import add_columns, schema, string

revision = "0017_battalion_colour"
down_revision = "0016_turn_snapshots"


def upgrade() -> None:
    add_columns("battalion", string("colour"))
    schema(17)
