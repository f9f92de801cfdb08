"""War Blog units the text describes by an effect without a figure, played with figures.toml's
labelled samples: mountain infantry (1.19), radar (1.28) and the signals radius (1.12, whose 1%
a strength point is the text's own)."""

import pytest

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.ruleset import load_ruleset
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .gamekit import act, game, make_game
from .test_warblog_air import air, wb


def _read(loc, side) -> str:
    return "\n".join(x for e in side_journal(open_game(loc), side, journal(loc)) for x in (e.head, *e.lines))


def test_the_figures_are_labelled_samples():
    """1.12, 1.19, 1.28: the table says it is a sample, so `umpire rulesets` and the docs say so."""
    t = load_ruleset("warblog").tables["figures"]
    assert t.sample and {e["rule"] for e in t.section("entry").values()} == {"1.12", "1.19", "1.28"}


def test_1_19_mountain_infantry_moves_well_in_mountains(tmp_path):
    """1.19: a mountain hex costs mountain infantry the sample 2 (infantry the chart's 3, 2.1);
    mountain peaks, closed to every other unit, cost it 3."""
    terrain = "\n".join(["........", "..M^....", "..M.....", "........", "........", "........"])
    loc = make_game(tmp_path, [("MI", "mountain_inf_bn", "0202"), ("I", "infantry_bn", "0203"),
                               ("MP", "mountain_inf_bn", "0502")], [("X", "infantry_bn", "0806")], terrain=terrain)
    sys_, g = system_for(loc), game(loc)
    h = g.map.grid.parse
    mi = sys_.check_move(g, "MI", [h("0202"), h("0302")])
    assert mi.legal and mi.steps[-1].cost == 2 and "mountain infantry (1.19)" in mi.steps[-1].note
    assert sys_.check_move(g, "I", [h("0203"), h("0303")]).steps[-1].cost == 3
    assert sys_.check_move(g, "MP", [h("0502"), h("0402")]).steps[-1].cost == 3
    from umpire.rules.warblog.movement import step_cost
    cost, why, _stops = step_cost(g, g.unit_type(g.units["I"]), h("0502"), h("0402"))
    assert cost is None and "may not enter mountain peaks" in why


def test_1_28_radar_adds_to_air_defence_across_the_map(tmp_path):
    """1.28: Red's radar company, far from the target, adds the sample 2 to the battery's 2 in
    range: a chance of 4 in 70 (1.14); with no battery in range radar alone does not shoot."""
    loc = wb(tmp_path / "in", [], [("I", "infantry_bn", "0503"), ("AD", "air_defence_bty", "0703"),
                                    ("R", "radar_coy", "0806")], air("blue", ("J", "strike_sqn")))
    res = act(loc, "air_strike", 70, 6, 10, side="blue", unit="J", hex="0503")
    assert "a chance of 4 in 70 (1.14)" in "\n".join(res.log) and "radar 2" in "\n".join(res.log)
    alone = wb(tmp_path / "alone", [], [("I", "infantry_bn", "0503"), ("R", "radar_coy", "0806")],
               air("blue", ("J", "strike_sqn")))
    res = act(alone, "air_strike", 6, 10, side="blue", unit="J", hex="0503")
    assert "air defence" not in "\n".join(res.log)


@pytest.mark.parametrize("roll, jammed", [(4, True), (5, False)])
def test_1_12_a_4_strength_signals_unit_jams_4_percent(tmp_path, roll, jammed):
    """1.12's example: a 4-strength signals unit gives an enemy unit within its radius a 4% chance
    of starting its turn with no movement: the umpire's secret 4 jams it, a 5 does not.  Red
    reads that its unit is jammed; Blue reads nothing of it."""
    loc = make_game(tmp_path, [("SIG", "signals_coy", "0203")], [("X", "infantry_bn", "0503"),
                                                                 ("Y", "infantry_bn", "0806")])
    g = game(loc)
    from umpire.rules.warblog.signals import jam_chance
    assert jam_chance(g, g.units["X"]) == 4 and jam_chance(g, g.units["Y"]) == 0      # Y is 6 hexes off
    act(loc, "pass", roll, side="blue")
    assert (game(loc).units["X"].mp_spent == 3) is jammed and game(loc).units["Y"].mp_spent == 0
    assert ("X's orders are jammed: no movement this turn (1.12)" in _read(loc, "red")) is jammed
    assert "jammed" not in _read(loc, "blue")
    if jammed:
        from umpire.core.errors import UmpireError
        with pytest.raises(UmpireError, match="movement points"):
            act(loc, "move", unit="X", path=["0503", "0603"], side="red")


def test_1_12_the_jamming_side_learns_nothing_of_it(tmp_path):
    """1.12: Blue's report is the same bytes whether its signals jammed Red's battalion or not."""
    from reportkit import images_of, report, text_of
    pdfs = []
    for roll in (4, 5):
        loc = make_game(tmp_path / str(roll), [("SIG", "signals_coy", "0203")], [("X", "infantry_bn", "0503")])
        act(loc, "pass", roll, side="blue")
        assert (game(loc).units["X"].mp_spent == 3) is (roll == 4)
        pdfs.append(report(loc, "blue", tmp_path / f"r{roll}"))
    assert text_of(pdfs[0]) == text_of(pdfs[1]) and images_of(pdfs[0]) == images_of(pdfs[1])
