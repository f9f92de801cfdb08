"""Schema 6: battalion HQ ratings and battalion morale."""

import sqlalchemy as sa

from umpire.core.store.migrations.steps import add_columns, create_table, schema, string

revision = "0006_battalion_morale"
down_revision = "0005_panic"


def upgrade() -> None:
    add_columns("battalion", string("hq_rating"))
    create_table(
        "battalion_state", sa.Column("battalion_id", sa.String(), primary_key=True),
        sa.Column("hq_value", sa.Integer()), sa.Column("hq_column", sa.String()), sa.Column("hq_unit", sa.String()),
        sa.Column("broken", sa.Boolean(), nullable=False), sa.Column("no_rally", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["battalion_id"], ["battalion.id"]))
    schema(6)
