"""Schema 15: the hex a company's order names is kept in columns named for what they hold
(command.hex_q, hex_r) instead of one rule system's use of them (ambush_q, ambush_r); the
journal's recorded command rows are renamed with them, so undo and replay find them."""

import sqlalchemy as sa
from alembic import op

from umpire.core.store.migrations.steps import schema

revision = "0015_order_hex"
down_revision = "0014_traits"

RENAMED = {"ambush_q": "hex_q", "ambush_r": "hex_r"}


def upgrade() -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("command")}
    if set(RENAMED) <= have:
        with op.batch_alter_table("command") as batch:
            for old, new in RENAMED.items():
                batch.alter_column(old, new_column_name=new)
    action = sa.table("action", sa.column("seq", sa.Integer), sa.column("changes", sa.JSON))
    bind = op.get_bind()
    for seq, changes in bind.execute(sa.select(action.c.seq, action.c.changes)).all():
        new = [renamed(c) for c in changes or []]
        if new != changes:
            bind.execute(sa.update(action).where(action.c.seq == seq).values(changes=new))
    schema(15)


def renamed(change: list) -> list:
    """One recorded change [op, table, key, column, before, after] with the new column names."""
    op_, table, key, column, before, after = change
    if table != "command":
        return change

    def row(values):
        return {RENAMED.get(k, k): v for k, v in values.items()} if isinstance(values, dict) else values
    return [op_, table, key, RENAMED.get(column, column), row(before), row(after)]
