"""The main window, offscreen: opening a game, the order of battle, selection, the View selector."""

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QDockWidget

from umpire.core.knowledge import UMPIRE
from umpire.core.store.db import open_game
from umpire.gui.mainwindow import MainWindow


@pytest.fixture()
def window(qtbot, tmp_path, game_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(game_path))
    return w


def _tree_keys(tree):
    return set(tree._items)


def test_opens_with_every_unit_in_the_tree(window):
    assert _tree_keys(window.tree) == set(window.game.units)
    assert window.viewer_box.count() == 3
    assert "Kaltenbach Gap" in window.windowTitle()
    assert "sample tables in use" in window.sample_label.text() and "Observation Range Table" in window.sample_label.toolTip()


def test_tree_selection_selects_on_the_map(window, qtbot):
    item = window.tree._items["A2"]
    window.tree.setCurrentItem(item)
    item.setSelected(True)
    assert window.selected == "A2"
    stack = window.scene.stacks[window.game.units["A2"].hex]
    assert stack.marks[stack.top].key == "A2" and stack.selected_key == "A2"
    assert "M1 Abrams" in window.inspector.toPlainText()


def test_map_click_selects_in_the_tree(window, qtbot):
    h = window.game.units["TOW 1"].hex
    window.map_view.centerOn(QPointF(*window.scene.layout.center(h)))
    window.map_view.resetTransform()
    window.map_view.centerOn(QPointF(*window.scene.layout.center(h)))
    pos = window.map_view.mapFromScene(QPointF(*window.scene.layout.center(h)))
    qtbot.mouseClick(window.map_view.viewport(), Qt.LeftButton, pos=pos)
    assert window.selected == "TOW 1"
    assert [i.data(0, Qt.UserRole) for i in window.tree.selectedItems()] == ["TOW 1"]


def test_clicking_a_stack_again_cycles_it(window, qtbot):
    stack_hex = window.game.units["B Dragons"].hex       # the sample stacks B3 Inf with the Dragons
    assert len(window.scene.stacks[stack_hex].marks) == 2
    window.map_view.resetTransform()
    window.map_view.centerOn(QPointF(*window.scene.layout.center(stack_hex)))
    pos = window.map_view.mapFromScene(QPointF(*window.scene.layout.center(stack_hex)))
    qtbot.mouseClick(window.map_view.viewport(), Qt.LeftButton, pos=pos)
    first = window.selected
    qtbot.mouseClick(window.map_view.viewport(), Qt.LeftButton, pos=pos)
    second = window.selected
    assert {first, second} == {"B Dragons", "B3 Inf"}


def test_a_stack_names_its_counters_on_hover(window):
    tip = window.scene.stacks[window.game.units["B Dragons"].hex].toolTip()
    assert "B Dragons" in tip and "B3 Inf" in tip


def test_the_hex_under_the_cursor(window):
    h = window.game.units["TOW 1"].hex
    assert window.scene.hex_at(QPointF(*window.scene.layout.center(h))) == h
    assert window.scene.hex_at(QPointF(-500, -500)) is None          # off the map


def test_view_selector_shows_only_own_units(window):
    window.viewer_box.setCurrentIndex(1)           # NATO
    assert window.viewer == "nato"
    assert {m.side for m in window.scene.view.units} == {"nato"}
    assert _tree_keys(window.tree) == {u.id for u in window.game.units_of("nato")}
    assert "viewing as US Task Force" in window.windowTitle()
    window.viewer_box.setCurrentIndex(0)
    assert window.viewer == UMPIRE and {m.side for m in window.scene.view.units} == {"nato", "warpac"}


def test_switching_side_drops_an_enemy_selection(window):
    window.select_unit("T1")
    window.viewer_box.setCurrentIndex(1)
    assert window.selected is None
    assert "T1" not in window.inspector.toPlainText()


def test_status_bar_names_the_hex(window, qtbot):
    h = window.game.map.grid.parse("1206")
    window._hovered(h)
    text = window.hex_label.text()
    assert text.startswith("1206") and "level 3" in text and "2-32 HQ" in text


def test_zoom_actions(window):
    before = window.map_view.zoom()
    window.act_zoom_in.trigger()
    assert window.map_view.zoom() > before
    window.act_zoom_out.trigger()
    window.act_zoom_out.trigger()
    assert window.map_view.zoom() < before


def test_save_as_switches_to_the_copy(window, tmp_path):
    target = str(tmp_path / "copy.umpire")
    assert window.save_as(target)
    assert window.game.location == target and target in window.windowTitle()
    assert window._recent()[0] == target


def test_bad_file_gives_a_dialog_not_a_crash(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr("umpire.gui.mainwindow.QMessageBox.critical",
                        lambda parent, title, text: shown.append(text))
    bad = tmp_path / "bad.umpire"
    bad.write_text("garbage")
    assert not window.open_path(str(bad))
    assert shown and "not an SQLite database" in shown[0]
    assert window.game is not None          # the open game is untouched


def test_a_scenario_with_several_problems_lists_them_in_its_dialog(window, tmp_path, monkeypatch, sample_text):
    shown = []
    monkeypatch.setattr("umpire.gui.mainwindow.QMessageBox.critical",
                        lambda parent, title, text: shown.append(text))
    bad = tmp_path / "bad.toml"
    bad.write_text(sample_text.replace('type = "us_m1"', 'type = "us_m1x"', 1).replace("turns = 12", "turns = 0"))
    assert not window.open_path(str(bad))
    lines = shown[0].splitlines()
    assert len(lines) == 2 and "turns must be a whole number" in lines[0] and "'us_m1x'" in lines[1], shown
    assert not (tmp_path / "bad.umpire").exists()


def test_screenshot_looks_like_a_map(window, tmp_path):
    window.resize(1200, 800)
    window.map_view.fit_map()
    img = window.grab().toImage()
    assert img.width() >= 1000
    # the map area is mostly terrain colours, not the empty grey of a blank view
    colours = {img.pixelColor(x, y).name() for x in range(400, 900, 25) for y in range(150, 700, 25)}
    assert len(colours) > 5


def test_clicking_an_empty_hex_describes_it(window, qtbot):
    h = window.game.map.grid.parse("2019")          # the bridge's hex: a stream and a road
    window._hex_clicked(h)
    text = window.inspector.toPlainText()
    assert "Hex 2019" in text and "bridge" in text and "stream" in text
    assert window.selected is None


def test_escape_clears_the_selection(window, qtbot):
    window.select_unit("A1")
    qtbot.keyClick(window, Qt.Key_Escape)
    assert window.selected is None and window.tree.selectedItems() == []


def test_enemy_secret_minefield_not_described_to_the_other_side(window):
    h = window.game.map.grid.parse("1414")
    window.viewer_box.setCurrentIndex(2)            # the Soviet side
    window._hex_clicked(h)
    assert "Minefield" not in window.inspector.toPlainText()
    window.viewer_box.setCurrentIndex(1)            # NATO, the owner
    window._hex_clicked(h)
    assert "Minefield (preventative), nato — secret" in window.inspector.toPlainText()


@pytest.fixture()
def spotted_window(qtbot, tmp_path, sample_scenario):
    from umpire.actions import new_game
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    w.load_game(open_game(new_game(sample_scenario, tmp_path / "g.umpire")))
    return w


def test_los_tool_drag_shows_line_and_blocker(spotted_window):
    w = spotted_window
    p = w.game.map.grid.parse
    w.sight_tools.act_los.setChecked(True)
    assert w.map_view.los_tool
    w.map_view.los_dragged.emit(p("1206"), p("1626"), True)
    assert w.sight_tools.last is not None and not w.sight_tools.last.clear
    assert w.sight_tools.los_item is not None and w.sight_tools.los_item.scene() is w.scene
    assert "BLOCKED" in w.statusBar().currentMessage() and "1522" in w.statusBar().currentMessage()
    assert "MW4 10.44" in w.sight_tools.panel.toPlainText()
    w.sight_tools.act_los.setChecked(False)
    assert w.sight_tools.los_item is None and not w.map_view.los_tool


def test_visible_area_only_for_the_viewers_own_units(spotted_window):
    w = spotted_window
    w.sight_tools.act_area.setChecked(True)
    w.select_unit("A3")
    assert w.sight_tools.area_item is not None
    w.viewer_box.setCurrentIndex(2)              # the Soviet side cannot ask what A3 sees
    assert w.sight_tools.area_item is None
    w.select_unit("T1")
    assert w.sight_tools.area_item is not None
    visible = w.sight_tools.visible_hexes(w.game.units["T1"].hex)
    assert w.game.units["T1"].hex in visible and len(visible) > 10


def test_side_view_lists_contacts_not_enemy_units(spotted_window):
    w = spotted_window
    w.viewer_box.setCurrentIndex(1)              # NATO
    keys = set(w.tree._items)
    assert "contact:C1" in keys and "Recon 1" not in keys
    w.select_unit("contact:C1")
    text = w.inspector.toPlainText()
    assert "Contact C1" in text and "BRDM-2 reconnaissance" in text and "Recon 1" not in text


def test_update_spotting_action(spotted_window):
    import sqlite3
    w = spotted_window
    w.viewer_box.setCurrentIndex(1)
    h = w.game.map.grid.parse("2214")
    with sqlite3.connect(w.game.location) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'T1'", (h.q, h.r))
    w.act_spot.trigger()
    assert w.viewer == "nato"                    # the viewer is kept
    assert len([k for k in w.tree._items if k.startswith("contact:")]) == 2
    assert "new" in w.statusBar().currentMessage()


def _drag(w, *numbers, finish=True):
    p = w.game.map.grid.parse
    path = [p(n) for n in numbers]
    for i in range(1, len(path) + 1):
        w.map_view.move_dragged.emit(path[:i], False)
    if finish:
        w.map_view.move_dragged.emit(path, True)


def test_move_tool_drag_moves_and_undo_redo(spotted_window, monkeypatch):
    w = spotted_window
    w.play.act_move.setChecked(True)
    assert w.map_view.move_tool and not w.map_view.los_tool
    _drag(w, "1928", "1927", "1926", finish=False)
    assert w.play.path_item is not None and "T1: 2 of 11 MP" in w.statusBar().currentMessage()
    w.map_view.move_dragged.emit([w.game.map.grid.parse(n) for n in ("1928", "1927", "1926")], True)
    assert w.game.map.number(w.game.units["T1"].hex) == "1926"
    assert "T1 moved to 1926" in w.play.journal_view.toPlainText()
    w.play.act_undo.trigger()
    assert w.game.map.number(w.game.units["T1"].hex) == "1928"
    w.play.act_redo.trigger()
    assert w.game.map.number(w.game.units["T1"].hex) == "1926"


def test_illegal_drag_is_refused_with_its_reason(spotted_window, monkeypatch):
    w = spotted_window
    shown = []
    monkeypatch.setattr("umpire.gui.play.QMessageBox.warning", lambda parent, title, text: shown.append(text))
    w.play.act_move.setChecked(True)
    _drag(w, "1928", "1927", "1926", "1925", "1924", "1923", "1922", "1921", "1920", "1919", "1918", "1917",
          "1916", finish=False)
    assert "MW4 8.24" in w.statusBar().currentMessage()
    w.map_view.move_dragged.emit([w.game.map.grid.parse(n) for n in ("1928", "1927", "1926", "1925", "1924",
                                  "1923", "1922", "1921", "1920", "1919", "1918", "1917", "1916")], True)
    assert shown and "8.24" in shown[0]
    assert w.game.map.number(w.game.units["T1"].hex) == "1928"


def test_a_side_cannot_drag_the_enemy(spotted_window):
    w = spotted_window
    w.viewer_box.setCurrentIndex(1)          # NATO: the Soviet C1 contact is not its to move
    assert w.play.mover_at(w.game.map.grid.parse("2224")) is None
    assert w.play.mover_at(w.game.units["A1"].hex) == "A1"


def test_end_turn_from_the_menu(spotted_window):
    w = spotted_window
    w.play.act_end_turn.trigger()
    assert w.game.turn == 2 and "turn 2/12" in w.windowTitle()


def test_phase_bar_pass_and_next_phase(spotted_window):
    w = spotted_window
    assert "Direct Fire/Movement phase — Soviet" in w.play.phase_label.text()
    w.play.act_pass.trigger()
    assert "US Task Force 2-32 to act" in w.play.phase_label.text()
    w.play.act_pass.trigger()
    assert "Panic and Suppression Removal" in w.play.phase_label.text() and not w.play.act_pass.isEnabled()
    w.play.act_next_phase.trigger()
    assert "Indirect Fire phase" in w.play.phase_label.text()
    w.play.act_undo.trigger()
    assert "Panic and Suppression Removal" in w.play.phase_label.text()


def test_orders_panel_shows_only_the_viewers_companies_and_gives_orders(spotted_window):
    w = spotted_window
    w.viewer_box.setCurrentIndex(1)                      # NATO
    companies = [cid for _, cid, _, _ in w.orders._rows]
    assert companies == ["A/2-32", "B/2-32"]
    combo = w.orders._rows[0][2]
    combo.setCurrentIndex(combo.findData("overwatch"))
    w.orders.give()
    assert w.game.commands[(1, "A/2-32")] == ("overwatch", None)
    w.viewer_box.setCurrentIndex(2)                      # the Soviets see their own companies only
    assert "A/2-32" not in [cid for _, cid, _, _ in w.orders._rows]
    assert w.orders.side_box.isHidden()                  # a side's view: its own side goes unsaid
    w.viewer_box.setCurrentIndex(0)
    box = w.orders.side_box
    assert not box.isHidden() and [box.itemText(i) for i in range(box.count())] == [s.name for s in w.game.sides]
    seen = {}
    for i in range(box.count()):                          # the umpire picks whose orders to see
        box.setCurrentIndex(i)
        seen[box.itemData(i)] = [cid for side, cid, _, _ in w.orders._rows]
        assert {side for side, _, _, _ in w.orders._rows} == {box.itemData(i)}
    assert sum(len(v) for v in seen.values()) == len(w.game.companies) == 6
    assert seen["nato"] == ["A/2-32", "B/2-32"]
    table = w.orders.table
    assert table.horizontalHeaderItem(0).text() == "Company"
    name = table.item(0, 0)
    assert not (name.flags() & Qt.ItemIsEditable)        # nobody types over a company's name
    # in the dock's width every column shows whole: the command no longer cut off behind names
    w.findChild(QDockWidget, "Orders").raise_()
    table.resize(290, 400)
    QApplication.processEvents()
    assert table.horizontalHeader().length() <= table.viewport().width()


def test_drag_past_watchers_asks_to_pause(spotted_window, monkeypatch):
    w = spotted_window
    asked = []

    def fake_exec(box):
        asked.append(box.text())
        box._chosen = box.buttons()[0]       # "Pause in ..."
        return 0

    monkeypatch.setattr("umpire.gui.play.QMessageBox.exec", fake_exec)
    monkeypatch.setattr("umpire.gui.play.QMessageBox.clickedButton", lambda box: box._chosen)
    path = [w.game.map.grid.parse(f"22{r:02d}") for r in range(24, 12, -1)]
    w.play.act_move.setChecked(True)
    w.map_view.move_dragged.emit(path, True)
    assert asked and "may fire" in asked[0]
    assert w.game.units["Recon 1"].paused and w.game.map.number(w.game.units["Recon 1"].hex) == "2216"
    assert "paused for opportunity fire" in w.play.phase_label.text() and w.play.act_halt.isEnabled()
    w.play.act_halt.trigger()
    assert not w.game.units["Recon 1"].paused


def test_reinforcement_enters_by_dragging_from_its_entry_hex(spotted_window):
    import sqlite3
    w = spotted_window
    with sqlite3.connect(w.game.location) as conn:
        conn.execute("UPDATE game_info SET turn = 4")
    w.reload_game()
    w.select_unit("T4")                                  # chosen in the order of battle (off map)
    assert w.play.mover_at(w.game.map.grid.parse("3030")) == "T4"
    w.play.act_move.setChecked(True)
    w.map_view.move_dragged.emit([w.game.map.grid.parse(n) for n in ("3030", "3029")], True)
    t4 = w.game.units["T4"]
    # the road entry hex 1 MP (MW4 8.1) and the first of the column's 0.5 queuing off the map (20.62,
    # docs/mechwar4.md's reading), then a road hex 1 MP
    assert t4.on_map and w.game.map.number(t4.hex) == "3029" and t4.mp_spent == 2.5


def test_journal_dock_filters_by_turn_and_hides_the_enemy(spotted_window):
    w = spotted_window
    w.play.run("move", {"unit": "T1", "path": ["1928", "1927"]})
    w.play.run("move", {"unit": "A1", "path": ["1109", "1110"]})
    text = w.play.journal_view.toPlainText()
    assert "T1 moved" in text and "A1 moved" in text
    w.viewer_box.setCurrentIndex(1)                      # NATO reads its own moves only
    text = w.play.journal_view.toPlainText()
    assert "A1 moves 1109(0) 1110(1)" in text
    for secret in ("T1", "Soviet", "in sight of"):
        assert secret not in text, secret
    # its own sightings it reads (issue 19), the enemy's never
    assert "US Task Force 2-32 spots a new contact: T-72 tank platoon in 1927" in text
    assert all(line.startswith("US Task Force") for line in text.splitlines() if " spots " in line)
    w.viewer_box.setCurrentIndex(0)
    w.play.act_end_turn.trigger()
    w.play.journal_turn.setCurrentIndex(w.play.journal_turn.findData(2))
    assert "T1 moved" not in w.play.journal_view.toPlainText()


def test_a_sides_path_preview_reveals_no_enemy(spotted_window):
    """In the Soviets' view a path preview knows no NATO unit and no NATO secret minefield: it
    neither stops at a mined hex nor names the units that could fire."""
    w = spotted_window
    w.viewer_box.setCurrentIndex(2)                      # the Soviets' view
    p = w.game.map.grid.parse
    g = w.play.preview_game()
    assert all(u.side == "warpac" for u in g.units.values())
    assert not any(o.kind == "minefield" for o in g.map.overlays)
    w.play.act_move.setChecked(True)
    path = [p(f"22{r:02d}") for r in range(24, 12, -1)]
    for i in range(2, len(path) + 1):
        w.map_view.move_dragged.emit(path[:i], False)
    msg = w.statusBar().currentMessage()
    assert "Recon 1:" in msg and "A2" not in msg and "TOW" not in msg


def test_messages_in_a_side_view_carry_no_enemy_knowledge(spotted_window):
    w = spotted_window
    w.viewer_box.setCurrentIndex(2)                      # the Soviets move T1 in their own view
    w.play.run("move", {"unit": "T1", "path": ["1928", "1927"]})
    msg = w.statusBar().currentMessage()
    assert msg.startswith("T1 moved to 1927") and "US Task Force" not in msg and "Spotting" not in msg
    assert "Move T1" in w.play.act_undo.text()
    import sqlite3
    h = w.game.map.grid.parse("2214")                    # something for the pass to see anew
    with sqlite3.connect(w.game.location) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'T2'", (h.q, h.r))
    w.act_spot.trigger()
    msg = w.statusBar().currentMessage()
    assert "Soviet" in msg and "US Task Force" not in msg


def test_update_spotting_with_nothing_changed_journals_nothing(spotted_window):
    from umpire.core.engine import journal, state_digest

    w = spotted_window
    w.act_spot.trigger()        # Recon 1, seen at the opening, is now seen at any range (MW4 5.22)
    assert "nothing has changed" not in w.statusBar().currentMessage()
    before, rows, undo = state_digest(w.game.location), len(journal(w.game.location)), w.play.stack.count()
    w.act_spot.trigger()                                # again, with nothing moved
    assert "nothing has changed since the last pass" in w.statusBar().currentMessage()
    assert len(journal(w.game.location)) == rows and w.play.stack.count() == undo
    assert state_digest(w.game.location) == before


def test_undo_works_after_reopening_the_file(qtbot, tmp_path, sample_scenario):
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    path = new_game(sample_scenario, tmp_path / "r.umpire")
    perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(path))
    w = MainWindow(QSettings(str(tmp_path / "r.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    w.load_game(open_game(path))
    assert w.play.act_undo.isEnabled() and "Move T1" in w.play.act_undo.text()
    w.play.act_undo.trigger()
    assert w.game.map.number(w.game.units["T1"].hex) == "1928"
    assert not w.play.act_undo.isEnabled()          # the opening pass is part of the set-up


def test_only_one_drag_tool_is_lit(spotted_window):
    w = spotted_window
    w.play.act_move.setChecked(True)
    w.sight_tools.act_los.setChecked(True)
    assert w.map_view.los_tool and not w.map_view.move_tool and not w.play.act_move.isChecked()
    w.play.act_move.setChecked(True)
    assert w.map_view.move_tool and not w.map_view.los_tool and not w.sight_tools.act_los.isChecked()


def test_a_line_of_sight_keeps_the_unit_panel_and_outlives_the_status_bar(spotted_window, qtbot):
    """Issue 19: the verdict goes to its own panel (tabbed with Unit), so the selected unit's
    details stay, and it is still there after the status bar shows other messages."""
    w = spotted_window
    p = w.game.map.grid.parse
    w.select_unit("A3")
    unit_text = w.inspector.toPlainText()
    assert "A3" in unit_text
    w.sight_tools.act_los.setChecked(True)
    w.map_view.los_dragged.emit(p("1206"), p("1626"), True)
    assert w.inspector.toPlainText() == unit_text
    verdict = w.sight_tools.panel.toPlainText()
    assert "MW4 10.44" in verdict
    los_dock = w.findChild(QDockWidget, "Line of Sight")
    assert not los_dock.visibleRegion().isEmpty()            # brought in front of the Unit tab
    w.statusBar().showMessage("something else")
    assert w.sight_tools.panel.toPlainText() == verdict
    w.load_game(open_game(w.game.location))                  # another game: no verdict of the last
    assert "MW4 10.44" not in w.sight_tools.panel.toPlainText()
    assert w.sight_tools.panel.toPlainText().startswith("Drag with the Line of Sight tool")


def test_markers_say_what_they_are_on_hover_and_in_the_status_bar(spotted_window):
    """Issue 19: a map marker has a tooltip, and the status bar names the markers of the hex under
    the cursor -- as the viewer knows them (NATO's secret minefield is not the Soviets' to see)."""
    from umpire.render.markers import OverlayItem

    w = spotted_window
    mine = next(o for o in w.game.map.overlays if o.kind == "minefield" and o.secret)
    label = w.game.rules.overlays["minefield"]["label"]
    w.map_view.hex_hovered.emit(mine.hex)
    assert f"markers: {label}" in w.hex_label.text()
    item = next(i for i in w.scene.items() if isinstance(i, OverlayItem))
    x, y = w.scene.layout.center(mine.hex)
    s = w.scene.layout.size
    foot = QPointF(x, y + s * 0.6)                          # the marker sits at the hex's foot
    assert item.tip_at(foot).startswith(label) and "secret" in item.tip_at(foot)
    assert item.tip_at(QPointF(x, y - s * 0.6)) == ""        # the hex's top: no marker
    w.viewer_box.setCurrentIndex(2)                          # the Soviets
    w.map_view.hex_hovered.emit(mine.hex)
    assert "Minefield" not in w.hex_label.text()


def test_a_long_list_of_problems_is_cut_short_in_the_dialog():
    from umpire.core.errors import ScenarioError, ScenarioProblems
    from umpire.gui.mainwindow import MAX_PROBLEMS_SHOWN, problems_text

    e = ScenarioProblems([ScenarioError(f"problem {i}", file="x.toml", line=i) for i in range(1, 21)])
    lines = problems_text(e).splitlines()
    assert len(lines) == MAX_PROBLEMS_SHOWN + 1 and lines[0] == "x.toml:1: problem 1"
    assert f"{20 - MAX_PROBLEMS_SHOWN} more" in lines[-1] and "umpire validate" in lines[-1]


def test_the_legend_says_what_the_viewers_map_shows_and_no_more(spotted_window):
    """Issue 19: a Legend panel, the reports' map key in the window, built from the same view as
    the map: NATO's secret minefield is in NATO's legend and not in the Soviets'."""
    w = spotted_window
    label = w.game.rules.overlays["minefield"]["label"]
    assert label in w.legend.toPlainText()                  # the umpire's legend
    w.viewer_box.setCurrentIndex(1)                         # NATO: its own minefield
    nato = w.legend.toPlainText()
    assert label in nato and "C1" in nato                   # and its contacts' labels explained
    w.viewer_box.setCurrentIndex(2)                         # the Soviets know of no minefield
    assert label not in w.legend.toPlainText()
    w.close_game()
    assert w.legend.toPlainText() == ""


def test_what_a_unit_sees_is_drawn_once_and_never_in_the_other_sides_view(spotted_window):
    """Issue 19 (seen at the table): each action's reload left the visible area of the selected
    unit on the map and drew another over it, and switching to the Soviets' view kept NATO's A3
    area on their map -- where A3 stands and what it covers."""
    from PySide6.QtWidgets import QGraphicsPathItem

    w = spotted_window
    w.select_unit("A3")
    w.sight_tools.act_area.setChecked(True)

    def areas():
        return [i for i in w.scene.items() if isinstance(i, QGraphicsPathItem) and i.zValue() == 3]
    assert len(areas()) == 1
    w.act_spot.trigger()
    w.act_spot.trigger()
    assert len(areas()) == 1
    w.viewer_box.setCurrentIndex(2)                          # the Soviets
    assert areas() == [] and w.sight_tools.area_item is None
    w.viewer_box.setCurrentIndex(1)                          # NATO: its own A3 again, if still selected
    assert len(areas()) <= 1
    w.sight_tools.act_area.setChecked(False)
    assert areas() == []


def test_a_stack_under_the_marker_layer_still_takes_the_mouse(spotted_window):
    """The markers' layer covers the whole map; its shape is its marker boxes only, so hovering a
    stack reaches the stack (its spreading out), not the layer."""
    from umpire.gui.mapscene import ClickableStack
    from umpire.render.markers import OverlayItem

    w = spotted_window
    layer = next(i for i in w.scene.items() if isinstance(i, OverlayItem))
    stack = next(i for i in w.scene.items() if isinstance(i, ClickableStack) and len(i.marks) > 1)
    centre = stack.counter_rect.center()
    assert not layer.shape().contains(centre)
    hovered = [i for i in w.scene.items(centre) if i.acceptHoverEvents()]
    assert hovered and hovered[0] is stack
