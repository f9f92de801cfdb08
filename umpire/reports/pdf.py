"""Turn reports as PDF (reportlab): a cover with the map's key, the situation map (the whole
map, then each quarter, each its own picture at print resolution from the report's view), the
tables, the turn's events and, for a side, a blank orders form for next turn.  Fonts are
embedded (DejaVu Sans where the system has it); long tables repeat their header on every page.
The PDF's metadata names only the scenario, the reader and the turn."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.lib.utils import ImageReader
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, KeepTogether, NextPageTemplate, PageBreak, PageTemplate,
                                Paragraph, Spacer)

from .content import Report
from .maps import MapPage
from .orders import orders_pages
from .tables import table_flowables

PAPER = {"a4": A4, "letter": LETTER}

# Streams in binary, as PDF has allowed since 1.0: reportlab's default wraps every stream in
# ASCII85 for 7-bit mail transports, a quarter bigger and, for the map pictures, a fifth of the
# reports' time (issue 18).  Set here, where Umpire's reportlab is used, for all its documents.
rl_config.useA85 = 0
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


MARGIN = 12 * mm
MAP_HEADING = 34          # points above a map picture for its two lines of title
PAD = 6                   # reportlab's frame padding, each side


def _frames(paper: str) -> dict[bool, Frame]:
    """The frame of a page's text, by landscape or not (the footer sits below it)."""
    out = {}
    for wide in (False, True):
        w, h = landscape(PAPER[paper]) if wide else PAPER[paper]
        out[wide] = Frame(MARGIN, MARGIN + 4 * mm, w - 2 * MARGIN, h - 2 * MARGIN - 4 * mm, id="l" if wide else "p")
    return out


def map_areas(paper: str) -> dict[bool, tuple[float, float]]:
    """The room for a map picture under its title, (width, height) in points, by landscape or not."""
    return {wide: (f._width - 2 * PAD, f._height - 2 * PAD - MAP_HEADING) for wide, f in _frames(paper).items()}


def write_pdf(report: Report, maps: list[MapPage], out: str | Path, paper: str = "a4") -> None:
    font, bold = _fonts()
    size = PAPER[paper]
    styles = {
        "title": ParagraphStyle("title", fontName=bold, fontSize=22, leading=28, spaceAfter=10),
        # a heading never ends a page: tables.py keeps it together with what it heads
        "h1": ParagraphStyle("h1", fontName=bold, fontSize=13, leading=17, spaceBefore=8, spaceAfter=4),
        "maptitle": ParagraphStyle("maptitle", fontName=bold, fontSize=11, leading=14),
        "mappart": ParagraphStyle("mappart", fontName=font, fontSize=9, leading=12, spaceAfter=6),
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
    frames = _frames(paper)
    portrait = frames[False]
    doc.addPageTemplates([PageTemplate("portrait", [portrait], onPage=footer, pagesize=size),
                          PageTemplate("map", [frames[True]], onPage=footer, pagesize=landscape(size))])
    story = _cover(report, styles, reader, portrait.width)
    for m in maps:            # each on its own page, turned the way it prints largest, its title above it
        story += [NextPageTemplate("map" if m.landscape else "portrait"), PageBreak(),
                  Paragraph(escape(m.title), styles["maptitle"]), Paragraph(escape(m.part), styles["mappart"]),
                  MapPicture(m)]
    story += [NextPageTemplate("portrait"), PageBreak()]
    for t in report.tables:
        story += table_flowables(t, styles, portrait.width)
    events = [Paragraph(escape(line.strip()), styles["sub" if line.startswith("    ") else "event"])
              for line in report.events] or [Paragraph(escape(report.events_empty), styles["body"])]
    # the heading goes over to the next page with the first event, never alone at a foot
    story += [KeepTogether([Paragraph(f"Events of turn {report.turn}", styles["h1"]), events[0]])] + events[1:]
    if report.orders_form:
        story += orders_pages(report, styles, portrait.width)
    doc.build(story)


class MapPicture(Flowable):
    """A map page's picture at its printed size (points), drawn from the image in memory."""

    def __init__(self, page: MapPage) -> None:
        super().__init__()
        self.page = page
        self.width, self.height = page.size
        self.hAlign = "CENTER"

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self) -> None:
        self.canv.drawImage(ImageReader(self.page.picture), 0, 0, self.width, self.height)


def _cover(report: Report, styles, reader: str, width: float) -> list:
    out = [Spacer(1, 20 * mm), Paragraph(escape(report.title), styles["title"]),
           Paragraph(f"Turn {report.turn} of {report.turns} — {escape(report.phase.replace('_', ' '))}", styles["big"]),
           Paragraph(escape(report.viewer_name), styles["big"]), Spacer(1, 6),
           Paragraph(escape(reader), styles["big"]), Paragraph(f"Printed {report.made}", styles["body"])]
    if report.samples:
        out += [Spacer(1, 12), Paragraph("Sample tables in use (stand-ins for charts the rules refer to but do not "
                                         "print): " + escape(", ".join(report.samples)), styles["body"])]
    if report.key is not None:           # before the map pages: read once, then the maps
        out += [Spacer(1, 8)] + table_flowables(report.key, styles, width)
    return out
