"""The game's signing keys (issue 23): who may sign what, held in the game file (game_info.keys).

    game_id            a random id, named in every package and orders file of this game
    game               the game's Ed25519 private key: it signs each side's package
    sides[SIDE]        each side's Ed25519 private key: it goes into that side's package only and
                       signs the side's orders files; the game checks them with its public half
    require_signature  true: `umpire orders` refuses an unsigned orders file

Ed25519 (RFC 8032) from the `cryptography` package: its signatures are deterministic, so the same
package content signs to the same bytes.  The keys are made the first time a package is made
(a game file of an older Umpire, or one that never sent a package, has none) and never change:
a new key would make every player's Umpire refuse the game's later packages (trust on first use).
They are not game state: no action changes them, the journal and replay never see them.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from sqlmodel import select

from ..core.store import models as m
from ..core.store.db import open_game, reading, writing

RAW = serialization.Encoding.Raw


def private_hex(key: Ed25519PrivateKey) -> str:
    return key.private_bytes(RAW, serialization.PrivateFormat.Raw, serialization.NoEncryption()).hex()


def public_hex(key: Ed25519PrivateKey) -> str:
    return key.public_key().public_bytes(RAW, serialization.PublicFormat.Raw).hex()


def private_key(text: str) -> Ed25519PrivateKey:
    """A private key from its 64 hex digits (ValueError if it is none)."""
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(text))


def verifies(public: str, signature: str, message: bytes) -> bool:
    """Whether `signature` (hex) is `message` signed by the private half of `public` (hex)."""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public)).verify(bytes.fromhex(signature), message)
        return True
    except (InvalidSignature, ValueError):
        return False


@dataclass
class GameKeys:
    game_id: str
    game: str                                  # private key, hex
    sides: dict[str, str] = field(default_factory=dict)   # side id -> private key, hex
    require_signature: bool = False

    def game_public(self) -> str:
        return public_hex(private_key(self.game))

    def side_public(self, side: str) -> str | None:
        return public_hex(private_key(self.sides[side])) if side in self.sides else None

    def to_json(self) -> dict:
        return {"game_id": self.game_id, "game": self.game, "sides": dict(self.sides),
                "require_signature": self.require_signature}


def _from_json(data: dict) -> GameKeys | None:
    if not data or "game" not in data:
        return None
    return GameKeys(data["game_id"], data["game"], dict(data.get("sides", {})), bool(data.get("require_signature")))


def game_keys(location: str) -> GameKeys | None:
    """The game's keys, or None when it never made a package (an older file is migrated first)."""
    open_game(location)
    with reading(location) as session:
        return _from_json(session.execute(select(m.GameInfo.keys)).scalar() or {})


def ensure_keys(location: str, sides: list[str]) -> GameKeys:
    """The game's keys, made now for the game and for any side that has none yet."""
    keys = game_keys(location)
    if keys is not None and all(s in keys.sides for s in sides):
        return keys
    with writing(location) as session:        # under the write lock: two shells never make two keys
        info = session.execute(select(m.GameInfo)).scalar_one()
        keys = _from_json(info.keys or {}) or GameKeys(uuid.uuid4().hex, private_hex(Ed25519PrivateKey.generate()))
        for s in sides:
            keys.sides.setdefault(s, private_hex(Ed25519PrivateKey.generate()))
        info.keys = keys.to_json()
        session.add(info)
    return keys


def set_require_signature(location: str, sides: list[str], required: bool) -> GameKeys:
    """The game's setting: whether `umpire orders` takes only signed orders files."""
    ensure_keys(location, sides)
    with writing(location) as session:
        info = session.execute(select(m.GameInfo)).scalar_one()
        keys = _from_json(info.keys)
        keys.require_signature = required
        info.keys = keys.to_json()
        session.add(info)
    return keys
