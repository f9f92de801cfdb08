"""Unit → Fire… in a Hex Command Mechanized game offers THIS unit's choices (issue 20, item 1): the
targets the firer itself sees and reaches (HCM 3.7.9 line of sight, 3.7.1 reach), not every
contact of its side, and the weapons it has (HCM 1.1.4, 2.3.6, 3.7.2-3.7.6) -- a towed AT gun is
offered its cannon only.  No choice names an enemy the side has not seen: moving and renaming a
hidden enemy changes nothing the form shows."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox

from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.gui.ruleactiondialog import RuleActionDialog

from rules.hcmkit import act, hcm_game, to_phase
from windowkit import window_on

# a forest wall in column 07 (HCM 3.7.9: it blocks a line through it)
WALL = "\n".join("......f..." for _ in range(8))


def _game(tmp_path, hidden=("Ghost", "0503")):
    blue = [dict(id="AT Gun", type="gun_l", hex="0303", facing="SE"),
            dict(id="Rifles", type="medium_infantry", hex="0304", facing="SE")]
    red = [dict(id="Near", type="medium_tank", hex="0603", facing="NW", on_table=True),
           dict(id="Behind", type="medium_tank", hex="0903", facing="NW", on_table=True),
           dict(id=hidden[0], type="heavy_infantry", hex=hidden[1], facing="NW")]     # on the judge's map only
    return hcm_game(tmp_path, blue, red, terrain=WALL)


def _form(qtbot, tmp_path, loc, unit, monkeypatch):
    """The fire form the Unit menu opens for `unit` in blue's own view: {field: [(data, text)]}."""
    w = window_on(qtbot, tmp_path, loc)
    w.viewer_box.setCurrentIndex(1)
    assert w.viewer == "blue"
    seen = {}

    def look(dialog):
        for key, box in dialog.inputs.items():
            if isinstance(box, QComboBox):
                seen[key] = [(box.itemData(i), box.itemText(i)) for i in range(box.count())]
        return RuleActionDialog.Rejected
    monkeypatch.setattr(RuleActionDialog, "exec", look)
    w.select_unit(unit)
    w.unit_menu.described_action(w.unit_menu.rule_specs["fire"])
    return seen


def test_a_towed_gun_is_offered_its_cannon_and_what_it_sees(qtbot, tmp_path, monkeypatch):   # 1.1.4, 3.7.9
    loc = _game(tmp_path)
    g = open_game(loc)
    labels = {uid: c.label for (s, uid), c in g.contacts.items() if s == "blue"}
    assert set(labels) == {"Near", "Behind"}                  # both markers on the table (4.1), not Ghost
    form = _form(qtbot, tmp_path, loc, "AT Gun", monkeypatch)
    assert [d for d, _ in form["weapon"]] == ["", "gun"]      # no small arms, no mg for a towed gun
    assert [d for d, _ in form["target"]] == [labels["Near"]]     # Behind is past the forest wall (3.7.9)


def test_a_stand_is_offered_small_arms_and_anti_tank_weapons(qtbot, tmp_path, monkeypatch):   # 3.7.2, 3.7.3
    loc = _game(tmp_path)
    form = _form(qtbot, tmp_path, loc, "Rifles", monkeypatch)
    assert [d for d, _ in form["weapon"]] == ["", "small_arms", "at"]
    # the form names the weapons as a player would, the engine reads the keys
    assert [t for _, t in form["weapon"]] == ["(the usual one)", "small arms", "anti-tank weapons"]
    g = open_game(loc)
    near = g.contacts[("blue", "Near")]
    # within small arms' reach of 4 (1.1.1) and in sight: offered; past the wall: not
    assert [d for d, _ in form["target"]] == [near.label]


def test_no_choice_names_an_enemy_the_side_has_not_seen(qtbot, tmp_path, monkeypatch):
    first = _form(qtbot, tmp_path / "a", _game(tmp_path / "a"), "Rifles", monkeypatch)
    moved = _form(qtbot, tmp_path / "b", _game(tmp_path / "b", hidden=("Spectre", "0305")), "Rifles", monkeypatch)
    assert first == moved                                     # the hidden unit moved and renamed: nothing changes
    shown = " ".join(text for rows in first.values() for _, text in rows)
    assert "Ghost" not in shown and "Near" not in shown and "Behind" not in shown     # labels, never ids


def test_umpire_act_refuses_a_weapon_the_unit_has_not(tmp_path):      # the same choices from `umpire act`
    from umpire.actions import system_for
    loc = _game(tmp_path)
    fields = {f.key: f for f in system_for(loc).actions()["fire"].fields_for(open_game(loc), "blue", "AT Gun")}
    with pytest.raises(UmpireError, match="weapon='small_arms': expected one of gun"):
        fields["weapon"].parse("small_arms")
    to_phase(loc, "a_fire_p")
    g = open_game(loc)
    if g.active_side != "blue":
        pytest.skip("blue does not fire in this phase")
    with pytest.raises(UmpireError, match="has no mg weapon: it fires gun"):      # the engine refuses too
        act(loc, "fire", side="blue", unit="AT Gun", target=g.contacts[("blue", "Near")].label, weapon="mg")


def test_a_unit_that_sees_nothing_in_reach_is_offered_no_target_to_type(qtbot, tmp_path, monkeypatch):
    """Rifles moved behind the wall's far side of the map: no choice, and no line to type a name in."""
    loc = hcm_game(tmp_path, [dict(id="Rifles", type="medium_infantry", hex="0108", facing="SE")],
                   [dict(id="Near", type="medium_tank", hex="0903", facing="NW", on_table=True)], terrain=WALL)
    form = _form(qtbot, tmp_path, loc, "Rifles", monkeypatch)
    assert form["target"] == [("", "(none)")]
    from umpire.actions import system_for
    (target,) = [f for f in system_for(loc).actions()["fire"].fields_for(open_game(loc), "blue", "Rifles")
                 if f.key == "target"]
    with pytest.raises(UmpireError, match="expected one of nothing"):
        target.parse("C1")
