"""A side's map picture and report PDF for its page, made by the commands that make them for the
umpire (`umpire render --side`, `umpire report --side`: both built from the side's view and
leak-tested), in a child process -- Qt paints in its own program's main thread, never in a web
server's worker -- and kept until the game's journal changes."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from ..core.errors import UmpireError
from ..core.journal import journal_signature
from ..core.store.db import reading


def journal_now(location: str) -> tuple:
    with reading(location) as session:
        return journal_signature(session)


class Pictures:
    def __init__(self, location: str) -> None:
        self.location = location
        self.folder = Path(tempfile.mkdtemp(prefix="umpire-serve-"))
        self.made: dict[tuple[str, str], tuple[tuple, bytes]] = {}
        self.lock = threading.Lock()

    def get(self, what: str, side: str) -> bytes:
        """The map (what "map") or the report ("report") of `side`, as the game stands now."""
        now = journal_now(self.location)
        with self.lock:                     # two phones asking at once make it once
            kept = self.made.get((what, side))
            if kept is not None and kept[0] == now:
                return kept[1]
            out = self.folder / f"{side}-{what}.{'png' if what == 'map' else 'pdf'}"
            args = (["render", self.location, "--side", side, "--out", str(out), "--hex-size", "18"] if what == "map"
                    else ["report", self.location, "--side", side, "--out", str(out)])
            done = subprocess.run([sys.executable, "-m", "umpire.cli", *args], capture_output=True, text=True,
                                  timeout=600)
            if done.returncode != 0:
                raise UmpireError(f"could not make the side's {what}: "
                                  f"{(done.stderr.strip().splitlines() or ['no reason given'])[-1]}")
            data = out.read_bytes()
            self.made[(what, side)] = (now, data)
            return data
