"""The journal dock's contents: every action of the game file, newest first, filtered by turn
and -- for the umpire -- by side and to the dice alone; a side reads only its own actions,
without dice and without what they revealed.  A part of `play.Play`."""

from __future__ import annotations

from html import escape

from ..core.dice import Roll
from ..core.engine import journal
from ..core.knowledge import UMPIRE
from ..rules import rule_system
from ..core.umpire_words import UmpireWords
from ..core.witness import side_journal, side_may_read


class JournalView:
    """Methods of Play for the journal dock; Play holds the widgets (journal_view, ...)."""

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
        if viewer != UMPIRE:
            # a side reads its own actions and what befell its units, in its own words and its own
            # numbering, without the dice or what the actions revealed (core.witness)
            html = [self._entry_html(e.number, e.turn, e.head, e.lines, e.undone)
                    for e in reversed(side_journal(game, viewer, rows, rule_system(game.rules)))
                    if wanted is None or e.turn == wanted]
            self.journal_view.setHtml("".join(html) or "<i>No actions yet.</i>")
            return
        html = []
        words = UmpireWords(game)            # whose contact a label is, formations by name
        seat = self.w.seat
        several = len({r.umpire for r in rows if r.umpire}) > 1     # names shown once several umpires acted
        for r in reversed(rows):
            if wanted is not None and r.turn != wanted:
                continue
            if seat.limited and r.umpire != seat.name:
                continue              # an assistant of sectors reads his own actions: the rest is the whole battle
            if side_wanted is not None and not self._side_may_read(r, side_wanted):
                continue
            if dice_only:
                if not r.rolls:
                    continue
                log = [words.text(Roll.from_json(x).describe()) for x in r.rolls]
                lines = "".join(f"<div style='margin-left:12px;color:#444'>{escape(x)}</div>" for x in log)
                html.append(f"<div><b>#{r.seq}</b> turn {r.turn}: {escape(words.summary(r).split('. Spotting')[0])}{lines}</div>")
                continue
            html.append(self._entry_html(r.seq, r.turn, words.summary(r), [words.text(x) for x in r.log], r.undone,
                                         r.umpire if several else None))
        self.journal_view.setHtml("".join(html) or ("<i>No dice rolled here.</i>" if dice_only else "<i>No actions yet.</i>"))

    @staticmethod
    def _entry_html(number: int, turn: int, head: str, lines, undone: bool, by: str | None = None) -> str:
        """by: the umpire who performed it (the umpire's own view: several may share a game)."""
        style = "color:#999;text-decoration:line-through" if undone else ""
        body = "".join(f"<div style='margin-left:12px;color:#444'>{escape(x)}</div>" for x in lines)
        who = f" <span style='color:#777'>[{escape(by)}]</span>" if by else ""
        return f"<div style='{style}'><b>#{number}</b> turn {turn}: {escape(head)}{who}{body}</div>"

    def _side_may_read(self, row, side: str) -> bool:
        return side_may_read(self.w.game, row, side)
