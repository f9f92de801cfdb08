"""Schema 14: what a scenario gave a side, battalion, company, unit, reinforcement or support
for one rule system alone -- troop quality, formation doctrine, HQ rating, how reinforcements
enter, a support's features -- moves from columns of its own into the row's `traits`, the rule
system's typed traits (core.traits), and the journal's recorded rows with it (legacy_traits.py)."""

from alembic import op

from umpire.core.store.legacy_traits import COLUMNS, fold_into_traits
from umpire.core.store.migrations.steps import add_columns, json, schema

revision = "0014_traits"
down_revision = "0013_rule_state"


def upgrade() -> None:
    for table in COLUMNS:
        add_columns(table, json("traits", "{}"))
    for table, columns in fold_into_traits(op.get_bind()).items():
        if columns:
            with op.batch_alter_table(table) as batch:
                for column in columns:
                    batch.drop_column(column)
    schema(14)
