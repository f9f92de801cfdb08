"""Schema ${int(up_revision[:4])}: ${message}."""

import sqlalchemy as sa
from alembic import op

from umpire.core.store.migrations.steps import add_columns, create_table, flag, integer, json, schema, string

revision = ${repr(up_revision)}
down_revision = ${repr(down_revision)}


def upgrade() -> None:
    ...
    schema(${int(up_revision[:4])})
