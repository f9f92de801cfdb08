"""What each entry of a side package must look like (review 6, finding 7): checked by
`read_package` before anything reads a field, so that a damaged package -- or one a stranger
signed with a key of his own, which trust on first use lets through the first time (trust.py) --
is refused in one line instead of failing later in the player's window.

The checks are on shape only (a JSON object, these keys, these types); whether the signature
holds is package.py's, whether the key is the game's is trust.py's.
"""

from __future__ import annotations

import re

from ..core.errors import UmpireError

HEX_KEY = re.compile(r"[0-9a-f]{64}")          # an Ed25519 key, 32 bytes in hex
HEX_SIGNATURE = re.compile(r"[0-9a-f]{128}")
SIDE_ID = re.compile(r"[A-Za-z0-9_.-]+")        # it is written into the orders file's TOML, quoted

# manifest.json: each key, its type -- what build_package writes
MANIFEST = {"format": int, "game_id": str, "side": str, "side_name": str, "title": str, "turn": int,
            "turns": int, "phase": str, "phase_label": str, "orders_turn": int, "rules": str,
            "rules_version": str, "game_key": str}
MANIFEST_LATER = {"orders_applied": str}      # added since format 1's first packages: may be missing
SIGNATURE = {"game_key": str, "signature": str}
ORDERS_KEY = {"side": str, "game_id": str, "key": str}
CONTENT = {"view": dict, "tables": list, "events": list, "events_empty": str, "orders_form": list,
           "samples": list}

NAMES = {int: "a whole number", str: "a string", dict: "an object", list: "a list"}


def an_object(value, entry: str) -> dict:
    if not isinstance(value, dict):
        raise UmpireError(f"a damaged package: {entry} is not a JSON object")
    return value


def fields(value, entry: str, shape: dict, extra: bool = False) -> dict:
    """`value` an object with exactly (or, `extra`, at least) the keys of `shape`, each of its type."""
    an_object(value, entry)
    missing = [k for k in shape if k not in value]
    if missing:
        raise UmpireError(f"a damaged package: {entry} lacks {', '.join(missing)}")
    if not extra and (more := sorted(set(value) - set(shape))):
        raise UmpireError(f"a damaged package: {entry} has unknown {', '.join(more)}")
    for k, kind in shape.items():
        v = value[k]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise UmpireError(f"a damaged package: {entry}'s {k} is {v!r:.40}, not {NAMES[kind]}")
    return value


def check_format(manifest, version: int) -> dict:
    """The manifest an object of this Umpire's format (looked at before its other keys: a later
    format may have others)."""
    an_object(manifest, "manifest.json")
    if manifest.get("format") != version:
        raise UmpireError(f"a package of format {manifest.get('format')!r:.20}; this Umpire reads format {version}")
    return manifest


def check_manifest(m: dict) -> dict:
    fields({k: v for k, v in m.items() if k not in MANIFEST_LATER}, "manifest.json", MANIFEST)
    fields({k: m[k] for k in MANIFEST_LATER if k in m}, "manifest.json",
           {k: kind for k, kind in MANIFEST_LATER.items() if k in m})
    if not HEX_KEY.fullmatch(m["game_key"]):
        raise UmpireError("a damaged package: manifest.json's game_key is not a key (64 hex digits)")
    if not SIDE_ID.fullmatch(m["side"]):
        raise UmpireError(f"a damaged package: manifest.json's side {m['side']!r:.40} is not a side's id")
    if m["orders_turn"] not in (m["turn"], m["turn"] + 1):       # this turn's or the next (build_package)
        raise UmpireError(f"a damaged package: manifest.json's orders are for turn {m['orders_turn']}, "
                          f"and it is of turn {m['turn']}")
    return m


def check_signature(s) -> dict:
    fields(s, "signature.json", SIGNATURE)
    if not HEX_SIGNATURE.fullmatch(s["signature"]):
        raise UmpireError("a damaged package: signature.json's signature is not one (128 hex digits)")
    return s


def check_orders_key(k, manifest: dict) -> dict:
    fields(k, "orders-key.json", ORDERS_KEY)
    if not HEX_KEY.fullmatch(k["key"]):
        raise UmpireError("a damaged package: orders-key.json's key is not a key (64 hex digits)")
    if (k["side"], k["game_id"]) != (manifest["side"], manifest["game_id"]):
        raise UmpireError("a damaged package: its orders key is another side's or another game's")
    return k


def check_content(c) -> dict:
    # riders (who rides in or is carried by whom, issue 23): packages made before them lack the key
    fields(c, "view.json", CONTENT | ({"riders": list} if isinstance(c, dict) and "riders" in c else {}))
    if not all(isinstance(r, list) and len(r) == 4 and all(isinstance(x, str) for x in r) for r in c.get("riders", [])):
        raise UmpireError("a damaged package: view.json's riders are not all [carrier, unit, type, strength]")
    for name in ("tables", "orders_form"):
        if not all(isinstance(t, dict) for t in c[name]):
            raise UmpireError(f"a damaged package: view.json's {name} are not all tables")
    if not all(isinstance(e, str) for e in c["events"]):
        raise UmpireError("a damaged package: view.json's events are not all lines of text")
    return c


def check_rule_tables(t) -> dict:
    an_object(t, "tables.json")
    if not all(isinstance(v, str) for v in t.values()):
        raise UmpireError("a damaged package: tables.json's files are not all text")
    return t
