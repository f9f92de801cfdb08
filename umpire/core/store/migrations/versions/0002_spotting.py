"""Schema 2: spotting state on units and what each side knows of enemy units (contact)."""

import sqlalchemy as sa

from umpire.core.store.migrations.steps import add_columns, create_table, flag, integer, json, schema

revision = "0002_spotting"
down_revision = "0001_first"


def upgrade() -> None:
    add_columns("unit", flag("moved"), flag("fired"), json("path", "[]"), flag("camouflaged"), flag("improved"),
                integer("cb_q", None), integer("cb_r", None))
    s = sa.String
    create_table(
        "contact", sa.Column("side_id", s(), primary_key=True), sa.Column("unit_id", s(), primary_key=True),
        *(sa.Column(c, s(), nullable=False) for c in ("label", "status")),
        *(sa.Column(c, sa.Integer(), nullable=False) for c in ("q", "r", "turn")),
        *(sa.Column(c, s(), nullable=False) for c in ("detail", "type_label", "role", "strength")),
        sa.Column("seen_by", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["side_id"], ["side.id"]), sa.ForeignKeyConstraint(["unit_id"], ["unit.id"]))
    schema(2)
