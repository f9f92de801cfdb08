"""Turn reports as PDF (reportlab): a cover, the situation map (one image, rendered once at
print resolution from the report's view), the tables, the turn's events and, for a side, a
blank orders form for next turn.  Fonts are embedded (DejaVu Sans where the system has it);
long tables repeat their header on every page.  The PDF's metadata names only the scenario,
the reader and the turn."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.lib.utils import ImageReader
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, LongTable, NextPageTemplate, PageBreak, PageTemplate,
                                Paragraph, Spacer, TableStyle)

from .content import Report, Table

PAPER = {"a4": A4, "letter": LETTER}
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/Library/Fonts", "C:/Windows/Fonts")


def _fonts() -> tuple[str, str]:
    """Embedded TrueType fonts if found (DejaVu Sans), else the PDF's built-in Helvetica."""
    if "UmpireSans" in pdfmetrics.getRegisteredFontNames():
        return "UmpireSans", "UmpireSans-Bold"
    for folder in FONT_DIRS:
        regular, bold = Path(folder, "DejaVuSans.ttf"), Path(folder, "DejaVuSans-Bold.ttf")
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont("UmpireSans", str(regular)))
            pdfmetrics.registerFont(TTFont("UmpireSans-Bold", str(bold)))
            return "UmpireSans", "UmpireSans-Bold"
    return "Helvetica", "Helvetica-Bold"


def write_pdf(report: Report, map_png: str, out: str | Path, paper: str = "a4") -> None:
    font, bold = _fonts()
    size = PAPER[paper]
    styles = {
        "title": ParagraphStyle("title", fontName=bold, fontSize=22, leading=28, spaceAfter=10),
        "h1": ParagraphStyle("h1", fontName=bold, fontSize=13, leading=17, spaceBefore=8, spaceAfter=4),
        "body": ParagraphStyle("body", fontName=font, fontSize=9, leading=12),
        "big": ParagraphStyle("big", fontName=font, fontSize=12, leading=16),
        "event": ParagraphStyle("event", fontName=font, fontSize=8, leading=10),
        "sub": ParagraphStyle("sub", fontName=font, fontSize=8, leading=10, leftIndent=14),
        "cell": ParagraphStyle("cell", fontName=font, fontSize=7.5, leading=9),
        "head": ParagraphStyle("head", fontName=bold, fontSize=7.5, leading=9),
    }
    reader = "Umpire's copy: the truth" if report.viewer == "umpire" else f"For {report.viewer_name} only"

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setFont(font, 7)
        canvas.drawString(12 * mm, 8 * mm, f"{report.title} — turn {report.turn} — {reader}")
        canvas.drawRightString(canvas._pagesize[0] - 12 * mm, 8 * mm, f"page {doc.page}")
        canvas.restoreState()

    doc = BaseDocTemplate(str(out), pagesize=size, title=f"{report.title} — {report.viewer_name} — turn {report.turn}",
                          author="Umpire", subject="Turn report", creator="Umpire", keywords="",
                          initialFontName=font)          # no unembedded Helvetica on any page
    margin = 12 * mm
    portrait = Frame(margin, margin + 4 * mm, size[0] - 2 * margin, size[1] - 2 * margin - 4 * mm, id="p")
    wide = landscape(size)
    across = Frame(margin, margin + 4 * mm, wide[0] - 2 * margin, wide[1] - 2 * margin - 4 * mm, id="l")
    doc.addPageTemplates([PageTemplate("portrait", [portrait], onPage=footer, pagesize=size),
                          PageTemplate("map", [across], onPage=footer, pagesize=wide)])
    story = _cover(report, styles, reader)
    story += [NextPageTemplate("map"), PageBreak(), Paragraph("Situation map", styles["h1"]),
              MapSlice(map_png, across, (0.0, 1.0), (0.0, 1.0))]
    for title, across_x, down_y in QUARTERS:                 # the same image, twice as large
        story += [PageBreak(), Paragraph(f"Situation map — {title} quarter", styles["h1"]),
                  MapSlice(map_png, across, across_x, down_y)]
    story += [NextPageTemplate("portrait"), PageBreak()]
    for t in report.tables:
        story += _table(t, styles, portrait.width)
    story += [Paragraph(f"Events of turn {report.turn}", styles["h1"])]
    if not report.events:
        story.append(Paragraph(escape(report.events_empty), styles["body"]))
    for line in report.events:
        sub = line.startswith("    ")
        story.append(Paragraph(escape(line.strip()), styles["sub" if sub else "event"]))
    if report.orders_form:
        story += [PageBreak(), Paragraph(f"Orders for turn {report.turn + 1} — {escape(report.viewer_name)}",
                                         styles["title"]),
                  Paragraph("Fill in by hand and hand back to the umpire.", styles["body"]), Spacer(1, 6)]
        for t in report.orders_form:
            story += _table(t, styles, portrait.width, form=True)
    doc.build(story)


def _cover(report: Report, styles, reader: str) -> list:
    out = [Spacer(1, 40 * mm), Paragraph(escape(report.title), styles["title"]),
           Paragraph(f"Turn {report.turn} of {report.turns} — {escape(report.phase.replace('_', ' '))}", styles["big"]),
           Paragraph(escape(report.viewer_name), styles["big"]), Spacer(1, 6),
           Paragraph(escape(reader), styles["big"]), Paragraph(f"Printed {report.made}", styles["body"])]
    if report.samples:
        out += [Spacer(1, 12), Paragraph("Sample tables in use (stand-ins for charts the rules refer to but do not "
                                         "print): " + escape(", ".join(report.samples)), styles["body"])]
    return out


# the map in four overlapping quarters: (name, left-right, top-bottom) as fractions of the image
QUARTERS = (("north-west", (0.0, 0.55), (0.0, 0.55)), ("north-east", (0.45, 1.0), (0.0, 0.55)),
            ("south-west", (0.0, 0.55), (0.45, 1.0)), ("south-east", (0.45, 1.0), (0.45, 1.0)))


class MapSlice(Flowable):
    """The map image, or a part of it (fractions of its width and height), scaled to fill the
    frame.  Every part draws the same image file, which the PDF embeds once."""

    def __init__(self, png: str, frame: Frame, xs: tuple[float, float], ys: tuple[float, float]) -> None:
        super().__init__()
        self.png, self.xs, self.ys = png, xs, ys
        self.w, self.h = ImageReader(png).getSize()
        part_w, part_h = self.w * (xs[1] - xs[0]), self.h * (ys[1] - ys[0])
        # the frame less the heading above it (and the frame's own padding)
        self.scale = min((frame._width - 12) / part_w, (frame._height - 48) / part_h)
        self.width, self.height = part_w * self.scale, part_h * self.scale

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        clip = c.beginPath()
        clip.rect(0, 0, self.width, self.height)
        c.clipPath(clip, stroke=0, fill=0)
        # the image's bottom-left corner, so that the part's top-left lands at the frame's
        x = -self.w * self.xs[0] * self.scale
        y = self.height - self.h * (1 - self.ys[0]) * self.scale
        c.drawImage(self.png, x, y, self.w * self.scale, self.h * self.scale)
        c.restoreState()


def _widths(t: Table, styles, width: float) -> list[float]:
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


def _table(t: Table, styles, width: float, form: bool = False) -> list:
    out = [Paragraph(escape(t.title), styles["h1"])]
    if not t.rows:
        return out + [Paragraph(escape(t.empty), styles["body"])]
    data = [[Paragraph(escape(h), styles["head"]) for h in t.header]]
    data += [[Paragraph(escape(c), styles["cell"]) for c in row] for row in t.rows]
    table = LongTable(data, colWidths=_widths(t, styles, width), repeatRows=1,
                      rowHeights=[None] + [22] * len(t.rows) if form else None)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), styles["cell"].fontName),      # else the table asks for Helvetica
        ("GRID", (0, 0), (-1, -1), 0.4, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.85, 0.85, 0.85)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.95, 0.95, 0.95)] if not form
         else [colors.white]),
    ]))
    return out + [table]
