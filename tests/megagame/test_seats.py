"""Several umpires on one game (issue 24): every journal row names who performed it, and a game
that lists seats lets an assistant act only for his sides and in his sectors (core.umpires)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from umpire.actions import new_game, system_for
from umpire.core import umpires
from umpire.core.engine import journal, perform, undo
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.core.umpire_seats import change_seats, list_seats

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def game(tmp_path, sample_scenario):
    yield new_game(sample_scenario, tmp_path / "g.umpire", seed="seats")
    umpires.set_name(None)


def as_umpire(name):
    umpires.set_name(name)


def umpire(*args, env=None):
    import os
    return subprocess.run([sys.executable, "-m", "umpire.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, env={**os.environ, **(env or {})})


def first_move(location):
    """The first legal move of the side to act: one of its units, one hex on (as the bot finds it)."""
    import random

    from umpire.rules.botkit import random_path
    g = open_game(location)
    system = system_for(location)
    rng = random.Random(1)
    for unit in sorted((u for u in g.units.values() if u.side == g.active_side and u.on_map and not u.carried_by),
                       key=lambda u: u.id):
        path = random_path(g, rng, system, unit, [], 1)
        if path:
            return unit, {"unit": unit.id, "path": [g.map.number(h) for h in path]}
    raise AssertionError("no unit of the side to act can move")


def to_movement(location):
    system = system_for(location)
    for _ in range(6):
        if open_game(location).active_side is not None:
            return
        perform(location, "next_phase", {}, system)
    raise AssertionError("no side came to act")


def test_every_action_names_the_umpire_who_performed_it(game, monkeypatch):
    monkeypatch.setenv("UMPIRE_NAME", "Colonel Hardy")
    perform(game, "spot", {}, system_for(game))
    as_umpire("Ann")
    perform(game, "next_phase", {}, system_for(game))
    rows = [r for r in journal(game) if r.kind != "open"]
    assert [(r.kind, r.umpire) for r in rows] == [("spot", "Colonel Hardy"), ("next_phase", "Ann")]


def test_a_game_without_seats_is_anyones(game):
    as_umpire("Stranger")
    assert perform(game, "next_phase", {}, system_for(game)).seq > 0
    assert list_seats(game) == []


def test_the_first_seat_is_the_chiefs_and_only_the_chief_changes_seats(game):
    as_umpire("Ann")
    with pytest.raises(UmpireError, match="first seat is its chief"):
        change_seats(game, add="Ann", sides=("nato",))
    change_seats(game, add="Ann", chief=True)
    change_seats(game, add="Bob", sides=("nato",))
    assert list_seats(game) == ["Ann: chief umpire", "Bob: assistant (sides nato)"]
    as_umpire("Bob")
    with pytest.raises(UmpireError, match="only the chief umpire changes the seats"):
        change_seats(game, add="Bob", chief=True)
    as_umpire("Ann")
    with pytest.raises(UmpireError, match="no side 'martians'"):
        change_seats(game, add="Cy", sides=("martians",))
    with pytest.raises(UmpireError, match="sector '0101' is two hex numbers"):
        change_seats(game, add="Cy", sectors=("0101",))
    with pytest.raises(UmpireError, match="only chief umpire"):
        change_seats(game, remove="Ann")
    assert list_seats(game) == ["Ann: chief umpire", "Bob: assistant (sides nato)"]     # nothing half-done


def test_an_unlisted_umpire_may_not_act_once_seats_are_listed(game):
    as_umpire("Ann")
    change_seats(game, add="Ann", chief=True)
    as_umpire("Zed")
    with pytest.raises(UmpireError, match="'Zed' is not one of this game's umpires"):
        perform(game, "next_phase", {}, system_for(game))


def test_an_assistant_acts_only_for_his_side_and_leaves_the_phase_to_the_chief(game):
    as_umpire("Ann")
    change_seats(game, add="Ann", chief=True)
    to_movement(game)
    acting = open_game(game).active_side
    other = next(s.id for s in open_game(game).sides if s.id != acting)
    change_seats(game, add="Bob", sides=(other,))
    change_seats(game, add="Cy", sides=(acting,))
    unit, move = first_move(game)
    as_umpire("Bob")
    with pytest.raises(UmpireError, match=f"Bob umpires {other} only"):
        perform(game, "move", move, system_for(game))
    with pytest.raises(UmpireError, match="the chief umpire's to do"):
        perform(game, "next_phase", {}, system_for(game))
    as_umpire("Cy")
    done = perform(game, "move", move, system_for(game))
    assert done.seq > 0 and journal(game)[-1].umpire == "Cy"
    # Bob may not take back Cy's move; Cy may, and so may the chief
    as_umpire("Bob")
    with pytest.raises(UmpireError, match="only the umpire who did it or the chief may undo"):
        undo(game)
    assert not journal(game)[-1].undone
    as_umpire("Ann")
    assert undo(game).seq == done.seq


def test_an_assistant_limited_to_a_sector_acts_only_on_units_inside_it(game):
    as_umpire("Ann")
    change_seats(game, add="Ann", chief=True)
    to_movement(game)
    unit, move = first_move(game)
    g = open_game(game)
    col, row = g.map.grid.to_offset(unit.hex)
    far = "0101:0202" if (col, row) > (3, 3) else f"{g.map.grid.columns - 1:02d}{g.map.grid.rows - 1:02d}:" \
                                                   f"{g.map.grid.columns:02d}{g.map.grid.rows:02d}"
    here = g.map.number(unit.hex)
    # a sector of the hexes the move passes (its start and its path): one hex each, corners alike
    change_seats(game, add="Bob", sectors=(far,))
    change_seats(game, add="Cy", sectors=tuple(f"{h}:{h}" for h in [here, *move["path"]]))
    as_umpire("Bob")
    with pytest.raises(UmpireError, match=f"{unit.id} is at {here}"):
        perform(game, "move", move, system_for(game))
    as_umpire("Cy")
    assert perform(game, "move", move, system_for(game)).seq > 0


def test_the_command_line_names_the_umpire_and_lists_the_seats(game):
    r = umpire("--as", "Ann", "umpires", game, "--add", "Ann", "--chief")
    assert r.returncode == 0 and "Ann: chief umpire" in r.stdout, r.stderr
    r = umpire("--as=Ann", "umpires", game, "--add", "Bob", "--side", "nato", "--sector", "0101:1010")
    assert r.returncode == 0 and "Bob: assistant (sides nato; sectors 0101:1010)" in r.stdout, r.stderr
    r = umpire("next-phase", game, env={"UMPIRE_NAME": "Bob"})
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "the chief umpire's to do" in r.stderr
    assert umpire("--as", "Ann", "next-phase", game).returncode == 0
    rows = json.loads(umpire("--as", "Ann", "journal", game, "--json").stdout)
    assert rows[-1]["umpire"] == "Ann"
    assert "[Ann]" in umpire("--as", "Ann", "journal", game).stdout
    r = umpire("--as", "Bob", "umpires", game, "--remove", "Ann")
    assert r.returncode == 2 and "only the chief umpire changes the seats" in r.stderr
    r = umpire("--as", "", "status", game)
    assert r.returncode == 2 and "umpire's name is 1 to 40" in r.stderr


def test_a_game_of_schema_19_opens_names_its_umpires_and_plays_on(game):
    """Schema 20 (migration 0020_umpires): an older game has no seats and its rows name nobody."""
    import sqlite3

    from storekit import as_schema
    perform(game, "spot", {}, system_for(game))
    as_schema(game, 19, (("action", "umpire"),), alembic=True)
    with sqlite3.connect(game) as conn:
        conn.execute("DROP TABLE umpire_seat")
    as_umpire("Ann")
    perform(game, "next_phase", {}, system_for(game))
    assert [r.umpire for r in journal(game) if r.kind != "open"] == [None, "Ann"]
    assert list_seats(game) == [] and open_game(game).schema_version == 20


def test_a_sector_assistant_may_not_reach_outside_by_a_company_a_hex_or_a_line_of_text(game):
    """Reviewer's probe: the sector check read only parameters that are unit ids."""
    from umpire.core.umpires import Seat, refusal, sector_hexes
    g = open_game(game)
    inside = next(u for u in g.units.values() if u.side == "nato" and u.on_map and u.company)
    outside = next(u for u in g.units.values() if u.side == "nato" and u.on_map and u.company
                   and u.company != inside.company and u.hex != inside.hex)
    here = g.map.number(inside.hex)
    seat = Seat("Cy", "assistant", (), (f"{here}:{here}",), sector_hexes(g.map.grid, (f"{here}:{here}",)))
    there = g.map.number(outside.hex)
    assert refusal(seat, g, "move", {"unit": inside.id, "path": [here]}, "nato") is None
    assert f"names hex {there}" in refusal(seat, g, "move", {"unit": inside.id, "path": [here, there]}, "nato")
    said = refusal(seat, g, "orders", {"commands": {outside.company: "bound"}}, "nato")
    assert any(f"{u.id} is at {g.map.number(u.hex)}" in said for u in g.units.values() if u.company == outside.company)
    assert f"{outside.id} is at {there}" in refusal(seat, g, "declare", {"shots": f"{outside.id}, gun, C1"}, "nato")
    enemy = next(u for u in g.units.values() if u.side == "warpac" and u.on_map)
    assert refusal(seat, g, "fire", {"firers": [inside.id], "target": enemy.id}, "nato") is None   # a target anywhere


def test_an_assistants_seat_limits_what_the_command_line_shows_him(game, tmp_path):
    """A tester's finding: Bob, an assistant for warpac, printed nato's report, the umpire's, the
    whole journal, nato's package (with its orders key) and served every page."""
    assert umpire("--as", "Ann", "umpires", game, "--add", "Ann", "--chief").returncode == 0
    assert umpire("--as", "Ann", "umpires", game, "--add", "Bob", "--side", "warpac").returncode == 0
    refused = [("report", game, "--side", "nato", "--out", tmp_path / "n.pdf"),
               ("report", game, "--side", "umpire", "--out", tmp_path / "u.pdf"),
               ("report", game, "--all-sides", "--out", tmp_path / "all"),
               ("journal", game), ("render", game, "--out", tmp_path / "u.png"),
               ("render", game, "--side", "nato", "--out", tmp_path / "n.png"),
               ("package", game, "--side", "nato", "--out", tmp_path / "n.umpkg"),
               ("require-signatures", game, "off"), ("serve", game, "--port", "0"),
               ("spot", game, "--side", "nato")]
    for args in refused:
        r = umpire("--as", "Bob", *args)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Bob" in r.stderr, (args, r.stderr)
    assert not any(p.exists() for p in (tmp_path / "n.pdf", tmp_path / "u.pdf", tmp_path / "u.png",
                                        tmp_path / "n.png", tmp_path / "n.umpkg", tmp_path / "all"))
    r = umpire("--as", "Bob", "render", game, "--side", "warpac", "--out", tmp_path / "w.png")
    assert r.returncode == 0 and (tmp_path / "w.png").exists()
    r = umpire("--as", "Carol", "journal", game)           # not one of the game's umpires: nothing
    assert r.returncode == 2 and "'Carol' is not one of this game's umpires" in r.stderr
    r = umpire("--as", "Carol", game, "--screenshot", tmp_path / "c.png")
    assert r.returncode == 2 and "'Carol' is not one of this game's umpires" in r.stderr


def test_a_refused_undo_says_nothing_of_the_action(game):
    as_umpire("Ann")
    change_seats(game, add="Ann", chief=True)
    change_seats(game, add="Bob", sides=("warpac",))
    perform(game, "next_phase", {}, system_for(game))
    as_umpire("Bob")
    with pytest.raises(UmpireError) as refused:
        undo(game)
    assert "next_phase" not in str(refused.value) and "Ann" not in str(refused.value)
    assert "not one of his" in str(refused.value)
