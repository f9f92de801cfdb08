"""MechWar 4 morale: company panic levels (MW4 19.812) and the panic level they feed (13.0);
battalion HQ values, morale checks and broken battalions (19.82), HQ replacement (19.814), the
Rally command (19.14 RC, 19.813) -- on the sample Battalion HQ and Panic tables."""

import pytest

from umpire.rules.mechwar4.state import BattalionMorale, CompanyMorale
from umpire.core.oob import Battalion, Company
from umpire.rules.mechwar4 import RuleSystem
from umpire.rules.mechwar4.morale import panic_number
from umpire.rules.mechwar4.morale import (battalion_rallies, company_loss, game_start, hq_columns, hq_unit,
                                          rally_commands, unit_lost, unit_panic_level)

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit


class Faces:
    def __init__(self, *faces):
        self.faces = list(faces)
        self.asked = []

    def roll(self, purpose, count=1, sides=6, modifiers=()):
        self.asked.append(purpose)
        total = self.faces.pop(0) + sum(v for _, v in modifiers)
        return type("R", (), {"total": total})()


def battalion_game(rating="C", companies=("A", "B", "C")):
    """Blue: battalion 'bn' (HQ unit 'hq', rating `rating`) with companies of two units each."""
    m = make_map(["." * 10] * 6)
    units = [unit("hq", "blue", "0101", m)]
    for i, cid in enumerate(companies):
        for j in range(2):
            units.append(unit(f"{cid}{j}", "blue", f"0{i + 2}0{j + 2}", m))
    g = game_on(m, units)
    for u in g.units.values():
        u.battalion = "bn"
        u.company = None if u.id == "hq" else u.id[0]
    g.battalions = [Battalion("bn", "blue", "Blue battalion", "hq", traits={"quality": "seasoned", "hq_rating": rating})]
    g.companies = [Company(c, "bn", c) for c in companies]
    return g


def apply(g, changes):
    """What core.changes.apply does to the game in memory (the store is tested elsewhere)."""
    for c in changes:
        if c.what == "game" and c.values:
            kind, key = c.key                # ("companies", id) or ("battalions", id)
            records = dict(getattr(g.rule_state, kind))
            old = records.get(key) or (CompanyMorale() if kind == "companies" else BattalionMorale())
            records[key] = old.but(**c.values)
            g.rule_state = g.rule_state.but(**{kind: records})
        elif c.what == "unit":
            u = g.units[c.key]
            u.marks = u.marks.but(**{k: v for k, v in c.values.items() if k in type(u.marks).model_fields})
            for k, v in c.values.items():
                if k not in type(u.marks).model_fields:
                    setattr(u, k, v)
    return [x for c in changes for x in c.lines]


def company(g, cid, losses, rise):
    """The company's record: units lost, levels risen (19.812)."""
    g.rule_state = g.rule_state.but(companies={**g.rule_state.companies,
                                               cid: CompanyMorale(losses=losses, panic_rise=rise)})


def battalion(g, bid, **values):
    g.rule_state = g.rule_state.but(battalions={**g.rule_state.battalions, bid: BattalionMorale(**values)})


def record(g, cid):
    c = g.rule_state.company(cid)
    return c.losses, c.panic_rise


@pytest.fixture()
def g():
    return battalion_game()


@pytest.mark.parametrize("losses,face,rise", [
    (0, 1, 2), (0, 2, 1),          # first loss: +1, one more on a 1
    (1, 4, 2), (1, 5, 1),          # second: +1, one more on 1-4
    (2, 5, 2), (2, 6, 0),          # third: +2 on 1-5
])
def test_19_812_panic_level_rises_with_losses(g, losses, face, rise):
    company(g, "A", losses, 0)
    change = company_loss(g, "A", Faces(face))[0]
    assert change.values == {"losses": losses + 1, "panic_rise": rise} and "MW4 19.812" in change.lines[0]


def test_19_812_no_more_after_the_third_loss(g):
    company(g, "A", 3, 4)
    dice = Faces()
    assert company_loss(g, "A", dice)[0].values == {"losses": 4, "panic_rise": 4} and dice.asked == []


def test_13_0_units_check_panic_at_the_companys_risen_level(g):
    a = g.units["A0"]
    base = MW4.tables["quality"].section("entry")[a.traits["quality"]]["panic_level"]
    company(g, "A", 2, 3)
    assert unit_panic_level(g, a) == base + 30
    row = MW4.tables["panic"].section("entry")[str(base + 30)]
    assert panic_number(g, a)[0] == row["full"]
    company(g, "A", 3, 20)                         # beyond the table: its last row
    last = max(int(k) for k in MW4.tables["panic"].section("entry"))
    assert panic_number(g, a)[0] == MW4.tables["panic"].section("entry")[str(last)]["full"]


# ------------------------------------------------------------------ battalion HQ (19.821)
def test_19_821_hq_value_is_read_under_the_rating_column(g):
    column = dict(hq_columns(g))["C"]
    for face in (1, 6, 10):
        changes = game_start(battalion_game("C"), Faces(face))
        assert changes[0].values == {"hq_value": column[face - 1], "hq_column": "C"}
        assert "MW4 19.821" in changes[0].lines[0]


def test_19_821_battalions_without_a_rating_roll_nothing():
    dice = Faces()
    assert game_start(battalion_game(None), dice) == [] and dice.asked == []


def test_sample_hq_table_is_ten_faces_a_column_and_ordered(g):
    cols = hq_columns(g)
    assert [k for k, _ in cols] == sorted(k for k, _ in cols)
    assert all(len(v) == 10 and all(1 <= x <= 10 for x in v) for _, v in cols)
    assert MW4.tables["battalion_hq"].sample


# ------------------------------------------------------------------ battalion morale (19.822)
def shake(g, cid, faces):
    """A company loses a unit; returns the journal lines."""
    return apply(g, company_loss(g, cid, Faces(*faces)))


def test_19_822_a_second_company_at_plus_three_makes_the_battalion_check_and_fail(g):
    battalion(g, "bn", hq_value=6, hq_column="C")
    company(g, "A", 2, 3)                     # already shaken
    company(g, "B", 1, 1)
    lines = shake(g, "B", [4, 7])                      # second loss: +1, +1 on a 4 -> +3; check rolls 7
    assert record(g, "B") == (2, 3)
    assert g.rule_state.battalion("bn").broken
    assert any("broken" in x and "MW4 19.822" in x for x in lines)


def test_19_822_passing_the_check_leaves_it_whole(g):
    battalion(g, "bn", hq_value=6, hq_column="C")
    company(g, "A", 2, 3)
    company(g, "B", 1, 1)
    lines = shake(g, "B", [4, 6])                      # 6 against an HQ value of 6: passed
    assert not g.rule_state.battalion("bn").broken and any("passed" in x for x in lines)


def test_19_822_one_shaken_company_is_not_enough(g):
    battalion(g, "bn", hq_value=6, hq_column="C")
    company(g, "B", 1, 1)
    dice = Faces(4)
    apply(g, company_loss(g, "B", dice))
    assert record(g, "B") == (2, 3) and len(dice.asked) == 1      # no battalion roll
    assert not g.rule_state.battalion("bn").broken


def test_19_822_a_game_begun_without_hq_values_rolls_one_when_first_needed(g):
    company(g, "A", 2, 3)
    company(g, "B", 1, 1)
    column = dict(hq_columns(g))["C"]
    lines = shake(g, "B", [4, 10, 1])                  # HQ value on a 10, then the check on a 1
    assert g.rule_state.battalion("bn").hq_value == column[9] and not g.rule_state.battalion("bn").broken
    assert any("rolled when first needed" in x for x in lines)


# ------------------------------------------------------------------ HQ replacement (19.814)
def test_19_814_a_lost_hq_is_replaced_four_columns_right_on_the_nearest_unit(g):
    battalion(g, "bn", hq_value=8, hq_column="A")
    hq = g.units["hq"]
    where, hq.status, hq.hex = hq.hex, "destroyed", None
    column = dict(hq_columns(g))["E"]                  # A + 4 columns
    lines = apply(g, unit_lost(g, hq, Faces(3), where))
    state = g.rule_state.battalion("bn")
    assert state.hq_column == "E" and state.hq_value == column[2]
    assert hq_unit(g, "bn") == "A0"                   # the nearest of the battalion's units to 0101
    assert any("takes over as HQ" in x and "MW4 19.814" in x for x in lines)


def test_19_814_off_the_table_the_companies_can_no_longer_rally(g):
    last = hq_columns(g)[-4][0]                        # four columns right is past the last
    battalion(g, "bn", hq_value=5, hq_column=last)
    hq = g.units["hq"]
    where, hq.status, hq.hex = hq.hex, "destroyed", None
    lines = apply(g, unit_lost(g, hq, Faces(), where))
    state = g.rule_state.battalion("bn")
    assert state.no_rally and state.hq_value is None and hq_unit(g, "bn") is not None
    assert any("off the table" in x for x in lines)
    assert "MW4 19.814" in RuleSystem(MW4).command_problem(g, "A", "rally")


def test_the_replacement_hq_is_the_one_lost_next(g):
    battalion(g, "bn", hq_value=8, hq_column="A", hq_unit="A0")
    a0 = g.units["A0"]
    where, a0.status, a0.hex = a0.hex, "destroyed", None
    lines = apply(g, unit_lost(g, a0, Faces(1, 5), where))   # company loss die, then the new HQ's value
    assert any("takes over as HQ" in x for x in lines) and hq_unit(g, "bn") not in ("A0", None)


# ------------------------------------------------------------------ rally (19.14 RC, 19.813, 19.824)
def test_rally_command_removes_panic_and_lowers_the_risen_level(g):
    g.commands[(g.turn, "A")] = ("rally", None)
    company(g, "A", 2, 3)
    g.units["A0"].marks = g.units["A0"].marks.but(panicked=True)
    changes, cleared = rally_commands(g, Faces(1))
    lines = apply(g, changes)
    assert cleared == {"A0"} and not g.units["A0"].marks.panicked
    assert record(g, "A") == (2, 2) and any("MW4 19.813" in x for x in lines)


def test_rally_command_fails_above_the_removal_number(g):
    g.commands[(g.turn, "A")] = ("rally", None)
    company(g, "A", 2, 3)
    g.units["A0"].marks = g.units["A0"].marks.but(panicked=True)
    changes, cleared = rally_commands(g, Faces(10))
    apply(g, changes)
    assert cleared == set() and g.units["A0"].marks.panicked and record(g, "A") == (2, 3)


def test_19_822_a_broken_battalions_companies_may_not_rally(g):
    battalion(g, "bn", hq_value=6, hq_column="C", broken=True)
    g.commands[(g.turn, "A")] = ("rally", None)
    g.units["A0"].marks = g.units["A0"].marks.but(panicked=True)
    dice = Faces()
    changes, cleared = rally_commands(g, dice)
    assert dice.asked == [] and cleared == set() and "MW4 19.822" in changes[0].lines[0]
    assert "MW4 19.822" in RuleSystem(MW4).command_problem(g, "A", "rally")
    assert RuleSystem(MW4).command_problem(g, "A", "overwatch") is None


def test_19_824_19_825_a_broken_battalion_rallies_and_a_suppressed_hq_adds_two(g):
    battalion(g, "bn", hq_value=6, hq_column="C", broken=True)
    apply(g, battalion_rallies(g, Faces(6)))
    assert not g.rule_state.battalion("bn").broken
    battalion(g, "bn", hq_value=6, hq_column="C", broken=True)
    g.units["hq"].marks = g.units["hq"].marks.but(suppression=1)
    lines = apply(g, battalion_rallies(g, Faces(5)))        # 5 + 2 = 7 > 6
    assert g.rule_state.battalion("bn").broken and any("stays broken" in x for x in lines)


# ------------------------------------------------------------------ night (19.74-19.76)
@pytest.mark.parametrize("nation,night,mods", [
    ("Syria", True, -3), ("Egypt", True, -3), ("Israel", True, -1), ("USSR", True, 0), ("Syria", False, 0),
])
def test_19_75_19_76_night_panic_die_modifiers(monkeypatch, nation, night, mods):
    from umpire.rules.mechwar4.morale import panic_die_modifiers
    g = battalion_game()
    g.night = night
    monkeypatch.setitem(MW4.unit_types["us_m1"], "nation", nation)
    got = panic_die_modifiers(g, g.units["A0"])
    assert sum(v for _, v in got) == mods
    if mods:
        assert ("MW4 19.75" if mods == -3 else "MW4 19.76") in got[0][0]


def test_19_75_example_a_rolled_10_counts_as_7(monkeypatch):
    """The text's example, through the dice service: 10 - 3 = 7."""
    from umpire.core.dice import Dice
    from umpire.rules.mechwar4.morale import panic_die_modifiers
    g = battalion_game()
    g.night = True
    monkeypatch.setitem(MW4.unit_types["us_m1"], "nation", "Arab")
    r = Dice("s", 1, typed=lambda *_: [10]).roll("panic check", 1, 10, panic_die_modifiers(g, g.units["A0"]))
    assert r.total == 7


def test_19_74_at_night_no_weapon_reaches_beyond_5_hexes():
    from umpire.rules.mechwar4 import RuleSystem
    m = make_map(["." * 12] * 3)
    for night, legal in ((False, True), (True, False)):
        g = game_on(m, [unit("f", "blue", "0102", m, "us_m1"), unit("t", "red", "0702", m, "sov_t72")], night=night)
        s = RuleSystem(MW4).fire_sheet(g, "f", "t")
        assert s.legal is legal and (legal or s.rule == "MW4 19.74")


# ------------------------------------------------------------------ brigade / regiment (19.826, 19.83)
def brigade_game(rhq_at="0102"):
    """battalion_game's 'bn' under regiment 'rgt', whose HQ unit 'rhq' stands at `rhq_at`."""
    g = battalion_game()
    m = g.map
    rhq = unit("rhq", "blue", rhq_at, m)
    rhq.battalion = "rgt"
    g.units["rhq"] = rhq
    g.battalions = [Battalion("rgt", "blue", "Regiment", "rhq", traits={"quality": "seasoned", "hq_rating": "B"}),
                    Battalion("bn", "blue", "Blue battalion", "hq", parent="rgt",
                              traits={"quality": "seasoned", "hq_rating": "C"})]
    return g


def test_19_826_a_battalion_rallies_next_to_its_unbroken_unsuppressed_regiment_hq():
    g = brigade_game("0102")                            # next to the battalion HQ at 0101
    battalion(g, "bn", hq_value=6, hq_column="C", broken=True)
    apply(g, battalion_rallies(g, Faces(1)))
    assert not g.rule_state.battalion("bn").broken
    battalion(g, "bn", hq_value=6, hq_column="C", broken=True)
    g.units["rhq"].marks = g.units["rhq"].marks.but(suppression=1)
    dice = Faces(1)
    lines = apply(g, battalion_rallies(g, dice))
    assert g.rule_state.battalion("bn").broken and dice.asked == [] and "MW4 19.826" in lines[0]


def test_19_826_far_from_its_regiment_hq_it_cannot_rally():
    g = brigade_game("0106")
    battalion(g, "bn", hq_value=6, hq_column="C", broken=True)
    lines = apply(g, battalion_rallies(g, Faces(1)))
    assert g.rule_state.battalion("bn").broken and "not with or next to rhq" in lines[0]


def test_19_831_a_lost_regiment_hq_is_replaced_broken_on_a_unit_of_the_regiment():
    g = brigade_game("0102")
    battalion(g, "rgt", hq_value=8, hq_column="B")
    rhq = g.units["rhq"]
    where, rhq.status, rhq.hex = rhq.hex, "destroyed", None
    lines = apply(g, unit_lost(g, rhq, Faces(4), where))
    state = g.rule_state.battalion("rgt")
    assert state.broken and state.hq_column == "F" and any("MW4 19.831" in x for x in lines)
    assert g.units[hq_unit(g, "rgt")].battalion == "bn"        # a unit of its battalion carries it now
    battalion(g, "bn", hq_value=6, hq_column="C", broken=True)
    apply(g, battalion_rallies(g, Faces(3)))      # the regiment rallies on 3; bn, rolled in the same
    # pass, still saw it broken and did not roll (19.826)
    assert not g.rule_state.battalion("rgt").broken


# ------------------------------------------------------------------ breaking formation (4.1)
def formation_game(spread: bool):
    """Blue company A (NATO doctrine: linked within 3 hexes) of two units, together or apart."""
    from umpire.core.oob import Side
    g = battalion_game(companies=("A",))
    g.sides[0] = Side("blue", "Blue", "#0000ff", traits={"quality": "seasoned", "doctrine": "nato"})
    m = g.map
    g.units["A0"].hex = m.grid.parse("0202")
    g.units["A1"].hex = m.grid.parse("0902" if spread else "0203")
    return g


def apply_formation(g, changes):
    return apply(g, changes)


def test_4_1_breaking_formation_costs_a_panic_level_until_it_closes_up():
    from umpire.rules.mechwar4.formation import formation_checks
    g = formation_game(spread=True)
    a0 = g.units["A0"]
    before = unit_panic_level(g, a0)
    lines = apply_formation(g, formation_checks(g))
    assert unit_panic_level(g, a0) == before + 10 and "out of formation" in lines[0] and "MW4 4.1" in lines[0]
    g.units["A1"].hex = g.map.grid.parse("0203")
    lines = apply_formation(g, formation_checks(g))
    assert unit_panic_level(g, a0) == before and "back in formation" in lines[0]
    assert formation_checks(formation_game(spread=False)) == []            # in formation: nothing


def test_4_1_after_losses_a_company_has_one_turn_to_close_up():
    from umpire.rules.mechwar4.formation import formation_checks
    g = formation_game(spread=True)
    company(g, "A", 1, 1)                                         # it lost a unit
    lines = apply_formation(g, formation_checks(g))
    assert g.rule_state.company("A").grace_until == g.turn + 1 and not g.rule_state.company("A").formation_penalty
    assert "until turn" in lines[0]
    g.turn += 1                                                            # still apart a turn later
    apply_formation(g, formation_checks(g))
    assert g.rule_state.company("A").formation_penalty


def test_19_812_the_dice_keep_their_journal_wording(g):
    """The rise is data (morale.toml); the roll's words stay those older journals hold, so
    their replays still match."""
    asked = []
    for losses in (0, 1, 2):
        company(g, "A", losses, 0)
        dice = Faces(6)
        company_loss(g, "A", dice)
        asked += dice.asked
    assert asked == ["morale A: first loss, one more level on a 1", "morale A: second loss, one more level on 1-4",
                     "morale A: third loss, two levels on 1-5"]
    assert not MW4.tables["morale"].sample
