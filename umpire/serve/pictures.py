"""A side's map picture and report PDF for its page, made by the commands that make them for the
umpire (`umpire render --side`, `umpire report --side`: both built from the side's view and
leak-tested), in a child process -- Qt paints in its own program's main thread, never in a web
server's worker -- and kept until what the side knows changes.

Kept by what the side knows, not by the game's journal: an enemy's secret action changes the
journal, and a picture made anew would take a second where a kept one takes a millisecond -- the
page's speed would tell the side the enemy had acted (the reviewer's probe timed it)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from ..core.engine import journal
from ..core.errors import UmpireError
from ..core.knowledge import build_view
from ..core.store.db import open_game
from ..core.whoacts import name_now
from ..core.witness import side_journal
from ..packages.viewjson import canonical, view_json
from ..rules import rule_system


def side_knows(location: str, side: str) -> str:
    """A digest of what `side` knows now -- its view (map, own units, contacts, plots) and its
    journal as it reads it, with the turn and phase everyone knows: its picture and report are
    made from nothing else."""
    game = open_game(location)
    system = rule_system(game.rules)
    entries = side_journal(game, side, journal(location), system)
    data = {"view": view_json(build_view(game, side, system)), "turn": game.turn, "phase": game.phase,
            "journal": [[e.number, e.turn, e.head, list(e.lines), e.undone] for e in entries]}
    return hashlib.sha256(canonical(data)).hexdigest()


class Pictures:
    def __init__(self, location: str) -> None:
        self.location = location
        self.folder = Path(tempfile.mkdtemp(prefix="umpire-serve-"))
        self.made: dict[tuple[str, str], tuple[str, bytes]] = {}
        self.lock = threading.Lock()

    def get(self, what: str, side: str) -> bytes:
        """The map (what "map") or the report ("report") of `side`, as the game stands now."""
        now = side_knows(self.location, side)
        with self.lock:                     # two phones asking at once make it once
            kept = self.made.get((what, side))
            if kept is not None and kept[0] == now:
                return kept[1]
            out = self.folder / f"{side}-{what}.{'png' if what == 'map' else 'pdf'}"
            args = (["render", self.location, "--side", side, "--out", str(out), "--hex-size", "18"] if what == "map"
                    else ["report", self.location, "--side", side, "--out", str(out)])
            # as the umpire who serves: in a game with seats the child must be him, not the login
            done = subprocess.run([sys.executable, "-m", "umpire.cli", "--as", name_now(), *args],
                                  capture_output=True, text=True, timeout=600)
            if done.returncode != 0:
                raise UmpireError(f"could not make the side's {what}: "
                                  f"{(done.stderr.strip().splitlines() or ['no reason given'])[-1]}")
            data = out.read_bytes()
            self.made[(what, side)] = (now, data)
            return data
