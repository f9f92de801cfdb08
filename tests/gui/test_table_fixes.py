"""The window's rough edges a tester found at the table (game night report, findings 4, 5, 7, 11,
12, 13): each fixed here is checked in the window, offscreen, with no dialog left open."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from umpire.core.store.db import open_game

from windowkit import window_on


# ---------------------------------------------------------------- finding 11: saving
def test_ctrl_s_says_everything_is_saved(qtbot, tmp_path, game_path):
    w = window_on(qtbot, tmp_path, game_path)
    assert QKeySequence(QKeySequence.Save) in w.act_save.shortcuts()
    w.statusBar().clearMessage()
    w.act_save.trigger()
    said = w.statusBar().currentMessage()
    assert "saved as it happens" in said and Path(game_path).name in said


def test_save_as_onto_its_own_file_is_refused(qtbot, tmp_path, game_path, monkeypatch):
    w = window_on(qtbot, tmp_path, game_path)
    said = []
    monkeypatch.setattr("umpire.gui.mainwindow.QMessageBox.critical", lambda parent, title, text: said.append(text))
    before = Path(game_path).read_bytes()
    assert not w.save_as(str(game_path))
    assert len(said) == 1 and "\n" not in said[0] and "own file" in said[0] and str(game_path) in said[0]
    assert w.game.location == str(game_path) and Path(game_path).read_bytes() == before
    assert open_game(str(game_path)).turn == w.game.turn            # the game is whole, still open


# ---------------------------------------------------------------- finding 4: past turns
def _to_turn_two(path):
    """NATO plots US DS on 2215 in turn 1 (MW4 7.0), and the game goes on into turn 2."""
    from umpire.actions import system_for
    from umpire.core.engine import perform
    system = system_for(str(path))
    perform(str(path), "plot", {"side": "nato", "turn": 1, "missions": [
        {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "loose"}]}, system)
    while open_game(str(path)).turn == 1:
        g = open_game(str(path))
        perform(str(path), "pass" if g.active_side else "next_phase", {}, system)


def test_a_past_turns_reports_from_the_window_are_the_commands(qtbot, tmp_path, game_path, monkeypatch):
    from reportkit import images_of, text_of
    from umpire.cli import main
    _to_turn_two(game_path)
    w = window_on(qtbot, tmp_path, game_path)
    assert w.game.turn == 2
    asked = []
    monkeypatch.setattr("umpire.gui.reportexport.QInputDialog.getInt",
                        lambda *a: asked.append(a) or (1, True))     # the umpire picks turn 1
    monkeypatch.setattr("umpire.gui.reportexport.QFileDialog.getExistingDirectory",
                        lambda *a: str(tmp_path / "gui"))
    from umpire.gui.reportexport import export_reports
    written = export_reports(w, ask_to_open=False)
    assert asked and asked[-1][3:] == (2, 1, 2)           # offered: the current turn, from 1 to 2
    assert sorted(p.name for p in written) == ["turn01-nato.pdf", "turn01-umpire.pdf", "turn01-warpac.pdf"]
    assert main(["report", str(game_path), "--all-sides", "--turn", "1", "--out", str(tmp_path / "cli")]) == 0
    for p in written:
        cli = tmp_path / "cli" / p.name
        assert text_of(p) == text_of(cli) and images_of(p) == images_of(cli)
    assert "Turn 1" in text_of(written[0]) or "turn 1" in text_of(written[0])


def test_the_fire_plots_box_shows_past_turns_and_follows_undo(qtbot, tmp_path, game_path):
    _to_turn_two(game_path)
    w = window_on(qtbot, tmp_path, game_path)
    panel = w.system_panels["Fire Plots"]
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("nato"))
    assert panel.turn_box.value() == 2 and panel.turn_box.minimum() == 1
    assert panel.table.rowCount() == 0 and panel.add_button.isEnabled()
    panel.turn_box.setValue(1)                               # turn 1's plot, as NATO knows it
    assert panel.table.rowCount() == 1 and panel.table.item(0, 1).text() == "2215"
    assert "read-only" in panel.title.text()
    assert not any(b.isEnabled() for b in (panel.add_button, panel.remove_button, panel.target, panel.support))
    panel.turn_box.setValue(2)
    w.play.act_undo.trigger()                                # back over the change of turn
    assert w.game.turn == 1 and panel.turn_box.value() == 1 and panel.add_button.isEnabled()
    assert panel.table.rowCount() == 1 and "read-only" not in panel.title.text()


# ---------------------------------------------------------------- finding 7: a ghost in words
def _ghost(path):
    """WarPac's contact on B2 made a ghost in the file, as the spotting pass leaves one (MW4 5.0):
    last seen in turn 1, its strength never counted (the tester's "T-72 tank platoon ()")."""
    import sqlite3
    from umpire.actions import system_for
    from umpire.core.engine import perform
    run = [f"22{r:02d}" for r in range(24, 14, -1)]          # Recon 1 drives north to 2215 and sees B2
    perform(str(path), "move", {"unit": "Recon 1", "path": run}, system_for(str(path)))
    with sqlite3.connect(str(path)) as conn:
        conn.execute("UPDATE contact SET status = 'last_known', strength = '' WHERE side_id = 'warpac' "
                     "AND unit_id = 'B2'")
    g = open_game(str(path))
    c = g.contacts[("warpac", "B2")]
    return c.label, g.map.number(c.hex)


def test_a_ghost_says_when_and_where_it_was_last_seen(qtbot, tmp_path, game_path):
    label, where = _ghost(game_path)
    w = window_on(qtbot, tmp_path, game_path)
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("warpac"))
    key = f"contact:{label}"
    mark = next(m for m in w.scene.view.units if m.key == key)
    tip = w.scene.stacks[mark.hex].toolTip()
    assert f"{label} — M2 Bradley platoon, last seen turn 1 at {where}, strength not seen" in tip
    assert "()" not in tip
    row = w.tree._items[key]
    texts = [row.text(c) for c in range(4)]
    assert texts[1] == where and texts[2] == "?" and f"last seen turn 1 at {where}" in texts[3]
    assert not any("()" in t or t.endswith("(") for t in texts)
    every_tip = [w.scene.stacks[h].toolTip() for h in w.scene.stacks]      # no empty brackets anywhere
    assert all("()" not in t for t in every_tip)


# ---------------------------------------------------------------- finding 12: a marker in the side's words
def _shelled(path):
    """NATO's US DS lands on Recon 1 at 2215 in turn 1's Indirect Fire phase (MW4 7.0, 7.11): NATO
    watches it land, the Soviets get a "shelled" marker where Recon 1 stands."""
    from umpire.actions import system_for
    from umpire.core.engine import perform
    system = system_for(str(path))
    perform(str(path), "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 14, -1)]}, system)
    perform(str(path), "plot", {"side": "nato", "turn": 1, "missions": [
        {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "tight"}]}, system)
    while open_game(str(path)).phase != "indirect_fire":
        g = open_game(str(path))
        perform(str(path), "pass" if g.active_side else "next_phase", {}, system,
                typed=lambda purpose, count, sides: [1] if purpose.startswith("fire for effect") else
                ([6] if purpose.startswith("scatter") else None))        # it comes, on target


def _marker_tip(w, kind):
    from PySide6.QtCore import QPointF
    from umpire.render.markers import OverlayItem
    o = next(o for o in w.scene.view.map.overlays if o.kind == kind)
    item = next(i for i in w.scene.items() if isinstance(i, OverlayItem))
    x, y = w.scene.layout.center(o.hex)
    return item.tip_at(QPointF(x, y + w.scene.layout.size * 0.6))


def test_a_marker_says_what_its_side_knows_in_its_words(qtbot, tmp_path, game_path):
    _shelled(game_path)
    w = window_on(qtbot, tmp_path, game_path)
    label = w.game.rules.overlays["impact"]["label"]
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("warpac"))
    tip = _marker_tip(w, "impact")                    # the shelled side: what struck it, its own record
    assert tip.startswith(f"{label} — shelled, ") and "turn 1" in tip and "your side's own marker" in tip
    assert "kept secret from the enemy" not in tip and "US DS" not in tip
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("nato"))
    tip = _marker_tip(w, "impact")                    # the firing side: its own fire, where it saw it land
    assert tip.startswith(f"{label} — our US DS #1: tight 10H") and "your side's own marker" in tip
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("umpire"))
    assert "(secret: known only to " in _marker_tip(w, "impact")


# ---------------------------------------------------------------- finding 5: keys that say why, HCM's F and worksheet
def test_f_on_a_unit_that_has_moved_says_why_in_the_status_bar(qtbot, tmp_path, game_path):
    from PySide6.QtCore import Qt
    from umpire.actions import system_for
    from umpire.core.engine import perform
    perform(str(game_path), "next_phase", {}, system_for(str(game_path)))      # WarPac's fire-and-move phase
    assert open_game(str(game_path)).active_side == "warpac"
    perform(str(game_path), "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 20, -1)]},
            system_for(str(game_path)))
    w = window_on(qtbot, tmp_path, game_path)
    w.select_unit("Recon 1")
    fire = w.unit_menu.system_entries.act_fire
    assert not fire.isEnabled()
    w.statusBar().clearMessage()
    w.map_view.setFocus()
    qtbot.keyClick(w.map_view, Qt.Key_F)
    said = w.statusBar().currentMessage()
    assert said.startswith("F (Fire): not now") and "Recon 1 has moved" in said and "MW4 4.1" in said
    w.select_unit(None)                                   # nothing selected: says so
    qtbot.keyClick(w.map_view, Qt.Key_F)
    assert "select a unit" in w.statusBar().currentMessage()
    qtbot.keyClick(w.tree, Qt.Key_F)                      # from the order of battle too
    assert w.statusBar().currentMessage().startswith("F (Fire): not now")


def hcm_fire_game(tmp_path, hidden=("Ghost", "0503")):
    """Blue's towed gun and rifle stand; Red's tanks on the table as markers (HCM 4.1), one behind
    a forest wall in column 07 (3.7.9), and a hidden stand on the umpire's map only."""
    from rules.hcmkit import hcm_game
    blue = [dict(id="AT Gun", type="gun_l", hex="0303", facing="SE"),
            dict(id="Rifles", type="medium_infantry", hex="0304", facing="SE")]
    red = [dict(id="Near", type="medium_tank", hex="0603", facing="NW", on_table=True),
           dict(id="Behind", type="medium_tank", hex="0903", facing="NW", on_table=True),
           dict(id=hidden[0], type="heavy_infantry", hex=hidden[1], facing="NW")]
    return hcm_game(tmp_path, blue, red, terrain="\n".join("......f..." for _ in range(8)))


def _hcm_fire_form(qtbot, folder, loc, unit, monkeypatch, weapons=("",), viewer="blue"):
    """The HCM fire form of `unit` in blue's view, opened by its key F: the worksheet shown for
    each weapon in `weapons` (the first target chosen)."""
    from PySide6.QtCore import Qt
    from umpire.gui.ruleactiondialog import RuleActionDialog
    w = window_on(qtbot, folder, loc)
    w.viewer_box.setCurrentIndex(w.viewer_box.findData(viewer))
    entry = next(a for a in w.unit_menu.rule_entries if a.data() == "fire")
    assert [k.toString() for k in entry.shortcuts()] == ["F"]       # fire under F, as in MechWar 4
    sheets = {}

    def look(dialog):
        target, weapon = dialog.inputs["target"], dialog.inputs["weapon"]
        sheets["none"] = dialog.sheet.text() if target.currentData() == "" else None
        target.setCurrentIndex(next(i for i in range(target.count()) if target.itemData(i)))
        for wpn in weapons:
            weapon.setCurrentIndex(weapon.findData(wpn))
            sheets[wpn] = dialog.sheet.text()
        sheets["target"] = target.currentData()
        return RuleActionDialog.Rejected
    monkeypatch.setattr(RuleActionDialog, "exec", look)
    w.select_unit(unit)
    w.map_view.setFocus()
    if entry.isEnabled():
        qtbot.keyClick(w.map_view, Qt.Key_F)
    else:                                   # not its fire phase: the form opened from the menu entry
        w.unit_menu.described_action(w.unit_menu.rule_specs["fire"])
    return w, sheets


def test_hcm_fire_form_shows_the_worksheet_live(qtbot, tmp_path, monkeypatch):      # HCM 3.7.1, 3.7.2
    from umpire.actions import system_for
    loc = hcm_fire_game(tmp_path)
    w, sheets = _hcm_fire_form(qtbot, tmp_path, loc, "Rifles", monkeypatch, weapons=("small_arms", "at"))
    system, g = system_for(loc), open_game(loc)
    for wpn in ("small_arms", "at"):          # the very sheet `umpire fire --odds` prints, as the weapon changes
        expected = system.fire_sheet(g, "Rifles", sheets["target"], wpn)
        # blue's own lines: never those the umpire alone reads (what the marker really is, HCM 4.1)
        lines = [x for i, x in enumerate(expected.text()) if i not in expected.kept]
        assert sheets[wpn] == ("\n".join(lines) if expected.legal else f"No shot: {expected.reason} ({expected.rule})")
        assert "(umpire)" not in sheets[wpn]
    assert sheets["target"] in sheets["small_arms"] and "Near" not in sheets["small_arms"]   # its label, never the id
    assert "range 2 (HCM 3.7)" in sheets["at"]
    # the umpire reads the whole sheet, and it changes with the weapon: small arms cannot hurt a tank
    _w, whole = _hcm_fire_form(qtbot, tmp_path / "u", loc, "Rifles", monkeypatch, weapons=("small_arms", "at"),
                               viewer="umpire")
    assert whole["small_arms"] != whole["at"] and "small arms do not hurt vehicles" in whole["small_arms"]


def test_hcm_fire_worksheet_shows_nothing_of_a_hidden_enemy(qtbot, tmp_path, monkeypatch):
    _w, first = _hcm_fire_form(qtbot, tmp_path / "a", hcm_fire_game(tmp_path / "a"), "Rifles", monkeypatch,
                               weapons=("small_arms", "at"))
    _w, moved = _hcm_fire_form(qtbot, tmp_path / "b", hcm_fire_game(tmp_path / "b", hidden=("Spectre", "0305")), "Rifles",
                               monkeypatch, weapons=("small_arms", "at"))
    assert first == moved                    # the unseen enemy moved and renamed: the sheets are the same


# ---------------------------------------------------------------- finding 13: the window's parts
def test_the_fire_dialog_names_only_the_ticked_firers_without_a_shot(qtbot, tmp_path, game_path):   # MW4 6.3
    import sqlite3
    from umpire.actions import system_for
    from umpire.core.engine import perform
    from umpire.gui.mechwar4.firedialog import FireDialog
    perform(str(game_path), "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 14, -1)]},
            system_for(str(game_path)))
    g = open_game(str(game_path))
    far = next(u for u in g.units.values() if u.side == "warpac" and u.on_map and u.id != "Recon 1")
    with sqlite3.connect(str(game_path)) as conn:         # NATO saw it once, far off: a contact C0
        conn.execute("INSERT INTO contact (side_id, unit_id, label, status, q, r, turn, detail, type_label, role, "
                     "strength, seen_by) VALUES ('nato', ?, 'C0', 'seen', ?, ?, 1, 'unit', 'far thing', 'armor', "
                     "'', '[]')", (far.id, far.hex.q, far.hex.r))
    w = window_on(qtbot, tmp_path, game_path)
    d = FireDialog(w, "A3")
    qtbot.addWidget(d)
    assert d.target.currentData() == "Recon 1"
    far_text = lambda: d.target.itemText(d.target.count() - 1)      # noqa: E731
    assert far_text().endswith("(no shot for A3)")
    d.firers["TOW 1"].setChecked(True)
    assert far_text().endswith("(no shot for A3, TOW 1)")
    d.firers["A3"].setChecked(False)                                 # A3 no longer fires: not named
    assert far_text().endswith("(no shot for TOW 1)") and "A3" not in far_text()
    assert not d.target.itemText(0).endswith(")") or "no shot" not in d.target.itemText(0)


def test_the_orders_commands_read_whole(qtbot, tmp_path, game_path):
    from umpire.gui.orders import COMMAND
    w = window_on(qtbot, tmp_path, game_path)
    panel = w.orders
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("warpac"))
    assert panel._rows
    width = panel.table.columnWidth(COMMAND)
    for _side, _cid, combo, _hex in panel._rows:
        for i in range(combo.count()):        # "Bounding Overwatch (BOC)" whole, with the arrow beside it
            combo.setCurrentIndex(i)
            assert combo.fontMetrics().horizontalAdvance(combo.itemText(i)) + 24 <= width, combo.itemText(i)
    # in the dock's 290 px the company's name keeps room to be read: the ambush hex is no column
    from PySide6.QtWidgets import QApplication, QDockWidget
    w.findChild(QDockWidget, "Orders").raise_()
    panel.table.resize(290, 400)
    QApplication.processEvents()
    assert panel.table.horizontalHeader().length() <= panel.table.viewport().width()
    assert panel.table.columnWidth(0) >= 70
    _side, _cid, combo, hex_edit = panel._rows[0]
    combo.setCurrentIndex(combo.findData("ambush"))            # MW4 6.9131: Ambush asks for its hex
    assert not hex_edit.isHidden()
    combo.setCurrentIndex(combo.findData("bound"))
    assert hex_edit.isHidden()


def test_hcm_order_of_battle_counts_strength(qtbot, tmp_path):      # HCM 2.2
    from umpire.actions import new_game
    from umpire.core.scenario import load_scenario
    path = new_game(load_scenario(Path(__file__).parents[2] / "scenarios" / "brannock-crossing.toml"),
                    tmp_path / "h.umpire", seed="1")
    w = window_on(qtbot, tmp_path, path)
    strengths = {key: item.text(2) for key, item in w.tree._items.items() if key in w.game.units}
    assert strengths and not any(s.startswith("faces") for s in strengths.values())
    assert {"1 vehicle", "4 figures", "commander"} <= set(strengths.values())
    tree = w.tree                                   # whole in the dock's first width: not "comman…"
    assert tree.columnWidth(2) >= max(tree.fontMetrics().horizontalAdvance(t) for t in strengths.values()) + 6


def test_the_export_progress_window_is_wide_enough_for_its_title(qtbot, tmp_path, game_path, monkeypatch):
    from PySide6.QtWidgets import QProgressDialog
    from umpire.gui import reportexport
    seen = []
    real_close = QProgressDialog.close

    def close(bar):
        seen.append((bar.windowTitle(), bar.minimumWidth(), bar.fontMetrics().horizontalAdvance(bar.windowTitle())))
        return real_close(bar)
    monkeypatch.setattr(QProgressDialog, "close", close)
    w = window_on(qtbot, tmp_path, game_path)
    assert reportexport.export_reports(w, str(tmp_path / "out"), ask_to_open=False)
    (title, least, needs), = seen
    assert title == "Export Turn Reports" and least >= needs + 200      # the title, its buttons and icon


def test_a_hexs_level_stands_beside_its_counter_not_on_the_next_number(qtbot, game_path):
    """Zoomed in, "L3" at a hex's foot read as the level of the hex below (it touched that hex's
    number) and lay under counters and markers: it stands at the hex's left now."""
    from PySide6.QtGui import QColor, QImage, QPainter
    from umpire.core.layout import Layout
    from umpire.render.terrain_paint import layer_picture
    game = open_game(str(game_path))
    game_map = game.map
    h = next(h for h in game_map.terrain if game_map.elevation[h] >= 1)
    s = 80.0
    layout = Layout(game_map.grid.orientation, s, (0.0, 0.0))
    x, y = layout.center(h)
    layout = Layout(game_map.grid.orientation, s, (2 * s - x, 2 * s - y))      # the hex at (2s, 2s)
    image = QImage(int(4 * s), int(4 * s), QImage.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    layer_picture("labels", game_map, game.rules, layout, [h]).play(p)
    p.end()

    def inked(x0, x1, y0, y1) -> bool:
        return any(image.pixelColor(int(px), int(py)).lightness() < 128
                   for px in range(int(x0), int(x1)) for py in range(int(y0), int(y1)))
    cx = cy = 2 * s
    assert inked(cx - 0.93 * s, cx - 0.53 * s, cy - 0.16 * s, cy + 0.16 * s)        # the level, at the left
    assert not inked(cx - 0.52 * s, cx + 0.52 * s, cy - 0.45 * s, cy + 0.86 * s)    # clear of counter and foot


def test_a_refused_hcm_shot_previewed_in_a_sides_view_names_no_hidden_enemy(qtbot, tmp_path):     # HCM 3.7
    from umpire.actions import system_for
    from umpire.gui.ruleactiondialog import fire_preview
    loc = hcm_fire_game(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    spec = system_for(loc).actions()["fire"]
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("blue"))
    (line,) = fire_preview(w, spec, "Rifles")({"target": "Ghost"})     # the hidden enemy's own id
    assert line.startswith("No shot:") and "Ghost" not in line
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("umpire"))
    assert "Ghost" in fire_preview(w, spec, "Rifles")({"target": "Ghost"})[0]      # the umpire reads it all


def _holders(w, key):
    from PySide6.QtGui import QAction
    return [a for a in w.findChildren(QAction) if a.associatedObjects()
            and any(k.toString() == key for k in a.shortcuts())]


def test_f_fires_in_every_rule_system_that_fires(qtbot, tmp_path):
    """MechWar 4's Fire…, Hex Command Mechanized's fire form (HCM 3.7), Lock 'n Load's Attack Hex
    whose usual kind is fire: each under F, held once; War Blog's attack is an assault (no F)."""
    from umpire.actions import new_game
    from umpire.core.scenario import load_scenario
    scenarios = Path(__file__).parents[2] / "scenarios"
    expected = {"kaltenbach-gap": "&Fire…", "brannock-crossing": "Fire at a unit…", "xom-lang-ambush": "A&ttack Hex…"}
    w = None
    for stem, text in expected.items():
        path = new_game(load_scenario(scenarios / f"{stem}.toml"), tmp_path / f"{stem}.umpire", seed="1")
        if w is None:
            w = window_on(qtbot, tmp_path, path)
        else:                                  # one window, one game after another: the key follows
            w.load_game(open_game(str(path)))
        holders = _holders(w, "F")
        assert [a.text() for a in holders] == [text], stem
    path = new_game(load_scenario(scenarios / "osterby-bridges.toml"), tmp_path / "wb.umpire", seed="1")
    w.load_game(open_game(str(path)))
    assert _holders(w, "F") == [] and [a.text() for a in _holders(w, "T")] == ["A&ttack Hex…"]


# ---------------------------------------------------------------- what a side reads: nothing it never saw
def _words_for(qtbot, folder, path, side) -> dict:
    """Every tooltip and order-of-battle row of the window in `side`'s view, by place."""
    from PySide6.QtCore import QPointF
    from umpire.render.markers import OverlayItem
    w = window_on(qtbot, folder, path)
    w.viewer_box.setCurrentIndex(w.viewer_box.findData(side))
    n = w.game.map.number
    words = {f"stack {n(h)}": st.toolTip() for h, st in w.scene.stacks.items()}
    item = next(i for i in w.scene.items() if isinstance(i, OverlayItem))
    s = w.scene.layout.size
    for o in w.scene.view.map.overlays:
        x, y = w.scene.layout.center(o.hex)
        words[f"marker {n(o.hex)} {o.kind}"] = item.tip_at(QPointF(x, y + s * 0.6))
    for key, row in w.tree._items.items():
        words[f"row {key}"] = [(row.text(c), row.toolTip(c)) for c in range(4)]
    w.close()
    return words


def test_the_windows_tooltips_and_rows_show_nothing_a_side_never_saw(qtbot, tmp_path, game_path):
    import shutil
    from test_side_leaks import hide_the_unseen
    _shelled(game_path)
    for side in ("warpac", "nato"):
        changed = tmp_path / f"{side}-changed.umpire"
        shutil.copy(game_path, changed)
        counts = hide_the_unseen(str(changed), side)
        assert counts["units"] > 0                                  # something was moved and renamed
        before = _words_for(qtbot, tmp_path / f"{side}-a", game_path, side)
        after = _words_for(qtbot, tmp_path / f"{side}-b", changed, side)
        assert before == after, side
        assert any(k.startswith("marker") for k in before)          # the impact markers were read


def test_f_out_of_hcms_fire_phase_says_when_fire_is_open(qtbot, tmp_path):      # HCM 3.7
    from PySide6.QtCore import Qt
    loc = hcm_fire_game(tmp_path)
    w = window_on(qtbot, tmp_path, loc)
    w.viewer_box.setCurrentIndex(w.viewer_box.findData("blue"))
    w.select_unit("Rifles")
    entry = next(a for a in w.unit_menu.rule_entries if a.data() == "fire")
    if entry.isEnabled():
        import pytest
        pytest.skip("the game opens in a fire phase")
    w.statusBar().clearMessage()
    w.map_view.setFocus()
    qtbot.keyClick(w.map_view, Qt.Key_F)
    said = w.statusBar().currentMessage()
    assert said.startswith("F (Fire at a unit): not now — ") and ("turn to act" in said or "phase" in said), said
