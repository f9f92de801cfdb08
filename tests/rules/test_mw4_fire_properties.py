"""Invariants of MechWar 4 combat under hypothesis: worksheets, table edges, morale, initiative.

Each property could fail: a sheet with a result the CRT does not know, odds not summing to one,
a stronger attack doing less, a panic level falling with losses, an initiative that depends on
who rolls first."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from umpire.rules.mechwar4 import RuleSystem
from umpire.rules.mechwar4.initiative import lower_total_wins
from umpire.rules.mechwar4.morale import company_loss
from umpire.rules.mechwar4.state import CompanyMorale
from umpire.rules.mechwar4.worksheet import RESULTS, STEPS, SUPPRESSION, FireSheet, read_table

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

TYPES = sorted(MW4.unit_types)
SEVERITY = {r: i for i, r in enumerate(RESULTS)}      # "-" < S1 < S2 < D1 < D2 < D3
SYSTEM = RuleSystem(MW4)


@st.composite
def duel(draw):
    terrain = ["".join(draw(st.sampled_from("..wWt")) for _ in range(10)) for _ in range(4)]
    m = make_map(terrain)
    a = (draw(st.integers(1, 10)), draw(st.integers(1, 4)))
    b = (draw(st.integers(1, 10)), draw(st.integers(1, 4)))
    assume(a != b)
    f = unit("f", "blue", f"{a[0]:02d}{a[1]:02d}", m, draw(st.sampled_from(TYPES)),
             steps_lost=draw(st.integers(0, 2)), suppression=draw(st.integers(0, 2)),
             in_column=draw(st.booleans()))
    t = unit("t", "red", f"{b[0]:02d}{b[1]:02d}", m, draw(st.sampled_from(TYPES)),
             moved=draw(st.booleans()), in_column=draw(st.booleans()))
    g = game_on(m, [f, t], night=draw(st.booleans()))
    return g, draw(st.sampled_from(("main", "mg", "infantry_h")))


@settings(max_examples=300, deadline=None)
@given(duel())
def test_every_worksheet_is_whole(case):
    """A legal sheet has six known results, odds summing to one and a rule on every step; a
    refused one says why and holds no results."""
    g, mode = case
    s = SYSTEM.fire_sheet(g, "f", "t", mode)
    if not s.legal:
        assert s.reason and not s.cells
        return
    assert len(s.cells) == 6 and all(c in RESULTS for c in s.cells)
    assert abs(sum(s.odds.values()) - 1) < 1e-9
    assert all(rule for _what, _value, rule in s.lines)
    assert s.table and s.column
    if g.unit_type(g.units["t"])["target"] == "helicopter":
        assert all(c in STEPS or c == "-" for c in s.cells)          # 17.34


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["anti_armor_full", "anti_armor_d1", "anti_armor_d2", "anti_personnel"]),
       st.integers(-30, 40), st.integers(-30, 40), st.integers(-4, 4))
def test_a_stronger_attack_never_does_less(key, low, high, die_mod):
    """Reading the CRT: at every die, more superiority gives a result at least as severe."""
    assume(low <= high)
    g = game_on(make_map(["."]), [])
    weak, strong = FireSheet("f", "t", True), FireSheet("f", "t", True)
    read_table(g, weak, key, low, die_mod)
    read_table(g, strong, key, high, die_mod)
    assert all(SEVERITY[a] <= SEVERITY[b] for a, b in zip(weak.cells, strong.cells))


@pytest.mark.parametrize("key", ["anti_armor_full", "anti_armor_d1", "anti_armor_d2", "anti_personnel"])
def test_table_edges_below_and_beyond_the_columns(key):
    """Off the left edge there is no effect; beyond the right edge the last column holds."""
    g = game_on(make_map(["."]), [])
    cols = MW4.tables["crt"].section("entry")[key]["columns"]
    below, edge, beyond = (FireSheet("f", "t", True) for _ in range(3))
    read_table(g, below, key, cols[0] - 1, 0)
    read_table(g, edge, key, cols[-1], 0)
    read_table(g, beyond, key, cols[-1] + 50, 0)
    assert below.cells == ("-",) * 6 and "no effect" in below.column
    assert beyond.cells == edge.cells and "and more" in beyond.column


class Dice:
    def __init__(self, faces):
        self.faces = list(faces)

    def roll(self, purpose, count=1, sides=6, modifiers=()):
        return type("R", (), {"total": self.faces.pop(0)})()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_company_panic_level_never_falls_with_losses(faces):
    """19.812: each loss adds its unit and never lowers the rise; three losses add 2 to 6."""
    g = game_on(make_map(["."]), [])
    rise = losses = 0
    for face in faces:
        g.rule_state = g.rule_state.but(companies={"A": CompanyMorale(losses=losses, panic_rise=rise)})
        change = company_loss(g, "A", Dice([face]))[0]
        assert change.values["losses"] == losses + 1 and change.values["panic_rise"] >= rise
        losses, rise = change.values["losses"], change.values["panic_rise"]
        if losses == 3:
            assert 2 <= rise <= 6
    assert rise <= 6                                       # nothing after the third loss


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from([0, 10, 20, 30, 40]),
       st.sampled_from([0, 10, 20, 30, 40]))
def test_initiative_does_not_depend_on_who_rolls_first(da, db, la, lb):
    """4.2, 12.0: the winner is the same whichever side is listed first, and has the lowest
    total; a full tie (same total, same level) is rolled again."""
    one = lower_total_wins({"a": (da, la), "b": (db, lb)})
    two = lower_total_wins({"b": (db, lb), "a": (da, la)})
    assert one == two
    ta, tb = da + la // 10, db + lb // 10
    if one is None:
        assert ta == tb and la == lb
    else:
        assert (ta if one == "a" else tb) == min(ta, tb)


def test_results_and_effects_agree():
    assert set(STEPS) | set(SUPPRESSION) | {"-"} == set(RESULTS)
