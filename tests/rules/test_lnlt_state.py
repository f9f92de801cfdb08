"""Lock 'n Load's own state, typed (issue 17): its marks and game state refuse what the rules do
not allow -- a key it does not keep, a value out of its range -- in one line, whether a game
file holds it or a procedure asks for it; `umpire validate` refuses such a game file in one
line; and the JSON a game file holds keeps the shape it always had."""

import json
import sqlite3

import pytest

from umpire.cli import main
from umpire.core.errors import UmpireError
from umpire.rules.lnlt.state import Attempt, Barrage, Impulse, Marks, State

from .gamekit import make_game

BARRAGE = {"side": "us", "support": "81mm", "fp": 4, "direction": 2, "left": 2, "hexes": [[3, 1], [4, 1]]}


@pytest.mark.parametrize("model, data, words", [
    (Marks, {"dizzy": True}, "dizzy: extra inputs are not permitted"),
    (Marks, {"facing": 6}, "facing: input should be less than or equal to 5"),           # 15.1: six hexsides
    (Marks, {"facing": -1}, "facing: input should be greater than or equal to 0"),
    (Marks, {"assault": "charge"}, "assault: input should be 'move' or 'fire'"),         # 6.1, 6.1.1
    (Marks, {"healed": 0}, "healed: input should be greater than or equal to 1"),
    (State, {"momentum": 1}, "momentum: extra inputs are not permitted"),
    (State, {"barrages": [{**BARRAGE, "left": 3}]}, "barrages.0.left: input should be less than or equal to 2"),
    (State, {"barrages": [{**BARRAGE, "direction": 6}]}, "barrages.0.direction: input should be less than or equal to 5"),
    (State, {"barrages": [{**BARRAGE, "colour": "red"}]}, "barrages.0.colour: extra inputs are not permitted"),
    (State, {"impulse": {"side": "us", "turn": 0, "leader": "L", "hexes": []}},
     "impulse.turn: input should be greater than or equal to 1"),
    (State, {"spotted": {"us": [[3, 1]]}}, "spotted.us.0.2: field required"),
])
def test_marks_and_state_refuse_in_one_line(model, data, words):
    with pytest.raises(UmpireError) as e:
        model.read(data, "test")
    assert words in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_a_procedures_copy_is_checked_too():
    with pytest.raises(UmpireError, match="facing: input should be less than or equal to 5"):
        Marks().but(facing=6)
    with pytest.raises(UmpireError, match="wobbly: extra inputs are not permitted"):
        Marks().but(wobbly=True)


@pytest.mark.parametrize("table, value, words", [
    ("unit", {"facing": 9}, "unit 'A': marks: facing: input should be less than or equal to 5"),
    ("unit", {"pinned": True}, "unit 'A': marks: pinned: extra inputs are not permitted"),
    ("game_info", {"barrages": [{**BARRAGE, "fp": -4}]},
     "rule_state: barrages.0.fp: input should be greater than or equal to 0"),
    ("game_info", {"morale": {}}, "rule_state: morale: extra inputs are not permitted"),
])
def test_validate_refuses_a_game_file_holding_one_in_one_line(tmp_path, capsys, table, value, words):
    loc = make_game(tmp_path, [("A", "us_squad", "0203")], [("X", "nva_squad", "0806")], rules="lnlt")
    with sqlite3.connect(loc) as conn:
        if table == "unit":
            conn.execute("UPDATE unit SET marks = ? WHERE id = 'A'", (json.dumps(value),))
        else:
            conn.execute("UPDATE game_info SET rule_state = ?", (json.dumps(value),))
    capsys.readouterr()
    assert main(["validate", str(loc)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and str(loc) in err, err


def test_the_game_file_keeps_its_json():
    """What the game file held as dicts and lists before the state was typed reads, and is
    written back the same: [q, r, spotter] finds, the impulse's and a barrage's keys in order."""
    stored = {"initiative": "nva", "spotted": {"us": [[3, 4, "Lt Harris"]]},
              "impulse": {"side": "nva", "turn": 5, "leader": "Cpt Vo", "hexes": [[7, 4], [8, 4]]},
              "barrages": [BARRAGE], "administered": 4}
    state = State.read(stored)
    assert state.spotted["us"][0] == Attempt(3, 4, "Lt Harris") and state.impulse.activated[1].q == 8
    assert state.barrages[0] == Barrage(**BARRAGE) and isinstance(state.impulse, Impulse)
    assert json.dumps(state.stored()) == json.dumps(stored)
    assert State().stored() == {} and Marks().stored() == {}
