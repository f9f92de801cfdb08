"""What the game-file tests share: older files made from current ones, a revision added after
head, a fresh PostgreSQL database, an SQLite game copied onto one."""

from __future__ import annotations

import os
import shutil
import sqlite3
import textwrap
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Integer, MetaData, create_engine, text
from sqlmodel import SQLModel

from umpire.core.engine import replay
from umpire.core.scenario import load_scenario
from umpire.core.store import migrations
from umpire.core.store import models as m
from umpire.core.store.db import make_engine
from umpire.rules import rule_system

PG_URL = os.environ.get("UMPIRE_TEST_POSTGRES_URL")


def as_schema(path, schema: int, drops: tuple[tuple[str, str], ...] = (), alembic: bool = False) -> None:
    """Make the SQLite game file at `path` one of an older `schema`: drop the (table, column)s
    it did not have and set its schema_version.  Without `alembic`, as every file from before
    Alembic, it has no alembic_version; with it, that stands at the schema's revision."""
    with sqlite3.connect(path) as conn:
        for table, column in drops:
            conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        conn.execute("UPDATE game_info SET schema_version = ?", (schema,))
        if alembic:
            conn.execute("UPDATE alembic_version SET version_num = ?", (migrations.revisions()[schema],))
        else:
            conn.execute("DROP TABLE alembic_version")
    conn.close()


def add_revision(tmp_path: Path, monkeypatch, name: str, upgrade: str) -> str:
    """A copy of the migrations with one more revision after head, `upgrade` its body, made
    the one this Umpire runs (and its number SCHEMA_VERSION).  Returns its id."""
    folder = tmp_path / "migrations"
    shutil.copytree(migrations.FOLDER, folder, ignore=shutil.ignore_patterns("__pycache__"))
    number = m.SCHEMA_VERSION + 1
    revision = f"{number:04d}_{name}"
    (folder / "versions" / f"{revision}.py").write_text(
        f"import sqlalchemy as sa\nfrom alembic import op\n\nfrom umpire.core.store.migrations.steps import schema\n\n"
        f"revision = {revision!r}\ndown_revision = {migrations.head()!r}\n\n\ndef upgrade():\n"
        + textwrap.indent(textwrap.dedent(upgrade).strip(), "    ") + f"\n    schema({number})\n")
    monkeypatch.setattr(migrations, "FOLDER", folder)
    monkeypatch.setattr(m, "SCHEMA_VERSION", number)
    return revision


@contextmanager
def postgres_database(prefix: str = "umpire_store") -> Iterator[str]:
    """The URL of a new PostgreSQL database, dropped after."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield PG_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def copy_to_postgresql(source: Path, url: str) -> None:
    """The tables and rows of the SQLite game file `source`, as an Umpire of its schema would
    have written them to PostgreSQL: tables as reflected, rows copied, each id sequence moved
    past the ids copied."""
    meta = MetaData()
    src, dst = create_engine(f"sqlite:///{source}"), create_engine(url)
    try:
        meta.reflect(src)
        with src.connect() as read, dst.begin() as write:
            meta.create_all(write)
            for table in meta.sorted_tables:
                rows = [dict(r._mapping) for r in read.execute(table.select())]
                if rows:
                    write.execute(table.insert(), rows)
                (key, *more) = table.primary_key.columns
                if not more and isinstance(key.type, Integer):       # PostgreSQL made it SERIAL
                    write.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', '{key.name}'), "
                                       f"COALESCE(MAX({key.name}), 0) + 1, false) FROM {table.name}"))
    finally:
        src.dispose()
        dst.dispose()


def where(location) -> tuple[list[str], int]:
    """alembic_version's rows and game_info's schema_version."""
    engine = make_engine(location)
    try:
        with engine.connect() as conn:
            return (list(conn.execute(text("SELECT version_num FROM alembic_version")).scalars()),
                    conn.execute(text("SELECT schema_version FROM game_info")).scalar())
    finally:
        engine.dispose()


def differences(location) -> list:
    """What autogenerate finds between the file's tables and the models (types compared)."""
    engine = make_engine(location)
    try:
        with engine.connect() as conn:
            return compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), SQLModel.metadata)
    finally:
        engine.dispose()


def replays_identically(location) -> bool:
    stored, replayed = replay(str(location), lambda g: rule_system(g.rules), load_scenario)
    return stored == replayed
