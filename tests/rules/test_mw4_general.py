"""General MechWar 4 rules that are mostly what the game does not do: units never block sight
nor share a shot at a unit of their hex (MW4 6.2), there are no zones of control (8.3), only
carriers transport personnel (9.6), and helicopters ignore the ground they fly over (17.0)."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.los import Eye
from umpire.core.store.db import open_game
from umpire.rules import rule_system
from umpire.rules.mechwar4.los import Mw4Map
from umpire.rules.mechwar4.movement import check_move
from dicekit import dice

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]


def test_6_2_units_never_block_the_line_of_sight():
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("a", "blue", "0203", m), unit("wall", "red", "0503", m, "sov_t72"),
                    unit("b", "red", "0803", m, "sov_t72")])
    sight = Mw4Map(g.map, MW4, False)
    assert sight.line_of_sight(Eye(g.units["a"].hex), Eye(g.units["b"].hex)).clear


def test_6_2_a_result_strikes_the_target_only_not_its_hex(tmp_path, sample_scenario):
    import sqlite3
    path = new_game(sample_scenario, tmp_path / "s.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    with sqlite3.connect(path) as c:        # Recon 2 stands with Recon 1 at 2215
        c.execute("UPDATE unit SET q = (SELECT q FROM unit WHERE id = 'Recon 1'), "
                  "r = (SELECT r FROM unit WHERE id = 'Recon 1') WHERE id = 'Recon 2'")
    g = open_game(path)
    sheet = rule_system(g.rules).fire_sheet(g, "A3", "Recon 1")
    assert not sheet.whole_hex
    perform(path, "fire", {"firers": ["A3"], "target": "Recon 1"}, system_for(path),
            typed=dice(10, sheet.cells.index("D3") + 1))
    g = open_game(path)
    assert g.units["Recon 1"].status == "destroyed"
    assert g.units["Recon 2"].on_map and g.units["Recon 2"].steps_lost == 0 and not g.units["Recon 2"].marks.suppression


def test_8_3_no_zones_of_control_a_unit_moves_on_past_the_enemy():
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("a", "blue", "0203", m), unit("e", "red", "0404", m, "sov_t72")])
    p = m.grid.parse
    path = [p(x) for x in ("0203", "0303", "0403", "0503", "0603")]     # next to the enemy at 0404
    r = check_move(g, "a", path)
    assert r.legal and [s.hex for s in r.steps] == path and r.stop_at is None


@pytest.mark.parametrize("carrier,legal", [("us_m113", True), ("us_truck", True), ("us_m109", False)])
def test_9_6_only_trucks_apcs_and_transport_helicopters_carry_personnel(carrier, legal):
    m = make_map(["." * 12] * 5)
    g = game_on(m, [unit("c", "blue", "0203", m, carrier), unit("p", "blue", "0203", m, "us_mech_inf")])
    p = m.grid.parse
    r = check_move(g, "c", [p("0203"), p("0303")], {"mount": ["p"]})
    assert r.legal is legal
    assert (MW4.unit_types[carrier]["carries"] > 0) is legal and not MW4.unit_types[carrier].get("rides")
    if not legal:
        assert r.rule.startswith("MW4 9.") and "carries 0" in r.reason


def test_17_0_17_11_a_helicopter_pays_1_a_hex_whatever_the_ground():
    m = make_map(["WWWWWWWWWWWW"] * 5)
    g = game_on(m, [unit("h", "red", "0203", m, "sov_mi24")])
    p = m.grid.parse
    r = check_move(g, "h", [p("0203"), p("0303"), p("0403")])
    assert r.legal and [s.cost for s in r.steps[1:]] == [1, 1]
    assert MW4.terrain_types["heavy_woods"]["move"]["vehicle"] != 1
