"""HCM 2.1, 3.2, 3.6, 3.10: commanders' values, where they stand, their death and capture; and
the scenario every test of the command rules plays (tests of orders, panic, rally...)."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.actions import new_game
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules.hcm import command

BLUE = """
  { id = "Maj Hale", type = "commander", hex = "0306", initiative = 5, tactical = 6, aggressiveness = 4, combat = 1, morale = 2, overall = true },
  { id = "Lt Kerr", type = "commander", hex = "0204", initiative = 6, tactical = 5, aggressiveness = 7 },
  { id = "B1", type = "medium_infantry", hex = "0306" },
  { id = "B2", type = "medium_infantry", hex = "0204" },
  { id = "B3", type = "light_infantry", hex = "0102" },
  { id = "BT", type = "medium_tank", hex = "0405" },
"""
RED = """
  { id = "Kpt Roth", type = "commander", hex = "1006", initiative = 4, tactical = 4, aggressiveness = 5, overall = true },
  { id = "R1", type = "medium_infantry", hex = "1006" },
  { id = "R2", type = "heavy_infantry", hex = "1005" },
  { id = "RD", type = "dummy", hex = "1004" },
"""


def scenario_text(blue: str = BLUE, red: str = RED, hcm: str = "", extra: str = "", cols: int = 12, rows: int = 8) -> str:
    grid = "\n".join("." * cols for _ in range(rows))
    flat = "\n".join("0" * cols for _ in range(rows))
    return f'''[scenario]
title = "Command test"
rules = "hcm"
turns = 6
first_player = "blue"
night = false

[map]
columns = {cols}
rows = {rows}
slopes = "listed"
terrain = """
{grid}
"""
elevation = """
{flat}
"""

[[side]]
id = "blue"
name = "Blue"

[[side]]
id = "red"
name = "Red"

[[battalion]]
id = "Blue Bn"
side = "blue"
units = []

[[company]]
id = "Able"
battalion = "Blue Bn"
name = "Able Company"
units = [{blue}]

[[battalion]]
id = "Red Bn"
side = "red"
units = []

[[company]]
id = "Rot"
battalion = "Red Bn"
name = "Rote Kompanie"
units = [{red}]

{hcm}
{extra}
'''


def hcm_game(tmp_path: Path, **kw) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "hcm.toml"
    path.write_text(scenario_text(**kw), encoding="utf-8")
    return new_game(load_scenario(path), tmp_path / "hcm.umpire", seed="t")


class Faces:
    """Dice showing these faces in order, recording what was rolled."""

    def __init__(self, *faces: int) -> None:
        self.faces, self.asked = list(faces), []

    def roll(self, purpose, count=1, sides=6, modifiers=()):
        self.asked.append((purpose, count, sides))
        faces = [self.faces.pop(0) for _ in range(count)]
        assert all(1 <= f <= sides for f in faces), (purpose, faces, sides)
        return type("Roll", (), {"total": sum(faces), "faces": tuple(faces)})()


@pytest.fixture()
def g(tmp_path):
    return open_game(hcm_game(tmp_path))


def test_2_1_a_value_passes_only_when_1d10_rolls_higher():
    assert command.passes(5, 6) and command.passes(4, 10)
    assert not command.passes(5, 5) and not command.passes(7, 7) and not command.passes(6, 1)


def test_2_1_the_values_come_from_the_scenario_and_the_worst_stands_in_for_a_missing_one(g):
    assert command.cvs(g.units["Maj Hale"]) == command.CVS(5, 6, 4, 1, 2)
    kerr = command.cvs(g.units["Lt Kerr"])       # no Combat, no Morale given: the worst, 0
    assert (kerr.initiative, kerr.combat, kerr.morale) == (6, 0, 0)


def test_2_1_a_test_rolls_1d10_and_says_the_value(g):
    ok, roll, line = command.test(Faces(7), g.units["Lt Kerr"], "aggressiveness")
    assert (ok, roll) == (False, 7) and "Aggressiveness 7" in line and "HCM 2.1" in line
    ok, _, _ = command.test(Faces(6), g.units["Maj Hale"], "tactical")
    assert not ok
    ok, _, _ = command.test(Faces(7), g.units["Maj Hale"], "tactical")
    assert ok


def test_3_10d_3_7_18_the_commander_with_a_unit_is_in_its_hex_and_on_its_side(g):
    assert command.commander_with(g, g.units["B1"]).id == "Maj Hale"
    assert command.commander_with(g, g.units["B3"]) is None       # 0102: no commander there
    assert command.commander_with(g, g.units["R1"]).id == "Kpt Roth"
    assert command.commander_with(g, g.units["Maj Hale"]) is None


def test_3_6_sphere_of_influence_morale_2_reaches_the_neighbouring_hexes(g):
    b = g.units["BT"]                 # 0405, next to Maj Hale (Morale 2) at 0306
    assert command.influence(g, b, sphere=False) is None
    assert command.influence(g, b, sphere=True).id == "Maj Hale"
    assert command.influence(g, g.units["B3"], sphere=True) is None    # nobody next to it
    assert command.influence(g, g.units["B2"], sphere=True).id == "Lt Kerr"     # with it: Morale does not matter


HUNGARIANS = """
[[battalion]]
id = "Honved Bn"
side = "blue"
units = [
  { id = "Cpt Szabo", type = "commander", hex = "0506", ethnic = "hungarian" },
  { id = "H1", type = "light_infantry", hex = "0506" },
  { id = "H2", type = "light_infantry", hex = "0306" },
]
"""


def test_2_1_an_ethnic_commander_leads_only_his_own_people(tmp_path):
    g = open_game(hcm_game(tmp_path, extra=HUNGARIANS))
    assert command.people(g, g.units["H1"]) == "hungarian" and command.people(g, g.units["B1"]) is None
    assert command.commander_with(g, g.units["H1"]).id == "Cpt Szabo"
    assert command.commander_with(g, g.units["H2"]) is None            # Maj Hale is no Hungarian
    assert command.commander_with(g, g.units["B1"]).id == "Maj Hale"
    g.units["Cpt Szabo"].status = "destroyed"                          # lost: still none but theirs
    assert command.people(g, g.units["H2"]) == "hungarian" and command.commander_with(g, g.units["H2"]) is None


def test_2_1_1_a_company_answers_to_its_own_commander_else_the_overall_one(g):
    assert command.force_commander(g, "Able").id == "Lt Kerr"     # its own, before the overall commander
    assert command.force_commander(g, "Rot").id == "Kpt Roth"
    assert command.overall(g, "blue").id == "Maj Hale"
    assert [u.id for u in command.force(g, "Rot")] == ["R1", "R2"]        # not the dummy, not Kpt Roth


def test_3_10e_a_commander_dies_on_a_1_when_his_unit_is_hit(g):
    out = command.commander_casualty(g, "B1", Faces(1))
    assert out[0].key == "Maj Hale" and out[0].values == {"status": "destroyed"}
    assert "HCM 3.10e" in out[0].lines[0] and out[0].reader == "blue"
    out = command.commander_casualty(g, "B1", Faces(2))
    assert all(c.what == "note" for c in out) and "survives" in out[0].lines[0]
    assert command.commander_casualty(g, "B3", Faces()) == []       # no commander with B3: no roll


def test_3_10c_a_commander_alone_next_to_the_enemy_is_captured(tmp_path):
    blue = BLUE.replace('hex = "0204", initiative = 6', 'hex = "0905", initiative = 6')   # Lt Kerr next to R1/R2
    g = open_game(hcm_game(tmp_path, blue=blue))
    out = command.lone_captures(g)
    assert [(c.key, c.values["status"]) for c in out] == [("Lt Kerr", "removed")]
    assert "HCM 3.10c" in out[0].lines[0]
    g2 = open_game(hcm_game(tmp_path / "2"))
    assert command.lone_captures(g2) == []       # every commander is with his units, far from the enemy


def test_3_2_the_phasing_sides_commanders_are_lifted(g):
    out = command.lift(g, "blue")
    lifted = [c.key for c in out if c.what == "unit"]
    assert lifted == ["Lt Kerr", "Maj Hale"]
    assert all(c.values == {"status": "off_map", "q": None, "r": None} for c in out if c.what == "unit")
    assert out[-1].reader == "blue"


def test_3_6_a_lifted_commander_is_placed_in_any_hex_one_to_a_hex(g):
    g.phase = "a_placement"
    with pytest.raises(UmpireError, match=r"on the map.*HCM 3.2, 3.6, 4.6"):
        command.place(g, {"unit": "Maj Hale", "hex": "0101"}, None)
    g.units["Maj Hale"].status, g.units["Maj Hale"].hex = "off_map", None
    summary, out = command.place(g, {"unit": "Maj Hale", "hex": "0808"}, None)
    h = g.map.grid.parse("0808")
    assert out[0].values == {"status": "on_map", "q": h.q, "r": h.r, "moved": True} and "0808" in summary
    g.units["Lt Kerr"].hex = g.map.grid.parse("0707")
    with pytest.raises(UmpireError, match=r"already holds a commander \(3.5.6\)"):
        command.place(g, {"unit": "Maj Hale", "hex": "0707"}, None)      # Lt Kerr stands there
    with pytest.raises(UmpireError, match="off the map"):
        command.place(g, {"unit": "Maj Hale", "hex": "9999"}, None)
    with pytest.raises(UmpireError, match="not a commander"):
        command.place(g, {"unit": "B1", "hex": "0101"}, None)


def test_1_1_3_3_7_5_hit_markers_a_third_costs_a_figure_and_two_figures_rout(g):
    """The command rules place hits by the fire rules' stand-hit rule (stands.stand_hit)."""
    b = g.units["B1"]
    assert command.hit_marker(g, b, "test")[0].values == {"hits": 1, "routed": False}
    b.marks = b.marks.but(hits=2)
    assert command.hit_marker(g, b, "test")[0].values == {"hits": 2, "routed": False, "steps_lost": 1}
    b.steps_lost = 1                       # three figures left: the next loss leaves two, a rout
    routs = command.hit_marker(g, b, "test")
    assert routs[0].values == {"hits": 0, "routed": True, "steps_lost": 2}
    assert all(c.reader == "blue" for c in routs)                # the owner's to read (where it runs)
    b.marks = b.marks.but(routed=True, hits=0)
    assert command.hit_marker(g, b, "test")[0].values["status"] == "destroyed"      # 3.7.19
    g.units["BT"].marks = g.units["BT"].marks.but(hits=2)
    assert command.hit_marker(g, g.units["BT"], "test")[0].values == {"hits": 3}    # a vehicle keeps its markers
