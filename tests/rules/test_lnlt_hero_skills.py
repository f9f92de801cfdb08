"""Lock 'n Load Tactical hero skills (12.0): a new hero draws a skill counter at random (DCT: Hero
Creation, "pick a Skill"), and the DFT takes its "skill-related modifiers".  The aid names no
skill, so the counters are samples (skills.toml): Deadeye +1, Grenadier +2 at an adjacent
target, Steady under fire (no fire modifier)."""

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.witness import side_journal

from .gamekit import act, game, make_game


def _hero(tmp_path, skill_die):
    """4 + FP 5 = 9 against 2: DC+7; X checks 1 + 7: Shaken; its 1, then a 4, raise a hero,
    who draws the skill counter on a 1d3."""
    loc = make_game(tmp_path, [("A", "us_squad", "0103"), ("B", "us_squad", "0503")],
                    [("X", "nva_squad", "0403")], rules="lnlt", cols=10)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    res = act(loc, "assault", 4, 2, 1, 4, skill_die, side="blue", units=["A"], hex="0403", kind="fire")
    return loc, res


def _mods(loc, who, where):
    g = game(loc)
    return dict(system_for(loc).assault_sheet(g, who, g.map.grid.parse(where), "fire").modifiers)


def test_12_0_a_new_hero_draws_a_skill_counter_and_fires_with_it(tmp_path):
    """12.0: a 1 draws Deadeye: the hero's fire with X takes +1 on the DFT (and the inspector
    says so); the skill is Red's to read, not Blue's."""
    loc, res = _hero(tmp_path, 1)
    g = game(loc)
    assert g.units["Hero (X)"].marks.skill == "deadeye"
    assert "  Hero (X) draws the skill counter Deadeye (1): +1 on the DFT (12.0, a sample skill)" in res.log
    red = [x for e in side_journal(g, "red", journal(loc), system_for(loc)) for x in (e.head, *e.lines)]
    blue = [x for e in side_journal(g, "blue", journal(loc), system_for(loc)) for x in (e.head, *e.lines)]
    assert any("Deadeye" in x for x in red) and not any("Deadeye" in x or "skill" in x for x in blue)
    assert any("rises in 0403" in x for x in blue)            # the hero itself the attacker saw rise
    assert dict(system_for(loc).unit_details(g, g.units["Hero (X)"], False))["Skill"].startswith("Deadeye: +1")
    act(loc, "pass", side="red")
    act(loc, "pass", side="blue")
    assert _mods(loc, ["Hero (X)"], "0503")["Hero (X)'s skill, Deadeye (12.0)"] == 1


def test_12_0_a_grenadier_counts_only_next_to_the_target(tmp_path):
    """12.0 (sample): Grenadier, +2, only against an adjacent target: B is adjacent to 0403, A is
    3 hexes off."""
    loc, _res = _hero(tmp_path, 2)
    act(loc, "pass", side="red")
    act(loc, "pass", side="blue")
    assert _mods(loc, ["Hero (X)"], "0503")["Hero (X)'s skill, Grenadier (12.0)"] == 2
    g = game(loc)
    assert system_for(loc).assault_sheet(g, ["Hero (X)"], g.map.grid.parse("0103"), "fire").legal
    assert not any("skill" in k for k in _mods(loc, ["Hero (X)"], "0103"))
