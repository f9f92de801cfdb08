"""The one-line state of a game ('Turn 3 of 12 — Direct Fire/Movement phase — NATO to act'), and
`umpire status` reading it straight from an SQLite game file.

An umpire types `umpire status` between other commands, and a script polls it, so it answers in
about the time Python takes to start: sqlite3 and the rule system's ruleset.toml only -- no
SQLAlchemy, no rule system's code, no Qt.  Whatever is out of the ordinary (a server's URL, an
older schema, a game never set up, a value out of bounds, a rule system not found) gives None,
and the full command answers instead, with its own errors: this path never reports a problem
itself.  It reads the game record and the sides' names, nothing else: a damaged unit or map row
is for the commands that read those (and `umpire validate`) to refuse.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tomllib


def phase_text(turn: int, turns: int, phase: str, label: str | None, active: str | None,
               passed: list[str]) -> str:
    """The status line from plain values: `label` is the phase's name (None when play has not
    begun), `active` the name of the side to act, `passed` the names of those that passed."""
    if phase == "ended":
        return f"Game over after turn {turns}"
    text = f"Turn {turn} of {turns}"
    if label is not None:
        text += f" — {label}"
    if active:
        text += f" — {active} to act"
    if passed:
        text += f" (passed: {', '.join(passed)})"
    return text


def quick_status(target: str) -> str | None:
    """The status line of the SQLite game file `target`, or None when the full reader must
    answer (see the module's docstring)."""
    if "://" in target or not os.path.isfile(target):
        return None
    try:
        with open(target, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                return None
        db = sqlite3.connect(f"file:{_uri_path(target)}?mode=ro", uri=True, isolation_level=None, timeout=0)
        try:
            db.execute("BEGIN")                    # one snapshot for every row read
            info = db.execute("SELECT schema_version, rules, turn, turns, phase, active_side, passed "
                              "FROM game_info").fetchall()
            revisions = db.execute("SELECT version_num FROM alembic_version").fetchall()
            names = dict(db.execute("SELECT id, name FROM side").fetchall())
            # a game file is written with its opening; one without was never set up
            opened = db.execute("SELECT 1 FROM action WHERE kind = 'open' LIMIT 1").fetchone() is not None
        finally:
            db.close()
    except (OSError, sqlite3.Error):
        return None
    if len(info) != 1 or not _current(info[0][0], revisions):
        return None
    _, rules, turn, turns, phase, active, passed = info[0]
    if not opened or not _plain(info[0], names):     # never set up, odd values: the full reader says
        return None
    try:
        passed_ids = json.loads(passed)
        label = _phase_label(rules, phase) if phase not in ("", "ended") else None   # "": play not begun
        if not isinstance(passed_ids, list):
            return None
        return phase_text(turn, turns, phase, label, names[active] if active else None,
                          [names[s] for s in passed_ids])
    except (KeyError, TypeError, ValueError, LookupError):
        return None


def _plain(info: tuple, names: dict) -> bool:
    """The values read are of the types, and the turns within the bounds, that the full reader
    checks (store/integrity.py)."""
    from .core.limits import TURNS

    _, rules, turn, turns, phase, active, passed = info
    return (all(type(v) is int for v in (turn, turns)) and TURNS[0] <= turns <= TURNS[1] and 1 <= turn <= turns
            and all(isinstance(v, str) for v in (rules, phase, passed))
            and (active is None or isinstance(active, str)) and all(isinstance(v, str) for v in names.values()))


def _uri_path(path: str) -> str:
    """The path as an SQLite URI's: the characters a URI gives a meaning escaped."""
    return os.path.abspath(path).replace("%", "%25").replace("?", "%3f").replace("#", "%23")


def _current(schema: int, revisions: list[tuple]) -> bool:
    """The file stands at this Umpire's schema: an older one is migrated by the full reader, a
    newer one refused by it."""
    from .core.store.version import SCHEMA_VERSION, VERSIONS

    if schema != SCHEMA_VERSION or len(revisions) != 1:
        return False
    revision = str(revisions[0][0])
    return revision[:4] == f"{SCHEMA_VERSION:04d}" and (VERSIONS / f"{revision}.py").is_file()


def _phase_label(rules: str, phase: str) -> str:
    """The phase's label from the rule system's ruleset.toml ([[phases]]); LookupError when the
    rule system or the phase is not found (the full reader then says why)."""
    from .core.ruleset_folders import ruleset_folders

    head = next((base / rules / "ruleset.toml" for base in ruleset_folders()
                 if (base / rules / "ruleset.toml").is_file()), None)
    if head is None or not rules.isidentifier():
        raise LookupError(rules)
    try:
        data = tomllib.loads(head.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        raise LookupError(rules) from None
    found = [p.get("label") for p in data.get("phases", []) if isinstance(p, dict) and p.get("key") == phase]
    if len(found) != 1 or not isinstance(found[0], str):
        raise LookupError(phase)
    return found[0]
