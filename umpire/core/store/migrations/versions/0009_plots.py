"""Schema 9: indirect fire plots and units fired at this turn."""

import sqlalchemy as sa

from umpire.core.store.migrations.steps import add_columns, create_table, flag, schema

revision = "0009_plots"
down_revision = "0008_defilade_brigades"


def upgrade() -> None:
    i, s = sa.Integer, sa.String
    # support_id names an off-board support or an on-map unit: no foreign key
    create_table(
        "plot", sa.Column("turn", i(), primary_key=True), sa.Column("side_id", s(), primary_key=True),
        sa.Column("support_id", s(), primary_key=True), sa.Column("concentration", i(), primary_key=True),
        sa.Column("target_q", i(), nullable=False), sa.Column("target_r", i(), nullable=False),
        sa.Column("pattern", s(), nullable=False), sa.ForeignKeyConstraint(["side_id"], ["side.id"]))
    add_columns("unit", flag("fired_on"))
    schema(9)
