"""Creating, opening, migrating and copying game files.

A game file is a database reached through sqlmodel: an SQLite file by default, or any
SQLAlchemy URL (postgresql+psycopg://...) for a club server.  A new game -- its tables, the
scenario and its opening (the set-up) -- is written in one transaction, into a temporary file
that is renamed into place only when complete, so a failure never leaves a half-written or
never-set-up game file behind.

Several programs may write one game (a CLI command while the GUI or `umpire autoplay` has it
open): a write (`writing`) locks the game from its first statement, so whoever writes reads
the state the previous writer left, and a reader (`open_game`) reads one consistent snapshot.

A game file of an older schema is migrated forward by the first write that opens it, in that
write's transaction: Alembic revisions in migrations/ (how versions are kept, and how to add
one, is told there).
"""

from __future__ import annotations

import os
import re
import secrets
import sqlite3
import tempfile
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from sqlalchemy import event, insert, inspect, text
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.pool import NullPool
from sqlmodel import Session, SQLModel, create_engine, select

from ... import __version__
from ..backdrop import game_backdrop
from ..errors import GameBusyError, GameFileError, UmpireError
from ..game import Contact, Game, PastContact, Plot, UnitState
from ..hexgrid import Grid, Hex, Hexside
from ..ruleset import load_ruleset, system_class
from ..rulestate import NoMarks, RuleState
from ..traits import NoTraits, TraitError, TraitModel, Traits, read_traits
from ..oob import AirSupport, Artillery, Battalion, Company, Objective, Reinforcement, Scenario, Side, Victory, Zone
from ..terrain import GameMap, Overlay
from . import migrations
from . import models as m
from .integrity import check_state, check_static

GAME_SUFFIX = ".umpire"

def is_url(target: str | Path) -> bool:
    return "://" in str(target)


# How long a program waits for another one's write to a game to end before it gives up with
# "the game is busy": an action takes well under a second, a new turn's spotting a few.
BUSY_SECONDS = 10


def make_engine(target: str | Path, write: bool = False, foreign_keys: bool = True) -> Engine:
    """An engine for the game at `target`.  On SQLite, SQLAlchemy emits the BEGIN itself (the
    sqlite3 module's own transaction handling is off, SQLAlchemy's pysqlite recipe): its legacy
    mode begins no transaction before a SELECT or a CREATE TABLE, so a reader's queries were
    not one snapshot and a new file's tables were committed one by one.  A writer's
    transactions (`write`) BEGIN IMMEDIATE: the write lock is taken before the first read, so
    nobody commits between what it reads and what it writes.  A locked file is waited for.
    SQLite enforces foreign keys unless told not to (`foreign_keys`: only to migrate, `writing`)."""
    url = make_url(str(target)) if is_url(target) else URL.create("sqlite", database=str(Path(target)))
    key = (url.render_as_string(hide_password=False), write, foreign_keys)
    engine = _ENGINES.pop(key, None)
    if engine is None:
        engine = _new_engine(url, write, foreign_keys)
    _ENGINES[key] = engine                 # the most recently used last
    while len(_ENGINES) > KEPT_ENGINES:
        _ENGINES.pop(next(iter(_ENGINES)))
    return engine


# Engines are kept and reused, a few at a time: each keeps the SQL it has compiled, and an
# action opened a new engine and compiled its statements again -- about a third of its time.
# They pool no connections (NullPool): every transaction still opens the file afresh, as it
# did, so a file replaced in between (Save As, a restore) is the one read.
KEPT_ENGINES = 16
_ENGINES: dict[tuple, Engine] = {}


def _new_engine(url, write: bool, foreign_keys: bool) -> Engine:
    if url.get_backend_name() != "sqlite":
        return create_engine(url, poolclass=NullPool)
    engine = create_engine(url, connect_args={"timeout": BUSY_SECONDS}, poolclass=NullPool)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None         # sqlite3 emits no BEGIN of its own
        # how long a locked file is waited for, read as each connection opens: the engine is
        # kept, and the wait may have been set since (tests shorten it)
        dbapi_conn.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
        # SQLite enforces foreign keys only when asked
        dbapi_conn.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


# An opening: what sets a new game up, run in the transaction that creates the game file
# (engine.new_game passes the "open" action: the rule system's set-up rolls, the first spotting
# pass, the first phase).  It gets the session and the location the game is being written at.
Opening = Callable[[Session, str], None]

# The parameters of an opening that sets nothing up: the journal of a game made without one
# (create_game alone: tests, benchmarks) or before the journal existed starts with it, so that
# every game file's journal starts with its opening and one without is known to be unfinished.
NO_SETUP = {"setup": False}
NEVER_SET_UP = "the game was never set up (interrupted while being created): start a new game from the scenario"


def _no_setup_opening(turn: int, summary: str) -> dict:
    # seq 0: the first action still gets seq 1, so its dice are the ones it always had
    return dict(seq=0, turn=turn, kind="open", side_id=None, params=dict(NO_SETUP), rolls=[], changes=[],
                log=[], summary=summary, undone=False, at="", readers={})


def create_game(scenario: Scenario, target: str | Path, overwrite: bool = False, seed: str | None = None,
                opening: Opening | None = None) -> str:
    """Write a new game file for `scenario` at `target` (a path or a database URL) and set it up
    with `opening`, all in one transaction; without an opening the game is the scenario as
    written, outside the turn sequence."""
    def write(session: Session, location: str) -> None:
        write_new_game(session, location, scenario, seed, opening)

    if is_url(target):
        shown = _safe_url(target)
        engine = make_engine(target, write=True)
        try:
            if inspect(engine).has_table("game_info"):
                raise GameFileError("the database already holds a game", file=shown)
            with engine.begin() as conn:        # PostgreSQL DDL is transactional too
                _create_tables(conn)
                with Session(bind=conn) as session:
                    write(session, str(target))
        except SQLAlchemyError as e:
            raise (database_error(e, shown) or GameFileError(
                f"database error: {e.__class__.__name__}: {_first_line(e)}", file=shown)) from None
        finally:
            engine.dispose()
        return str(target)
    path = Path(target)
    if path.exists() and not overwrite:
        raise GameFileError("already exists (choose another name, or overwrite it)", file=str(path))
    if not path.parent.is_dir():
        raise GameFileError("folder does not exist", file=str(path))
    remove_stale_temp_files(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    engine = make_engine(tmp, write=True)
    try:
        with Session(engine) as session:      # one transaction: the tables, the scenario, the opening
            _create_tables(session.connection())
            write(session, tmp)
            session.commit()
        engine.dispose()
        _normal_mode(tmp)
        os.replace(tmp, path)
    except BaseException as e:
        engine.dispose()
        Path(tmp).unlink(missing_ok=True)
        Path(tmp + "-journal").unlink(missing_ok=True)
        error = database_error(e, str(path)) if isinstance(e, (SQLAlchemyError, sqlite3.Error)) else None
        if error is None:
            raise
        raise error from None
    return str(path)


def write_new_game(session: Session, location: str, scenario: Scenario, seed: str | None = None,
                   opening: Opening | None = None) -> None:
    """The scenario and its opening written in the session's transaction, into today's tables
    (made already): create_game's work, and a replay's fresh game kept in memory."""
    _write_scenario(session, scenario, seed)
    session.flush()
    if opening is None:
        session.add(m.ActionRow(**_no_setup_opening(1, "no set-up: the scenario as written")))
    else:
        opening(session, location)
    session.flush()


def _create_tables(conn: Connection) -> None:
    """Today's tables, at the head revision: nothing to migrate."""
    SQLModel.metadata.create_all(conn)
    migrations.stamp(conn, migrations.head())


# The hidden temporary files a `new` or a Save As writes before renaming them into place:
# tempfile.mkstemp's ".NAME." + 8 random letters, digits or "_" + ".tmp".
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
STALE_AFTER = 600     # seconds


def remove_stale_temp_files(folder: str | Path) -> None:
    """Remove the temporary files (and SQLite's journals beside them) that a `new` or a Save As
    killed half way left in `folder`.  One is stale when it has not been touched for ten minutes
    and no program holds an SQLite lock on it.  The lock alone would not do: a creation holds
    its write lock from its first statement to its commit, but not in the moments between
    mkstemp and that first statement nor between the commit and the rename -- milliseconds,
    never minutes, so the age rule keeps those; the lock keeps a creation that is slow (a huge
    map on a slow disk).  Anything that is not an SQLite file is not ours and stays."""
    try:
        entries = [e for e in os.scandir(folder) if _TEMP_NAME.fullmatch(e.name) and e.is_file()]
    except OSError:
        return
    for e in entries:
        try:
            if time.time() - e.stat().st_mtime < STALE_AFTER or not _unlocked_sqlite(e.path):
                continue
            Path(e.path + "-journal").unlink(missing_ok=True)
            Path(e.path).unlink(missing_ok=True)
        except OSError:
            continue


def _unlocked_sqlite(path: str) -> bool:
    """True when `path` is an SQLite file (or still empty, as mkstemp made it) that nobody is
    writing: its write lock can be taken at once."""
    try:
        conn = sqlite3.connect(path, timeout=0, isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return True
    except sqlite3.Error:        # busy (someone writes it) or not a database (not ours)
        return False
    finally:
        conn.close()


def _normal_mode(path: str) -> None:
    """mkstemp makes files private (0600); a game file gets the user's usual permissions."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(path, 0o666 & ~umask)


def _first_line(e: Exception) -> str:
    return str(e).strip().splitlines()[0] if str(e).strip() else ""


def _safe_url(url: str | Path) -> str:
    """The URL without its password, for messages."""
    s = str(url)
    if "@" in s and "://" in s:
        scheme, rest = s.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return s


def _write_scenario(session: Session, sc: Scenario, seed: str | None = None) -> None:
    g = sc.map.grid
    system = system_class(sc.rules)
    session.add(m.GameInfo(
        schema_version=m.SCHEMA_VERSION, umpire_version=__version__, title=sc.title,
        rules=sc.rules.name, rules_version=sc.rules.version, scenario_path=str(sc.path),
        scenario_digest=sc.digest, scenario_source=sc.source, description=sc.description,
        created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"), turns=sc.turns,
        first_player=sc.first_player, night=sc.night, special_rules=list(sc.special_rules),
        options=dict(sc.options), rule_state=system.State.read({"scenario": sc.rule_data}).stored(),
        columns=g.columns, rows=g.rows, orientation=g.orientation, stagger=g.stagger,
        seed=seed if seed is not None else secrets.token_hex(8)))
    for i, s in enumerate(sc.sides):
        session.add(m.SideRow(id=s.id, position=i, name=s.name, colour=s.colour, deploy=s.deploy,
                              traits=dict(s.traits)))
    session.flush()     # parents before children, for PostgreSQL's foreign keys
    for i, b in enumerate(sc.battalions):
        session.add(m.BattalionRow(id=b.id, position=i, side_id=b.side, name=b.name, hq_unit_id=b.hq,
                                   deploy=b.deploy, parent=b.parent, traits=dict(b.traits), colour=b.colour))
    session.flush()
    for i, c in enumerate(sc.companies):
        session.add(m.CompanyRow(id=c.id, position=i, battalion_id=c.battalion, name=c.name, deploy=c.deploy,
                                 traits=dict(c.traits)))
    session.flush()
    for i, u in enumerate(sc.units):
        # the marks it starts with -- in camouflage, arriving in column -- are what its rule
        # system makes of its traits
        marks = system.Marks.read(system.Traits.first_marks(sc, u), f"unit {u.id!r}: marks")
        session.add(m.UnitRow(
            id=u.id, position=i, type=u.type, side_id=u.side, battalion_id=u.battalion,
            company_id=u.company, name=u.name, traits=dict(u.traits),
            q=u.hex.q if u.hex else None, r=u.hex.r if u.hex else None,
            status="on_map" if u.hex else "off_map", carried_by=u.carried_by, marks=marks.stored()))
    # in one statement: a map has thousands of hexes, and a replay writes them all again
    session.execute(insert(m.HexRow), [dict(q=h.q, r=h.r, terrain=sc.map.terrain[h], elevation=sc.map.elevation[h])
                                       for h in g.hexes()])
    for side, feats in sc.map.hexsides.items():
        for kind, high in feats.items():
            session.add(m.HexsideRow(aq=side.a.q, ar=side.a.r, bq=side.b.q, br=side.b.r, feature=kind,
                                     high_q=high.q if high else None, high_r=high.r if high else None))
    for o in sc.map.overlays:
        session.add(m.OverlayRow(q=o.hex.q, r=o.hex.r, kind=o.kind, side_id=o.side, secret=o.secret,
                                 detail=o.detail))
    for z in sc.zones:
        session.add(m.ZoneRow(id=z.id, side_id=z.side, label=z.label,
                              hexes=[[h.q, h.r] for h in sorted(z.hexes)]))
    for r in sc.reinforcements:
        session.add(m.ReinforcementRow(side_id=r.side, turn=r.turn, entry=[[h.q, h.r] for h in r.entry],
                                       unit_ids=list(r.units), traits=dict(r.traits)))
    for a in sc.artillery:
        session.add(m.SupportRow(id=a.id, side_id=a.side, kind=a.kind, label=a.label,
                                 count=a.concentrations, strength=a.strength, from_turn=a.from_turn,
                                 traits=dict(a.traits)))
    for a in sc.air:
        session.add(m.SupportRow(id=a.id, side_id=a.side, kind="air", label=a.label, count=a.strikes,
                                 strength=a.strength, from_turn=a.from_turn, traits=dict(a.traits)))
    for v in sc.victory:
        session.add(m.VictoryRow(side_id=v.side, text=v.text, points_for_units=v.points_for_units,
                                 objectives=[{"q": o.hex.q, "r": o.hex.r, "label": o.label,
                                              "points": o.points} for o in v.objectives],
                                 exit_hexes=[[h.q, h.r] for h in sorted(v.exit_hexes)], exit_points=v.exit_points))


def open_game(target: str | Path) -> Game:
    """Read a game file, migrating an older schema forward.  GameFileError if it can't."""
    shown = _shown(target)
    _check_file(target, shown)
    if not is_url(target):
        remove_stale_temp_files(Path(target).parent)
    engine = make_engine(target)
    if engine.dialect.name == "postgresql":      # its default would give each query its own snapshot
        engine = engine.execution_options(isolation_level="REPEATABLE READ")
    try:
        with Session(engine) as session:         # one read transaction: one consistent snapshot
            ready = _prepare(session.connection(), shown, write=False)
            if ready:
                return read_game(session, str(target))
        with writing(target):                    # an older schema: migrated under the write lock
            pass
        with Session(engine) as session:
            _prepare(session.connection(), shown, write=False)
            return read_game(session, str(target))
    except UmpireError as e:
        if e.file:
            raise
        raise GameFileError(e.problem, file=shown, place=e.place) from None     # a row's check: this file
    except (SQLAlchemyError, sqlite3.Error, KeyError, ValueError, TypeError, AttributeError) as e:   # a row's shape
        raise (database_error(e, shown, "read") or damaged(e, shown)) from None
    finally:
        engine.dispose()


@contextmanager
def reading(target: str | Path) -> Iterator[Session]:
    """A plain session on the game at `target` for a read that needs no checks (a digest, the
    journal's rows), its engine disposed of afterwards.  Reading the game itself: open_game."""
    engine = make_engine(target)
    try:
        with Session(engine) as session:
            yield session
    finally:
        engine.dispose()


def rules_name(target: str | Path) -> str | None:
    """The name of the game's rule system, read from its game record alone -- for a command
    that needs the rule system before the action that reads and checks the whole game.  None
    when the record cannot be read so simply: the full reader then says why."""
    if not is_url(target) and not Path(target).is_file():
        return None
    engine = make_engine(target)
    try:
        with engine.connect() as conn:
            name = conn.execute(text("SELECT rules FROM game_info")).scalar()
        return name if isinstance(name, str) else None
    except (SQLAlchemyError, sqlite3.Error):
        return None
    finally:
        engine.dispose()


@contextmanager
def writing(target: str | Path) -> Iterator[Session]:
    """One write transaction on a game: a session that reads and writes it, committed when the
    block ends (rolled back if it raises).  The game is locked from the start -- SQLite's BEGIN
    IMMEDIATE, PostgreSQL's lock on the game_info row, which every writer takes first -- so what
    the block reads is what the previous writer committed and stays so until this one commits.
    An older schema is migrated first, in the same transaction.  A database error a write can
    meet (read-only, disk full, busy, I/O, a lost server) is one line naming the game."""
    shown = _shown(target)
    _check_file(target, shown)
    engine = make_engine(target, write=True)
    try:
        # expire_on_commit off: what the block returns (a journal row) stays readable after it
        session = Session(engine, expire_on_commit=False)
        try:
            unchecked = not _ready_to_write(session, shown)
            if unchecked:
                # an older SQLite file: its revisions may recreate a table other rows refer to,
                # which SQLite refuses while it enforces foreign keys, and enforcement cannot be
                # switched off inside a transaction.  So begin again without it (SQLite's own
                # recipe for altering a table), and check every reference before committing.
                session.close()
                engine.dispose()
                engine = make_engine(target, write=True, foreign_keys=False)
                session = Session(engine, expire_on_commit=False)
                if not _ready_to_write(session, shown):
                    raise RuntimeError("a game file was not migrated without foreign keys enforced")
            yield session
            if unchecked:
                _check_references(session, shown)
            if is_url(target):
                _notify(session)
            session.commit()
        finally:
            session.close()
    except (SQLAlchemyError, sqlite3.Error) as e:
        error = database_error(e, shown)
        if error is None:
            raise                 # not the file's fault: a bug, reported as one
        raise error from None
    finally:
        engine.dispose()


# The channel a PostgreSQL game's writers NOTIFY on commit: other umpires' windows LISTEN to it
# (gui/serverwatch.py) and see an action within a second, without reading the journal in a loop.
# The server sends the notice only if the transaction commits; the payload names who wrote.
CHANGED_CHANNEL = "umpire_journal"


def _notify(session: Session) -> None:
    from ..whoacts import name_now
    session.connection().execute(text("SELECT pg_notify(:channel, :who)"),
                                 {"channel": CHANGED_CHANNEL, "who": name_now()})


def _ready_to_write(session: Session, shown: str) -> bool:
    try:
        return _prepare(session.connection(), shown, write=True)
    except UmpireError:
        raise
    except (SQLAlchemyError, sqlite3.Error, KeyError, ValueError) as e:
        raise (database_error(e, shown) or damaged(e, shown)) from None


def _check_references(session: Session, shown: str) -> None:
    """What SQLite did not enforce while a migration ran (`writing`): every row's references."""
    bad = session.connection().exec_driver_sql("PRAGMA foreign_key_check").first()
    if bad is not None:
        table, rowid, parent, _ = bad
        raise GameFileError(f"damaged game file: row {rowid} of {table} names a {parent} that does not exist",
                            file=shown)


def shown(target: str | Path) -> str:
    """How messages name a game: its path, or its URL without the password."""
    return _shown(target)


def _shown(target: str | Path) -> str:
    return _safe_url(target) if is_url(target) else str(target)


def _check_file(target: str | Path, shown: str) -> None:
    if is_url(target):
        return
    path = Path(target)
    if not path.is_file():
        raise GameFileError("no such file", file=shown)
    with open(path, "rb") as f:
        if f.read(16) != b"SQLite format 3\x00":
            raise GameFileError("not an Umpire game file (not an SQLite database)", file=shown)


def _prepare(conn: Connection, shown: str, write: bool) -> bool:
    """Check, in the caller's transaction, that the database holds a game this Umpire plays and
    that the game was set up.  A writer first locks the game on PostgreSQL (SQLite's BEGIN
    IMMEDIATE has locked the file already) and migrates an older schema forward.  False: an
    older schema this connection may not migrate -- a reader's (a writer must), or an SQLite
    writer's enforcing foreign keys (`writing` begins again without)."""
    if not inspect(conn).has_table("game_info"):
        raise GameFileError("not an Umpire game file (no game_info table)", file=shown)
    query = "SELECT schema_version FROM game_info"
    if write and conn.dialect.name == "postgresql":
        conn.execute(text(f"SET LOCAL lock_timeout = '{int(BUSY_SECONDS * 1000)}ms'"))
        query += " FOR UPDATE"
    version = conn.execute(text(query)).scalar()
    if version is None:
        raise GameFileError("game file has no game record", file=shown)
    if version > m.SCHEMA_VERSION:
        raise GameFileError(f"written by a newer Umpire (schema {version}; this Umpire reads "
                            f"up to {m.SCHEMA_VERSION}): update Umpire to open it", file=shown)
    revision, stamped = _revision(conn, version, shown)
    if revision != migrations.head():
        if not write:
            return False
        if version not in migrations.revisions():
            raise GameFileError(f"schema {version} is too old to migrate", file=shown)
        if not migrations.can_migrate(conn):
            return False
        if not stamped:
            migrations.stamp(conn, revision)
        migrations.upgrade(conn)
    elif write and not stamped:
        migrations.stamp(conn, revision)     # a file of today's schema from before Alembic
    # a game file is created with its opening in one transaction; one without an opening was
    # left by an older Umpire killed between writing the file and setting the game up
    if conn.execute(select(m.ActionRow.seq).where(m.ActionRow.kind == "open").limit(1)).first() is None:
        raise GameFileError(NEVER_SET_UP, file=shown)
    return True


def _revision(conn: Connection, version: int, shown: str) -> tuple[str | None, bool]:
    """The revision the game file stands at, and whether alembic_version says so: a file from
    before Alembic has none, and stands at the revision of its schema_version (None when this
    Umpire has no revision of that number)."""
    stored = migrations.stored(conn)
    if not stored:
        return migrations.revisions().get(version), False
    if len(stored) > 1:
        raise GameFileError(f"damaged game file: alembic_version names {len(stored)} revisions", file=shown)
    revision = stored[0]
    if revision not in migrations.revisions().values():
        raise GameFileError(f"written by a newer Umpire (revision {revision}; this Umpire reads up to "
                            f"{migrations.head()}): update Umpire to open it", file=shown)
    if migrations.schema_of(revision) != version:
        raise GameFileError(f"damaged game file: alembic_version says revision {revision}, game_info "
                            f"says schema {version}", file=shown)
    return revision, True


# SQLite's primary result codes (sqlite3.h) and PostgreSQL's SQLSTATEs a write can meet
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 5, 6, 8, 10, 13, 14
_PG_BUSY = {"55P03", "40001", "40P01"}     # lock timeout, serialization failure, deadlock
_PG_LOST = {"57P01", "57P02", "57P03"}     # the server shut down (and class 08: connection exceptions)


def database_error(e: BaseException, shown: str, doing: str = "write") -> GameFileError | None:
    """The one-line error for a database error that is the file's or the server's condition,
    not a bug (while `doing` "write" or "read" the game): None for any other."""
    orig = getattr(e, "orig", None) or e
    busy = GameBusyError("the game is busy: another program is writing it; try again", file=shown)
    code = getattr(orig, "sqlite_errorcode", None)
    if code is not None:
        problem = {_SQLITE_READONLY: f"read-only ({_first_line(orig)})",
                   _SQLITE_CANTOPEN: "read-only folder? (SQLite cannot create its journal beside the file)"
                   if doing == "write" else "cannot open it",
                   _SQLITE_FULL: "the disk is full", _SQLITE_IOERR: f"{_first_line(orig)}"}.get(code & 0xFF)
        if code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED):
            return busy
        return GameFileError(f"cannot {doing} the game file: {problem}", file=shown) if problem else None
    state = getattr(orig, "sqlstate", None) or ""
    if state in _PG_BUSY:
        return busy
    if state == "25006":
        return GameFileError(f"cannot {doing} the game file: read-only ({_first_line(orig)})", file=shown)
    if state.startswith("53"):
        return GameFileError(f"cannot {doing} the game file: the server is out of room ({_first_line(orig)})",
                             file=shown)
    if state.startswith("08") or state in _PG_LOST or (isinstance(e, DBAPIError) and e.connection_invalidated):
        return GameFileError(f"cannot {doing} the game file: the connection to the database server was lost",
                             file=shown)
    return None


# What play never changes -- the map's hexes and hexsides, the order of battle's frame, zones,
# reinforcement schedules and victory conditions -- is
# read once per game file and reused: an action reopens the game, and reading 1,200 hex rows
# each time was most of an action's cost.  The key names the file and the game made in it.
_STATIC: dict[tuple, dict] = {}


def _static_part(session: Session, location: str, info: m.GameInfo, family: type[Traits]) -> dict:
    key = (location, info.created_at, info.scenario_digest, info.seed)
    kept = _STATIC.get(key)
    if kept is not None:
        return kept

    def traits(kind: str, row, place: str) -> dict:
        return _traits(family.model(kind), row.traits, place)

    # the map's rows as plain columns, not ORM objects: a 200x200 map has 40,000 hexes, and as many
    # tracked row objects took half the read (and set Python's cycle collector off again and again)
    terrain, elevation = {}, {}
    for q, r, kind, level in session.exec(select(m.HexRow.q, m.HexRow.r, m.HexRow.terrain, m.HexRow.elevation)):
        h = Hex(q, r)
        terrain[h] = kind
        elevation[h] = level
    hexsides: list[tuple[Hexside, str, Hex | None]] = []
    columns = (m.HexsideRow.aq, m.HexsideRow.ar, m.HexsideRow.bq, m.HexsideRow.br, m.HexsideRow.feature,
               m.HexsideRow.high_q, m.HexsideRow.high_r)
    for aq, ar, bq, br, feature, high_q, high_r in session.exec(select(*columns)):
        high = Hex(high_q, high_r) if high_q is not None else None
        hexsides.append((Hexside(Hex(aq, ar), Hex(bq, br)), feature, high))
    part = dict(key=key, terrain=terrain, elevation=elevation, hexsides=hexsides, sides=[
        Side(s.id, s.name, s.colour, s.deploy, traits("side", s, f"side {s.id!r}"))
        for s in session.exec(select(m.SideRow).order_by(m.SideRow.position))], battalions=[
        Battalion(b.id, b.side_id, b.name, b.hq_unit_id, b.deploy, b.parent,
                  traits("battalion", b, f"battalion {b.id!r}"), b.colour)
        for b in session.exec(select(m.BattalionRow).order_by(m.BattalionRow.position))], companies=[
        Company(c.id, c.battalion_id, c.name, c.deploy, traits("company", c, f"company {c.id!r}"))
        for c in session.exec(select(m.CompanyRow).order_by(m.CompanyRow.position))], zones=[
        Zone(z.id, z.side_id, z.label, frozenset(Hex(q, r) for q, r in z.hexes))
        for z in session.exec(select(m.ZoneRow))], reinforcements=[
        Reinforcement(r.side_id, r.turn, tuple(Hex(q, rr) for q, rr in r.entry), tuple(r.unit_ids),
                      traits("reinforcement", r, f"reinforcement #{i}"))
        for i, r in enumerate(session.exec(select(m.ReinforcementRow).order_by(m.ReinforcementRow.id)), start=1)],
        victory=[
        Victory(v.side_id, v.text, tuple(Objective(Hex(o["q"], o["r"]), o["label"], o["points"]) for o in v.objectives),
                v.points_for_units, frozenset(Hex(q, r) for q, r in v.exit_hexes), v.exit_points)
        for v in session.exec(select(m.VictoryRow).order_by(m.VictoryRow.id))])
    if len(_STATIC) > 16:
        _STATIC.clear()
    _STATIC[key] = part
    return part


def forget_static_parts() -> None:
    """Drop the kept static parts: the next read of each game file reads its map again, as a new
    process would (the benchmarks time a game's opening from a fresh start)."""
    _STATIC.clear()


def read_game(session: Session, location: str) -> Game:
    """The game as the session's transaction sees it.  A row that fails its check, or is not
    of its shape, is a damaged file: GameFileError naming it, whoever reads (a reader's or a
    writer's transaction)."""
    shown = _shown(location)
    try:
        return _read_rows(session, location)
    except UmpireError as e:
        if e.file:
            raise
        raise GameFileError(e.problem, file=shown, place=e.place) from None     # a row's check: this file
    except (KeyError, ValueError, TypeError, AttributeError) as e:                 # a row's shape
        raise damaged(e, shown) from None


def damaged(e: Exception, shown: str) -> GameFileError:
    """A row not of its shape, in one line naming the file."""
    return GameFileError(f"damaged game file: {e.__class__.__name__}: {_first_line(e)}", file=shown)


def _read_rows(session: Session, location: str) -> Game:
    info = session.exec(select(m.GameInfo)).one()
    rules = load_ruleset(info.rules)
    system = system_class(rules)
    grid = Grid(info.columns, info.rows, info.orientation, info.stagger)
    static = _static_part(session, location, info, system.Traits)
    if not static.get("checked"):        # once per file: the verdict is cached with the part
        check_static(static, grid, rules, info.turns, system.Traits)
        static["checked"] = True
    game_map = GameMap(grid, dict(static["terrain"]), dict(static["elevation"]), static_key=static["key"])
    game_map.backdrop = game_backdrop(info.scenario_path, info.scenario_source, location)  # presentation only
    features = static.get("features")
    if features is None:                  # the hexsides as GameMap keeps them, built once per file
        built = GameMap(grid, {}, {})
        for side, kind, high in static["hexsides"]:
            built.add_feature(side, kind, high)
        features = static["features"] = built.hexsides
    game_map.hexsides = {side: dict(kinds) for side, kinds in features.items()}
    for row in session.exec(select(m.OverlayRow).order_by(m.OverlayRow.id)):
        game_map.overlays.append(Overlay(Hex(row.q, row.r), row.kind, row.side_id, row.secret, row.detail,
                                         tuple(row.known_to or ())))
    game = Game(location=location, schema_version=info.schema_version, title=info.title, rules=rules,
                description=info.description, turns=info.turns, turn=info.turn,
                first_player=info.first_player, night=info.night, options=dict(info.options or {}),
                special_rules=tuple(info.special_rules), scenario_path=info.scenario_path, map=game_map,
                seed=info.seed, phase=info.phase, active_side=info.active_side, passed=tuple(info.passed),
                rule_state=system.State.read(info.rule_state, "game_info: rule_state"))
    game.sides = list(static["sides"])
    game.battalions = list(static["battalions"])
    game.companies = list(static["companies"])
    for u in session.exec(select(m.UnitRow).order_by(m.UnitRow.position)):
        game.units[u.id] = unit_state(u, system.Marks, system.Traits.unit)
    # past turns' commands stay in the file (the journal and the digest), but play needs only
    # this turn's and those given ahead; reading every turn's made long games slow to open
    # last turn's plots too: fire kept on the same hex scatters less, in some rule systems
    for p in session.exec(select(m.PlotRow).where(m.PlotRow.turn >= info.turn - 1)):
        game.plots.append(Plot(p.turn, p.side_id, p.support_id, p.concentration, Hex(p.target_q, p.target_r),
                               p.pattern, p.impact, p.outcome))
    for c in session.exec(select(m.CommandRow).where(m.CommandRow.turn >= info.turn)):
        game.commands[(c.turn, c.company_id)] = (c.code, Hex(c.hex_q, c.hex_r) if c.hex_q is not None else None)
    for c in session.exec(select(m.ContactRow)):
        game.contacts[(c.side_id, c.unit_id)] = Contact(
            c.side_id, c.unit_id, c.label, c.status, Hex(c.q, c.r), c.turn, c.detail, c.type_label,
            c.role, c.strength, tuple(c.seen_by))
    for p in session.exec(select(m.PastContactRow).order_by(m.PastContactRow.until)):
        game.past_contacts.append(PastContact(p.side_id, p.unit_id, p.label, Hex(p.q, p.r), p.turn, p.detail,
                                              p.type_label, p.role, p.until))
    game.zones = list(static["zones"])
    game.reinforcements = list(static["reinforcements"])
    game.victory = list(static["victory"])
    for a in session.exec(select(m.SupportRow)):
        place = f"support {a.id!r}"
        if a.kind == "air":
            game.air.append(AirSupport(a.id, a.side_id, a.label, a.count, a.strength, a.from_turn,
                                       _traits(system.Traits.air, a.traits, place)))
        else:
            game.artillery.append(Artillery(a.id, a.side_id, a.label, a.count, a.strength, a.kind, a.from_turn,
                                            _traits(system.Traits.artillery, a.traits, place)))
        game.support_used[a.id] = dict(a.used or {})
    check_state(game, system.Traits)
    return game


def copy_game(source: str | Path, target: str | Path, overwrite: bool = False) -> str:
    """Save As: a consistent copy of an SQLite game file (sqlite3's online backup)."""
    if is_url(source) or is_url(target):
        raise GameFileError("Save As copies SQLite game files only; use your database's tools for "
                            "a server game", file=str(target))
    target = Path(target)
    if target.exists() and os.path.samefile(source, target):     # the backup would replace the open game
        raise GameFileError("is this game's own file: Save As needs another name", file=str(target))
    if target.exists() and not overwrite:
        raise GameFileError("already exists", file=str(target))
    remove_stale_temp_files(target.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        with sqlite3.connect(str(source)) as src, sqlite3.connect(tmp) as dst:
            src.backup(dst)
        _normal_mode(tmp)
        os.replace(tmp, target)
    except (OSError, sqlite3.Error) as e:
        Path(tmp).unlink(missing_ok=True)
        raise GameFileError(f"cannot copy: {e}", file=str(target)) from None
    return str(target)


def default_game_path(scenario_path: str | Path, folder: str | Path | None = None) -> Path:
    """`<scenario name>.umpire` in `folder` (default: current), numbered if it exists."""
    stem = Path(scenario_path).stem
    folder = Path(folder) if folder else Path.cwd()
    candidate = folder / f"{stem}{GAME_SUFFIX}"
    n = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{n}{GAME_SUFFIX}"
        n += 1
    return candidate


def unit_state(u: m.UnitRow, marks: type[RuleState] = NoMarks, traits: type[TraitModel] = NoTraits) -> UnitState:
    """A unit's state in play from its row; its marks read as the rule system's `marks` model,
    its traits as its unit traits."""
    return UnitState(u.id, u.type, u.side_id, u.battalion_id, u.company_id, u.name,
                     Hex(u.q, u.r) if u.q is not None else None, u.status,
                     u.steps_lost, u.face_down, u.carried_by, u.moved, u.fired,
                     tuple(Hex(q, r) for q, r in u.path), u.mp_spent, u.paused, u.acted,
                     marks.read(u.marks, f"unit {u.id!r}: marks"),
                     _traits(traits, u.traits, f"unit {u.id!r}"))


def _traits(model: type[TraitModel], data, place: str) -> dict:
    """A row's traits, checked by the rule system's model for its kind of record (core.traits)."""
    try:
        return read_traits(model, data)
    except TraitError as e:
        raise GameFileError(f"traits: {e.problem}", place=place) from None
