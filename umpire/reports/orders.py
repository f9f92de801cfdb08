"""A side's orders form for next turn, the last pages of its report: the rule system's tables
(umpire/rules/<system>: orders_form) with rows tall enough to write in, and a box for notes to
the umpire filling the rest of the page -- what the form has no column for (intentions,
conditions, questions) has a place too."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer

from .content import Report
from .tables import table_flowables

ROW = 26                  # points: a handwritten line
NOTES_LEAST = 45 * mm     # less room than this at the foot of the form: the notes box takes a page
NOTES_TITLE = "Notes for the umpire (intentions, conditions, questions)"


class NotesBox(Flowable):
    """A ruled box that takes all the room left on its page (at least NOTES_LEAST)."""

    def __init__(self, title: str, font: str) -> None:
        super().__init__()
        self.title, self.font = title, font

    def wrap(self, avail_width, avail_height):
        self.width, self.height = avail_width, max(avail_height - 2, NOTES_LEAST)
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setLineWidth(0.8)
        c.rect(0, 0, self.width, self.height)
        c.setFont(self.font, 9)
        c.drawString(6, self.height - 13, self.title)
        c.setStrokeColor(colors.Color(0.75, 0.75, 0.75))
        c.setLineWidth(0.4)
        y = self.height - 13 - ROW
        while y > 8:                       # writing lines, a handwritten line apart
            c.line(6, y, self.width - 6, y)
            y -= ROW
        c.restoreState()


def orders_pages(report: Report, styles, width: float) -> list:
    out = [PageBreak(), Paragraph(f"Orders for turn {report.turn + 1} — {escape(report.viewer_name)}", styles["title"]),
           Paragraph("Fill in by hand and hand back to the umpire.", styles["body"]), Spacer(1, 6)]
    for t in report.orders_form:
        out += table_flowables(t, styles, width, form=True, row_height=ROW)
    return out + [Spacer(1, 10), NotesBox(NOTES_TITLE, styles["body"].fontName)]
