"""Schema 3: the journal (action), companies' commands, the dice seed and the turn sequence's
state.  An older game gets a fresh seed, and its journal starts with an opening that sets
nothing up, as a game file's journal always starts with one (db.NEVER_SET_UP)."""

import secrets

import sqlalchemy as sa
from alembic import op

from umpire.core.store.migrations.steps import add_columns, create_table, flag, json, schema, string

revision = "0003_journal"
down_revision = "0002_spotting"

# the opening row as schema 3 wrote it (db._no_setup_opening): seq 0, so the first action
# still gets seq 1 and the dice it always had
OPENING = sa.table("action", *(sa.column(c) for c in ("seq", "turn", "kind", "side_id", "summary", "undone", "at")),
                   *(sa.column(c, sa.JSON()) for c in ("params", "rolls", "changes", "log")))


def upgrade() -> None:
    add_columns("game_info", string("seed", ""), string("phase", ""), string("active_side"), json("passed", "[]"))
    add_columns("unit", sa.Column("mp_spent", sa.Float(), nullable=False, server_default=sa.text("0")),
                flag("paused"))
    # '' is the new column's default: a seed already there (a file made mid-way) is kept
    op.execute(sa.text("UPDATE game_info SET seed = :s WHERE seed = ''").bindparams(s=secrets.token_hex(8)))
    s, i, j = sa.String, sa.Integer, sa.JSON
    create_table(
        "action", sa.Column("seq", i(), primary_key=True), sa.Column("turn", i(), nullable=False),
        sa.Column("kind", s(), nullable=False), sa.Column("side_id", s()),
        *(sa.Column(c, j(), nullable=False) for c in ("params", "rolls", "changes", "log")),
        sa.Column("summary", sa.Text(), nullable=False), sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("at", s(), nullable=False))
    create_table(
        "command", sa.Column("turn", i(), primary_key=True), sa.Column("company_id", s(), primary_key=True),
        sa.Column("side_id", s(), nullable=False), sa.Column("code", s(), nullable=False),
        sa.Column("ambush_q", i()), sa.Column("ambush_r", i()),
        sa.ForeignKeyConstraint(["company_id"], ["company.id"]), sa.ForeignKeyConstraint(["side_id"], ["side.id"]))
    bind = op.get_bind()
    turn = bind.execute(sa.text("SELECT turn FROM game_info")).scalar()
    opened = bind.execute(sa.text("SELECT 1 FROM action WHERE kind = 'open'")).first()
    if turn is not None and opened is None:       # a game, from before the journal
        op.execute(OPENING.insert().values(
            seq=0, turn=turn, kind="open", side_id=None, params={"setup": False}, rolls=[], changes=[], log=[],
            summary="a game from before the journal: set up by the Umpire that made it", undone=False, at=""))
    schema(3)
