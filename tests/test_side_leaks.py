"""Nothing a side has not seen reaches what is made for it -- checked on the produced bytes.

For every bundled scenario and two seeds, the bots play a game; then, for each side, a copy of
the game file is changed in everything that side never saw: every enemy unit it has no contact
for is moved elsewhere and renamed, every enemy formation and fire support renamed, every enemy
plot aimed elsewhere, every secret marker it does not know of moved.  The side's PDF report
(text and images), its map picture and its journal (the window's Journal dock, every turn) must
not change by a single byte.  The games are checked to reach what leaked before: kills,
passengers dying with their carrier, mine attacks and wrecks.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from reportkit import images_of, report, text_of
from umpire.actions import system_for
from umpire.autoplay import autoplay
from umpire.core.engine import journal
from umpire.core.knowledge import build_view
from umpire.core.scenario import load_scenario
from umpire.core.store import db
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

ROOT = Path(__file__).resolve().parents[1]
GAMES = [("kaltenbach-gap", 6, "1"), ("kaltenbach-gap", 5, "7"), ("osterby-bridges", 8, "1"),
         ("osterby-bridges", 6, "3"), ("xom-lang-ambush", 6, "1"), ("xom-lang-ambush", 6, "4"),
         ("brannock-crossing", 6, "1"), ("brannock-crossing", 5, "4"),
         ("tolliver-ridge", 6, "1"), ("tolliver-ridge", 6, "4")]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The bots' games, played once for the module: {(scenario, seed): game file}."""
    folder = tmp_path_factory.mktemp("played")
    out = {}
    for name, turns, seed in GAMES:
        out[(name, seed)] = autoplay(load_scenario(ROOT / "scenarios" / f"{name}.toml"),
                                     folder / f"{name}-{seed}.umpire", turns, seed)
    return out


def artifacts(qapp, path: str, side: str, folder: Path) -> dict:
    """Everything made for `side` from the game file at `path`."""
    from PySide6.QtGui import QImage

    from umpire.render.picture import render_view
    folder.mkdir(parents=True, exist_ok=True)
    game = open_game(path)
    system = system_for(path)
    png = folder / "map.png"
    render_view(build_view(game, side, system), game.rules, str(png), 12)
    pdf = report(path, side, folder)
    entries = [(e.number, e.turn, e.head, e.lines, e.undone, e.own) for e in side_journal(game, side, journal(path))]
    return {"pdf text": text_of(pdf), "pdf images": images_of(pdf), "map": QImage(str(png)), "journal": entries}


# the columns that may hold a unit's, a formation's or a support's name (state and journal)
NAMED = {"unit": ("id", "carried_by", "company_id", "battalion_id", "name", "marks"),
         "battalion": ("id", "name", "hq_unit_id", "parent"), "company": ("id", "name", "battalion_id"),
         "command": ("company_id",), "reinforcement": ("unit_ids",), "plot": ("support_id",),
         "support": ("id", "label"), "game_info": ("rule_state",),
         "action": ("params", "log", "summary", "changes", "rolls")}


def hide_the_unseen(path: str, side: str) -> dict[str, int]:
    """Change in the game file at `path` everything `side` never saw; return what was changed."""
    game = open_game(path)
    hexes = sorted(game.map.hexes(), key=lambda h: (h.q, h.r))
    elsewhere = lambda k: hexes[(k * 7919 + 13) % len(hexes)]       # noqa: E731
    unseen = [u for u in game.units.values() if u.side != side and (side, u.id) not in game.contacts]
    enemy_battalions = [b for b in game.battalions if b.side != side]
    names = {u.id: f"Unseen{k:03d}" for k, u in enumerate(unseen)}
    names |= {u.name: f"Unnamed{k:03d}" for k, u in enumerate(unseen) if u.name and u.name not in names}
    names |= {b.id: f"Bn{k:03d}" for k, b in enumerate(enemy_battalions)}
    names |= {b.name: f"Battalion {k:03d}" for k, b in enumerate(enemy_battalions) if b.name not in names}
    ids = {b.id for b in enemy_battalions}
    for k, c in enumerate(x for x in game.companies if x.battalion in ids):
        names.setdefault(c.id, f"Coy{k:03d}")
        names.setdefault(c.name, f"Company {k:03d}")
    for k, a in enumerate(x for x in list(game.artillery) + list(game.air) if x.side != side):
        names.setdefault(a.id, f"Fire{k:03d}")
        names.setdefault(a.label, f"Fire support {k:03d}")
    # never rename what is also a name of the side's own (or a rule table's key): a clash, not a leak
    own = {x for u in game.units.values() if u.side == side for x in (u.id, u.name)}
    own |= {x for b in game.battalions if b.side == side for x in (b.id, b.name)}
    own |= {x for c in game.companies if c.battalion not in ids for x in (c.id, c.name)}
    own |= set(game.rules.unit_types) | set(game.side_ids()) | {s.name for s in game.sides}
    names = {k: v for k, v in names.items() if k and k not in own}
    # what the side knows keeps its name, even where it contains a renamed one ("1 MRB HQ" is
    # seen; "1 MRB" is not): the longest name matches first, and these stand for themselves
    seen = {uid for (s, uid) in game.contacts if s == side}
    names |= {x: x for x in own | seen if x and x not in names}
    pattern = re.compile("|".join(rf"(?<![\w/]){re.escape(x)}(?![\w/])"
                                  for x in sorted(names, key=len, reverse=True)))
    counts = {"units": len(unseen), "plots": 0, "markers": 0, "names": len(names)}
    with sqlite3.connect(path) as conn:
        for k, u in enumerate(unseen):
            if u.hex is not None:
                h = elsewhere(k)
                conn.execute("UPDATE unit SET q = ?, r = ?, path = ? WHERE id = ?", (h.q, h.r, json.dumps([[h.q, h.r]]), u.id))
        for k, (t, s, sup, c) in enumerate(conn.execute(
                "SELECT turn, side_id, support_id, concentration FROM plot WHERE side_id != ?", (side,)).fetchall()):
            h = elsewhere(k + 101)
            conn.execute("UPDATE plot SET target_q = ?, target_r = ? WHERE turn = ? AND side_id = ? AND support_id = ? "
                         "AND concentration = ?", (h.q, h.r, t, s, sup, c))
            counts["plots"] += 1
        for k, (oid, owner, known) in enumerate(conn.execute(
                "SELECT id, side_id, known_to FROM overlay WHERE secret").fetchall()):
            if owner != side and side not in json.loads(known or "[]"):
                h = elsewhere(k + 211)
                conn.execute("UPDATE overlay SET q = ?, r = ? WHERE id = ?", (h.q, h.r, oid))
                counts["markers"] += 1
        for table, columns in NAMED.items():
            rows = conn.execute(f"SELECT rowid, {', '.join(columns)} FROM {table}").fetchall()
            for rowid, *values in rows:
                new = [pattern.sub(lambda mt: names[mt.group(0)], v) if isinstance(v, str) else v for v in values]
                if new != values:
                    conn.execute(f"UPDATE {table} SET {', '.join(f'{c} = ?' for c in columns)} WHERE rowid = ?",
                                 (*new, rowid))
    db._STATIC.clear()        # the frame read above (battalions, companies) is cached per file: read it anew
    return counts


@pytest.mark.parametrize("name,turns,seed", GAMES)
def test_a_side_sees_nothing_of_what_it_never_saw(qapp, tmp_path, played, name, turns, seed):
    path = played[(name, seed)]
    hidden = 0
    for side in open_game(path).side_ids():
        before = artifacts(qapp, path, side, tmp_path / side / "before")
        copy = tmp_path / side / "changed.umpire"
        shutil.copy(path, copy)
        changed = hide_the_unseen(str(copy), side)
        after = artifacts(qapp, str(copy), side, tmp_path / side / "after")
        for what in before:
            assert before[what] == after[what], f"{name} seed {seed}: {side}'s {what} changed ({changed})"
        if changed["units"]:      # control: the umpire's report does change -- the file really was changed
            umpire_before = text_of(report(path, "umpire", tmp_path / side / "u1"))
            assert umpire_before != text_of(report(str(copy), "umpire", tmp_path / side / "u2")), changed
        hidden += changed["units"] + changed["plots"] + changed["markers"]
    assert hidden, f"{name} seed {seed}: every side saw everything -- the game proves nothing"


def test_the_games_reach_kills_passengers_mines_and_wrecks(played):
    """What leaked before happened out of the bots' usual reach: these games must contain it,
    or the test above proves less than it says."""
    lines, wrecks, dead = [], 0, 0
    for path in played.values():
        lines += [x for row in journal(path) if not row.undone for x in row.log]
        game = open_game(path)
        wrecks += sum(o.kind in ("wreck", "abandoned") for o in game.map.overlays)
        dead += sum(u.status == "destroyed" for u in game.units.values())
    assert dead >= 5
    assert any("with its carrier" in x for x in lines), "no passenger died with its carrier"
    assert any("minefield" in x and ("enters" in x or "mine attack" in x) for x in lines), "no mine attack"
    assert wrecks >= 1, "no wreck"
