"""A Wardogs side's record sheets as its report prints them (p. 4): a few wide columns, a row per
weapon; damaged systems by their names on the sheet (Tables 8-9), not the program's keys; the MP
left in the inspector; the orders page a declaration of fire to fill in (p. 7 step 6)."""

from __future__ import annotations

from umpire.actions import system_for
from umpire.rules.wardogs.reports import damage_text, forces_table, orders_form, unit_details

from .wdkit import game, wardogs_game


def _game(tmp_path):
    return wardogs_game(tmp_path, [{"id": "Coyote 1", "type": "coyote", "hex": "0303", "facing": "SE"}],
                        [{"id": "T", "type": "tank", "hex": "0808"}])


def test_damaged_systems_read_as_the_sheet_names_them(tmp_path):
    g = game(_game(tmp_path))
    u = g.units["Coyote 1"]
    u.marks = u.marks.but(damage={"weapon:coyote_autocannon": 2, "leg_left": 1, "power_plant": 1})
    assert damage_text(g, u) == "left leg damaged, power plant damaged, 30mm Autocannon destroyed"
    table = forces_table(g, [u])
    assert table.header == ("Unit", "State", "Weapon", "Range", "ROF / die", "Rounds")
    assert [r[2] for r in table.rows] == ["Particle Cannon, energy, torso",
                                          "30mm Autocannon (destroyed), kinetic, left arm"]
    first, second = table.rows
    assert first[0] == "Coyote 1: Coyote (mecha), 0303, facing SE" and second[0] == "" and second[1] == ""
    assert "damaged: left leg damaged" in first[1] and "weapon:" not in first[1] and "leg_left" not in first[1]
    assert first[3:] == ("4/8/12", "1 / d10", "none needed") and second[5] == "20 of 20"


def test_the_inspector_shows_the_mp_left(tmp_path):
    loc = _game(tmp_path)
    g = game(loc)
    u = g.units["Coyote 1"]
    u.mp_spent = 2.0
    rows = dict(unit_details(g, u, True))
    assert rows["MP"] == "4 of 6 left this turn (sheet: 6)"
    assert system_for(loc).unit_details(g, u, False)        # the rule system answers through it


def test_the_orders_page_is_a_declaration_to_fill_in(tmp_path):
    g = game(_game(tmp_path))
    (table,) = orders_form(g, "blue")
    assert table.header == ("Firer", "Weapon", "Weapon key (orders file)", "Target (your label)")
    assert [r[:3] for r in table.rows] == [("Coyote 1", "Particle Cannon", "coyote_particle_cannon"),
                                           ("Coyote 1", "30mm Autocannon", "coyote_autocannon")]
    assert all(not r[3].strip() for r in table.rows) and "T" not in {r[0] for r in table.rows}


def test_the_owners_counter_shows_facing_armour_altitude_and_passengers(tmp_path):
    """The counter's foot: an arrow for the facing (p. 9), the armour (p. 6), the altitude in
    flight (p. 10: 5 m a level), the squads aboard (p. 10); the map's key names each."""
    loc = wardogs_game(tmp_path, [{"id": "SD", "type": "sand_devil", "hex": "0303", "facing": "SE"},
                                  {"id": "Sq", "type": "squad", "hex": "0303", "carried_by": "SD"},
                                  {"id": "H", "type": "gunship", "hex": "0505", "facing": "N"}], [])
    g = game(loc)
    sd, h = g.units["SD"], g.units["H"]
    h.marks = h.marks.but(flying=True, altitude=2)
    marks = system_for(loc).unit_marks(g, sd)
    assert marks.split() == ["↘", f"AR{g.unit_type(sd)['ar']}", "P1"]
    assert system_for(loc).unit_marks(g, h).split()[::2] == ["↑", "Alt10m"]
    words = dict(system_for(loc).mark_words(system_for(loc).unit_marks(g, h)))
    assert words["Alt10m"] == "in flight, 10 m up (Wardogs p. 10)" and "faces" in words["↑"]


def test_the_windows_unit_panel_shows_the_mp(qtbot, tmp_path):
    from windowkit import window_on
    loc = _game(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    w.select_unit("Coyote 1")
    assert "6 of 6 left this turn (sheet: 6)" in w.inspector.toPlainText()
