"""Mine plows and breached minefields (MW4 16.17-16.21): a plow goes into a field in column
unharmed and stops; at the phase's end the field is breached and the plow rolls for damage;
then units in column pass through the lane for 4 more MP (vehicles) without attack, while units
out of column meet the mines as before.  The breach is told to the plowing side only."""

import json
import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, undo
from umpire.core.store.db import open_game
from umpire.core.terrain import Overlay
from umpire.rules.mechwar4 import RuleSystem
from umpire.rules.mechwar4.breaching import BREACHED_COLUMN_MP
from umpire.rules.mechwar4.movement import check_move
from statekit import set_marks

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

SYSTEM = RuleSystem(MW4)


def field(breach=False):
    m = make_map(["." * 12] * 5)
    m.overlays.append(Overlay(m.grid.parse("0403"), "minefield", "red", True, "preventative"))
    if breach:
        m.overlays.append(Overlay(m.grid.parse("0403"), "breach", "blue", True, "turn 1"))
    return m


def plow(uid, number, m, **kw):
    u = unit(uid, "blue", number, m, "us_m1", in_column=True, **kw)
    u.traits = {**u.traits, "mine_plow": True}
    return u


def test_16_2_a_plow_in_column_goes_in_unharmed_and_stops():
    m = field()
    g = game_on(m, [plow("p", "0203", m)])
    r = check_move(g, "p", [m.grid.parse(x) for x in ("0203", "0303", "0403", "0503")])
    assert r.legal and r.stop_at == m.grid.parse("0403") and "plows into the minefield (16.2)" in r.steps[-1].note
    assert SYSTEM.mine_attack(g, "p", "preventative", False, None) == []          # no die rolled
    g.units["p"].marks = g.units["p"].marks.but(in_column=False)
    assert SYSTEM.mine_attack(g, "p", "preventative", False, _Faces(6))            # out of column: attacked


def test_16_18_16_19_a_breached_field_in_column_costs_4_more_and_does_not_attack():
    m = field(breach=True)
    g = game_on(m, [unit("c", "blue", "0203", m, "us_m1", in_column=True), unit("f", "blue", "0503", m, "us_m1"),
                    unit("i", "blue", "0303", m, "us_mech_inf", in_column=True)])
    p = m.grid.parse
    plain = check_move(g, "c", [p("0203"), p("0303")]).steps[-1].cost
    r = check_move(g, "c", [p("0203"), p("0303"), p("0403"), p("0503")])
    assert r.legal and r.stop_at is None and r.steps[2].cost == plain + BREACHED_COLUMN_MP       # through the lane
    assert "breached minefield in column (16.18, 16.19)" in r.steps[2].note
    g.units["c"].hex = p("0403")                                        # in the lane
    assert SYSTEM.mine_attack(g, "c", "preventative", False, None) == []
    assert SYSTEM.mine_attack(g, "c", "preventative", True, None) == []
    plain_foot = check_move(g, "i", [p("0303"), p("0304")]).steps[1].cost
    r = check_move(g, "i", [p("0303"), p("0403")])
    assert r.legal and r.steps[1].cost == plain_foot and "+0" in r.steps[1].note        # infantry: no more (16.18)
    r = check_move(g, "f", [p("0503"), p("0403"), p("0303")])
    assert r.stop_at == p("0403")                                       # out of column: stopped (16.13)
    g.units["f"].hex = p("0403")
    assert SYSTEM.mine_attack(g, "f", "preventative", False, _Faces(6))            # and attacked


def _first_die(face):
    """The plow's damage die typed in; the program rolls the rest."""
    asked = []

    def typed(purpose, count, sides):
        if purpose.startswith("mine plow damage") and not asked:
            asked.append(purpose)
            return [face]
        return None
    return typed


class _Faces:
    def __init__(self, face):
        self.face = face

    def roll(self, purpose, count=1, sides=6, mods=()):
        from umpire.core.dice import Dice
        return Dice("t", 1, typed=lambda *_: [self.face] * count).roll(purpose, count, sides, mods)


@pytest.fixture()
def plowing(tmp_path, sample_scenario):
    """T1 with a mine plow, in column next to NATO's field at 1414, goes in."""
    path = new_game(sample_scenario, tmp_path / "b.umpire")
    g = open_game(path)
    h = g.map.grid.parse("1415")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET q = ?, r = ?, traits = ? WHERE id = 'T1'",
                  (h.q, h.r, json.dumps({**g.units["T1"].traits, "mine_plow": True})))
    set_marks(path, "T1", in_column=True)
    res = perform(path, "move", {"unit": "T1", "path": ["1415", "1414"]}, system_for(path))
    assert "T1 moved to 1414" in res.summary and not any("mine attack" in r.purpose for r in res.rolls)
    return path


@pytest.mark.parametrize("face,lost", [(1, True), (2, False)])
def test_16_2_16_21_at_the_phase_end_the_field_is_breached_and_the_plow_rolls(plowing, face, lost):
    path = plowing
    perform(path, "pass", {}, system_for(path))                    # NATO passes
    perform(path, "pass", {}, system_for(path), typed=_first_die(face))    # so do the Soviets: the phase ends
    g = open_game(path)
    at = [o for o in g.map.overlays if g.map.number(o.hex) == "1414"]
    assert [o.detail for o in at if o.kind == "minefield"] == ["preventative"]        # NATO's field as it was
    lane = [o for o in at if o.kind == "breach"]
    assert len(lane) == 1 and lane[0].side == "warpac" and lane[0].secret
    c = g.contacts.get(("nato", "T1"))
    watched = c is not None and c.status == "seen"
    assert ("nato" in lane[0].known_to) is watched          # NATO learns of it only by seeing the plow
    row = journal(path)[-1]
    at = [i for i, x in enumerate(row.log) if "T1 breaches the minefield in 1414 (MW4 16.2)" in x]
    damage = [i for i, x in enumerate(row.log) if "T1's mine plow" in x and "MW4 16.21" in x]
    assert at and damage
    assert all(row.readers.get(str(i)) == "warpac" for i in at + damage)     # the Soviets' to read only
    assert open_game(path).units["T1"].marks.plow_lost is lost
    undo(path)
    g = open_game(path)
    assert not [o for o in g.map.overlays if o.kind == "breach"] and not g.units["T1"].marks.plow_lost


def test_16_21_a_lost_plow_plows_no_more(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "l.umpire")
    g = open_game(path)
    h = g.map.grid.parse("1415")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET q = ?, r = ?, traits = ? WHERE id = 'T1'",
                  (h.q, h.r, json.dumps({**g.units["T1"].traits, "mine_plow": True})))
    set_marks(path, "T1", in_column=True, plow_lost=True)
    g = open_game(path)
    r = SYSTEM.check_move(g, "T1", [g.map.grid.parse("1415"), g.map.grid.parse("1414")])
    assert "plows" not in r.steps[-1].note
    assert SYSTEM.mine_attack(g, "T1", "preventative", False, _Faces(6))


def _picture(path, side, out):
    from PySide6.QtGui import QImage
    from umpire.core.knowledge import build_view
    from umpire.render.picture import render_view
    g = open_game(path)
    render_view(build_view(g, side, system_for(path)), g.rules, str(out), 12)
    return QImage(str(out))


def test_16_2_a_breach_no_nato_unit_saw_stays_off_natos_map(qapp, tmp_path, sample_scenario):
    """The field's owner is not told of a breach it did not see: NATO's units all off the map,
    its view of 1414 keeps its field and no lane, while the Soviets' shows the lane."""
    from umpire.core.knowledge import build_view
    path = new_game(sample_scenario, tmp_path / "u.umpire")
    g = open_game(path)
    h = g.map.grid.parse("1415")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET q = ?, r = ?, traits = ? WHERE id = 'T1'",
                  (h.q, h.r, json.dumps({**g.units["T1"].traits, "mine_plow": True})))
        c.execute("UPDATE unit SET status = 'off_map', q = NULL, r = NULL WHERE side_id = 'nato'")
        c.execute("DELETE FROM contact")
    set_marks(path, "T1", in_column=True)
    perform(path, "move", {"unit": "T1", "path": ["1415", "1414"]}, system_for(path))
    perform(path, "pass", {}, system_for(path))
    before = _picture(path, "nato", tmp_path / "1.png")
    theirs = _picture(path, "warpac", tmp_path / "w1.png")
    perform(path, "pass", {}, system_for(path))
    assert _picture(path, "warpac", tmp_path / "w2.png") != theirs      # the Soviets' map shows the lane
    g = open_game(path)
    assert any(o.kind == "breach" for o in g.map.overlays)
    assert _picture(path, "nato", tmp_path / "2.png") == before          # NATO's map: not a pixel more
    kinds = lambda side: sorted(o.kind for o in build_view(g, side).map.overlays if g.map.number(o.hex) == "1414")  # noqa: E731
    assert "breach" in kinds("warpac")
    assert "breach" not in kinds("nato") and "minefield" in kinds("nato")
