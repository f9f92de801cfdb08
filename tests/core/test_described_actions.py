"""A rule system's action is described once (core.actionspec) and the shells build from that:
`umpire actions` lists it, `umpire act` runs it, the Unit menu offers it (issue 17, point 3).
Played on the toy's rule 10 (dig in), which has no code of its own in any shell."""

import json

import pytest

from umpire.actions import new_game
from umpire.cli import main
from umpire.core.actionspec import ActionField
from umpire.core.engine import journal
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game


@pytest.fixture()
def game_path(tmp_path, sample_scenario):
    """A toy game begun: its first phase is Movement, Blue to act."""
    return new_game(sample_scenario, tmp_path / "d.umpire", seed="described")


def test_the_listing_holds_the_toys_action_with_its_rule(game_path, capsys):
    assert main(["actions", str(game_path), "--json"]) == 0
    listing = {a["kind"]: a for a in json.loads(capsys.readouterr().out)}
    dig = listing["dig_in"]
    assert dig["rule"] == "Toy 10" and dig["who"] == "unit" and [f["key"] for f in dig["fields"]] == ["unit"]
    assert dig["command"] == "umpire act GAME dig_in unit=..."
    assert listing["rally"]["rule"] == "Toy 6" and listing["rally"]["who"] == "unit"
    assert {"move", "pass", "assault"} <= set(listing) and "rule_action" not in listing


def test_act_runs_it_through_the_engine_and_the_journal(game_path, capsys):
    assert main(["act", str(game_path), "dig_in", "unit=A1"]) == 0
    assert "A1 digs in" in capsys.readouterr().out
    game = open_game(game_path)
    assert game.units["A1"].marks.dug_in and game.units["A1"].acted
    row = journal(str(game_path))[-1]
    assert row.kind == "dig_in" and row.side_id == "blue" and row.params == {"unit": "A1"}
    assert main(["undo", str(game_path)]) == 0
    assert not open_game(game_path).units["A1"].marks.dug_in


def test_act_is_refused_by_the_rules_in_one_line(game_path, capsys):
    assert main(["act", str(game_path), "dig_in", "unit=R1"]) == 2         # not Red's turn
    err = capsys.readouterr().err.strip()
    assert err.startswith("umpire: error: ") and "\n" not in err and "blue" in err.lower()
    assert [r.kind for r in journal(str(game_path))] == ["open"]


@pytest.mark.parametrize("field, text, value", [
    (ActionField("n", "N", kind="number"), " 3 ", 3),
    (ActionField("f", "F", kind="flag"), "yes", True),
    (ActionField("f", "F", kind="flag"), "no", False),
    (ActionField("u", "U", kind="units"), "A1, A2,", ["A1", "A2"]),
    (ActionField("m", "M", kind="text"), '[{"support": "X"}]', [{"support": "X"}]),
    (ActionField("c", "C", ("tight", "loose")), "loose", "loose"),
])
def test_a_field_reads_what_was_typed(field, text, value):
    assert field.parse(text) == value


@pytest.mark.parametrize("field, text, reason", [
    (ActionField("n", "N", kind="number"), "two", "n='two': expected a whole number"),
    (ActionField("f", "F", kind="flag"), "maybe", "f='maybe': expected yes or no"),
    (ActionField("c", "C", ("", "tight", "loose")), "wide", "c='wide': expected one of tight, loose"),
    (ActionField("m", "M"), "{oops", "m: not valid JSON"),
])
def test_a_field_refuses_a_bad_value_in_one_line(field, text, reason):
    with pytest.raises(UmpireError) as info:
        field.parse(text)
    assert info.value.one_line().startswith(reason)
