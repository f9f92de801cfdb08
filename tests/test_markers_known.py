"""Secret markers reach a side's map only as it learns of them (the audit's second leak).

A minefield is known to its owner; another side learns of it when its own unit is struck by it,
or when its units see the mine go off (MW4 16.0); a wreck is learnt of like a unit: by those who
saw the vehicle's end, later by a side whose units see the hex (MW4 19.5, 5.2).  Checked on the
produced bytes: the side's map picture and its report are those of a game without the event.
"""

import sqlite3

import pytest

from reportkit import report, text_of
from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.knowledge import build_view
from umpire.core.store.db import open_game
from umpire.render.picture import render_view
from umpire.rules.mechwar4.special import mine_sheet
from dicekit import dice


def _place(path, unit, number, steps_lost=None):
    g = open_game(path)
    h = g.map.grid.parse(number)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, unit))
        if steps_lost is not None:
            conn.execute("UPDATE unit SET steps_lost = ? WHERE id = ?", (steps_lost, unit))


def _thickened(path):
    """NATO's fields thickened as by three more FASCAM fires (+3, MW4 19.43): their worst die is a
    D3, which destroys a full-strength platoon and leaves its wreck (19.51)."""
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE overlay SET detail = ? WHERE kind = 'minefield'", (THICK,))


THICK = "preventative +3"


def _alone(path, side, keep, mover, path_hexes):
    """Every unit of `side` but `keep` off the map, and `keep` put where it cannot see `mover`
    move along `path_hexes` (MW4 5.21: a moving vehicle is seen at any range in a line of sight)."""
    import dataclasses
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE unit SET status = 'off_map', q = NULL, r = NULL WHERE side_id = ? AND id != ?",
                     (side, keep))
        conn.execute("DELETE FROM contact")
    system = system_for(path)
    for h in sorted(open_game(path).map.hexes(), key=lambda h: (h.q, h.r)):
        _place(path, keep, open_game(path).map.number(h))
        g = open_game(path)
        hexes = tuple(g.map.grid.parse(x) for x in path_hexes)
        moving = dataclasses.replace(g.units[mover], moved=True, path=hexes)
        if not any(system.watchers(g, x, moving).get(side) for x in hexes):
            return
    raise AssertionError(f"nowhere for {keep} to stand blind")


def _picture(qapp, path, side, out):
    from PySide6.QtGui import QImage
    g = open_game(path)
    render_view(build_view(g, side, system_for(path)), g.rules, str(out), 12)
    return QImage(str(out))


def _kinds(path, side):
    return sorted(o.kind for o in build_view(open_game(path), side, system_for(path)).map.overlays
                  if o.kind in ("minefield", "wreck"))


def _mine_face(path, unit, kind):
    """The die face of the sample CRT's worst result for this unit on these mines."""
    cells = mine_sheet(open_game(path), unit, kind, False).cells
    return max(range(len(cells)), key=lambda i: (cells[i].startswith("D"), cells[i])) + 1


@pytest.fixture()
def quiet(tmp_path, sample_scenario):
    """Kaltenbach at the start, the Soviets to act, NATO's field in 1414 and 1514."""
    return new_game(sample_scenario, tmp_path / "q.umpire", seed="markers")


def test_a_unit_struck_in_its_own_field_out_of_sight_tells_the_enemy_nothing(qapp, tmp_path, quiet):
    """NATO's M1 platoon blows up in NATO's own field where no Soviet unit looks: the
    Soviets' picture and report do not change -- no minefield, no wreck (audit: 'a unit of a side
    entering that side's own field')."""
    path = quiet
    _place(path, "A1", "1413")   # full strength: a D3 wrecks it (MW4 19.51)
    _thickened(path)
    _alone(path, "warpac", "Recon 1", "A1", ("1413", "1414"))
    perform(path, "pass", {}, system_for(path))                    # the Soviets pass: NATO to act
    picture, text = _picture(qapp, path, "warpac", tmp_path / "1.png"), text_of(report(path, "warpac", tmp_path / "a"))
    perform(path, "move", {"unit": "A1", "path": ["1413", "1414"]}, system_for(path),
            typed=dice(_mine_face(path, "A1", THICK)))
    g = open_game(path)
    assert g.units["A1"].status == "destroyed"
    assert _kinds(path, "nato") == ["minefield", "minefield", "wreck"]       # its own field, its own wreck
    assert _kinds(path, "warpac") == []
    assert _picture(qapp, path, "warpac", tmp_path / "2.png") == picture
    assert text_of(report(path, "warpac", tmp_path / "b")) == text


def test_an_enemy_struck_out_of_the_owners_sight_leaves_no_wreck_on_its_map(qapp, tmp_path, quiet):
    """A Soviet T-72 platoon is destroyed by NATO's mines where no NATO unit looks: its side
    knows of the field and the wreck now; NATO's map keeps its own field and shows no wreck."""
    path = quiet
    _place(path, "T1", "1415")   # full strength: a D3 wrecks it (MW4 19.51)
    _thickened(path)
    _alone(path, "nato", "A1", "T1", ("1415", "1414"))
    picture = _picture(qapp, path, "nato", tmp_path / "1.png")
    perform(path, "move", {"unit": "T1", "path": ["1415", "1414"]}, system_for(path),
            typed=dice(_mine_face(path, "T1", THICK)))
    assert open_game(path).units["T1"].status == "destroyed"
    assert _kinds(path, "warpac") == ["minefield", "wreck"]                   # struck: it knows this hex
    assert _kinds(path, "nato") == ["minefield", "minefield"]                 # its own field only
    assert _picture(qapp, path, "nato", tmp_path / "2.png") == picture


def test_a_wreck_is_learnt_of_when_a_unit_sees_its_hex(tmp_path, quiet):
    """The wreck no NATO unit saw made goes on NATO's map at the first spotting pass in which a
    NATO unit sees the hex -- like a unit standing still there -- and stays (MW4 19.5, 5.2)."""
    path = quiet
    _place(path, "T1", "1415")   # full strength: a D3 wrecks it (MW4 19.51)
    _thickened(path)
    _alone(path, "nato", "A1", "T1", ("1415", "1414"))
    blind = open_game(path).map.number(open_game(path).units["A1"].hex)
    perform(path, "move", {"unit": "T1", "path": ["1415", "1414"]}, system_for(path),
            typed=dice(_mine_face(path, "T1", THICK)))
    perform(path, "spot", {}, system_for(path))
    assert "wreck" not in _kinds(path, "nato")
    _place(path, "A1", "1413")                 # next to it: seen at any reckoning
    perform(path, "spot", {}, system_for(path))
    assert "wreck" in _kinds(path, "nato")
    _place(path, "A1", blind)
    perform(path, "spot", {}, system_for(path))
    assert "wreck" in _kinds(path, "nato"), "a wreck once seen stays known"


def test_the_audits_osterby_field_stays_off_blues_map(qapp, tmp_path):
    """The audit's reproducer: Red's 2 Rifle walks into Red's own field at 1214 on turn 1, in
    nobody's sight: Blue's picture and report show no trace of it (War Blog 2.4.6)."""
    from umpire.core.scenario import load_scenario
    from conftest import ROOT
    path = new_game(load_scenario(ROOT / "scenarios" / "osterby-bridges.toml"), tmp_path / "o.umpire", seed="1")
    perform(path, "pass", {}, system_for(path), side="blue")
    picture, text = _picture(qapp, path, "blue", tmp_path / "1.png"), text_of(report(path, "blue", tmp_path / "a"))
    res = perform(path, "move", {"unit": "2 Rifle", "path": ["1314", "1214"]}, system_for(path), side="red")
    assert "stopped by mines" in res.summary
    assert _kinds(path, "red") == ["minefield"] and _kinds(path, "blue") == []
    assert _picture(qapp, path, "blue", tmp_path / "2.png") == picture
    assert text_of(report(path, "blue", tmp_path / "b")) == text
