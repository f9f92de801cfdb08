"""Game databases held in memory: an SQLite database that lives as long as its engine.

A replay re-runs a whole journal; doing it on a game file cost a transaction, a lock and a
fresh engine (its SQL compiled anew) for every action.  In memory, one engine and one
transaction serve the whole replay, and nothing is written to disk unless asked (`save_to`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel


def memory_engine() -> Engine:
    """A new, empty database in memory.  One connection (StaticPool): an SQLite memory database
    is private to its connection, so a second one would find it empty."""
    engine = create_engine("sqlite://", poolclass=StaticPool)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None             # SQLAlchemy begins (db.make_engine's recipe):
        dbapi_conn.execute("PRAGMA foreign_keys=ON")  # savepoints work (core.snapshots); bad references fail

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN")

    SQLModel.metadata.create_all(engine)               # today's tables (nothing to migrate)
    return engine


def save_to(engine: Engine, target: str | Path) -> str:
    """Write the memory database, as it stands committed, to an SQLite game file at `target`."""
    with engine.connect() as conn:
        source = conn.connection.driver_connection
        with sqlite3.connect(str(target)) as dst:
            source.backup(dst)
        dst.close()
    return str(target)
