"""Schema 1: the tables of the first game files (tests/data/kaltenbach-v1.umpire has them).

A file is never made by this revision -- a new game is created at head -- but one from before
Alembic at schema 1 is stamped here, and from an empty database the chain builds the schema."""

import sqlalchemy as sa
from alembic import op

from umpire.core.store.migrations.steps import schema

revision = "0001_first"
down_revision = None


def _fk(column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [target])


def upgrade() -> None:
    s, i, b, j, t = sa.String, sa.Integer, sa.Boolean, sa.JSON, sa.Text
    op.create_table(
        "game_info", sa.Column("id", i(), primary_key=True), sa.Column("schema_version", i(), nullable=False),
        *(sa.Column(c, s(), nullable=False) for c in ("umpire_version", "title", "rules", "rules_version",
                                                      "scenario_path", "scenario_digest")),
        sa.Column("scenario_source", t(), nullable=False), sa.Column("description", t(), nullable=False),
        sa.Column("created_at", s(), nullable=False), sa.Column("turns", i(), nullable=False),
        sa.Column("turn", i(), nullable=False), sa.Column("first_player", s(), nullable=False),
        sa.Column("night", b(), nullable=False), sa.Column("special_rules", j(), nullable=False),
        sa.Column("columns", i(), nullable=False), sa.Column("rows", i(), nullable=False),
        sa.Column("orientation", s(), nullable=False), sa.Column("stagger", s(), nullable=False))
    op.create_table(
        "side", sa.Column("id", s(), primary_key=True), sa.Column("position", i(), nullable=False),
        sa.Column("name", s(), nullable=False), sa.Column("colour", s(), nullable=False),
        sa.Column("quality", s(), nullable=False), sa.Column("deploy", s()))
    op.create_table(
        "map_hex", sa.Column("q", i(), primary_key=True), sa.Column("r", i(), primary_key=True),
        sa.Column("terrain", s(), nullable=False), sa.Column("elevation", i(), nullable=False))
    op.create_table(
        "map_hexside", *(sa.Column(c, i(), primary_key=True) for c in ("aq", "ar", "bq", "br")),
        sa.Column("feature", s(), primary_key=True), sa.Column("high_q", i()), sa.Column("high_r", i()))
    op.create_table(
        "overlay", sa.Column("id", i(), primary_key=True), sa.Column("q", i(), nullable=False),
        sa.Column("r", i(), nullable=False), sa.Column("kind", s(), nullable=False), sa.Column("side_id", s()),
        sa.Column("secret", b(), nullable=False), sa.Column("detail", s(), nullable=False))
    op.create_table(
        "battalion", sa.Column("id", s(), primary_key=True), sa.Column("position", i(), nullable=False),
        sa.Column("side_id", s(), nullable=False), sa.Column("name", s(), nullable=False),
        sa.Column("quality", s()), sa.Column("hq_unit_id", s()), sa.Column("deploy", s()),
        _fk("side_id", "side.id"))
    op.create_index("ix_battalion_side_id", "battalion", ["side_id"])
    op.create_table(
        "zone", sa.Column("id", s(), primary_key=True), sa.Column("side_id", s(), nullable=False),
        sa.Column("label", s(), nullable=False), sa.Column("hexes", j(), nullable=False), _fk("side_id", "side.id"))
    op.create_table(
        "reinforcement", sa.Column("id", i(), primary_key=True), sa.Column("side_id", s(), nullable=False),
        sa.Column("turn", i(), nullable=False), sa.Column("entry", j(), nullable=False),
        sa.Column("formation", s(), nullable=False), sa.Column("unit_ids", j(), nullable=False),
        _fk("side_id", "side.id"))
    op.create_table(
        "support", sa.Column("id", s(), primary_key=True), sa.Column("side_id", s(), nullable=False),
        sa.Column("kind", s(), nullable=False), sa.Column("label", s(), nullable=False),
        sa.Column("count", i(), nullable=False), sa.Column("strength", i(), nullable=False),
        sa.Column("from_turn", i(), nullable=False), _fk("side_id", "side.id"))
    op.create_table(
        "victory", sa.Column("id", i(), primary_key=True), sa.Column("side_id", s(), nullable=False),
        sa.Column("text", t(), nullable=False), sa.Column("objectives", j(), nullable=False),
        sa.Column("points_for_units", b(), nullable=False), _fk("side_id", "side.id"))
    op.create_table(
        "company", sa.Column("id", s(), primary_key=True), sa.Column("position", i(), nullable=False),
        sa.Column("battalion_id", s(), nullable=False), sa.Column("name", s(), nullable=False),
        sa.Column("quality", s()), sa.Column("deploy", s()), _fk("battalion_id", "battalion.id"))
    op.create_index("ix_company_battalion_id", "company", ["battalion_id"])
    op.create_table(
        "unit", sa.Column("id", s(), primary_key=True), sa.Column("position", i(), nullable=False),
        *(sa.Column(c, s(), nullable=False) for c in ("type", "side_id", "battalion_id")),
        sa.Column("company_id", s()), sa.Column("name", s(), nullable=False), sa.Column("quality", s(), nullable=False),
        sa.Column("q", i()), sa.Column("r", i()), sa.Column("status", s(), nullable=False),
        sa.Column("steps_lost", i(), nullable=False), sa.Column("face_down", b(), nullable=False),
        sa.Column("carried_by", s()), _fk("side_id", "side.id"), _fk("battalion_id", "battalion.id"),
        _fk("company_id", "company.id"))
    op.create_index("ix_unit_side_id", "unit", ["side_id"])
    schema(1)
