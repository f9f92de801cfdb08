"""python -m umpire.core.store.migrations NAME [WHAT]: write versions/NNNN_NAME.py, the revision
after head (its number the next schema's, its down_revision head's id), from script.py.mako."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from . import FOLDER, revisions, schema_of


def new_revision(name: str, what: str = "", folder: Path | None = None) -> Path:
    from alembic import command
    from alembic.config import Config

    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise ValueError(f"{name!r}: a revision's name is lower-case letters, digits and _")
    folder = folder or FOLDER
    last = revisions(folder)
    number = max(last) + 1
    cfg = Config()
    cfg.set_main_option("script_location", str(folder).replace("%", "%%"))
    cfg.set_main_option("file_template", "%%(rev)s")
    rev = f"{number:04d}_{name}"
    command.revision(cfg, message=what or name.replace("_", " "), rev_id=rev, head=last[max(last)])
    return folder / "versions" / f"{rev}.py"


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[0])
    path = new_revision(*sys.argv[1:])
    print(f"wrote {path}: fill in upgrade(), then set SCHEMA_VERSION in store/version.py to {schema_of(path.stem)}")
