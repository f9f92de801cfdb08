"""Signed orders files (issue 23): the readable TOML of an orders file (docs/mechwar4.md,
docs/wardogs.md) with a last table

    [signature]
    side = "nato"             # whose key signed it
    turn = 3                  # the turn the orders are for
    game = "1d64…"            # the game's id (game_info.keys)
    signed = "2026-11-24T12:40:00.123456Z"   # when the player's Umpire signed it (UTC)
    key = "9c1f…"             # Ed25519 signature, hex

signed over the canonical bytes (viewjson.canonical: sorted keys, no spaces) of the game id, the
side, the turn, the signing time and everything in the file but [signature] -- so the file may be
re-indented or commented, but no order, hex or number in it can change without the signature
failing.  The file may hold only what JSON holds: a TOML date or time would print in the canonical
form as the string of the same digits, so a string could be turned into a date (or back) after
signing without the signature noticing; such a file is refused, to sign and to take.

The signing time orders a side's files for one turn: a file not signed later than the one last
kept for that side and turn is refused (a replay of an older version).  It is the player's clock,
so all it proves is the player's own order of signing -- which is what a replay would reverse.

`check_orders` is the one check before any rule system's reader sees the file: it refuses, one
line each, a file signed for another game, for a side the game lacks, whose signature does not
match (altered after signing, or signed with another key than the side's), that orders another
side than the one that signed it, or that is for a turn already past; and an unsigned file when
the game requires signatures (`umpire require-signatures GAME on`) or the command line does
(`umpire orders GAME FILE --require-signature`).
"""

from __future__ import annotations

import datetime
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import UmpireError
from ..core.store.db import open_game
from .keys import game_keys, private_key, verifies
from .package import Package
from .viewjson import canonical

TABLE = "signature"
FIELDS = ("side", "turn", "game", "signed", "key")
PLAIN = (str, int, float, bool)          # with lists and tables: what JSON holds as the same value


def plain_toml(value, shown: str, where: str = "") -> None:
    """Refuse a TOML date or time anywhere in the file (see the module's doc)."""
    if isinstance(value, dict):
        for k, v in value.items():
            plain_toml(v, shown, f"{where}.{k}" if where else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            plain_toml(v, shown, f"{where}[{i}]")
    elif not isinstance(value, PLAIN):
        raise UmpireError(f"{where} is a TOML date or time; orders files hold none -- write it in quotes",
                          file=shown)


def signing_time(text: str) -> datetime.datetime | None:
    """The [signature]'s `signed`, as Umpire writes it (UTC, to the microsecond), or None."""
    try:
        when = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ")
    except (TypeError, ValueError):
        return None
    return when.replace(tzinfo=datetime.timezone.utc)


def now_signed() -> str:
    """The signing time: now, and always later than the last this Umpire wrote (a coarse or
    stepped clock must not give two files of one session the same time)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    last = getattr(now_signed, "last", None)
    if last is not None and now <= last:
        now = last + datetime.timedelta(microseconds=1)
    now_signed.last = now
    return now.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def orders_message(game_id: str, side: str, turn: int, signed: str, body: dict) -> bytes:
    plain_toml(body, "the orders")
    return b"umpire-orders-2\n" + canonical({"game": game_id, "side": side, "turn": turn, "signed": signed,
                                             "orders": body})


def _parse(text: str, shown: str) -> dict:
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError) as e:
        raise UmpireError(f"not a valid orders file: {e}", file=shown) from None


def signature_table(package: Package, text: str, shown: str = "the orders") -> str:
    """The [signature] table that signs `text` (an orders file without one) as the package's side."""
    body = _parse(text, shown)
    if TABLE in body:
        raise UmpireError("already signed: sign the orders without their [signature] table", file=shown)
    side, turn = body.get("side"), body.get("turn")
    if side != package.side:
        raise UmpireError(f"the orders are for side {side!r}; this package's key signs only for side {package.side!r}",
                          file=shown)
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise UmpireError("turn must be the turn the orders are for, a whole number", file=shown)
    plain_toml(body, shown)
    signed = now_signed()
    key = private_key(package.side_key).sign(orders_message(package.game_id, side, turn, signed, body)).hex()
    return (f'\n[{TABLE}]\nside = "{side}"\nturn = {turn}\ngame = "{package.game_id}"\nsigned = "{signed}"\n'
            f'key = "{key}"\n')


def sign_orders(package: Package, text: str, shown: str = "the orders") -> str:
    """The orders file's text with its [signature] table appended."""
    return text.rstrip("\n") + "\n" + signature_table(package, text, shown)


def sign_orders_file(package: Package, path: str | Path, out: str | Path, check=None) -> None:
    """`check(text, shown)`: the rule system's reading before anything is written (the player's
    window's, orders_template.check_before_signing), after the signing's own refusals."""
    path, out = Path(path), Path(out)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UmpireError(f"cannot read: {getattr(e, 'strerror', None) or e}", file=str(path)) from None
    signed = sign_orders(package, text, str(path))
    if check is not None:
        check(text, str(path))
    try:
        out.write_text(signed, encoding="utf-8")
    except OSError as e:
        raise UmpireError(f"cannot write: {e.strerror or e}", file=str(out)) from None


@dataclass
class Received:
    """An orders file that passed the check: its text, and the side and turn it was signed for."""

    text: str
    signed: bool
    side: str | None = None
    turn: int | None = None
    body: str = ""            # the text without its [signature] table: what the rule system reads
    signed_at: datetime.datetime | None = None     # the [signature]'s signing time


def _body_text(text: str, body: dict, shown: str) -> str:
    """The file's text up to its [signature] table, which must come last (the rule systems'
    readers read this part)."""
    lines = text.splitlines(keepends=True)
    at = next((i for i, x in enumerate(lines) if x.strip().replace(" ", "") == f"[{TABLE}]"), None)
    rest = "".join(lines[:at]) if at is not None else None
    if rest is None or _parse(rest, shown) != body:
        raise UmpireError(f"the [{TABLE}] table must come last in the file, as Umpire writes it", file=shown)
    return rest


def check_orders(location: str, path: str | Path, require: bool = False) -> Received:
    """The orders file at `path` checked against the game's keys before anything reads it."""
    shown = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UmpireError(f"cannot read: {getattr(e, 'strerror', None) or e}", file=shown) from None
    keys = game_keys(location)
    required = require or (keys is not None and keys.require_signature)
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError) as e:
        if required:
            raise UmpireError(f"refused: not valid TOML ({e}), and the orders must be signed", file=shown) from None
        return Received(text, False, body=text)          # the rule system's reader says what is wrong
    sig = data.pop(TABLE, None)
    if sig is None:
        if required:
            why = "--require-signature" if require else "the game requires signed orders (umpire require-signatures)"
            raise UmpireError(f"refused: unsigned orders ({why}); sign them in the side's package (umpire sign-orders)",
                              file=shown)
        return Received(text, False, body=text)
    if not isinstance(sig, dict) or set(sig) != set(FIELDS) or not isinstance(sig["turn"], int) or not all(
            isinstance(sig[k], str) for k in ("side", "game", "key")) or signing_time(sig["signed"]) is None:
        older = isinstance(sig, dict) and set(sig) == {"side", "turn", "game", "key"}   # umpire-orders-1
        raise UmpireError(f"refused: [{TABLE}] must give side, turn, game, signed and key, as Umpire writes them"
                          + (" -- signed by an older Umpire: sign it again" if older else ""), file=shown)
    plain_toml(data, shown)
    body = _body_text(text, data, shown)
    if keys is None:
        raise UmpireError("refused: signed, but this game has no keys -- no side package was ever made for it",
                          file=shown)
    if sig["game"] != keys.game_id:
        raise UmpireError(f"refused: signed for another game ({sig['game'][:12]}…), not this one", file=shown)
    public = keys.side_public(sig["side"])
    if public is None:
        raise UmpireError(f"refused: signed for side {sig['side']!r}, which this game does not have", file=shown)
    if not verifies(public, sig["key"], orders_message(sig["game"], sig["side"], sig["turn"], sig["signed"], data)):
        raise UmpireError(f"refused: the signature does not match -- altered after signing, or not signed with "
                          f"{sig['side']}'s key", file=shown)
    if data.get("side") != sig["side"]:
        raise UmpireError(f"refused: signed by {sig['side']} but giving orders for {data.get('side')!r} -- a side "
                          f"orders only its own units", file=shown)
    if data.get("turn") != sig["turn"]:
        raise UmpireError(f"refused: signed for turn {sig['turn']} but the orders say turn {data.get('turn')!r}",
                          file=shown)
    game = open_game(location)
    if sig["turn"] < game.turn:
        raise UmpireError(f"refused: stale orders, signed for turn {sig['turn']} and the game is at turn {game.turn}",
                          file=shown)
    return Received(text, True, sig["side"], sig["turn"], body, signing_time(sig["signed"]))
