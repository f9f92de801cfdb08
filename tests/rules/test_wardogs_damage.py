"""Wardogs fire and damage (p. 14-17, Tables 4-9): the worked examples of the text and our readings."""

from pathlib import Path

import pytest

from umpire.core.errors import UmpireError
from umpire.core.hexgrid import DIRECTIONS, Hex
from umpire.core.ruleset import load_table, rulesets_dir
from umpire.rules.wardogs.damage import apply_hits, resolve_dice, shields_at_turn_start
from umpire.rules.wardogs.penetration import ground_mp, penetrate, table_row
from umpire.rules.wardogs.weapons import band_at, bands_for, die_for, in_arc


def test_the_table_files_load():
    for name in ("damage.toml", "penetration.toml"):
        assert not load_table(Path(rulesets_dir()) / "wardogs" / name, ()).sample


@pytest.mark.parametrize("band, hits", [("short", 2), ("medium", 1), ("long", 0)])
def test_rof_3_d6_against_ar_6_p15(band, hits):
    # Wardogs p. 15: ROF 3, DMG 2 (d6, Table 5), AR 6, rolls 5, 4, 6: short 2 hits, medium 1, long 0
    assert die_for(2) == 6
    dice = resolve_dice([5, 4, 6], band, 6)
    assert sum(d.hit for d in dice) == hits


def test_equal_to_ar_hits_without_penetration_table_7_reading():
    (equal,), (over,), (under,) = resolve_dice([6], "medium", 6), resolve_dice([7], "medium", 6), resolve_dice([5], "medium", 6)
    assert equal.hit and not equal.penetrates
    assert over.hit and over.penetrates
    assert not under.hit


def test_every_attacker_rolls_against_the_turns_ar_p15():
    # Wardogs p. 15: three AVs and a squad all roll against the mecha's AR 5; damage after all.
    av1, av2, av3 = resolve_dice([5], "medium", 5), resolve_dice([6], "medium", 5), resolve_dice([5], "medium", 5)
    squad = resolve_dice([5], "medium", 5)
    out = apply_hits(av1 + av2 + av3 + squad, shields=0, armour=5, armour_at_start=5, kind="mecha")
    # four hits: AR 5 -> 1, although after the first three hits the AR would be 2: each die was
    # still read against 5, so the 5s are hits (equal) and the 6 penetrates
    assert out.armour == 1
    assert out.penetrations == 1 and out.stability_check


def test_shields_absorb_first_and_return_p16():
    dice = resolve_dice([6, 6, 6], "medium", 4)           # three penetrating dice
    out = apply_hits(dice, shields=2, armour=4, armour_at_start=4, kind="mecha")
    assert out.shields == 0 and out.armour == 3 and out.penetrations == 1
    assert shields_at_turn_start(2, None) == 2
    assert shields_at_turn_start(2, "damaged") == 0          # Table 8, 11: shields are down


def test_ar_0_doubles_penetration_p16():
    out = apply_hits(resolve_dice([3], "medium", 0), shields=0, armour=0, armour_at_start=0, kind="mecha")
    assert out.penetrations == 2 and out.armour == 0


def test_infantry_die_on_any_penetration_p16():
    out = apply_hits(resolve_dice([1], "medium", 0), shields=0, armour=0, armour_at_start=0, kind="infantry")
    assert out.killed and out.penetrations == 0
    missed = apply_hits(resolve_dice([1], "long", 0), shields=0, armour=0, armour_at_start=0, kind="infantry")
    assert not missed.killed                                    # 1 - 1 = 0: equal, no penetration


def test_table_4_bands_and_a_sheets_own_bands():
    assert bands_for(2) == (2, 4, 6)
    assert [band_at(d, (3, 6, 11)) for d in (0, 3, 4, 11, 12)] == ["short", "short", "medium", "long", None]
    with pytest.raises(UmpireError, match="Table 4"):
        bands_for(7)


def test_table_5_dmg_capped_at_5():
    assert [die_for(n) for n in (1, 2, 3, 4, 5)] == [4, 6, 8, 10, 12]
    assert die_for(4, enhancement=3) == 12


def test_table_9_without_a_turret_p17():
    # Table 9 note: no turret, a 3 becomes 2 and a 7 becomes 6
    assert table_row("hover", 3, has_turret=False)["system"] == "equipment"
    assert table_row("hover", 7, has_turret=False)["system"] == "weapon"
    assert table_row("hover", 3, has_turret=True)["system"] == "turret"
    assert table_row("hover", 8, has_turret=False)["system"] == "drive"


def test_a_system_damaged_twice_is_destroyed_p16():
    weapons = [("particle cannon", "torso"), ("30mm", "left_arm")]
    first = penetrate("mecha", 7, {}, weapons, [])
    assert first.damage == {"weapon:particle cannon": 1} and first.effect == "damaged"
    second = penetrate("mecha", 7, first.damage, weapons, [])
    assert second.damage["weapon:particle cannon"] == 2 and second.effect == "destroyed"
    third_weapon = penetrate("mecha", 7, second.damage, weapons, [])      # the next surviving one
    assert third_weapon.system == "weapon:30mm"
    third = penetrate("mecha", 11, penetrate("mecha", 11, {}, weapons, []).damage, weapons, [])
    assert third.killed                                        # power plant damaged twice


def test_an_arm_blown_off_takes_its_weapons_table_8():
    hit = penetrate("mecha", 4, {}, [("30mm", "left_arm"), ("cannon", "torso")], [], side_d6=2)
    assert hit.damage == {"arm_left": 2, "weapon:30mm": 2}
    again = penetrate("mecha", 8, hit.damage, [], [], side_d6=4)
    assert again.effect == "absorbed"


def test_cockpit_kills_and_leg_damage_slows():
    assert penetrate("mecha", 2, {}, [], []).killed
    assert ground_mp(6, 2, {"leg_left": 1}) == 3
    assert ground_mp(6, 2, {"leg_left": 2}) == 0
    assert ground_mp(7, 0, {"drive": 1}) == 4


def test_arcs_p14():
    o = Hex(0, 0)
    ahead, left, right, behind = DIRECTIONS[0], DIRECTIONS[2], DIRECTIONS[4], DIRECTIONS[3]
    assert in_arc("torso", 0, o, ahead) and not in_arc("torso", 0, o, behind)
    assert in_arc("rear", 0, o, behind)
    assert in_arc("left_arm", 0, o, left) and not in_arc("left_arm", 0, o, right)
    assert in_arc("right_arm", 0, o, right) and not in_arc("right_arm", 0, o, left)
    assert in_arc("turret", 0, o, behind) and in_arc("infantry", 3, o, ahead)
    assert not in_arc("turret", 0, o, behind, turret_damaged=True)        # Table 9, 7
    with pytest.raises(UmpireError, match="mount"):
        in_arc("head", 0, o, ahead)


def test_damage_to_terrain_p16():
    from umpire.rules.wardogs.terrain_fire import churned, ignites, strikes_terrain
    assert ignites("light_forest", 2) and not ignites("light_forest", 3) and not ignites("clear", 1)
    assert churned("heavy_forest") == "rough" and churned("road") == "rough"
    # a key of terrain.toml, "Deep lake or ocean" (the old "deep_lake" named no terrain)
    assert churned("forested_swamp") == "deep_water" and churned("rough") is None
    assert strikes_terrain([True, False]) and not strikes_terrain([True, True])


def test_a_damaged_power_plant_keeps_the_shields_down_table_8():
    from umpire.rules.wardogs.damage import shields_up
    from umpire.rules.wardogs.state import Marks
    assert shields_up(Marks(shields=3)) == 3
    assert shields_up(Marks(shields=3, damage={"power_plant": 1})) == 0
