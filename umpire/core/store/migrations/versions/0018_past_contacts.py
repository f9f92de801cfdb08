"""Schema 18: a side's detached last-known contacts (past_contact).  A unit a side cannot tell from
a new one when it sees it again (a commander lifted and placed anew) gets a new contact label;
the old label, with the hex and turn it was last seen, stays behind as a record of its own, and
the side's journal keeps naming the unit by the label each line was written with.  Older games
have none: their contacts were relabelled in place, as they stand."""

import sqlalchemy as sa

from umpire.core.store.migrations.steps import create_table, schema

revision = "0018_past_contacts"
down_revision = "0017_battalion_colour"


def upgrade() -> None:
    create_table("past_contact",
                 sa.Column("side_id", sa.String(), primary_key=True, nullable=False),
                 sa.Column("label", sa.String(), primary_key=True, nullable=False),
                 sa.Column("unit_id", sa.String(), nullable=False),
                 sa.Column("q", sa.Integer(), nullable=False),
                 sa.Column("r", sa.Integer(), nullable=False),
                 sa.Column("turn", sa.Integer(), nullable=False),
                 sa.Column("detail", sa.String(), nullable=False),
                 sa.Column("type_label", sa.String(), nullable=False),
                 sa.Column("role", sa.String(), nullable=False),
                 sa.Column("until", sa.Integer(), nullable=False),
                 sa.ForeignKeyConstraint(["side_id"], ["side.id"]), sa.ForeignKeyConstraint(["unit_id"], ["unit.id"]))
    schema(18)
