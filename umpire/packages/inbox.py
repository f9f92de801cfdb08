"""The umpire takes a side's orders file (issue 23): the signature checked (signing.check_orders),
the rule system's reader and its "orders" action, and the file kept in the journal -- all in one
transaction, so a refused file changes nothing and leaves no trace.  `orders_in` says which
sides' orders for a turn are in (the window's Inbox).

A signed file must be signed later than the signed file last kept for its side and turn: an
older version handed in again (a replay, by mistake or not) is refused rather than put back in
place of the newer orders."""

from __future__ import annotations

import tempfile
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.engine import ActionResult, act, journal
from ..core.errors import UmpireError
from ..core.play.inbox import held_files, settled_by
from ..core.journal import journal_signature
from ..core.store.db import open_game, read_game, reading, writing
from .signing import TABLE, check_orders, signing_time


def read_body(system, received, shown: str) -> tuple[str, dict]:
    """The rule system's reading of the file without its [signature] table; its errors name the
    file handed in."""
    with tempfile.TemporaryDirectory() as folder:
        body = Path(folder) / Path(shown).name
        body.write_text(received.body, encoding="utf-8")
        try:
            return system.read_orders(body)
        except UmpireError as e:
            raise UmpireError(e.problem, file=shown, place=e.place, line=e.line) from None


def take_orders(location: str, path: str | Path, system, require: bool = False) -> list[ActionResult]:
    """Check, keep and apply a side's orders file; the results of the actions run (kept, and
    applied unless the file waits for its phase: then kept only, and applied when it comes --
    core.play.inbox).

    The checks (the signature and whether the file is stale, check_orders; the rule system's
    reading; not_older, which reads the whole journal: is this signed file newer than the one
    kept?) run before the write transaction, so a long check never holds the game's write lock
    against another writer.  What they read may change before the lock is taken: the journal's
    signature is taken with them and compared under the lock, and if another writer moved the
    journal on, the checks are run again on the journal as it is now."""
    shown = str(path)
    for _ in range(ATTEMPTS):
        seen = journal_now(location)
        received = check_orders(location, path, require)     # stale? against the game's turn as it is now
        side, params = read_body(system, received, shown)
        if received.signed and side != received.side:        # check_orders compared the file's side already
            raise UmpireError(f"refused: signed by {received.side} but giving orders for {side!r}", file=shown)
        if received.signed:
            not_older(location, received, shown)          # the long read: no lock held
        try:
            with writing(location) as session:
                if journal_signature(session) != seen:
                    continue                               # another writer came between: check again
                game = read_game(session, location)
                turn = params.get("turn", received.turn if received.turn is not None else game.turn)
                waiting = system.orders_wait(game, side, params)
                kept = act(session, location, "receive_orders",
                           {"side": side, "turn": turn, "text": received.text, "signed": received.signed}
                           | ({"held": params, "waiting": waiting} if waiting else {}), system, side=side)
                if waiting:
                    return [kept]
                return [kept, act(session, location, "orders", params, system, side=side)]
        except UmpireError as e:
            if e.file:            # the game file's own trouble names the game file
                raise
            raise UmpireError(e.problem, file=shown) from None
    raise UmpireError(f"the game kept changing while the file was checked ({ATTEMPTS} times): take it again",
                      file=shown)


ATTEMPTS = 5


def journal_now(location: str) -> tuple:
    with reading(location) as session:
        return journal_signature(session)


def not_older(location: str, received, shown: str) -> None:
    """Refuse a signed file not signed later than the signed file last kept for its side and turn."""
    last = orders_in(location, received.turn).get(received.side)
    kept = last.signed_at() if last is not None and last.signed else None
    if kept is not None and received.signed_at <= kept:
        raise UmpireError(f"refused: {received.side}'s orders for turn {received.turn} signed at "
                          f"{received.signed_at:%Y-%m-%d %H:%M:%S.%f} are not newer than those already taken "
                          f"(signed at {kept:%Y-%m-%d %H:%M:%S.%f} UTC) -- an older version handed in again?", file=shown)


@dataclass(frozen=True)
class Inbox:
    side: str
    turn: int
    seq: int                  # the journal row that kept the file
    signed: bool
    text: str
    waiting: str | None = None    # held: what it waits for ("the declaration phase"); None: applied
    refused: str | None = None    # held, then refused by the rule system when its phase came

    def signed_at(self):
        """When the kept file was signed ([signature] signed), None if unsigned or signed by an
        older Umpire without it."""
        try:
            sig = tomllib.loads(self.text).get(TABLE)
        except (tomllib.TOMLDecodeError, ValueError):
            return None
        return signing_time(sig.get("signed")) if isinstance(sig, dict) else None

    def state(self) -> str:
        """In words, for the inbox: applied, waiting, or refused when its phase came."""
        if self.refused:
            return f"in, refused when its phase came: {self.refused}"
        return f"in, waiting for {self.waiting}" if self.waiting else "in, applied"


def orders_in(location: str, turn: int | None = None) -> dict[str, Inbox]:
    """The last orders file each side handed in for `turn` (default: the game's turn) and kept."""
    turn = open_game(location).turn if turn is None else turn
    with reading(location) as session:
        held = {r.seq for r in held_files(session)}
    out, refused = {}, {}
    for row in journal(location):
        p = row.params
        if row.undone:
            continue
        # refused when its phase came: its own row, or an End Turn that played that phase
        refused.update({f: why for f, why in settled_by(row.kind, p).items() if why})
        if row.kind == "receive_orders" and p.get("turn") == turn:
            out[p["side"]] = Inbox(p["side"], turn, row.seq, bool(p.get("signed")), p["text"],
                                   p.get("waiting") if row.seq in held else None)
    return {s: replace(x, refused=refused.get(x.seq)) for s, x in out.items()}
