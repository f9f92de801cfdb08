"""Tolliver Ridge on pointy-topped hexes: the attack runs west to east along the rows, so a unit
moving east goes straight ahead and pays Table 1 alone (p. 9: 1 MP only for each hexside turned);
a facing the map's hexes do not have is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.actions import new_game, system_for
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

TOLLIVER = Path(__file__).resolve().parents[2] / "scenarios" / "tolliver-ridge.toml"


def test_an_eastward_move_along_a_row_turns_nothing(tmp_path):
    loc = new_game(load_scenario(TOLLIVER), tmp_path / "t.umpire", seed="axis")
    g = open_game(loc)
    assert g.map.grid.orientation == "pointy"
    u = g.units["Roadrunner 1"]
    assert g.map.grid.direction_name(u.marks.facing) == "E"
    g.phase = "movement"
    path = ["0203", "0303", "0403"]                            # clear ground, one row, due east
    check = system_for(loc).check_move(g, "Roadrunner 1", [g.map.grid.parse(n) for n in path], {})
    assert check.legal and check.total == 2                   # 1 MP a clear hex, no turn (Table 1, p. 9)


def test_a_facing_the_hexes_do_not_have_is_refused(tmp_path):
    text = TOLLIVER.read_text(encoding="utf-8").replace('hex = "0104", facing = "E"', 'hex = "0104", facing = "N"')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UmpireError, match=r"facing 'N' is not a hexside of pointy-topped hexes \(use one of E, NE"):
        load_scenario(path)


def test_no_unit_id_is_a_word_of_a_type_name(tmp_path):
    """A side's journal names an enemy by its contact label wherever the enemy's id stands as a
    word (core.witness): a unit called "Scout" turned "Scout car (sample)" into "C5 car (sample)".
    Tolliver Ridge's ids are never a word of a record sheet's name."""
    import re
    g = open_game(new_game(load_scenario(TOLLIVER), tmp_path / "t.umpire", seed="ids"))
    labels = [t["label"] for t in g.rules.unit_types.values()]
    clash = [(u, label) for u in g.units for label in labels if re.search(rf"(?<!\w){re.escape(u)}(?!\w)", label)]
    assert clash == []
