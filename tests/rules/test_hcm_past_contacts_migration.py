"""The 17 -> 18 migration (revision 0018_past_contacts), on a Hex Command Mechanized game -- the
rule system whose commanders are seen "anew" (HCM 3.6, 4.1): a schema-17 file (no past_contact
table, its contacts relabelled in place as that schema did) opens on SQLite and PostgreSQL, gains
the table, and plays on -- a commander placed again now leaves his old contact behind, undo and
replay hold."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import inspect

from umpire.core.engine import journal
from umpire.core.store import models as m
from umpire.core.store.db import make_engine, open_game

from storekit import PG_URL, as_schema, copy_to_postgresql, postgres_database, replays_identically

from .hcmkit import act, game, hcm_game, to_phase

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="set UMPIRE_TEST_POSTGRES_URL to run against PostgreSQL"))]
BLUE = [dict(id="B", type="medium_infantry", hex="0103", facing="SE"),
        dict(id="K", type="commander", hex="0203", on_table=True, initiative=5)]
RED = [dict(id="R", type="medium_infantry", hex="0603", facing="NW", on_table=True)]


def schema_17_game(tmp_path) -> str:
    """An HCM game in Blue's placement phase, K lifted (Red lost sight of his marker), made a
    schema-17 file."""
    loc = hcm_game(tmp_path, BLUE, RED)
    to_phase(loc, "a_command", 5, 3, 1, 1, 1, 1)
    to_phase(loc, "a_placement")
    with sqlite3.connect(loc) as conn:
        conn.execute("DROP TABLE past_contact")
    conn.close()
    as_schema(loc, 17, alembic=True)
    return loc


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_schema_17_game_opens_and_plays_on(backend, tmp_path):
    loc = schema_17_game(tmp_path)
    with sqlite3.connect(loc) as conn:
        assert conn.execute("SELECT schema_version FROM game_info").fetchone() == (17,)
    conn.close()
    if backend == "postgresql":
        with postgres_database("umpire_past") as url:
            copy_to_postgresql(loc, url)
            plays_on(url)
        return
    plays_on(loc)


def plays_on(loc: str) -> None:
    g = open_game(loc)                                          # migrated by its first write
    assert g.schema_version == m.SCHEMA_VERSION >= 18 and g.past_contacts == []
    assert "past_contact" in inspect(make_engine(loc)).get_table_names()
    old = g.contacts[("red", "K")]
    assert old.status == "last_known" and old.type_label == "Marker"
    act(loc, "place_commander", unit="K", hex="0404")         # HCM 3.6: placed anew
    g = game(loc)
    (past,) = g.past_contacts
    assert (past.label, past.type_label, g.map.number(past.hex)) == (old.label, "Marker", "0203")
    assert g.contacts[("red", "K")].label not in (old.label,) and past.until == journal(loc)[-1].seq
    if not loc.startswith("postgresql"):
        assert replays_identically(loc)
