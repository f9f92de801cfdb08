"""Schema 20: several umpires on one game.  Each journal row names the umpire who performed it
(older rows name nobody), and a game may list its umpires' seats: the chief, and assistants
limited to sides or map sectors.  An older game has no seats: it stays a one-umpire game."""

import sqlalchemy as sa

from umpire.core.store.migrations.steps import add_columns, create_table, schema, string

revision = "0020_umpires"
down_revision = "0019_side_keys"


def upgrade() -> None:
    add_columns("action", string("umpire"))
    create_table("umpire_seat",
                 sa.Column("name", sa.String(), primary_key=True, nullable=False),
                 sa.Column("role", sa.String(), nullable=False),
                 sa.Column("sides", sa.JSON(), nullable=False),
                 sa.Column("sectors", sa.JSON(), nullable=False))
    schema(20)
