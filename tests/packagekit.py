"""Side packages in tests: a game file with its packages made, and zips rewritten."""

from __future__ import annotations

import io
import zipfile

from umpire.actions import system_for
from umpire.packages.package import build_package


def package_of(path, side: str) -> bytes:
    return build_package(str(path), side, system_for(str(path)))


def rewritten(data: bytes, name: str, change) -> bytes:
    """The package with entry `name` replaced by change(its bytes), everything else as it was."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            raw = src.read(info)
            dst.writestr(info, change(raw) if info.filename == name else raw)
    return out.getvalue()
