"""Suppression (MW4 7.31, 7.51, 7.52, 7.6): what it costs a firer by its kind, and that
infantry riding in a carrier is suppressed with it.  The sample game's BMP 1/1 and the
riflemen in it are put where Recon 1 starts and driven up the road into A3's sight."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, undo
from umpire.core.store.db import open_game
from umpire.rules import rule_system
from umpire.rules.mechwar4.suppression import suppression_loss
from dicekit import dice

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit
from .test_mw4_fire import duel, sheet, m  # noqa: F401  (m is the fixture duel's map comes from)

RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # the road north to 2215, seen by A3 at 2209
UT = MW4.unit_types


@pytest.mark.parametrize("kind,loss", [
    ("us_m113", 3), ("sov_bmp", 3), ("sov_brdm", 3), ("sov_brdm_at", 3), ("sov_btr", 3),   # 7.52's list
    ("us_m2", 2), ("us_m3", 2), ("us_m106", 2), ("us_tow", 2),      # other protected: as hard (7.51, 7.52)
    ("us_m1", 2), ("sov_t72", 2),                                   # hard (7.51)
    ("us_mech_inf", 3), ("sov_motor_rifle", 3),                     # soft (7.6)
])
def test_7_52_only_m113s_bmps_brdms_and_btr60s_lose_3_a_level_among_protected_firers(kind, loss):
    assert suppression_loss(UT[kind])[0] == loss


@pytest.mark.parametrize("firer,per", [("sov_bmp", 3), ("us_m2", 2)])
def test_7_52_on_the_worksheet_a_suppressed_protected_firer(m, firer, per):  # noqa: F811
    g = duel(m, firer=firer, target="us_m1" if firer.startswith("sov") else "sov_t72", gap=2)
    plain = sheet(g, "f", "t")
    g.units["f"].marks = g.units["f"].marks.but(suppression=2)
    s = sheet(g, "f", "t")
    text = "\n".join(s.text())
    assert f"S2: -{2 * per}" in text and "MW4 7.5" in text
    assert s.superiority == plain.superiority - 2 * per


def bmp_on_the_road(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "s.umpire")
    with sqlite3.connect(path) as c:          # 1/1 and its riflemen swap places with Recon 1
        c.execute("UPDATE unit SET q = 16, r = 18 WHERE id = 'Recon 1'")
        c.execute("UPDATE unit SET q = 22, r = 13 WHERE id IN ('1/1', '1/1 Rifles')")
    perform(path, "move", {"unit": "1/1", "path": RUN}, system_for(path))
    return path


def test_7_31_7_52_infantry_riding_in_a_suppressed_carrier_is_suppressed_with_it(tmp_path, sample_scenario):
    path = bmp_on_the_road(tmp_path, sample_scenario)
    sys_ = system_for(path)
    g = open_game(path)
    assert g.units["1/1 Rifles"].carried_by == "1/1" and g.map.number(g.units["1/1"].hex) == "2215"
    perform(path, "plot", {"side": "nato", "turn": 1, "missions": [
        {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "tight"}]}, sys_, side="nato")
    while open_game(path).phase == "fire_move":
        perform(path, "pass", {}, sys_)
    perform(path, "next_phase", {}, sys_, typed=dice(1, 6, 1))     # for effect, on target, S2 on the 1
    g = open_game(path)
    assert g.phase == "indirect_fire"
    assert g.units["1/1"].marks.suppression == 2
    assert g.units["1/1 Rifles"].marks.suppression == 2          # buttoned up with its carrier (7.31)
    entry = journal(path)[-1]
    log = "\n".join(entry.log)
    assert "1/1 buttons up against 10H tight: S2 (MW4 7.31)" in log
    assert "1/1 Rifles, riding in 1/1, is suppressed with it: S2 (MW4 7.31, 7.52)" in log
    undo(path)
    assert open_game(path).units["1/1 Rifles"].marks.suppression == 0


def test_7_31_a_passenger_fires_with_its_carriers_suppression():
    ground = make_map(["." * 10] * 3)
    g = game_on(ground, [unit("c", "blue", "0102", ground, "us_m113"),
                    unit("p", "blue", "0102", ground, "us_mech_inf", carried_by="c"),
                    unit("t", "red", "0302", ground, "sov_bmp")])
    system = rule_system(MW4)
    plain = system.fire_sheet(g, "p", "t")
    g.units["c"].marks = g.units["c"].marks.but(suppression=1)
    s = system.fire_sheet(g, "p", "t")
    assert "S1 (its carrier's, 7.31): -3" in "\n".join(s.text())
    assert s.superiority == plain.superiority - 3            # soft: 3 a level (7.6)
