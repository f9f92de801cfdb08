"""Wardogs state and data (Wardogs pp. 5-6, Tables 1-2, the demo cards): the record sheet as
the battle opens, the transcribed tables and the cards as Umpire reads their columns."""

from umpire.rules.wardogs import reports, state

from .wdkit import game, wardogs_game


def test_the_record_sheet_opens_full(tmp_path):
    g = game(wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0202", "facing": "SW"}], []))
    m = g.units["G"].marks
    assert (m.ar, m.ar_start, m.shields) == (7, 7, 2)
    assert m.facing == g.map.grid.direction_index("SW")
    assert state.height_m(g, g.units["G"]) == 12.0            # p. 6: 2 x size 6


def test_table_1_is_transcribed(tmp_path):
    """p. 9, Table 1: clear/road 1; rough and river 2*; light forest and swamp 3*; forested swamp
    and heavy forest 4*; deep water 5."""
    t = game(wardogs_game(tmp_path, [{"id": "G", "type": "guardian", "hex": "0202"}], [])).rules.terrain_types
    got = {k: (v["move"]["ground"], v["starred"]) for k, v in t.items() if v["table1"]}
    assert got == {"clear": (1, False), "rough": (2, True), "river": (2, True), "light_forest": (3, True),
                   "swamp": (3, True), "forested_swamp": (4, True), "heavy_forest": (4, True), "deep_water": (5, False)}


def test_the_demo_cards_as_read(tmp_path):
    """The cards' last three numbers are range rating, ROF and DMG; "202 3 2" is 20 rounds, range 2."""
    g = game(wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0202"},
                                     {"id": "SD", "type": "sand_devil", "hex": "0303"}], []))
    cw = dict(state.weapons(g, g.units["C"]))
    assert (cw["coyote_autocannon"]["ammo"], cw["coyote_autocannon"]["range"], cw["coyote_autocannon"]["rof"],
            cw["coyote_autocannon"]["dmg"]) == (20, 2, 3, 2)
    assert state.ammo_left(g, g.units["C"], "coyote_particle_cannon") is None       # "None": energy
    sd = dict(state.weapons(g, g.units["SD"]))["sand_devil_cannon"]
    assert sd["bands"] == [3, 6, 11] and sd["ammo"] == 10
    assert g.unit_type(g.units["SD"])["carries"] == 1


def test_what_the_enemy_sees_of_a_unit_is_its_size_not_its_armour(tmp_path):
    g = game(wardogs_game(tmp_path, [{"id": "C", "type": "coyote", "hex": "0202"}], []))
    text = reports.strength_text(g, g.units["C"])
    assert text == "8 m" and "AR" not in text                 # p. 6: a size 4 mecha is 8 m tall
    assert "AR5" in reports.unit_marks(g, g.units["C"])       # the owner's counter
