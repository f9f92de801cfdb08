"""A side package (issue 23): one file holding what one side knows, signed by the game.

A zip (.umpkg) with its entries always in this order and dated 1980-01-01, so that the same
knowledge gives the same bytes:

    manifest.json     game id, side, turn, phase, the turn its orders are for and when the umpire
                      applies them, the rule system, the game's public key
    view.json         the side's view (its map with the markers it knows of, its own units, its
                      contacts and last-known ghosts, its plots, its objectives) and its report's
                      tables, the turn's events as it may read them (worksheets included), the
                      orders form for next turn
    report.pdf        its turn report, the same as `umpire report --side SIDE` prints
    tables.json       the rule system's tables as the umpire's Umpire has them (a club's own charts
                      included): {file name: its text}, public rules data, the same for every side
    orders-key.json   the side's private orders key: it signs the side's orders files (signing.py)
    signature.json    Ed25519 signature by the game's key of the entries above (their SHA-256)

Everything but the key and the signature is built from `reports.content.side_report`, itself
built from the side view only -- as the printed reports are, and tested as they are: moving and
renaming every enemy the side never saw changes no byte (tests/packages/test_package_leaks.py).
The player's Umpire reads a package with `read_package`: the signature checked, and the game's
key remembered on first use (trust.py).
"""

from __future__ import annotations

import hashlib
import io
import lzma
import tempfile
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import UmpireError
from ..core.knowledge import SideView
from ..core.rulesystem import Table
from ..core.store.db import open_game
from .keys import ensure_keys, private_key, public_hex, verifies
from .shapes import (check_content, check_format, check_manifest, check_orders_key, check_rule_tables,
                     check_signature)
from .viewjson import canonical, parse, table_from, table_json, view_from, view_json

FORMAT = 1
ENTRIES = ("manifest.json", "view.json", "report.pdf", "tables.json", "orders-key.json")
SIGNATURE = "signature.json"
EPOCH = (1980, 1, 1, 0, 0, 0)          # the zip's earliest date: no clock in the bytes
SUFFIX = ".umpkg"
LARGEST = 512 * 2**20                  # unpacked: a report of a large map is tens of MB


def signed_message(parts: dict[str, bytes]) -> bytes:
    """What the game's key signs: each entry's name and SHA-256, in the package's order."""
    lines = [f"{name} {hashlib.sha256(parts[name]).hexdigest()}" for name in ENTRIES]
    return ("umpire-package-1\n" + "\n".join(lines) + "\n").encode()


def _offscreen_qt() -> None:
    """Drawing the report's map needs a QApplication; without a window, an offscreen one."""
    import os

    from PySide6.QtWidgets import QApplication
    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _offscreen_qt.app = QApplication(["umpire"])


def _report_pdf(report, rules, paper: str) -> bytes:
    from reportlab import rl_config

    from ..reports.maps import map_pages
    from ..reports.pdf import map_areas, write_pdf
    _offscreen_qt()
    invariant = rl_config.invariant
    rl_config.invariant = 1          # no creation date, a fixed document id: the same report, the same bytes
    try:
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "report.pdf"
            write_pdf(report, map_pages(report.view, rules, map_areas(paper)), out, paper)
            return out.read_bytes()
    finally:
        rl_config.invariant = invariant


def rule_tables(rules) -> dict[str, str]:
    """The rule system's data files, {file name: text}: what a player looks rules up in."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(Path(rules.path).glob("*.toml"))}


def build_package(location: str, side: str, system, paper: str = "a4", keys_of: str | None = None) -> bytes:
    """The side package of the game at `location` for `side`, as bytes (keys made if none yet).
    `keys_of`: the game file whose keys sign it, when `location` is that game replayed to a past turn."""
    from ..reports.content import side_report
    game = open_game(location)
    if side not in game.side_ids():
        raise UmpireError(f"unknown side {side!r} (the sides are {', '.join(game.side_ids())})", place="--side")
    keys = ensure_keys(keys_of or location, game.side_ids())
    report = side_report(game, side, system)
    report.made = f"for {report.viewer_name}'s package of turn {game.turn}"   # no date: the same view, the same bytes
    game_key = private_key(keys.game)
    # the turn its orders are for: this one where the phase that takes them is running or still
    # to come (Wardogs' declaration of fire), else the next, as the printed orders form says
    from .orders_template import orders_applied, orders_turn
    turn = orders_turn(game, system, side)
    manifest = {"format": FORMAT, "game_id": keys.game_id, "side": side, "side_name": report.viewer_name,
                "title": game.title, "turn": game.turn, "turns": game.turns, "phase": game.phase or "",
                "phase_label": report.phase, "orders_turn": turn, "rules": game.rules.name,
                "rules_version": game.rules.version, "game_key": public_hex(game_key),
                "orders_applied": orders_applied(game, system, side, turn)}     # the editor says it (issue 23)
    content = {"view": view_json(report.view), "tables": [table_json(t) for t in report.tables],
               "events": list(report.events), "events_empty": report.events_empty,
               "orders_form": [table_json(t) for t in report.orders_form], "samples": list(report.samples),
               "riders": riders(game, side, system)}
    parts = {"manifest.json": canonical(manifest), "view.json": canonical(content),
             "report.pdf": _report_pdf(report, game.rules, paper),
             "tables.json": canonical(rule_tables(game.rules)),
             "orders-key.json": canonical({"side": side, "game_id": keys.game_id, "key": keys.sides[side]})}
    signature = {"game_key": manifest["game_key"], "signature": game_key.sign(signed_message(parts)).hex()}
    parts[SIGNATURE] = canonical(signature)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in (*ENTRIES, SIGNATURE):
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, parts[name])
    return out.getvalue()


def write_package(location: str, side: str, system, out: str | Path, paper: str = "a4",
                  keys_of: str | None = None) -> Path:
    """Write the side's package to `out` (a file, or a folder: GAME-turnNN-SIDE.umpkg in it);
    written to a temporary name first, so a failure leaves nothing half-written."""
    data = build_package(location, side, system, paper, keys_of)
    out = Path(out)
    if out.is_dir():
        game = open_game(location)
        out = out / f"{Path(str(keys_of or location)).stem}-turn{game.turn:02d}-{side}{SUFFIX}"
    part = out.with_name(out.name + ".part")
    try:
        part.write_bytes(data)
        part.replace(out)
    except OSError as e:
        raise UmpireError(f"cannot write the package: {e.strerror or e}", file=str(out)) from None
    finally:
        part.unlink(missing_ok=True)
    return out


def riders(game, side: str, system) -> list[list[str]]:
    """The side's own units riding in or carried by its own units (LnLT 16.1 passengers, 1.6
    support weapons; HCM 2.3.6 cargo...): [carrier, unit, type, strength], by carrier.  The
    view's counters hide them inside their carrier's (core.knowledge); the side knows its own."""
    strength = system.strength_text if system is not None else (lambda g, u: g.strength(u))
    out = [[u.carried_by, u.id, game.unit_type(u)["label"], str(strength(game, u))]
           for u in game.units.values() if u.side == side and u.carried_by and u.on_map
           and getattr(game.units.get(u.carried_by), "side", None) == side]
    return sorted(out)


@dataclass
class Package:
    """A side package as the player's Umpire reads it (signature checked)."""

    manifest: dict
    view: SideView
    tables: list[Table]
    events: list[str]
    events_empty: str
    orders_form: list[Table]
    report_pdf: bytes
    side_key: str                     # the side's private orders key, hex
    rule_tables: dict[str, str]       # the rule system's data files as the umpire has them
    riders: list = field(default_factory=list)    # [carrier, unit, type, strength]: own units carried

    @property
    def side(self) -> str:
        return self.manifest["side"]

    @property
    def game_id(self) -> str:
        return self.manifest["game_id"]


def read_package(source: str | Path | bytes) -> Package:
    """A package read and its signature checked: an UmpireError naming the file and the problem
    for anything that is not a whole, unaltered package signed by the key it names (whether that
    key is the game's, the player's Umpire checks against what it trusts: trust.py)."""
    shown = "the package" if isinstance(source, bytes) else str(source)
    try:
        raw = source if isinstance(source, bytes) else Path(source).read_bytes()
    except OSError as e:
        raise UmpireError(f"cannot read: {e.strerror or e}", file=shown) from None
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            names = z.namelist()
            if names != [*ENTRIES, SIGNATURE]:
                raise UmpireError(f"not an Umpire side package (it holds {', '.join(names[:6]) or 'nothing'})", file=shown)
            if sum(i.file_size for i in z.infolist()) > LARGEST:      # a zip bomb is refused unread
                raise UmpireError(f"too large to be a side package (over {LARGEST // 2**20} MB unpacked)", file=shown)
            parts = {name: z.read(name) for name in names}
    except (zipfile.BadZipFile, EOFError, ValueError, zlib.error, lzma.LZMAError, NotImplementedError, OSError) as e:
        # a damaged deflate, LZMA (or bzip2: OSError) stream; a compression this Python lacks (NotImplementedError)
        raise UmpireError(f"not an Umpire side package, or a damaged one: {e}", file=shown) from None
    try:
        manifest = check_format(parse(parts["manifest.json"], "manifest.json"), FORMAT)
        check_manifest(manifest)
        signature = check_signature(parse(parts[SIGNATURE], SIGNATURE))
        if signature["game_key"] != manifest["game_key"] or not verifies(
                manifest["game_key"], signature["signature"], signed_message(parts)):
            raise UmpireError("the game's signature does not match: the package was altered after the umpire made it",
                              file=shown)
        content = check_content(parse(parts["view.json"], "view.json"))
        key = check_orders_key(parse(parts["orders-key.json"], "orders-key.json"), manifest)
        tables = check_rule_tables(parse(parts["tables.json"], "tables.json"))
        return Package(manifest, view_from(content["view"]), [table_from(t) for t in content["tables"]],
                       list(content["events"]), content["events_empty"],
                       [table_from(t) for t in content["orders_form"]], parts["report.pdf"], key["key"], dict(tables),
                       [tuple(r) for r in content.get("riders", [])])
    except UmpireError as e:
        raise UmpireError(e.problem, file=shown) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:    # deep in the view: still one line
        raise UmpireError(f"a damaged package: {type(e).__name__} {e}", file=shown) from None
