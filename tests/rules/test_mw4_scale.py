"""The game's scale (MW4 1.0): a hex is 200 metres from side to side -- every direct-fire
worksheet gives its range in hexes and in metres."""

from umpire.rules.mechwar4 import RuleSystem
from umpire.rules.mechwar4.fire import HEX_METRES

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit


def test_1_0_the_worksheet_range_is_in_hexes_and_200_m_a_hex():
    assert HEX_METRES == 200
    m = make_map(["." * 10] * 3)
    g = game_on(m, [unit("t", "blue", "0202", m, "us_m1"), unit("e", "red", "0602", m, "sov_t72")])
    sheet = RuleSystem(MW4).fire_sheet(g, "t", "e")
    (line,) = [x for x in sheet.lines if x[0] == "range"]
    assert line[1].startswith("4 hexes, 800 m") and "1.0" in line[2]
