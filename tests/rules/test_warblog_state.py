"""War Blog's own state, typed (issue 17): its marks and game state refuse what the rules do not
allow -- a key it does not keep, a value out of its range -- in one line, whether a game file
holds it or a procedure asks for it; `umpire validate` refuses such a game file in one line;
and the JSON a game file holds keeps the shape it always had."""

import json
import sqlite3

import pytest

from umpire.cli import main
from umpire.core.errors import UmpireError
from umpire.core.hexgrid import Hex
from umpire.rules.warblog.state import Exploit, Found, Marks, State

from .gamekit import make_game

TOWN = {"label": "Town", "owner": "red", "holder": "red", "rating": 5, "score": 5}
PLACE = {"favours": "red", "limit": 5, "score": 3, "raises": "irregulars"}


@pytest.mark.parametrize("model, data, words", [
    (Marks, {"morale": 3}, "morale: extra inputs are not permitted"),
    (Marks, {"depressions": 10.5}, "depressions: input should be less than or equal to 10"),     # 4.0
    (Marks, {"depressions": -1}, "depressions: input should be greater than or equal to 0"),
    (Marks, {"still": -1}, "still: input should be greater than or equal to 0"),
    (Marks, {"exploit": {"turn": 2, "hex": [3, 1], "stage": "onward", "fast": True}},
     "exploit.stage: input should be 'enter' or 'further'"),                                   # 3.5
    (Marks, {"exploit": {"turn": 2, "hex": [3, 1], "fast": True, "speed": 2}}, "exploit.speed: extra inputs"),
    (State, {"victory": {}}, "victory: extra inputs are not permitted"),
    (State, {"objectives": {"0403": {**TOWN, "score": 6}}}, "objectives.0403: score 6 is off its scale, -5 to 5 (8.1)"),
    (State, {"objectives": {"0403": {**TOWN, "rating": -5, "score": 0}}},
     "objectives.0403.rating: input should be greater than or equal to 0"),
    (State, {"hearts": {"0604": {**PLACE, "score": 5.5}}}, "hearts.0604: score 5.5 is beyond its limit 5 (8.3)"),
    (State, {"hearts": {"0604": {**PLACE, "score": -1}}}, "hearts.0604.score: input should be greater than or equal to 0"),
    (State, {"hearts": {"0604": {**PLACE, "limit": 1000}}}, "hearts.0604.limit: input should be less than or equal to 999"),
    (State, {"found": {"blue": [["I", 3, 1]]}}, "found.blue.0.3: field required"),
])
def test_marks_and_state_refuse_in_one_line(model, data, words):
    with pytest.raises(UmpireError) as e:
        model.read(data, "test")
    assert words in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_a_procedures_copy_is_checked_too():
    with pytest.raises(UmpireError, match="depressions: input should be less than or equal to 10"):
        Marks().but(depressions=11)
    with pytest.raises(UmpireError, match="score 7 is off its scale"):
        State.read({"objectives": {"0403": TOWN}}).objectives["0403"].but(score=7)


@pytest.mark.parametrize("table, value, words", [
    ("unit", {"depressions": 12}, "unit 'T': marks: depressions: input should be less than or equal to 10"),
    ("unit", {"dug_in": True}, "unit 'T': marks: dug_in: extra inputs are not permitted"),
    ("game_info", {"objectives": {"0403": {**TOWN, "score": -9}}},
     "rule_state: objectives.0403: score -9 is off its scale, -5 to 5 (8.1)"),
    ("game_info", {"supply": {}}, "rule_state: supply: extra inputs are not permitted"),
])
def test_validate_refuses_a_game_file_holding_one_in_one_line(tmp_path, capsys, table, value, words):
    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("I", "infantry_bn", "0806")])
    with sqlite3.connect(loc) as conn:
        if table == "unit":
            conn.execute("UPDATE unit SET marks = ? WHERE id = 'T'", (json.dumps(value),))
        else:
            conn.execute("UPDATE game_info SET rule_state = ?", (json.dumps(value),))
    capsys.readouterr()
    assert main(["validate", str(loc)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and str(loc) in err, err


def test_the_game_file_keeps_its_json():
    """What the game file held as dicts and lists before the state was typed reads, and is
    written back the same: a finished advance keeps its stage as null (the state's digest covers
    this JSON: an older game replays to the same), whole scores stay whole, finds stay lists."""
    marks = {"still": 1, "exploit": {"turn": 2, "hex": [9, -1], "stage": None, "fast": False}}
    m = Marks.read(marks)
    assert m.exploit == Exploit(turn=2, hex=(9, -1), fast=False) and m.exploit.target == Hex(9, -1)
    assert json.dumps(m.stored()) == json.dumps(marks)
    # undo and redo take a key set to null out: the advance reads the same without it
    assert Marks.read({"exploit": {"turn": 2, "hex": [9, -1], "fast": False}}) == m.but(still=0)
    state = {"objectives": {"0403": TOWN, "1911": {**TOWN, "score": -2.5, "holder": "blue", "destroyed": True}},
             "hearts": {"0604": {**PLACE, "score": 4.5}}, "found": {"blue": [["I", 3, 1, "Recce"]]}}
    s = State.read(state)
    assert s.found["blue"][0] == Found("I", 3, 1, "Recce") and s.objectives["1911"].destroyed
    assert json.dumps(s.stored()) == json.dumps(state)
    assert State().stored() == {} and Marks().stored() == {}
