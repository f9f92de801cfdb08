"""Schema 5: panic markers, suppression and spent missiles on units, company morale, the units
a paused mover's side may answer with overwatch fire."""

import sqlalchemy as sa

from umpire.core.store.migrations.steps import add_columns, create_table, flag, integer, json, schema

revision = "0005_panic"
down_revision = "0004_columns"


def upgrade() -> None:
    add_columns("unit", flag("panicked"), integer("suppression"), flag("g_spent"))
    create_table(
        "company_state", sa.Column("company_id", sa.String(), primary_key=True),
        sa.Column("losses", sa.Integer(), nullable=False), sa.Column("panic_rise", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["company_id"], ["company.id"]))
    add_columns("game_info", json("overwatch_targets", "[]"))
    schema(5)
