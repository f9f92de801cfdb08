"""A report's table as reportlab flowables: its heading kept on the page with the start of the
table (never a heading alone at a page's foot), columns as wide as their text needs, the
header row repeated on every page a long table runs over."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import CondPageBreak, KeepTogether, LongTable, Paragraph, TableStyle

from ..core.rulesystem import Table

KEEP_WHOLE = 12           # a table of up to this many rows goes over to the next page whole
FIRST_ROWS = 3            # a longer one starts on a page with room for its heading and these rows


def column_widths(t: Table, styles, width: float) -> list[float]:
    """Columns as wide as their text needs; when the page is too narrow for that, every column
    keeps at least its longest word (no word is split) and the rest is shared out."""
    head, cell = styles["head"], styles["cell"]
    pad = 14                   # the cell padding (6 pt a side) and a little air

    def w(text: str, style) -> float:
        return pdfmetrics.stringWidth(text, style.fontName, style.fontSize)
    need, least = [], []
    for i, h in enumerate(t.header):
        texts = [row[i] for row in t.rows]
        word = max([w(x, head) for x in h.split()] + [w(x, cell) for text in texts for x in text.split()] + [0])
        need.append(max(word, min(max([w(x, cell) for x in texts] + [0]), 160)) + pad)
        least.append(word + pad)
    if sum(need) <= width:
        return [n * width / sum(need) for n in need]
    if sum(least) >= width:
        return [n * width / sum(least) for n in least]
    spare, wish = width - sum(least), sum(n - m for n, m in zip(need, least))
    return [m + spare * (n - m) / wish for n, m in zip(need, least)]


def table_flowables(t: Table, styles, width: float, form: bool = False, row_height: float = 22) -> list:
    """The heading and the table (or its `empty` words), kept together as far as a page allows.
    `form`: blank rows of `row_height` points to write in."""
    heading = Paragraph(escape(t.title), styles["h1"])
    if not t.rows:
        return [KeepTogether([heading, Paragraph(escape(t.empty), styles["body"])])]
    data = [[Paragraph(escape(h), styles["head"]) for h in t.header]]
    data += [[Paragraph(escape(c), styles["cell"]) for c in row] for row in t.rows]
    table = LongTable(data, colWidths=column_widths(t, styles, width), repeatRows=1,
                      rowHeights=[None] + [row_height] * len(t.rows) if form else None)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), styles["cell"].fontName),      # else the table asks for Helvetica
        ("GRID", (0, 0), (-1, -1), 0.4, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.85, 0.85, 0.85)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.95, 0.95, 0.95)] if not form
         else [colors.white]),
    ]))
    if len(t.rows) <= KEEP_WHOLE:
        return [KeepTogether([heading, table])]
    # too long to move whole: start it only where its heading, header row and a few rows fit
    _, head_h = heading.wrap(width, 1000)
    room = head_h + styles["h1"].spaceBefore + styles["h1"].spaceAfter + (FIRST_ROWS + 1) * max(row_height, 24)
    return [CondPageBreak(room), heading, table]
