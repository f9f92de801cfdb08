"""Turn reports (issue 7): a PDF for each side built from its side view only, and the umpire's.

`write_reports` draws each reader's map pages with the map painter (maps.py, umpire/render: Qt,
offscreen when there is no window) and writes the PDFs; content.py decides what goes in, pdf.py
lays it out, tables.py and orders.py its tables and orders form.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from ..core.errors import UmpireError
from ..core.knowledge import UMPIRE

def report_name(game, viewer: str) -> str:
    """turn03-umpire.pdf, turn03-nato.pdf: sorts by turn, names the reader."""
    return f"turn{game.turn:02d}-{re.sub(r'[^A-Za-z0-9_-]+', '_', viewer)}.pdf"


def write_reports(game, system, viewers: list[str], out: str | Path, paper: str = "a4",
                  progress: Callable[[int, str], bool] | None = None) -> list[Path]:
    """Write one PDF per viewer ("umpire" or a side id).  `out` is a folder, or the file name
    when there is one viewer.  `progress(done, label)` may return False to stop.  A report is
    written to a temporary name first: a failure leaves no half-written PDF behind."""
    from .content import side_report, umpire_report
    from .maps import map_pages
    from .pdf import PAPER, map_areas, write_pdf
    if paper not in PAPER:
        raise UmpireError(f"paper must be {' or '.join(PAPER)}, not {paper!r}", place="--paper")
    for v in viewers:
        if v != UMPIRE and v not in game.side_ids():
            raise UmpireError(f"unknown side {v!r} (the sides are {', '.join(game.side_ids())})", place="--side")
    out = Path(out)
    one_file = len(viewers) == 1 and out.suffix.lower() == ".pdf"
    folder = out.parent if one_file else out
    if not one_file and out.suffix.lower() == ".pdf" and not out.is_dir():
        raise UmpireError(f"a .pdf file holds one report, not {len(viewers)}: give a folder", file=str(out))
    if folder.exists() and not folder.is_dir():
        raise UmpireError("not a folder", file=str(folder))
    try:                    # a new turn's folder is made here, parents too: the input was checked above
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UmpireError(f"cannot make the folder: {e.strerror or e}", file=str(folder)) from None
    written = []
    _qt()
    for i, v in enumerate(viewers):
        if progress is not None and progress(i, v) is False:
            break
        report = umpire_report(game, system) if v == UMPIRE else side_report(game, v, system)
        maps = map_pages(report.view, game.rules, map_areas(paper))      # from the reader's view only
        target = out if one_file else folder / report_name(game, v)
        part = target.with_name(target.name + ".part")
        try:
            write_pdf(report, maps, part, paper)
            part.replace(target)
        except OSError as e:
            raise UmpireError(f"cannot write the report: {e.strerror or e}", file=str(target)) from None
        finally:            # whatever stopped it, no half-written report is left behind
            part.unlink(missing_ok=True)
        written.append(target)
    if progress is not None:
        progress(len(viewers), "")
    return written


def _qt():
    """Drawing the map needs a QApplication; without a window, an offscreen one."""
    from PySide6.QtWidgets import QApplication
    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _qt.app = QApplication(["umpire"])
