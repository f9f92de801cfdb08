"""Side packages in tests: a game file with its packages made, and zips rewritten."""

from __future__ import annotations

import io
import zipfile

from umpire.actions import system_for
from umpire.packages.package import build_package


def package_of(path, side: str) -> bytes:
    return build_package(str(path), side, system_for(str(path)))


def rewritten(data: bytes, name: str, change) -> bytes:
    """The package with entry `name` replaced by change(its bytes), everything else as it was."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            raw = src.read(info)
            dst.writestr(info, change(raw) if info.filename == name else raw)
    return out.getvalue()


def self_signed(data: bytes, change, key_change=None) -> bytes:
    """The package with its manifest changed by `change` and signed again with a key of its own
    -- a stranger's package, which trust on first use lets through the first time (trust.py)."""
    import json

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from umpire.packages.keys import public_hex
    from umpire.packages.package import ENTRIES, SIGNATURE, signed_message
    from umpire.packages.viewjson import canonical
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    key = Ed25519PrivateKey.generate()
    manifest = json.loads(parts["manifest.json"])
    change(manifest)
    manifest["game_key"] = public_hex(key)
    parts["manifest.json"] = canonical(manifest)
    if key_change is not None:
        orders_key = json.loads(parts["orders-key.json"])
        key_change(orders_key)
        parts["orders-key.json"] = canonical(orders_key)
    parts[SIGNATURE] = canonical({"game_key": manifest["game_key"], "signature": key.sign(signed_message(parts)).hex()})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n in (*ENTRIES, SIGNATURE):
            z.writestr(n, parts[n])
    return out.getvalue()
