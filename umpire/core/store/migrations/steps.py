"""What the revisions share.  The hand-written steps they replace added a column or a table
only when the file lacked it, as a file made mid-way (by an Umpire between two schemas, or a
test dropping columns of a current file) may hold some already: these helpers keep that."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op


def has_table(name: str) -> bool:
    return sa.inspect(op.get_bind()).has_table(name)


def add_columns(table: str, *columns: sa.Column) -> None:
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}
    for column in columns:
        if column.name not in have:
            op.add_column(table, column)


def create_table(name: str, *parts) -> None:
    """The table as the revision's schema had it (written out: never taken from models.py,
    which goes on changing)."""
    if not has_table(name):
        op.create_table(name, *parts)


def schema(number: int) -> None:
    """game_info.schema_version: what an Umpire from before Alembic reads, to refuse a newer file."""
    op.execute(sa.text("UPDATE game_info SET schema_version = :v").bindparams(v=number))


# Columns as the revisions add them: NOT NULL with the default existing rows take, or NULL.
def flag(name: str) -> sa.Column:
    return sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false())


def integer(name: str, default: int | None = 0) -> sa.Column:
    if default is None:
        return sa.Column(name, sa.Integer(), nullable=True)
    return sa.Column(name, sa.Integer(), nullable=False, server_default=sa.text(str(default)))


def json(name: str, default: str | None) -> sa.Column:
    """default: '[]' or '{}', or None for a column that may be NULL."""
    if default is None:
        return sa.Column(name, sa.JSON(), nullable=True)
    return sa.Column(name, sa.JSON(), nullable=False, server_default=default)


def string(name: str, default: str | None = None) -> sa.Column:
    if default is None:
        return sa.Column(name, sa.String(), nullable=True)
    return sa.Column(name, sa.String(), nullable=False, server_default=default)
