"""Tiled maps written by the tests (never downloaded): a hexagonal map of a few layers, its
tileset inside it or in a .tsx beside it, its data as CSV or zlib-compressed base64."""

import base64
import zlib
from pathlib import Path

# the tileset: tile 0 forest on a level-1 rise, 1 grass, 2 a town on level 2, 3 nothing said
TILES = {0: {"terrain": "forest", "elevation": "1"}, 1: {"terrain": "grass"},
         2: {"terrain": "town", "elevation": "2"}, 3: {}}


def _props(props: dict) -> str:
    if not props:
        return ""
    inner = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    return f"<properties>{inner}</properties>"


def tileset_xml(firstgid=1, source=None) -> str:
    if source:
        return f'<tileset firstgid="{firstgid}" source="{source}"/>'
    tiles = "".join(f'<tile id="{i}">{_props(p)}</tile>' for i, p in TILES.items())
    return (f'<tileset firstgid="{firstgid}" name="hexes" tilewidth="64" tileheight="56" tilecount="4" '
            f'columns="4">{tiles}</tileset>')


def tsx(path: Path) -> Path:
    tiles = "".join(f'<tile id="{i}">{_props(p)}</tile>' for i, p in TILES.items())
    path.write_text(f'<?xml version="1.0"?><tileset version="1.10" name="hexes" tilewidth="64" tileheight="56" '
                    f'tilecount="4" columns="4">{tiles}</tileset>', encoding="utf-8")
    return path


def layer_xml(name, rows, props=None, encoding="csv") -> str:
    """`rows`: lists of tile ids (1-based gids, 0 none), one list per map row."""
    width, height = len(rows[0]), len(rows)
    flat = [g for row in rows for g in row]
    if encoding == "csv":
        data = '<data encoding="csv">\n' + ",\n".join(",".join(map(str, r)) for r in rows) + "\n</data>"
    else:
        raw = b"".join(g.to_bytes(4, "little") for g in flat)
        data = f'<data encoding="base64" compression="zlib">{base64.b64encode(zlib.compress(raw)).decode()}</data>'
    return f'<layer id="1" name="{name}" width="{width}" height="{height}">{_props(props or {})}{data}</layer>'


def tmx(path: Path, layers: list[str], width=4, height=3, axis="x", index="odd", orientation="hexagonal",
        tilesets=None, title=None) -> Path:
    tilesets = tileset_xml() if tilesets is None else tilesets
    props = _props({"title": title}) if title else ""
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" tiledversion="1.10.2" orientation="{orientation}" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="64" tileheight="56" '
        f'infinite="0" hexsidelength="32" staggeraxis="{axis}" staggerindex="{index}" nextlayerid="3" '
        f'nextobjectid="1">{props}\n{tilesets}\n' + "\n".join(layers) + "\n</map>\n", encoding="utf-8")
    return path
