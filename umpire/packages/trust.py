"""Trust on first use (issue 23): the player's Umpire remembers each game's public key the first
time it opens one of the game's packages, and refuses a later package of that game signed by
another key -- a package forged by someone who made his own key cannot pass for the umpire's.

The keys are kept in a small JSON file, {game id: public key}: $UMPIRE_TRUST names it, else
~/.config/umpire/trusted-games.json.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..core.errors import UmpireError
from .package import Package


def trust_file() -> Path:
    named = os.environ.get("UMPIRE_TRUST")
    return Path(named) if named else Path.home() / ".config" / "umpire" / "trusted-games.json"


def _known(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        raise UmpireError(f"cannot read the trusted games' keys: {e}", file=str(path)) from None
    if not isinstance(data, dict):
        raise UmpireError("not a file of trusted games' keys ({game id: key})", file=str(path))
    return data


def check_trust(package: Package, shown: str, path: Path | None = None) -> bool:
    """Refuse a package of a known game signed by another key than the one first seen; remember
    the key of a game not seen before.  True: the game was new (its key now trusted)."""
    path = path or trust_file()
    known = _known(path)
    key = package.manifest["game_key"]
    first = known.get(package.game_id)
    if first == key:
        return False
    if first is not None:
        raise UmpireError(f"signed by another key than this game's earlier packages ({first[:12]}…): not the "
                          f"umpire's package -- ask your umpire", file=shown)
    known[package.game_id] = key
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.name + ".part")
        part.write_text(json.dumps(known, indent=1, sort_keys=True), encoding="utf-8")
        part.replace(path)
    except OSError as e:
        raise UmpireError(f"cannot keep the game's key: {e.strerror or e}", file=str(path)) from None
    return True
