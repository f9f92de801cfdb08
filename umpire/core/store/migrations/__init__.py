"""The game file's schema changes: Alembic migrations, run by Umpire itself on the connection
of the write that opens an older game file (db.writing), inside its transaction.

Layout: env.py (Alembic's environment: it migrates the connection it is given, nothing else),
steps.py (what revisions share), versions/NNNN_name.py (one revision per schema: 0001 is the
first game files' tables, each later one brings a file from the schema before it to its own).
No alembic.ini: the script location is this folder (`config`).

Versions.  A revision's id starts with its schema number ("0012_readers" is schema 12) and
each revision also writes that number to game_info.schema_version, which is how an Umpire from
before Alembic refuses a newer file.  Alembic's own alembic_version table says where a file
stands.  A file without it (every file written before Umpire used Alembic) is stamped at the
revision of its schema_version, then upgraded to head; a new game file is created at head
(create_all and a stamp, in the transaction that writes the game).  A revision this Umpire does
not know is a newer Umpire's.  No revision has a downgrade: Umpire never writes an older schema
(the older Umpire refuses the file; keep a copy from before the update to go back).

Adding a revision (the next schema):
  1. `python -m umpire.core.store.migrations NAME` writes versions/NNNN_NAME.py, the number
     after head's, its down_revision head's id (or copy the newest file by hand and set
     `revision`, `down_revision` and the number given to `schema`).  The id, the file name and
     the number must agree: tests/core/test_migrations.py checks the chain.
  2. Fill in upgrade() with alembic.op, as the change to models.py (add_columns and
     create_table of steps.py skip what a file made mid-way holds already).  A new table is
     written out in the revision, not taken from models.py: the models go on changing, what a
     revision makes must not.  To drop or alter a column use `with op.batch_alter_table(...)`:
     SQLite recreates the table, which db.writing allows by migrating SQLite files on a
     connection that does not enforce foreign keys, checking every reference before it commits.
  3. Bump SCHEMA_VERSION (store/version.py) to the new number, with a word in its history comment.
  4. A test in tests/core/test_store.py: a file of the schema before opens, migrates and plays
     on.  Make one from a current file with tests/storekit.py's as_schema(path, N, drops,
     alembic=True): the new columns dropped, schema_version and alembic_version set back to
     the revision before (a column the revision drops, add first, as test_migrations.py's
     with_obsolete_column does).  test_migrations.py then checks head against the models on
     SQLite and PostgreSQL (autogenerate's compare_metadata: its failure lists what the
     revisions miss) and migrates the schema-1 file through the whole chain.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

# The script location.  Tests point it at a copy holding an extra revision.
FOLDER = Path(__file__).resolve().parent
REVISION_FILE = re.compile(r"(\d{4})_\w+\.py")


def revisions(folder: Path | None = None) -> dict[int, str]:
    """Schema number -> revision id, read from the versions folder's file names: knowing which
    revision a file stands at is then no reason to load Alembic, which every command would pay
    for (the chain inside the files is checked against these names by the tests)."""
    return dict(_revisions(str(folder or FOLDER)))


@lru_cache(maxsize=4)
def _revisions(folder: str) -> tuple[tuple[int, str], ...]:
    found = (REVISION_FILE.fullmatch(p.name) for p in (Path(folder) / "versions").iterdir())
    return tuple(sorted((int(f.group(1)), f.group(0)[:-3]) for f in found if f))


def head() -> str:
    known = revisions()
    return known[max(known)]


def schema_of(revision: str) -> int:
    return int(revision[:4])


def stored(conn: Connection) -> list[str] | None:
    """What alembic_version holds; None for a file without it (from before Alembic)."""
    if not inspect(conn).has_table("alembic_version"):
        return None
    return list(conn.execute(text("SELECT version_num FROM alembic_version")).scalars())


def can_migrate(conn: Connection) -> bool:
    """False on an SQLite connection that enforces foreign keys: a revision may recreate a table
    (batch mode) that other rows refer to, which SQLite then refuses, and enforcement cannot be
    switched off inside the transaction (db.writing begins again on a connection without it)."""
    return conn.dialect.name != "sqlite" or not conn.exec_driver_sql("PRAGMA foreign_keys").scalar()


def config(conn: Connection):
    """Alembic's configuration for a migration on `conn`, with no alembic.ini: env.py takes the
    connection from its attributes."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(FOLDER).replace("%", "%%"))
    cfg.attributes["connection"] = conn
    return cfg


def stamp(conn: Connection, revision: str) -> None:
    """Record in alembic_version that the file stands at `revision` (nothing else is run)."""
    from alembic import command

    _in_transaction(conn)
    command.stamp(config(conn), revision)


def upgrade(conn: Connection, to: str = "heads") -> None:
    """Run the revisions from where alembic_version stands to `to`, in the caller's transaction:
    they commit nothing, so a failure leaves the file as it was."""
    from alembic import command

    _in_transaction(conn)
    command.upgrade(config(conn), to)


def _in_transaction(conn: Connection) -> None:
    # outside one, Alembic would begin and commit a transaction of its own
    if not conn.in_transaction():
        raise RuntimeError("game files are migrated inside the write transaction that opened them")
