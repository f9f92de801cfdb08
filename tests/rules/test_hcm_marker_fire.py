"""Fire at a marker (HCM 4.1, 7.2 with 3.7.3, 3.7.4, 3.10 e; fire_sheet.py's docstring): a side that
knows a target only as a marker is never refused for what the marker really is -- the shot is
used, rolled, and does nothing where the rules forbid it, and the side reads the same bytes as for
a shot at a marker that misses.  An id the side does not see gets one wording, on the map or not."""

from __future__ import annotations

import pytest

from umpire.core.engine import journal
from umpire.core.errors import UmpireError
from umpire.core.witness import side_journal
from umpire.rules import hcm
from umpire.rules.hcm import spotting
from umpire.rules.hcm.spotting import MARKER

from .hcmkit import act, game, hcm_game, to_phase


@pytest.fixture
def markers_only(monkeypatch):
    """Each side has every enemy on the map as an unidentified marker."""
    def spot(self, g, roll):
        return {s: {u.id: ((), "test", MARKER) for u in g.units.values() if u.side != s and u.on_map}
                for s in g.side_ids()}
    monkeypatch.setattr(hcm.RuleSystem, "spot", spot)
    monkeypatch.setattr(spotting, "spotting_rolls", lambda game, sight, dice, absent=frozenset(): [])


def shoot(tmp_path, blue: dict, red_type: str, *faces):
    loc = hcm_game(tmp_path, [dict(blue, on_table=True)],
                   [dict(id="R", type=red_type, hex="0503", facing="S", on_table=True)])
    to_phase(loc, "a_fire_p", 6, 1)
    r = act(loc, "fire", *faces, side="blue", unit=blue["id"], target="C1")
    g = game(loc)
    text = "\n".join(x for e in side_journal(g, "blue", journal(loc)) for x in (e.head, *e.lines))
    return r, text, g


TANK = dict(id="T", type="medium_tank", hex="0508", facing="N")      # range 5: beyond auto-hit


def test_a_tank_firing_at_a_commander_marker_reads_as_a_miss(tmp_path, markers_only):
    """3.10 e: a commander is no target -- but Blue does not know the marker is one: the shot is
    used and Blue reads what it reads when its shot at an infantry marker misses."""
    r, commander, g = shoot(tmp_path / "k", TANK, "commander", 1, 1)
    _, stand, _ = shoot(tmp_path / "s", TANK, "medium_infantry", 1, 1)
    assert commander == stand and "Result: miss" in commander
    assert g.units["T"].marks.shots == 1 and "miss" in r.summary
    assert any("not a target" in x for x in r.log)          # the umpire's line says why


def test_a_stand_without_anti_tank_fire_at_a_tank_marker_is_not_refused(tmp_path, markers_only):
    """3.7.3: no anti-tank ability beyond the next hex -- at range 3 a marker that is a tank takes
    the shot as a marker that is a stand does, and nothing happens to it."""
    inf = dict(id="I", type="medium_infantry", hex="0506", facing="N")
    r, at_tank, g = shoot(tmp_path / "t", inf, "medium_tank", 1)
    _, at_stand, _ = shoot(tmp_path / "s", inf, "medium_infantry", 1)
    assert at_tank == at_stand and "Result: miss" in at_tank
    assert not g.units["R"].marks.damage and g.units["I"].marks.shots == 1


def test_a_unit_seen_as_what_it_is_is_still_refused(tmp_path, monkeypatch):
    """3.10 e: a commander Blue has identified is refused, nothing rolled."""
    def spot(self, g, roll):
        return {s: {u.id: (("T",), "test") for u in g.units.values() if u.side != s and u.on_map}
                for s in g.side_ids()}
    monkeypatch.setattr(hcm.RuleSystem, "spot", spot)
    loc = hcm_game(tmp_path, [dict(TANK, on_table=True)],
                   [dict(id="K", type="commander", hex="0503", on_table=True, initiative=5, overall=True)])
    to_phase(loc, "a_fire_p", 6, 1)
    assert next(c.type_label for (s, _u), c in game(loc).contacts.items() if s == "blue") != MARKER
    with pytest.raises(UmpireError, match="3.10 e"):
        act(loc, "fire", side="blue", unit="T", target="C1")
    assert game(loc).units["T"].marks.shots == 0


def test_an_unseen_id_and_a_missing_one_are_refused_alike(tmp_path, monkeypatch):
    """4.1: asking by id must not tell whether such a unit exists."""
    monkeypatch.setattr(spotting, "spotting_rolls", lambda game, sight, dice, absent=frozenset(): [])
    loc = hcm_game(tmp_path, [dict(TANK, on_table=True)], [dict(id="R", type="medium_infantry", hex="1001")])
    to_phase(loc, "a_fire_p", 6, 1)
    said = []
    for name in ("R", "Q"):
        with pytest.raises(UmpireError) as e:
            act(loc, "fire", side="blue", unit="T", target=name)
        said.append(str(e.value).replace(repr(name), "X"))
    assert said[0] == said[1] and "sees no enemy unit" in said[0]


def test_melee_on_an_unseen_id_and_a_missing_one_are_refused_alike(tmp_path, monkeypatch):
    """4.1, 3.8 b: the melee action, asked by id, does not tell whether such a unit exists."""
    monkeypatch.setattr(spotting, "spotting_rolls", lambda game, sight, dice, absent=frozenset(): [])
    loc = hcm_game(tmp_path, [dict(TANK, hex="0505", on_table=True)],
                   [dict(id="R", type="medium_infantry", hex="0504", facing="N")])
    to_phase(loc, "a_melee", 6, 1)
    said = []
    for name in ("R", "Q"):
        with pytest.raises(UmpireError) as e:
            act(loc, "melee", side="blue", unit="T", target=name)
        said.append(str(e.value).replace(repr(name), "X"))
    assert said[0] == said[1] and "sees no enemy unit" in said[0]
