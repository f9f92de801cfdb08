"""Playing turns in the window: the move tool, end of turn, undo/redo, the journal and dice.

Every change goes through an engine action (journaled in the game file, one transaction);
the window then reloads what changed.  Undo and redo are a QUndoStack whose commands call
the engine's undo and redo, so the game file's journal stays the one truth.
"""

from __future__ import annotations

import dataclasses
from html import escape

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPainterPath, QPen, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGraphicsItemGroup, QHBoxLayout, QGraphicsPathItem, QGraphicsRectItem, QGraphicsSimpleTextItem,
                               QInputDialog, QLabel, QVBoxLayout, QWidget,
                               QMessageBox, QTextBrowser)

from ..actions import phase_line
from ..core.dice import Roll
from ..core.engine import journal, perform, redo, undo
from ..core.errors import UmpireError
from ..core.hexgrid import Hex
from ..core.knowledge import UMPIRE
from ..rules import rule_system
from .overrun import ask_overrun, enemy_known_at


def _label(kind: str, params: dict) -> str:
    """What the Edit menu says it will undo: the action, never what it revealed."""
    if kind == "move":
        extra = [w for k, w in (("mount", "mount"), ("dismount", "dismount"), ("exit", "exit"),
                                ("overrun", "overrun")) if params.get(k)]
        return f"Move {params.get('unit')}" + (f" ({', '.join(extra)})" if extra else "")
    if kind == "fire":              # never the target: in a side's view that is the enemy's name
        return f"Fire ({', '.join(params.get('firers') or [])})"
    return {"orders": f"Orders ({params.get('side')})", "halt": f"Halt {params.get('unit')}",
            "split_fire": f"Split Fire ({params.get('unit')})", "defilade": f"Defilade {params.get('unit')}",
            "overrun": f"Overrun {params.get('unit')}: " + ("fight on" if params.get("then") == "stay" else "leave"),
            "activate": f"Activate {params.get('company')}", "form_column": f"Form Column {params.get('unit')}",
            }.get(kind, kind.replace("_", " ").title())


class JournalCommand(QUndoCommand):
    """One engine action on Qt's undo stack; the action itself already ran when it is pushed."""

    def __init__(self, play: Play, text: str) -> None:
        super().__init__(text)
        self.play = play
        self._first = True

    def redo(self) -> None:
        if self._first:          # pushed after the engine ran it
            self._first = False
            return
        if not self.play.rebuilding:
            self.play.engine_step(redo)

    def undo(self) -> None:
        if not self.play.rebuilding:     # reopening: the file already has it undone
            self.play.engine_step(undo)


class Play(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.w = window
        self.stack = QUndoStack(self)
        self.rebuilding = False
        self.fire_mark: QGraphicsItemGroup | None = None
        self.path_item: QGraphicsItemGroup | None = None
        self.act_undo = self.stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence.Undo)
        self.act_redo = self.stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence.Redo, QKeySequence("Ctrl+Shift+Z")])
        self.act_move = QAction("&Move Tool", window)
        self.act_move.setShortcut("M")
        self.act_move.setCheckable(True)
        self.act_move.setStatusTip("Drag a unit along a path: each hex shows the movement points spent")
        self.act_move.toggled.connect(self._move_toggled)
        self.act_end_turn = QAction("&End Turn", window)
        self.act_end_turn.setShortcut("Ctrl+T")
        self.act_end_turn.triggered.connect(self.end_turn)
        self.act_pass = QAction("&Pass", window)
        self.act_pass.setShortcut("P")
        self.act_pass.setStatusTip("The side to act passes: it acts no more this phase (MW4 8.23)")
        self.act_pass.triggered.connect(lambda: self.w.game is not None and self.run("pass", {}))
        self.act_halt = QAction("&Halt Paused Unit", window)
        self.act_halt.setShortcut("H")
        self.act_halt.setStatusTip("A unit paused for opportunity fire ends its move where it is")
        self.act_halt.triggered.connect(self.halt)
        self.act_next_phase = QAction("&Next Phase", window)
        self.act_next_phase.setShortcut("Ctrl+Return")
        self.act_next_phase.triggered.connect(lambda: self.w.game is not None and self.run("next_phase", {}))
        self.phase_label = QLabel()
        self.phase_label.setStyleSheet("QLabel { font-weight: bold; padding: 0 8px; }")
        self.act_victory = QAction("&Victory Situation…", window)
        self.act_victory.triggered.connect(self.show_victory)
        self.act_typed = QAction("Type In &Real Dice", window)
        self.act_typed.setCheckable(True)
        self.act_typed.setStatusTip("Ask for the dice rolled at the table instead of rolling them")
        self.journal_view = QTextBrowser()
        self.journal_turn = QComboBox()
        self.journal_turn.currentIndexChanged.connect(lambda _i: self.refresh_journal())
        self.journal_side = QComboBox()          # the umpire's filter; a side reads only its own
        self.journal_side.setToolTip("Show the actions of one side only")
        self.journal_side.currentIndexChanged.connect(lambda _i: self.refresh_journal())
        self.journal_dice = QCheckBox("Dice only")
        self.journal_dice.setToolTip("Only the actions that rolled dice, with every roll: purpose, dice, "
                                     "modifiers and result")
        self.journal_dice.toggled.connect(lambda _on: self.refresh_journal())
        self.journal_panel = QWidget()
        box = QVBoxLayout(self.journal_panel)
        box.setContentsMargins(2, 2, 2, 2)
        filters = QHBoxLayout()
        filters.addWidget(self.journal_turn)
        filters.addWidget(self.journal_side)
        filters.addWidget(self.journal_dice)
        box.addLayout(filters)
        box.addWidget(self.journal_view)
        window.map_view.move_dragged.connect(self._dragged)

    # ------------------------------------------------------------------ game lifecycle
    def game_loaded(self) -> None:
        """A game just opened: its journal goes on the undo stack -- the standing actions to
        undo (newest on top), and the actions undone before closing to redo -- so Undo and Redo
        work after reopening a file as they did before closing it."""
        self.stack.clear()
        game = self.w.game
        if game is not None:
            rows = [r for r in journal(game.location) if r.kind != "open"]
            self.rebuilding = True
            try:
                for row in rows:
                    self.stack.push(JournalCommand(self, _label(row.kind, row.params)))
                for _ in (r for r in rows if r.undone):   # undone actions are the journal's tail
                    self.stack.undo()
            finally:
                self.rebuilding = False
        self.refresh_journal()
        self.refresh_phase()

    def refresh_phase(self) -> None:
        game = self.w.game
        self.phase_label.setText(phase_line(game) if game is not None else "")
        alternating = game is not None and game.active_side is not None
        paused = [u.id for u in game.units.values() if u.paused] if game is not None else []
        self.act_pass.setEnabled(alternating and not paused)
        self.act_halt.setEnabled(bool(paused))
        if paused:
            self.phase_label.setText(self.phase_label.text() + f" — {paused[0]} paused for opportunity fire")
        if game is not None and game.active_company:
            waiting = [x for x in game.activation_units if not (game.units[x].moved or game.units[x].acted)]
            self.phase_label.setText(self.phase_label.text() + f" — {game.active_company} activated"
                                     + (f" ({', '.join(waiting)} to act)" if waiting else ""))
        self.w.unit_menu.refresh()
        if game is not None and game.active_side:
            self.act_pass.setText(f"&Pass ({game.side(game.active_side).name})")

    def refresh_journal(self) -> None:
        """The journal as the current viewer may read it: the umpire sees every action; a side
        sees only its own (orders and moves of its units), and no dice or logs of the enemy's."""
        game = self.w.game
        if game is None:
            self.journal_view.clear()
            return
        rows = journal(game.location)
        wanted = self.journal_turn.currentData()
        turns = sorted({r.turn for r in rows})
        self.journal_turn.blockSignals(True)
        self.journal_turn.clear()
        self.journal_turn.addItem("All turns", None)
        for t in turns:
            self.journal_turn.addItem(f"Turn {t}", t)
        self.journal_turn.setCurrentIndex(max(0, self.journal_turn.findData(wanted)))
        self.journal_turn.blockSignals(False)
        wanted = self.journal_turn.currentData()
        viewer = self.w.viewer
        self.journal_side.blockSignals(True)
        side_wanted = self.journal_side.currentData()
        self.journal_side.clear()
        self.journal_side.addItem("All sides", None)
        for s in game.sides:
            self.journal_side.addItem(s.name, s.id)
        self.journal_side.setCurrentIndex(max(0, self.journal_side.findData(side_wanted)))
        self.journal_side.setVisible(viewer == UMPIRE)
        self.journal_dice.setVisible(viewer == UMPIRE)    # the dice are the umpire's (they show the enemy's rolls)
        self.journal_side.blockSignals(False)
        side_wanted = self.journal_side.currentData() if viewer == UMPIRE else None
        dice_only = self.journal_dice.isChecked() and viewer == UMPIRE
        html = []
        for r in reversed(rows):
            if wanted is not None and r.turn != wanted:
                continue
            if viewer != UMPIRE and not self._side_may_read(r, viewer):
                continue
            if side_wanted is not None and not self._side_may_read(r, side_wanted):
                continue
            if dice_only:
                if not r.rolls:
                    continue
                log = [Roll.from_json(x).describe() for x in r.rolls]
                lines = "".join(f"<div style='margin-left:12px;color:#444'>{escape(x)}</div>" for x in log)
                html.append(f"<div><b>#{r.seq}</b> turn {r.turn}: {escape(r.summary.split('. Spotting')[0])}{lines}</div>")
                continue
            style = "color:#999;text-decoration:line-through" if r.undone else ""
            summary, log = r.summary, r.log
            if viewer != UMPIRE:
                # a side reads what it did, not what the move revealed: the spotting results and
                # the enemy units that could fire are the umpire's knowledge
                head = summary.split(". Spotting")[0]
                if r.kind == "move" and log:      # the path, and how it ended if not simply there
                    head = log[0] + (f" — {head}" if any(w in head for w in ("overrun", "mines", "destroyed"))
                                     else "")
                summary, log = head, (log if r.kind == "orders" else [])
            lines = "".join(f"<div style='margin-left:12px;color:#444'>{escape(x)}</div>" for x in log)
            html.append(f"<div style='{style}'><b>#{r.seq}</b> turn {r.turn}: {escape(summary)}{lines}</div>")
        self.journal_view.setHtml("".join(html) or ("<i>No dice rolled here.</i>" if dice_only else "<i>No actions yet.</i>"))

    def _side_may_read(self, row, side: str) -> bool:
        """A side reads its own orders and its own units' moves; everything else in the journal
        (spotting logs, the enemy's moves, dice) is the umpire's."""
        game = self.w.game
        if row.kind == "orders":
            return row.side_id == side
        if row.kind == "fire":
            u = game.units.get((row.params.get("firers") or [None])[0])
            return u is not None and u.side == side
        if row.kind in ("move", "halt", "form_column", "overrun", "split_fire", "defilade"):
            u = game.units.get(row.params.get("unit"))
            return u is not None and u.side == side
        if row.kind in ("activate", "end_activation", "pass"):
            return row.side_id == side
        return False

    # ------------------------------------------------------------------ actions
    def _typed(self):
        if not self.act_typed.isChecked():
            return None

        def ask(purpose: str, count: int, sides: int) -> list[int]:
            faces = []
            for i in range(count):
                v, ok = QInputDialog.getInt(self.w, "Roll the dice", f"{purpose}\nDie {i + 1} of {count} (d{sides}):",
                                            1, 1, sides)
                if not ok:
                    raise UmpireError("dice entry cancelled; nothing was changed")
                faces.append(v)
            return faces
        return ask

    def run(self, kind: str, params: dict):
        """Perform an engine action, refresh the window, and put it on the undo stack.
        Returns the action's result, or None when the engine refused it (the reason is shown)."""
        game = self.w.game
        self.clear_fire_mark()
        acting = game.active_side if kind in ("activate", "end_activation", "pass", "form_column", "move", "halt",
                                              "overrun", "defilade") \
            else params.get("side")
        if kind == "fire":
            first = game.units.get((params.get("firers") or [None])[0])
            acting = first.side if first is not None else None
        if kind == "split_fire":
            acting = game.active_side
        try:
            res = perform(game.location, kind, params, rule_system(game.rules), typed=self._typed(), side=acting)
        except UmpireError as e:
            self.w.statusBar().showMessage(e.one_line(), 10000)
            QMessageBox.warning(self.w, "Not allowed", e.one_line())
            return None
        before = game
        self.w.reload_game()
        if kind == "move":
            self.w.unit_menu.move_done()
        if kind == "fire":
            self.mark_fire(before, params, res.summary)
        self.stack.push(JournalCommand(self, _label(kind, params)))
        self.refresh_journal()
        self.refresh_phase()
        self.w.statusBar().showMessage(self.shown(res.summary), 10000)
        if kind in ("move", "overrun"):
            ask_overrun(self, params["unit"])          # both still in the hex: fight on or leave (12.0)
        return res

    def shown(self, summary: str) -> str:
        """An action's summary as the current viewer may read it: in a side's view without the
        spotting results that follow it (what each side saw is the umpire's knowledge)."""
        return summary if self.w.viewer == UMPIRE else summary.split(" Spotting:")[0]

    def mark_fire(self, before, params: dict, summary: str) -> None:
        """The results of a fire on the map, at the target's hex, for the umpire and the firing
        side only (the target's side learns its losses from its own counters)."""
        firers = params.get("firers") or []
        if not firers or firers[0] not in before.units:
            return
        side = before.units[firers[0]].side
        viewer = self.w.viewer
        contact = before.contacts.get((side, params.get("target")))
        if viewer not in (UMPIRE, side) or contact is None:
            return
        h = before.units[params["target"]].hex if viewer == UMPIRE else contact.hex
        if h is None:
            return
        text = summary.split(". Spotting")[0].split(": ", 1)[-1]
        lay = self.w.scene.layout
        group = QGraphicsItemGroup()
        group.setZValue(40)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(9, int(lay.size * 0.45)))
        font.setBold(True)
        label = QGraphicsSimpleTextItem(text)
        label.setFont(font)
        label.setBrush(QColor(160, 0, 0))
        r = label.boundingRect()
        x, y = lay.center(h)
        box = QGraphicsRectItem(x - r.width() / 2 - 4, y - lay.size * 1.1 - r.height() / 2, r.width() + 8, r.height())
        box.setBrush(QColor(255, 255, 240, 240))
        box.setPen(QPen(QColor(160, 0, 0), 2))
        label.setPos(x - r.width() / 2, y - lay.size * 1.1 - r.height() / 2)
        group.addToGroup(box)
        group.addToGroup(label)
        group.setToolTip(summary.split(". Spotting")[0])
        self.w.scene.addItem(group)
        self.fire_mark = group

    def clear_fire_mark(self) -> None:
        if self.fire_mark is not None and self.fire_mark.scene() is not None:
            self.fire_mark.scene().removeItem(self.fire_mark)
        self.fire_mark = None

    def engine_step(self, fn) -> None:
        self.clear_fire_mark()
        try:
            row = fn(self.w.game.location)
        except UmpireError as e:
            QMessageBox.warning(self.w, "Undo", e.one_line())
            return
        self.w.reload_game()
        self.refresh_journal()
        self.refresh_phase()
        self.w.statusBar().showMessage(f"{'Undid' if fn is undo else 'Redid'}: {self.shown(row.summary)}", 8000)

    def end_turn(self) -> None:
        if self.w.game is not None:
            self.run("end_turn", {})

    # ------------------------------------------------------------------ the move tool
    def _move_toggled(self, on: bool) -> None:
        if on:
            self.w.sight_tools.act_los.setChecked(False)
        self.w.map_view.set_move_tool(on)
        self._clear_path()

    def _clear_path(self) -> None:
        if self.path_item is not None and self.path_item.scene() is not None:
            self.path_item.scene().removeItem(self.path_item)
        self.path_item = None

    def mover_at(self, h: Hex) -> str | None:
        """The unit a drag from `h` moves: the selected one if it is there (or, for a
        reinforcement selected in the order of battle, if `h` is one of its entry hexes), else
        the top counter of the stack -- only units the current viewer commands."""
        game, scene = self.w.game, self.w.scene
        sel = game.units.get(self.w.selected) if self.w.selected else None
        if sel is not None and sel.status == "off_map" and (self.w.viewer in (UMPIRE, sel.side)):
            group = next((r for r in game.reinforcements if sel.id in r.units), None)
            if group is not None and h in group.entry:
                return sel.id
        stack = scene.stacks.get(h)
        if stack is None:
            return None
        keys = [m.key for m in stack.marks if m.key in game.units
                and (self.w.viewer == UMPIRE or game.units[m.key].side == self.w.viewer)]
        if self.w.selected in keys:
            return self.w.selected
        top = stack.marks[stack.top].key
        return top if top in keys else (keys[0] if keys else None)

    def _dragged(self, path: list[Hex], finished: bool) -> None:
        game = self.w.game
        if game is None or not path:
            return
        uid = self.mover_at(path[0])
        if uid is None:
            self._clear_path()
            if finished:
                self.w.statusBar().showMessage("Drag from one of your own units to move it", 6000)
            return
        n = game.map.number
        if finished:
            self._clear_path()
            if len(path) > 1:
                self.run("move", self._move_params(uid, path))
            return
        if self.w.selected != uid:
            self.w.select_unit(uid)
        check = rule_system(game.rules).check_move(self.preview_game(), uid, path, self._how(uid, path))
        self._draw_path(path, check)
        if check.legal:
            stop = f"; a minefield stops it in {n(check.stop_at)}" if check.stop_at else ""
            self.w.statusBar().showMessage(f"{uid}: {check.total:g} of {check.allowance:g} MP{stop}")
        else:
            self.w.statusBar().showMessage(f"{uid}: {check.reason}" + (f" ({check.rule})" if check.rule else ""))

    def _how(self, uid: str, path: list[Hex]) -> dict:
        """The unit menu's choices, and an overrun when the path ends on an enemy the viewer
        knows is there (MW4 12.0)."""
        how = self.w.unit_menu.how(uid)
        game = self.w.game
        if len(path) > 1 and enemy_known_at(game, self.w.viewer, game.units[uid].side, path[-1]):
            how["overrun"] = True
        return how

    def _move_params(self, uid: str, path: list[Hex]) -> dict:
        """Ask the umpire whether to pause where enemy units could fire (MW4 6.52)."""
        game = self.w.game
        n = game.map.number
        params = {"unit": uid, "path": [n(h) for h in path], **self._how(uid, path)}
        if self.w.viewer != UMPIRE:
            return params          # who could fire is the umpire's knowledge, not the mover's
        check = rule_system(game.rules).check_move(game, uid, path, self._how(uid, path))
        ahead = [s.hex for s in check.steps[1:] if s.hex in check.watchers]
        if not check.legal or not ahead:
            return params
        first = ahead[0]
        lines = "\n".join(f"  {n(h)}: {', '.join(check.watchers[h])}" for h in ahead)
        box = QMessageBox(QMessageBox.Question, "Opportunity fire (MW4 6.5)",
                          f"{uid} moves in sight of enemy units that may fire:\n{lines}", parent=self.w)
        pause = box.addButton(f"Pause in {n(first)}", QMessageBox.AcceptRole)
        box.addButton("Move on", QMessageBox.RejectRole)
        box.exec()
        if box.clickedButton() is pause:
            params["until"] = n(first)
        return params

    def preview_game(self):
        """The game as the viewer may know it, for previewing a path: in a side's view, no enemy
        units and no secret enemy minefields -- the real move finds out what is really there."""
        game = self.w.game
        if self.w.viewer == UMPIRE:
            return game
        own = {k: u for k, u in game.units.items() if u.side == self.w.viewer}
        return dataclasses.replace(game, units=own, map=self.w.scene.view.map)

    def show_victory(self) -> None:
        """The umpire's count of objectives and points (MW4 20.5); final once the game is over."""
        game = self.w.game
        if game is None:
            return
        report = rule_system(game.rules).victory(game, final=game.phase == "ended")
        QMessageBox.information(self.w, "Victory (MW4 20.5)", report.text(game))

    def halt(self) -> None:
        game = self.w.game
        paused = [u.id for u in game.units.values() if u.paused] if game else []
        if paused:
            self.run("halt", {"unit": paused[0]})

    def _draw_path(self, path: list[Hex], check) -> None:
        self._clear_path()
        scene, lay = self.w.scene, self.w.scene.layout
        group = QGraphicsItemGroup()
        group.setZValue(30)
        ok_hexes = [s.hex for s in check.steps] if check.steps else path[:1]
        for hexes, colour in ((ok_hexes, QColor(0, 120, 0)), (path[len(ok_hexes) - 1:], QColor(200, 0, 0))):
            if len(hexes) < 2 or (colour.red() and check.legal):
                continue
            line = QPainterPath()
            line.moveTo(*lay.center(hexes[0]))
            for h in hexes[1:]:
                line.lineTo(*lay.center(h))
            item = QGraphicsPathItem(line)
            item.setPen(QPen(colour, lay.size * 0.14, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            group.addToGroup(item)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, int(lay.size * 0.5)))
        font.setBold(True)
        for step in check.steps[1:]:
            # the movement points spent so far, in a tag above the path
            x, y = lay.center(step.hex)
            label = QGraphicsSimpleTextItem(f"{step.total:g}")
            label.setFont(font)
            watched = step.hex in check.watchers
            label.setBrush(QColor(150, 0, 0) if watched else QColor(0, 0, 0))
            r = label.boundingRect()
            tag = QGraphicsRectItem(x - r.width() / 2 - 3, y - lay.size * 0.55 - r.height() / 2,
                                    r.width() + 6, r.height())
            tag.setBrush(QColor(255, 255, 255, 235))
            tag.setPen(QPen(QColor(150, 0, 0) if watched else QColor(0, 100, 0), 1.5))
            label.setPos(x - r.width() / 2, y - lay.size * 0.55 - r.height() / 2)
            if watched:
                tip = "in sight of " + ", ".join(check.watchers[step.hex]) + ": opportunity fire possible (MW4 6.5)"
                tag.setToolTip(tip)
                label.setToolTip(tip)
            group.addToGroup(tag)
            group.addToGroup(label)
        scene.addItem(group)
        self.path_item = group
