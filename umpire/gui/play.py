"""Playing turns in the window: actions, end of turn, undo/redo, typed dice; the move tool is in
movetool.py and the journal dock's contents in journalview.py.

Every change goes through an engine action (journaled in the game file, one transaction);
the window then reloads what changed.  Undo and redo are a QUndoStack whose commands call
the engine's undo and redo, so the game file's journal stays the one truth.
"""

from __future__ import annotations

from types import SimpleNamespace

from shiboken6 import isValid
from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPen, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGraphicsItemGroup, QGraphicsRectItem, QGraphicsSimpleTextItem,
                               QHBoxLayout, QLabel, QMessageBox, QTextBrowser, QVBoxLayout, QWidget)

from ..actions import phase_line
from ..core.dice import typed_in_order
from ..core.engine import journal, perform, redo, rolls_asked, undo
from ..core.journal import MovedOn
from ..core.errors import UmpireError
from ..core.knowledge import UMPIRE
from ..core.witness import in_side_words, side_may_read
from .sidevictory import side_victory_text
from ..rules import rule_system
from . import dicedialog
from .journalview import JournalView
from .leaving import ask_action, may_leave
from .movetool import MoveTool
from .outside import stack_shape


# actions the window does not journal when they change nothing: Update Spotting (F5) pressed
# again with nothing moved filled the journal with passes that saw nothing new
QUIET_IF_UNCHANGED = frozenset({"spot"})


TYPED_SETTING = "play/type_in_real_dice"


def _said(game, viewer: str, purpose: str) -> str:
    """A roll's purpose as the viewer may read it (core.witness.in_side_words)."""
    if viewer == UMPIRE:
        return purpose
    said = in_side_words(game, viewer, [purpose])
    return said[0] if said else "a roll of the umpire's (what it is for is hidden from this view)"


def _label(kind: str, params: dict, game=None) -> str:
    """What the Edit menu says it will undo: the action, never what it revealed; a side by its
    name, as the scenario gives it (`game`), never by its id."""
    if kind == "move":
        extra = [w for k, w in (("mount", "mount"), ("dismount", "dismount"), ("exit", "exit"),
                                ("overrun", "overrun")) if params.get(k)]
        return f"Move {params.get('unit')}" + (f" ({', '.join(extra)})" if extra else "")
    if kind == "fire":              # never the target: in a side's view that is the enemy's name
        return f"Fire ({', '.join(params.get('firers') or [])})"
    if kind == "assault":           # the hex attacked is the side's own knowledge; the units its own
        return f"{str(params.get('kind') or 'attack').title()} ({', '.join(params.get('units') or [])})"
    if kind == "rule_action":        # a unit action as files of earlier versions journaled it
        return f"{str(params.get('name')).replace('_', ' ').title()} ({params.get('unit')})"
    side = params.get("side")
    if game is not None and side in game.side_ids():
        side = game.side(side).name
    return {"orders": f"Orders ({side})", "halt": f"Halt {params.get('unit')}",
            "split_fire": f"Split Fire ({params.get('unit')})", "defilade": f"Defilade {params.get('unit')}",
            "overrun": f"Overrun {params.get('unit')}: " + ("fight on" if params.get("then") == "stay" else "leave"),
            "activate": f"Activate {params.get('company')}", "form_column": f"Form Column {params.get('unit')}",
            }.get(kind, kind.replace("_", " ").title() + (f" ({params['unit']})" if params.get("unit") else ""))


class JournalCommand(QUndoCommand):
    """One engine action on Qt's undo stack; the action itself already ran when it is pushed."""

    def __init__(self, play: Play, text: str, kind: str = "", params: dict | None = None,
                 side: str | None = None, seq: int = 0, summary: str = "") -> None:
        super().__init__(text)
        self.play = play
        self._first = True
        # what the journal row says of it: whose it is, for the labels a side may read; which
        # row it is, for telling an action made outside the window from it (outside.py)
        self.row = SimpleNamespace(kind=kind, params=params or {}, side_id=side, seq=seq, summary=summary)

    def redo(self) -> None:
        if self._first:          # pushed after the engine ran it
            self._first = False
            return
        if not self.play.rebuilding:
            self.play.engine_step(redo)

    def undo(self) -> None:
        if not self.play.rebuilding:     # reopening: the file already has it undone
            self.play.engine_step(undo)


class Play(MoveTool, JournalView, QObject):
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
        # the platform's Redo keys, plus Ctrl+Shift+Z where the platform lacks it: X11's already
        # has it, and the same key twice on one action makes Qt call it ambiguous and do nothing
        redo_keys = QKeySequence.keyBindings(QKeySequence.Redo)
        if QKeySequence("Ctrl+Shift+Z") not in redo_keys:
            redo_keys.append(QKeySequence("Ctrl+Shift+Z"))
        self.act_redo.setShortcuts(redo_keys)
        # connected after the stack's own: in a side's view the labels never name the last action
        self.stack.undoTextChanged.connect(lambda _t: self.label_undo())
        self.stack.redoTextChanged.connect(lambda _t: self.label_undo())
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
        self.act_pass.setStatusTip("The side to act passes (what that means is the rule system's: done for the phase, or handing over)")
        self.act_pass.triggered.connect(lambda: self.leave("pass"))
        self.act_halt = QAction("&Halt Paused Unit", window)
        self.act_halt.setShortcut("H")
        self.act_halt.setStatusTip("A unit paused for opportunity fire ends its move where it is")
        self.act_halt.triggered.connect(self.halt)
        self.act_next_phase = QAction("&Next Phase", window)
        self.act_next_phase.setShortcut("Ctrl+Return")
        self.act_next_phase.triggered.connect(lambda: self.leave("next_phase"))
        self.act_ask_idle = ask_action(window)
        self.phase_label = QLabel()
        self.phase_label.setStyleSheet("QLabel { font-weight: bold; padding: 0 8px; }")
        self.act_victory = QAction("&Victory Situation…", window)
        self.act_victory.triggered.connect(self.show_victory)
        self.act_typed = QAction("Type In &Real Dice", window)
        self.act_typed.setCheckable(True)
        # kept between sessions, as at a table that rolls real dice all evening it must be: it
        # was forgotten on restart, and the program rolled without a word
        self.act_typed.setChecked(window.settings.value(TYPED_SETTING, False, type=bool))
        self.act_typed.toggled.connect(lambda on: window.settings.setValue(TYPED_SETTING, bool(on)))
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
                    self.stack.push(JournalCommand(self, _label(row.kind, row.params, game), row.kind, row.params,
                                                   row.side_id, row.seq, row.summary))
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
        if paused:                    # named as the viewer knows it: a side never reads an enemy id
            said = self.in_view_words(f"{paused[0]} paused for opportunity fire",
                                      "an enemy unit paused for opportunity fire")
            self.phase_label.setText(self.phase_label.text() + f" — {said}")
        note = rule_system(game.rules).status_note(game) if game is not None else ""
        note = self.in_view_words(note, "") if note else ""
        if note:
            self.phase_label.setText(self.phase_label.text() + f" — {note}")
        self.w.unit_menu.refresh()
        self.w.side_actions.refresh()
        # the side's name while one is to act; never the last game's (or last phase's) side
        self.act_pass.setText(f"&Pass ({game.side(game.active_side).name})" if game is not None and game.active_side
                              else "&Pass")

    def typed_dice(self, kind: str, params: dict, side: str | None):
        """With Type In Real Dice on: every die the action will roll, asked for in one dialog before
        it runs (the engine tries it first to learn which, changing nothing), then handed to its
        rolls in order.  None: the program rolls."""
        if not self.act_typed.isChecked():
            return None
        game, viewer = self.w.game, self.w.viewer
        system = rule_system(game.rules)
        real: dict[tuple, list] = {}

        def asked(typed):
            specs = rolls_asked(game.location, kind, params, system, typed, side)
            real[tuple(map(tuple, typed))] = specs
            # in a side's view, what a roll is for in that side's words: the spotting pass's
            # camouflage rolls name enemy units it has not seen (they are the umpire's rolls)
            return [(_said(game, viewer, purpose), count, sides) for purpose, count, sides in specs]
        faces = dicedialog.ask_dice(self.w, asked, _label(kind, params, game))
        if faces is None:
            raise UmpireError("dice entry cancelled; nothing was changed")
        return typed_in_order(faces, real.get(tuple(map(tuple, faces))))

    def run(self, kind: str, params: dict):
        """Perform an engine action, refresh the window, and put it on the undo stack.
        Returns the action's result, or None when the engine refused it (the reason is shown).
        An action made outside the window since its last look (another umpire's, a terminal's)
        means this one was chosen on a picture of the game that is no longer true: it is refused,
        the window brought up to the game and the umpire told (issue 24) -- looked for now, and
        again by the engine under the write lock (`seen`), so a change between the two is caught
        too.  The outside action lands on the undo stack below whatever the umpire does next."""
        if self.w.outside.differs():
            self.moved_on()
            return None
        game = self.w.game
        self.clear_fire_mark()
        acting = game.active_side if kind in ("activate", "end_activation", "pass", "form_column", "move", "halt",
                                              "overrun", "defilade") \
            else params.get("side")
        if kind in ("fire", "assault"):
            first = game.units.get((params.get("firers") or params.get("units") or [None])[0])
            acting = first.side if first is not None else None
        if kind == "split_fire":
            acting = game.active_side
        try:
            res = perform(game.location, kind, params, rule_system(game.rules), typed=self.typed_dice(kind, params, acting),
                          side=acting, keep_unchanged=kind not in QUIET_IF_UNCHANGED, seen=stack_shape(self.stack))
        except MovedOn:
            self.moved_on()
            return None
        except UmpireError as e:      # in a side's view, in its words (the reason may name an enemy unit)
            said = self.in_view_words(e.one_line(), "Not allowed now, for a reason that names what your side has "
                                                    "not seen: the umpire's view (Ctrl+1) gives it")
            self.w.statusBar().showMessage(said, 10000)
            QMessageBox.warning(self.w, "Not allowed", said)
            return None
        if res.seq == 0:              # it changed nothing: not journaled, nothing to undo or redraw
            return res
        before = game
        self.w.reload_game()
        if kind == "move":
            self.w.unit_menu.move_done()
        if kind == "fire":
            self.mark_fire(before, params, res.summary)
        self.stack.push(JournalCommand(self, _label(kind, params, game), kind, params, acting, res.seq, res.summary))
        if self.w.outside.differs():     # held orders files this phase applied (issue 23): journal rows of their own
            self.w.outside.reload(self.shown(res.summary, f"Done: {_label(kind, params, game)}"))
        self.refresh_journal()
        self.refresh_phase()
        self.w.statusBar().showMessage(self.shown(res.summary, f"Done: {_label(kind, params, game)}"), 10000)
        self.w.unit_menu.after_move(kind, params)
        return res

    def moved_on(self) -> None:
        """The game changed under the umpire's eyes: shown as it is now, and said."""
        said = ("The game changed since you last looked (another umpire or a terminal acted): "
                "nothing was done. The map now shows the game as it is; look again and act.")
        self.w.outside.reload(said)
        QMessageBox.warning(self.w, "The game moved on", said)

    def label_undo(self) -> None:
        """Edit → Undo/Redo name the action for the umpire, and in a side's view only when it is
        the side's own (core.witness); else plain "Undo" -- what the enemy did is not its business."""
        viewer, game = self.w.viewer, self.w.game
        if not isValid(self.stack):
            return                    # the window is closing: the stack is already gone
        for act, word, index in ((self.act_undo, "&Undo", self.stack.index() - 1),
                                 (self.act_redo, "&Redo", self.stack.index())):
            cmd = self.stack.command(index) if 0 <= index < self.stack.count() else None
            named = cmd is not None and (viewer == UMPIRE or (game is not None
                                                              and side_may_read(game, cmd.row, viewer)))
            act.setText(f"{word} {cmd.text()}" if named else word)

    def in_view_words(self, text: str, instead: str) -> str:
        """A line of the window's own (the phase line, a refusal) as the current viewer may read
        it: the umpire reads it as written; a side reads enemy units by its contact labels, and
        `instead` when the line names one it has not seen (core.witness.in_side_words)."""
        if self.w.viewer == UMPIRE or self.w.game is None:
            return text
        said = in_side_words(self.w.game, self.w.viewer, [text])
        return said[0] if said else instead

    def shown(self, summary: str, instead: str = "Done") -> str:
        """An action's summary as the current viewer may read it: in a side's view without the
        spotting results that follow it (what each side saw is the umpire's knowledge), and in the
        side's words (core.witness.in_side_words): an enemy unit by the side's contact label, never
        its id -- "T fires at R" named what a Marker was (reviewer's item 1.4).  A summary the side
        may not read at all gives way to `instead`, words of the window's own."""
        if self.w.viewer == UMPIRE:
            return summary
        own = summary.split(". Spotting")[0].split(" Spotting:")[0]
        said = in_side_words(self.w.game, self.w.viewer, [own]) if self.w.game is not None else []
        return said[0] if said else instead

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
        said = summary.split(". Spotting")[0] if viewer == UMPIRE else self.shown(summary, "")
        if not said:
            return                    # the side may not read what its fire did
        text = said.split(": ", 1)[-1]
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
        group.setToolTip(said)        # in the side's words, as the status bar
        self.w.scene.addItem(group)
        self.fire_mark = group

    def clear_fire_mark(self) -> None:
        if self.fire_mark is not None and self.fire_mark.scene() is not None:
            self.fire_mark.scene().removeItem(self.fire_mark)
        self.fire_mark = None

    def engine_step(self, fn) -> None:
        """Undo or Redo from the stack -- unless the file changed outside the window since its
        last look: the engine would take back (or bring back) whatever is newest in the file, not
        the action the menu named (reviewer's item 3.3).  Then nothing is undone; the window is
        brought up to the file once the stack has finished its step, and says so."""
        self.clear_fire_mark()
        if self.w.outside.differs():
            said = (f"The game file was changed outside this window: nothing was {'undone' if fn is undo else 'redone'};"
                    " it is shown as it is now")
            QTimer.singleShot(0, lambda: self.w.outside.reload(said))
            return
        try:
            row = fn(self.w.game.location)
        except UmpireError as e:
            QMessageBox.warning(self.w, "Undo" if fn is undo else "Redo", e.one_line())
            # the undo stack has already stepped: put it back as the journal stands, once it is done
            # (else Redo would offer what was never undone -- a tester's finding)
            QTimer.singleShot(0, self.game_loaded)
            return
        self.w.reload_game()
        self.refresh_journal()
        self.refresh_phase()
        done = "Undid" if fn is undo else "Redid"
        game, viewer = self.w.game, self.w.viewer
        if viewer != UMPIRE and not side_may_read(game, row, viewer):
            # another side's action: as Edit → Undo's label, not the viewer's business
            self.w.statusBar().showMessage(f"{done} the last action", 8000)
            return
        self.w.statusBar().showMessage(f"{done}: {self.shown(row.summary, _label(row.kind, row.params, game))}", 8000)

    def end_turn(self) -> None:
        self.leave("end_turn")

    def leave(self, kind: str) -> None:
        """Pass, Next Phase or End Turn, once the umpire has said so if units could still act."""
        if may_leave(self.w, kind, self.act_ask_idle):
            self.run(kind, {})

    # ------------------------------------------------------------------ the move tool
    def show_victory(self) -> None:
        """The umpire's count of objectives and points; final once the game is over."""
        game = self.w.game
        if game is None:
            return
        if self.w.viewer != UMPIRE:          # a side reads only what its own map tells it
            QMessageBox.information(self.w, "Victory situation",
                                    side_victory_text(game, self.w.viewer, self.w.scene.view))
            return
        report = rule_system(game.rules).victory(game, final=game.phase == "ended")
        QMessageBox.information(self.w, "Victory situation", report.text(game))

    def halt(self) -> None:
        game = self.w.game
        paused = [u.id for u in game.units.values() if u.paused] if game else []
        if paused:
            self.run("halt", {"unit": paused[0]})
