"""Files written whole or not at all: the new contents go to a temporary file beside the old
one and replace it in one step (os.replace), so a full disk, a crash or a refusal half way
leaves the old file as it was and never a file cut short.  No Qt."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import UmpireError


def atomic_write(path: str | Path, data: bytes | str, encoding: str = "utf-8") -> None:
    """Put `data` (text is encoded, its line endings kept as they are) in `path` whole, or
    raise UmpireError naming the file and leave it untouched."""
    path = Path(path)
    raw = data.encode(encoding) if isinstance(data, str) else bytes(data)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, part = tempfile.mkstemp(prefix=path.name + ".", suffix=".part", dir=folder)
    except OSError as e:
        raise UmpireError(f"cannot write: {e.strerror or e}", file=str(path)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())        # on the disk before it takes the old file's place
        os.replace(part, path)
    except OSError as e:
        raise UmpireError(f"cannot write: {e.strerror or e}", file=str(path)) from None
    finally:
        if os.path.exists(part):
            os.unlink(part)
