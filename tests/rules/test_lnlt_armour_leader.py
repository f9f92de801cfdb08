"""Lock 'n Load Tactical armour leaders (11.5): his LM for the vehicles of his hex on the OFT
(14.1) and in an overrun (15.3), not for leg units; the DCT's "Armored Vehicle - Armor Leader"
column for his own damage checks."""

from umpire.rules.lnlt.state import dct_column

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt


def _mods(loc, who, where, how):
    from umpire.actions import system_for
    g = game(loc)
    return dict(system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), how).modifiers)


def test_his_lm_helps_the_tanks_gun_and_overrun_not_the_squad(tmp_path):
    """14.1 OFT: the M48 with the armour leader (LM 1) in its hex: -1; 15.3: its overrun +1; the
    squad in the same hex fires with no LM from him (5.0.1 is a leg leader's)."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0303"), ("K", "us_armour_leader", "0303"), ("A", "us_squad", "0303")],
               [("X", "nva_squad", "0403"), ("Y", "nva_squad", "0703")])
    assert _mods(loc, "T", "0703", "ordnance")["leader's LM (14.1)"] == -1
    assert _mods(loc, "T", "0403", "overrun")["armour leader's LM (11.5)"] == 1
    assert "leader's LM (5.0.1)" not in _mods(loc, "A", "0403", "fire")


def test_he_checks_damage_on_the_armoured_column(tmp_path):
    """DCT, 11.5: over his morale 8 and under twice it, Shaken; three times it (24) eliminates
    him (the column's Abandoned).  A leg leader's column is the single-man counter's."""
    from umpire.core.ruleset import load_ruleset
    from umpire.rules.lnlt import tables
    rules = load_ruleset("lnlt")
    assert tables.dct_result(rules, "armoured", 9, 8) == "Shaken"
    assert tables.dct_result(rules, "armoured", 24, 8) == "Abandoned"
    loc = lnlt(tmp_path / "k", [("A", "us_squad", "0103")], [("K", "us_armour_leader", "0203")])
    g = game(loc)
    assert dct_column(g, g.units["K"]) == "armoured"
    blue_first(loc)
    # 6 + 5 + 2 (adjacent) = 13 against 1: DC+12; he checks 6 + 12 = 18, twice his morale 8 or
    # more but under three times: Shaken on the armoured column (a single-man counter's: Wounded)
    res = act(loc, "assault", 6, 1, 6, side="blue", units=["A"], hex="0203", kind="fire")
    k = game(loc).units["K"]
    assert k.status == "on_map" and k.marks.shaken and not k.marks.wounded
    assert "K: damage check 18 against morale 8: Shaken" in "\n".join(res.log)
