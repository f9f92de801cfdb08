"""Schema 13: what the core kept for one rule system -- unit columns of its markers, game_info
columns and two tables of its records -- moves into that rule system's own typed state, the
unit's marks and the game's rule_state, and the journal's recorded changes with it (legacy.py)."""

from alembic import op

from umpire.core.store.legacy import fold_into_rule_state
from umpire.core.store.migrations.steps import schema

revision = "0013_rule_state"
down_revision = "0012_readers"


def upgrade() -> None:
    unit_columns, game_columns, tables = fold_into_rule_state(op.get_bind())
    for table, columns in (("unit", unit_columns), ("game_info", game_columns)):
        if columns:
            with op.batch_alter_table(table) as batch:
                for column in columns:
                    batch.drop_column(column)
    for name in tables:
        op.drop_table(name)
    schema(13)
