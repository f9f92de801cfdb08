"""Who is acting: the name a shell sets (`umpire --as NAME`, the window's File → Umpire Name…),
else the UMPIRE_NAME environment variable, else the name the computer knows its user by.  On
its own, below the store (which names the writer in its notices) and core.umpires (seats)."""

from __future__ import annotations

import getpass
import os

from .errors import UmpireError

ENV = "UMPIRE_NAME"
NAME_LENGTH = 40

_chosen: str | None = None


def set_name(name: str | None) -> None:
    """The name this program acts under from now on (None: back to UMPIRE_NAME or the user)."""
    global _chosen
    if name is not None:
        check_name(name)
    _chosen = name


def chosen() -> str | None:
    """The name a shell set (--as, the window's Umpire Name…), or None."""
    return _chosen


def name_now() -> str:
    """Who is acting: the name set, else UMPIRE_NAME, else the computer's user name."""
    if _chosen:
        return _chosen
    env = os.environ.get(ENV, "").strip()
    if env:
        return env[:NAME_LENGTH]
    try:
        return getpass.getuser()[:NAME_LENGTH] or "umpire"
    except (OSError, KeyError):           # no user name in a bare container
        return "umpire"


def check_name(name: str) -> None:
    if not name.strip() or len(name) > NAME_LENGTH or not name.isprintable():
        raise UmpireError(f"an umpire's name is 1 to {NAME_LENGTH} printable characters, got {name!r}")
