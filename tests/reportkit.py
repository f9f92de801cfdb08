"""Reading turn reports in tests: a viewer's PDF written, its text (metadata included, white
space folded), its embedded images, whole-word search."""

import io
import re

from pypdf import PdfReader

from umpire.actions import system_for
from umpire.core.store.db import open_game
from umpire.reports import write_reports


def report(path, viewer, folder, paper="a4"):
    folder.mkdir(exist_ok=True)
    (out,) = write_reports(open_game(path), system_for(path), [viewer], folder, paper)
    return out


def text_of(pdf) -> str:
    reader = PdfReader(str(pdf))
    meta = " ".join(str(v) for k, v in (reader.metadata or {}).items() if k not in ("/CreationDate", "/ModDate"))
    # table cells wrap: compare with every run of white space made one space
    return re.sub(r"\s+", " ", "\n".join(p.extract_text() for p in reader.pages) + "\n" + meta)


def images_of(pdf) -> list[bytes]:
    from PIL import Image
    out = []
    for page in PdfReader(str(pdf)).pages:
        for img in page.images:
            out.append(Image.open(io.BytesIO(img.data)).convert("RGB").tobytes())
    return out


def words(text: str, needle: str) -> bool:
    return re.search(rf"(?<![\w/]){re.escape(needle)}(?![\w/])", text) is not None
