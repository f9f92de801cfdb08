"""The window's first minutes (issue 19): the map fitted once the window is shown, docks that
leave it the room and remember their layout, unit names whole, and Help's guide and shortcuts."""

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget

from umpire.core.store.db import open_game
from umpire.gui.helpmenu import GUIDE, ShortcutsDialog, shortcut_rows
from umpire.gui.layout import SIDE_DOCK_WIDTH
from umpire.gui.mainwindow import MainWindow
from windowkit import settings_in, window_on




@pytest.fixture()
def opened(qtbot, tmp_path, game_path):
    """As `umpire GAME` does it: the game loaded, then the window shown."""
    w = window_on(qtbot, tmp_path, game_path, show_first=False)
    qtbot.waitExposed(w)
    qtbot.wait(50)
    return w


def map_on_screen(w):
    return w.map_view.mapFromScene(w.scene.sceneRect()).boundingRect()


def test_the_map_is_fitted_to_the_view_after_show(opened):
    shown, port = map_on_screen(opened), opened.map_view.viewport().rect()
    assert shown.width() <= port.width() + 2 and shown.height() <= port.height() + 2
    assert max(shown.width() / port.width(), shown.height() / port.height()) > 0.95
    assert shown.width() > 400          # not the postage stamp of a view fitted while hidden


def test_the_map_stays_fitted_as_the_view_grows_until_the_umpire_zooms(opened, qtbot):
    before = opened.map_view.zoom()
    opened.resize(opened.width() + 300, opened.height() + 200)
    qtbot.waitUntil(lambda: opened.map_view.zoom() > before * 1.05)
    opened.map_view.zoom_by(1.25)
    zoomed = opened.map_view.zoom()
    opened.resize(opened.width() - 300, opened.height() - 200)
    qtbot.wait(50)
    assert opened.map_view.zoom() == pytest.approx(zoomed)


def test_the_docks_leave_the_map_the_room(opened):
    docks = [d for d in opened.findChildren(QDockWidget) if d.isVisible()]
    assert docks and all(d.width() <= SIDE_DOCK_WIDTH + 10 for d in docks), [(d.objectName(), d.width()) for d in docks]
    assert opened.map_view.width() > opened.width() / 2


def test_no_unit_name_is_cut_off(opened):
    tree = opened.tree
    metrics = tree.fontMetrics()
    assert len(tree._items) == len(opened.game.units)
    for key, item in tree._items.items():
        assert item.text(0) == key
        room = tree.visualRect(tree.indexFromItem(item, 0)).width()
        assert room >= metrics.horizontalAdvance(key), key
    assert sum(tree.columnWidth(c) for c in range(4)) <= tree.viewport().width()   # the type gives way


def test_the_dock_layout_is_remembered(qtbot, tmp_path, game_path):
    first = window_on(qtbot, tmp_path, game_path, show_first=False)
    qtbot.waitExposed(first)
    oob = first.findChild(QDockWidget, "Order of battle")
    first.resizeDocks([oob], [380], Qt.Horizontal)
    qtbot.waitUntil(lambda: abs(oob.width() - 380) <= 4)
    first.findChild(QDockWidget, "Journal").close()
    first.close()
    again = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(again)
    again.load_game(open_game(game_path))
    again.show()
    qtbot.waitExposed(again)
    assert abs(again.findChild(QDockWidget, "Order of battle").width() - 380) <= 4
    assert not again.findChild(QDockWidget, "Journal").isVisible()
    assert (tmp_path / "settings.ini").is_file()


def test_a_layout_an_earlier_umpire_saved_is_not_restored(qtbot, tmp_path):
    old = settings_in(tmp_path)
    w = MainWindow(old)
    qtbot.addWidget(w)
    old.setValue("window_state", w.saveState(1))      # version 1: docks held at 330 px
    fresh = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(fresh)
    from umpire.gui.layout import restore_layout
    assert not restore_layout(fresh, settings_in(tmp_path))


def test_help_lists_every_shortcut_of_the_menus(opened):
    rows = shortcut_rows(opened)
    assert ("Ctrl+0", "Fit Map", "View") in rows
    keys = {k for k, _, _ in rows}
    for action in (opened.play.act_pass, opened.sight_tools.act_los, opened.act_spot, opened.help.act_guide):
        assert action.shortcut().toString(QKeySequence.NativeText) in keys, action.text()
    extra = QAction("Count the Dead", opened, shortcut="Ctrl+Alt+K")     # a new action shows up by itself
    opened.menuBar().actions()[0].menu().addAction(extra)
    assert ("Ctrl+Alt+K", "Count the Dead", "File") in shortcut_rows(opened)
    dialog = ShortcutsDialog(opened)
    texts = {dialog.table.item(r, 1).text() for r in range(dialog.table.rowCount())}
    assert {"Fit Map", "Count the Dead", "User Guide"} <= texts


def test_help_user_guide_opens_the_docs(opened):
    assert opened.help.act_guide in opened.help.menu.actions()
    assert GUIDE.is_file()
    opened.help.act_guide.trigger()
    text = opened.help.guide.browser.toPlainText()
    assert "User Guide" in text and "MechWar 4" in text
    assert opened.help.guide.browser.source().toLocalFile() == str(GUIDE)


def test_the_guides_links_lead_to_its_pages(opened):
    opened.help.act_guide.trigger()
    browser = opened.help.guide.browser
    browser.setSource(QUrl("mechwar4.md"))           # as a click on the contents page's link does
    assert browser.toPlainText().startswith("MechWar 4 in Umpire")
    browser.backward()
    assert browser.source().toLocalFile() == str(GUIDE)


def test_opening_a_scenario_again_in_the_window_offers_its_game(qtbot, tmp_path, monkeypatch, sample_path):
    from umpire.gamestart import CARRY_ON, NEW_GAME
    from umpire.gui import mainwindow

    monkeypatch.chdir(tmp_path)
    w = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(w)
    asked = []
    monkeypatch.setattr(mainwindow, "ask_carry_on", lambda old, parent: asked.append(old) or CARRY_ON)
    assert w.open_path(str(sample_path)) and asked == []            # the first time: nothing to ask
    first = w.game.location
    assert w.open_path(str(sample_path)) and asked == [tmp_path / "kaltenbach-gap.umpire"]
    assert w.game.location == first and len(list(tmp_path.glob("*.umpire"))) == 1
    monkeypatch.setattr(mainwindow, "ask_carry_on", lambda old, parent: NEW_GAME)
    assert w.open_path(str(sample_path)) and w.game.location.endswith("kaltenbach-gap-2.umpire")
    monkeypatch.setattr(mainwindow, "ask_carry_on", lambda old, parent: None)
    assert not w.open_path(str(sample_path)) and len(list(tmp_path.glob("*.umpire"))) == 2


def test_open_recent_keeps_whole_paths_and_a_new_game_starts_with_a_clean_status_bar(qtbot, tmp_path, game_path,
                                                                                      monkeypatch):
    """`umpire kaltenbach-gap.umpire` put the name as typed in File → Open Recent: from another
    folder it was no file.  And the hex under the cursor in the last game stayed in the status
    bar of the next."""
    monkeypatch.chdir(game_path.parent)
    w = MainWindow(settings_in(tmp_path))
    qtbot.addWidget(w)
    w.remember(game_path.name)                             # as typed, in the game's folder
    assert w._recent()[0] == str(game_path.resolve())
    w.load_game(open_game(str(game_path)))
    w.hex_label.setText("1006 Wooden building | Cpt Vo")
    w.statusBar().showMessage("something of the last game")
    w.load_game(open_game(str(game_path)))
    assert w.hex_label.text() == "" and w.statusBar().currentMessage() == ""


def test_the_line_of_sight_panel_says_what_it_is_for_in_words_that_wrap(opened):
    text = opened.sight_tools.panel.toPlainText()
    assert text.startswith("Drag with the Line of Sight tool (L)") and text.endswith("appear here.")
    assert opened.sight_tools.panel.lineWrapMode() != opened.sight_tools.panel.LineWrapMode.NoWrap


def test_the_order_of_battle_shows_names_whole_and_a_type_only_where_it_reads(opened):
    """The name column was sized by the formation headings that span the row and a Shaken
    strength by itself: the type read "Battali…" or "…".  Names show whole; the type column
    shows where it has room to be read, steps aside in a narrow dock (the tooltip and the Unit
    panel give it) and comes back when the dock is widened."""
    from umpire.gui.docks import OrderOfBattleTree

    tree = opened.tree
    names = [tree._items[k].text(0) for k in tree._items]
    metrics = tree.fontMetrics()
    assert tree.columnWidth(0) >= max(metrics.horizontalAdvance(n) for n in names)   # names whole
    assert tree.isColumnHidden(3) or tree.columnWidth(3) >= OrderOfBattleTree.TYPE_LEAST
    item = next(iter(tree._items.values()))
    assert item.toolTip(3)                                     # the type, whatever the width
    item.setText(2, "2-4-6 Shaken Wounded Pinned")             # a long strength gives way
    tree._fit_columns()
    assert tree.columnWidth(2) <= OrderOfBattleTree.STRENGTH_SHARE * tree.viewport().width() + 1
    dock = tree.parentWidget()
    opened.resizeDocks([dock], [640], Qt.Horizontal)           # a wider dock: the type comes back
    QApplication.processEvents()
    assert not tree.isColumnHidden(3) and tree.columnWidth(3) >= OrderOfBattleTree.TYPE_LEAST
