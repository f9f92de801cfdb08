"""Schema 4: column formation, fatigue, company activations, formation doctrine, map exits.

Beyond the hand-written step it replaces: units that are to arrive as reinforcements in column
are put in column, as a new game of the scenario has them (db._enters_in_column).
Without it an older game's column arrived out of column, and its replay from the scenario,
which starts them in column, did not give the game back."""

import sqlalchemy as sa
from alembic import op

from umpire.core.store.migrations.steps import add_columns, flag, integer, json, schema, string

revision = "0004_columns"
down_revision = "0003_journal"

REINFORCEMENT = sa.table("reinforcement", sa.column("formation"), sa.column("unit_ids", sa.JSON()))
UNIT = sa.table("unit", *(sa.column(c) for c in ("id", "q", "carried_by", "status", "in_column")))


def upgrade() -> None:
    add_columns("unit", flag("in_column"), integer("fatigue"), flag("acted"))
    add_columns("game_info", string("active_company"), json("activation_units", "[]"))
    add_columns("side", string("doctrine"))
    add_columns("victory", json("exit_hexes", "[]"), integer("exit_points"))
    bind = op.get_bind()
    due = sorted({u for formation, ids in bind.execute(sa.select(REINFORCEMENT.c.formation, REINFORCEMENT.c.unit_ids))
                  if formation == "column" for u in ids})
    if due:     # still off the map, as when the game was made
        op.execute(UNIT.update().where(UNIT.c.id.in_(due), UNIT.c.q.is_(None), UNIT.c.carried_by.is_(None),
                                       UNIT.c.status == "off_map").values(in_column=True))
    schema(4)
