"""The worked examples of Lock 'n Load Tactical's player aid, each played (docs/lnlt-coverage.md,
"Worked examples").  The aid has one: the DCT's Destroyed result, whose crashing helicopter
attacks its crash hex with 6 firepower "as per normal procedure (Example: the 6 Firepower is
added to a die roll, etc.)"."""

from .gamekit import act, game
from .test_lnlt_helicopters import _set
from .test_lnlt_vehicles import blue_first, lnlt


def test_dct_destroyed_5_0_the_crash_attacks_its_hex_with_6_firepower_added_to_a_die(tmp_path):
    """DCT Destroyed (5.0): the squad fires at the Hovering Huey, 6 + 5 + 2 - 1 = 12 against 1 + 1:
    DC+10; 3 + 10 = 13, twice its morale 6 and more: Destroyed.  It crashes 1 (north), 4 halved:
    2 hexes, into 0302, where Y stands -- the example: 6 firepower added to a die roll, 3 + 6 = 9,
    against the defender's 2 + TM 0 = 2: DC+7, and Y checks 2 + 7 = 9 over its morale 6: Shaken."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0303")],
               [("H", "us_uh1", "0304"), ("R", "nva_squad", "0304", "H"), ("Y", "nva_squad", "0302"),
                ("X", "nva_squad", "1006")])
    _set(loc, "H", flight="hover")
    blue_first(loc)
    res = act(loc, "assault", 6, 1, 3, 1, 4, 3, 2, 2, 6, 4, 4, side="blue", units=["A"], hex="0304", kind="fire",
              at="H")
    text = "\n".join(res.log)
    assert "H crashes in 0302 (1: direction, 4 halved up: 2 hexes, DCT)" in text
    assert "the crash attacks 0302: 9 against 2, DC+7" in text
    assert "  Y: damage check 9 against morale 6: Shaken" in text
    g = game(loc)
    assert g.units["Y"].marks.shaken and g.units["H"].status == "destroyed"
