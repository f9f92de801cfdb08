"""The per-side secret links of `umpire serve`: a random token per side (never derived from
anything a player could guess), printed as a URL and a QR code for a phone.  Kept in a file the
umpire names (--links), readable by him alone, so the links stay the same from one evening to
the next; without it, new links every time the game is served."""

from __future__ import annotations

import hmac
import json
import os
import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import UmpireError

TOKEN_BYTES = 24


@dataclass
class SideLinks:
    tokens: dict[str, str]                 # side id -> secret

    def side_of(self, token: str) -> str | None:
        """The side a secret opens, compared in constant time (a timing does not tell how much of
        a guess was right)."""
        found = None
        for side, secret in self.tokens.items():
            if hmac.compare_digest(secret.encode(), token.encode()):
                found = side
        return found

    def url(self, base: str, side: str) -> str:
        return f"{base.rstrip('/')}/s/{self.tokens[side]}/"


def make_links(sides: list[str], path: str | Path | None = None) -> SideLinks:
    """The links of these sides: read from `path` when it holds them (new sides get new links,
    written back), else new ones."""
    tokens: dict[str, str] = {}
    if path is not None and Path(path).exists():
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
            raise UmpireError(f"not a links file ({str(e).splitlines()[0]})", file=str(path)) from None
        table = data.get("links", {})
        if not isinstance(table, dict):
            raise UmpireError("[links] is a table of side = \"secret\" lines", file=str(path))
        for side, token in table.items():
            if not isinstance(token, str) or len(token) < 16:
                raise UmpireError(f"the link of side {side!r} is not a secret of at least 16 characters",
                                  file=str(path))
            if token in tokens.values():     # one secret for two sides would open one's page to the other
                raise UmpireError(f"side {side!r} has the same secret as another side: each side needs its own",
                                  file=str(path))
            tokens[side] = token
    changed = False
    for side in sides:
        if side not in tokens:
            tokens[side] = secrets.token_urlsafe(TOKEN_BYTES)
            changed = True
    tokens = {s: tokens[s] for s in sides}
    if path is not None and changed:
        _write(Path(path), tokens)
    return SideLinks(tokens)


def _write(path: Path, tokens: dict[str, str]) -> None:
    text = "# the secret links of `umpire serve`: whoever holds one sees that side's page\n[links]\n" + \
        "".join(f"{json.dumps(side)} = {json.dumps(token)}\n" for side, token in tokens.items())
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)     # the umpire's alone
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise UmpireError(f"cannot write the links ({e.strerror})", file=str(path)) from None


def qr_text(url: str) -> str:
    """A QR code of `url` in text, for a terminal: a phone's camera reads it off the screen."""
    import io

    import qrcode
    qr = qrcode.QRCode(border=2)
    qr.add_data(url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def qr_png(url: str) -> bytes:
    import io

    import qrcode
    buf = io.BytesIO()
    qrcode.make(url, border=2).save(buf, format="PNG")
    return buf.getvalue()
