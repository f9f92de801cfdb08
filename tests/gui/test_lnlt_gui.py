"""Lock 'n Load Tactical in the workstation (issue 8): the Unit menu offers its spotting attempt
(a rule system's own action) and Attack Hex… with fire and melee; both run through the engine."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.gui.attackdialog import AttackDialog
from umpire.core.los import Eye
from umpire.gui.mainwindow import MainWindow
from umpire.gui.ruleactiondialog import RuleActionDialog

from dicekit import dice

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"


@pytest.fixture()
def window(qtbot, tmp_path):
    path = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="gui")
    perform(path, "next_phase", {}, system_for(path))             # into the Operations phase
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(path))
    return w


def test_a_spotting_attempt_from_the_unit_menu(window, monkeypatch):
    w = window
    side = w.game.active_side
    unit = next(u for u in sorted(w.game.units.values(), key=lambda u: u.id) if u.side == side and u.on_map)
    entries = [a.text() for a in w.unit_menu.rule_entries]
    assert entries == ["Spotting attempt…", "Artillery fire mission…", "Lay smoke…", "Lead the hexes next to it…",
                       "Support weapons: pick up, drop, hand over, change mode…", "Medic: heal…", "Fire a star shell…"] \
        and w.unit_menu.act_attack.isVisible()
    # Call Air Support… is Lock 'n Load's own entry (gui/lnlt), greyed with its reason (19.1)
    assert [a.text() for a in w.unit_menu.system_entries.entries] == ["Call &Air Support…"]
    assert "&Fire…" not in [a.text() for a in w.unit_menu.menu.actions()]
    w.select_unit(unit.id)
    w.unit_menu.refresh()
    assert w.unit_menu.rule_entries[0].isEnabled() and not w.unit_menu.rule_entries[4].isEnabled()   # Rally only
    target = w.game.map.number(w.game.map.on_map_neighbours(unit.hex)[0])      # next to it: in sight
    refused = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: refused.append(a[2]))

    def fill(dialog):
        dialog.inputs["hex"].setText(target)
        return RuleActionDialog.Accepted
    monkeypatch.setattr(RuleActionDialog, "exec", fill)
    w.unit_menu.rule_entries[0].trigger()
    assert refused == []
    rows = [r for r in journal(w.game.location) if r.kind == "spot_attempt"]
    assert len(rows) == 1 and rows[0].params["unit"] == unit.id and rows[0].side_id == side
    assert w.play.act_undo.text().startswith("&Undo Spot")


def test_the_fire_mission_form_asks_for_the_mission_and_its_hexes(window):
    """18.2: the five missions, a second hex and a direction for line and walking barrages,
    the side's own supports only; OK waits for the aiming hex."""
    w = window
    fields = system_for(w.game.location).actions()["fire_mission"].fields_for(w.game, "us")[1:]
    dialog = RuleActionDialog(w, "Artillery fire mission", "Lt Harris", fields)
    mission = dialog.inputs["mission"]
    assert [mission.itemData(i) for i in range(mission.count())] == ["standard", "loose", "concentrated", "line",
                                                                      "walking"]
    support = dialog.inputs["support"]
    assert [support.itemData(i) for i in range(support.count())] == ["", "81mm"]
    assert system_for(w.game.location).actions()["fire_mission"].fields_for(w.game, "nva")[-1].choices == ("",)
    ok = dialog.buttons.button(QDialogButtonBox.Ok)
    assert not ok.isEnabled()
    dialog.inputs["hex"].setText("0906")
    mission.setCurrentIndex(4)
    dialog.inputs["direction"].setCurrentIndex(dialog.inputs["direction"].findData("S"))
    assert ok.isEnabled() and dialog.params() == {"hex": "0906", "mission": "walking", "direction": "S"}


def test_the_fire_mission_is_offered_to_a_leader_at_his_own_impulse_with_a_mission_to_fire(window):
    """18.2 (seen at the table): a leader or scout calls a mission as his impulse.  The Unit menu
    offered it to every unit at every impulse: the NVA, who have no artillery, the US before
    their mortars come (turn 2), squads, and the side that is not acting."""
    w = window
    loc = w.game.location

    def offered(uid):            # the menu's entries are made anew with each game loaded
        w.select_unit(uid)
        w.unit_menu.refresh()
        entry = next(a for a in w.unit_menu.rule_entries if a.data() == "fire_mission")
        return entry.isEnabled()

    def play(kind, *faces, **params):
        perform(loc, kind, params, system_for(loc), typed=dice(*faces) if faces else None)
        w.load_game(open_game(loc))

    if w.game.active_side == "nva":
        assert not offered("Cpt Vo")                   # the NVA have no fire support at all
        play("pass", side="nva")
    assert w.game.turn == 1 and not offered("Lt Harris")        # the 81mm fire from turn 2
    play("end_turn", 6, 1)                             # turn 2: the US have the initiative
    play("next_phase")
    assert w.game.active_side == "us" and offered("Lt Harris") and offered("Sgt Cole")
    assert not offered("1st Sqd") and not offered("Track 21") and not offered("Cpt Vo")
    play("pass", side="us")                            # the NVA's impulse: not the US leader's
    assert not offered("Lt Harris")


def test_the_action_form_has_room_its_help_wrapped_and_each_label_over_its_field(window, monkeypatch, tmp_path):
    """Seen at the table: the fire mission's form (Unit menu) was cramped -- the fields squeezed
    beside long labels, "(optional)" run into them, no word of what the action does.  Now the
    action's help and rule (18.2) wrap under the heading, each label sits above a field of the
    form's whole width, and the form is wide enough to read (its picture is saved to look at)."""
    w = window
    shown = {}

    def look(dialog):
        dialog.show()
        QApplication.processEvents()
        shown["dialog"] = dialog
        shown["png"] = dialog.grab().save(str(tmp_path / "form.png"))
        return RuleActionDialog.Rejected
    monkeypatch.setattr(RuleActionDialog, "exec", look)
    w.select_unit("Lt Harris")
    w.unit_menu.described_action(w.unit_menu.rule_specs["fire_mission"])
    d = shown["dialog"]
    assert shown["png"] and d.help.isVisible() and d.help.wordWrap()
    assert "spotting round" in d.help.text() and d.help.text().endswith("(LnLT 18.2)")
    assert d.minimumWidth() >= 60 * d.fontMetrics().averageCharWidth() and d.width() >= d.minimumWidth()
    for key, box in d.inputs.items():
        label = d.labels[key]
        assert label.geometry().bottom() < box.geometry().top(), key            # above its field
        assert label.width() >= label.sizeHint().width(), key                   # not cut short
        assert box.width() >= 0.9 * d.help.width(), key                         # the form's width
    assert "optional" in d.labels["to"].text() and "(optional)" not in d.labels["to"].text()
    assert "optional" not in d.labels["hex"].text()


def test_the_attack_dialog_offers_fire_and_melee(window):
    w = window
    units = [u for u in w.game.units.values() if u.on_map]
    dialog = AttackDialog(w, units[0].id)
    assert [dialog.kind.itemData(i) for i in range(dialog.kind.count())] == ["fire", "ordnance", "melee", "close_assault", "overrun", "assault_fire"]


def test_the_unit_menu_moves_a_whole_stack(window):
    """6.0: with Move the Whole Stack ticked, the move tool's next move takes the hex's other
    units along (the move's `with`); after the move the tick goes."""
    w = window
    menu = w.unit_menu
    assert menu.act_stack.isVisible() and menu.how("Lt Harris") == {}
    menu.act_stack.setChecked(True)
    assert menu.how("Lt Harris") == {"with": ["1st Sqd"]}
    menu.move_done()
    assert not menu.act_stack.isChecked()


def test_the_pace_menu_offers_lock_n_loads_paces(window):
    """6.2, 6.3, 6.7: the Pace menu is the rule system's: normal, double time, low crawl, Hit & Run."""
    menu = window.unit_menu
    assert list(menu.pace_actions) == ["normal", "assault", "stealth", "double", "low_crawl", "hit_and_run"] and menu.pace_actions["normal"].isChecked()
    menu.pace_actions["low_crawl"].setChecked(True)
    assert menu.how("1st Sqd") == {"pace": "low_crawl"}
    menu.move_done()
    assert menu.pace_actions["normal"].isChecked()


def test_in_the_rally_phase_the_unit_menu_drops_a_weapon(qtbot, tmp_path, monkeypatch):
    """3.0 step 5: no side has the turn, yet the support-weapons entry is on for the selected
    unit (a free action) and only it; the form offers what the unit carries and who may take it."""
    path = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="gui")
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(path))
    assert w.game.phase == "rally" and w.game.active_side is None
    w.select_unit("1st Sqd")
    w.unit_menu.refresh()
    on = {a.text(): a.isEnabled() for a in w.unit_menu.rule_entries}
    assert on["Support weapons: pick up, drop, hand over, change mode…"] and not on["Spotting attempt…"]
    refused = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: refused.append(a[2]))
    seen = {}

    def fill(dialog):
        box = dialog.inputs["weapon"]
        seen["weapons"] = [box.itemData(i) for i in range(box.count())]
        dialog.inputs["do"].setCurrentIndex(dialog.inputs["do"].findData("drop"))
        return RuleActionDialog.Accepted
    monkeypatch.setattr(RuleActionDialog, "exec", fill)
    w.unit_menu.rule_entries[4].trigger()
    assert refused == [] and seen["weapons"] == ["1st Sqd LAW"]
    law = open_game(path).units["1st Sqd LAW"]
    assert law.status == "dropped" and open_game(path).active_side is None
    assert w.play.act_undo.text().startswith("&Undo")


def test_the_assault_pace_reaches_vehicles_and_double_time_does_not(window):
    """15.2: assault movement is for vehicles too; double time (6.2) only for leg units -- the
    Pace menu sends a pace only to the movement classes it is for (RuleSystem.paces)."""
    menu = window.unit_menu
    menu.pace_actions["assault"].setChecked(True)
    assert menu.how("Track 21") == {"pace": "assault"} and menu.how("1st Sqd") == {"pace": "assault"}
    menu.pace_actions["double"].setChecked(True)
    assert menu.how("Track 21") == {} and menu.how("1st Sqd") == {"pace": "double"}


def test_a_form_hints_a_hex_number_only_where_it_asks_for_a_hex(window):
    """The medic's patient is a unit, though its label says "in its hex"; the fire mission's
    aiming hex and second hex are hexes."""
    w = window
    actions = system_for(w.game.location).actions()
    heal = RuleActionDialog(w, "Medic: heal", "Doc", actions["heal"].fields_for(w.game, "us", "Doc")[1:])
    assert heal.inputs["patient"].placeholderText() == ""
    mission = RuleActionDialog(w, "Artillery fire mission", "Lt Harris",
                               actions["fire_mission"].fields_for(w.game, "us", "Lt Harris")[1:])
    assert mission.inputs["hex"].placeholderText() == mission.inputs["to"].placeholderText() == "e.g. 0603"


def test_what_a_unit_sees_is_drawn_without_a_batch_of_lines(window):
    """Issue 19 (seen at the table): V raised an internal error where the rule system judges one
    line at a time (LnLT, War Blog have no batch_clear)."""
    w = window
    unit = next(u for u in sorted(w.game.units.values(), key=lambda u: u.id) if u.on_map)
    w.select_unit(unit.id)
    w.sight_tools.act_area.setChecked(True)
    assert w.sight_tools.area_item is not None and w.sight_tools.area_item.scene() is w.scene
    hexes = w.sight_tools.visible_hexes(unit.hex)
    assert unit.hex in hexes and all(w.sight_tools.sight.line_of_sight(Eye(unit.hex), Eye(h)).clear for h in hexes)


def test_a_pass_that_hands_over_the_impulse_is_not_questioned(window, monkeypatch):
    """Operations (LnLT 4.0): a pass hands the impulse over (three in a row end the phase), so P
    does not ask about units yet to act; Next Phase still does."""
    from umpire.gui import leaving

    asked = []
    monkeypatch.setattr(leaving, "ask", lambda window, text: asked.append(text) or (False, False))
    w = window
    before = w.game.active_side
    w.play.act_pass.trigger()
    assert asked == [] and w.game.active_side != before
    w.play.act_next_phase.trigger()
    assert len(asked) == 1 and "could still act" in asked[0]


def test_leading_smoke_and_healing_are_offered_to_those_who_can(window):
    """Seen at the table: an M60 team's menu offered "Lead the hexes next to it", refused at
    once -- it is no leader (4.0).  Leading is a leader's, laying smoke a smoke-laying squad's
    (7.0), healing a medic's (11.3): the menu greys them out for the rest (ActionSpec.fits)."""
    from umpire.rules.lnlt.state import kind

    w = window
    g = w.game
    entries = {a.data(): a for a in w.unit_menu.rule_entries}
    mine = [u for u in g.units.values() if u.side == g.active_side and u.on_map and not u.carried_by]
    leader = next(u for u in mine if kind(g, u) == "leader")
    team = next(u for u in mine if kind(g, u) not in ("leader", "medic") and not g.unit_type(u).get("smoke"))
    w.select_unit(leader.id)
    assert entries["lead"].isEnabled()
    w.select_unit(team.id)
    assert not entries["lead"].isEnabled() and not entries["smoke"].isEnabled() and not entries["heal"].isEnabled()


def test_call_air_support_is_greyed_with_its_reason_then_called(qtbot, tmp_path, monkeypatch):
    """19.1: the entry stays in the menu: greyed for a squad (a leader or scout calls it) and, in
    a scenario without [[air]], for a leader (no air support this turn); with the scenario's F-4
    pair the leader's entry is enabled and its form runs the engine's air_support action."""
    text = SCENARIO.read_text(encoding="utf-8")
    for name, extra in (("plain", ""), ("air", '\n[[air]]\nid = "F-4 pair"\nside = "us"\nstrikes = 1\nstrength = 6\n')):
        (tmp_path / f"{name}.toml").write_text(text + extra, encoding="utf-8")
        path = new_game(load_scenario(tmp_path / f"{name}.toml"), tmp_path / f"{name}.umpire", seed="gui")
        perform(path, "next_phase", {}, system_for(path))
        g = open_game(path)
        if g.active_side == "nva":
            perform(path, "pass", {"side": "nva"}, system_for(path), side="nva")
        w = MainWindow(QSettings(str(tmp_path / f"{name}.ini"), QSettings.IniFormat))
        qtbot.addWidget(w)
        w.show()
        w.load_game(open_game(path))
        entry = w.unit_menu.system_entries.act_air
        w.select_unit("1st Sqd")
        w.unit_menu.refresh()
        assert entry.isVisible() and not entry.isEnabled()
        assert entry.toolTip() == "Not now: a leader or scout calls air support (19.1)"
        w.select_unit("Lt Harris")
        w.unit_menu.refresh()
        if name == "plain":
            assert not entry.isEnabled() and entry.toolTip() == "Not now: US 2nd Platoon has no air support to call this turn (19.1)"
            w.unit_menu.menu.popup(w.mapToGlobal(w.rect().center()))
            w.unit_menu.menu.setActiveAction(entry)
            w.unit_menu.menu.grab().save(str(tmp_path / "air-menu.png"))
            w.unit_menu.menu.hide()
            continue
        assert entry.isEnabled() and "19.1.1" in entry.toolTip()

        def fill(dialog):
            dialog.inputs["hex"].setText("0905")
            return RuleActionDialog.Accepted
        monkeypatch.setattr(RuleActionDialog, "exec", fill)
        entry.trigger()
        rows = [r for r in journal(path) if r.kind == "air_support"]
        assert len(rows) == 1 and rows[0].params["unit"] == "Lt Harris" and rows[0].params["hex"] == "0905"
        assert open_game(path).units["aircraft"].paused
