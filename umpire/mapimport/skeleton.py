"""The scenario skeleton an importer writes: plain TOML in the documented format, a map whose
every hex has a terrain and a level, optionally a backdrop, and two placeholder sides (a scenario
needs two) -- so that `umpire validate` takes it as it is and the organizer goes on from there."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import UmpireError
from ..core.files import atomic_write
from ..core.hexgrid import Grid
from ..core.ruleset import Ruleset

TURNS = 10


@dataclass
class Skeleton:
    title: str
    rules: Ruleset
    grid: Grid
    terrain: list[list[str]]        # [row][column] terrain names of the rule system
    elevation: list[list[int]]      # [row][column] levels 0-9
    backdrop: dict | None = None    # [map.backdrop]'s keys, the image relative to the scenario
    notes: list[str] = field(default_factory=list)      # comment lines at the top: where it came from
    hexsides: dict[str, list[str]] = field(default_factory=dict)    # [map.hexsides]: feature -> entries
    overlays: dict[str, list[str]] = field(default_factory=dict)    # [[map.overlay]]: kind -> hex numbers

    def text(self, unit_type: str | None = None) -> str:
        """The scenario, its placeholder units of `unit_type` (default: the rule system's first)."""
        symbol = {name: spec["symbol"] for name, spec in self.rules.terrain_types.items()}
        legend = ", ".join(f"{spec['symbol']} {name}" for name, spec in self.rules.terrain_types.items())
        out = [f"# {n}" for n in self.notes]
        out += ["# A skeleton written by `umpire import-map`: the map is done, the rest is yours to write",
                "# (docs/scenario-format.md) -- sides, forces, zones, victory.", "",
                "[scenario]", f"title = {_quote(self.title)}", f"rules = {_quote(self.rules.name)}",
                f"turns = {TURNS}", "", "[map]", f"columns = {self.grid.columns}", f"rows = {self.grid.rows}",
                f'orientation = "{self.grid.orientation}"', f'stagger = "{self.grid.stagger}"',
                'slopes = "auto"', f"# terrain: {legend}", 'terrain = """']
        out += ["".join(symbol[t] for t in row) for row in self.terrain]
        out += ['"""', 'elevation = """']
        out += ["".join(str(v) for v in row) for row in self.elevation]
        out += ['"""']
        if self.hexsides:
            out += ["", "[map.hexsides]"]
            out += [f"{name} = [{', '.join(_quote(e) for e in entries)}]" for name, entries in self.hexsides.items()]
        for kind, hexes in self.overlays.items():
            out += ["", "[[map.overlay]]", f"kind = {_quote(kind)}", f"hexes = [{', '.join(_quote(h) for h in hexes)}]"]
        if self.backdrop is not None:
            b = self.backdrop
            out += ["", "[map.backdrop]", f"image = {_quote(b['image'])}", f"opacity = {b.get('opacity', 0.5)}",
                    f"hex_size = {_num(b['hex_size'])}", f"origin = [{_num(b['origin'][0])}, {_num(b['origin'][1])}]"]
            if b.get("stretch", 1.0) != 1.0:
                out.append(f"stretch = {_num(b['stretch'])}")
        out += self._placeholder_forces(unit_type or next(iter(self.rules.unit_types)))
        return "\n".join(out)

    def _placeholder_forces(self, unit_type: str) -> list[str]:
        """Two sides of one unit each, in opposite corners: a scenario needs two sides with units.
        A key the rule system requires of a side is given the first entry of its table of that
        name (a troop quality, say)."""
        from ..core.ruleset import system_class
        model = system_class(self.rules).Traits.model("side")
        required = []
        for key, spec in model.model_fields.items():
            if spec.is_required() and key in self.rules.tables:
                first = next(iter(self.rules.tables[key].section("entry")), None)
                if first is not None:
                    required.append(f"{key} = {_quote(first)}")
        corners = {"blue": self.grid.from_offset(1, 1), "red": self.grid.from_offset(self.grid.columns, self.grid.rows)}
        out = ["", "# Placeholder forces: replace them with the scenario's own."]
        for sid, name in (("blue", "Blue"), ("red", "Red")):
            out += ["", "[[side]]", f'id = "{sid}"', f'name = "{name}"', *required]
        for sid, name in (("blue", "Blue"), ("red", "Red")):
            out += ["", "[[battalion]]", f'id = "{name} force"', f'side = "{sid}"',
                    f'units = [{{ id = "{name} 1", type = {_quote(unit_type)}, hex = "{self.grid.number(corners[sid])}" }}]']
        return out + [""]


def validated_text(skeleton: Skeleton, where: Path) -> str:
    """The skeleton's text with a placeholder unit type its rule system takes (a rule system may
    refuse a lone unit of some types: an HQ without its troops, an air unit on the map); tried
    in the order of its unit table, checked as `umpire validate` would, at `where`'s folder."""
    from ..core.errors import ScenarioError
    from ..core.scenario import load_scenario
    first = None
    for unit_type in list(skeleton.rules.unit_types)[:40]:
        text = skeleton.text(unit_type)
        first = first or text
        fd, probe = tempfile.mkstemp(suffix=".toml", dir=where)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            load_scenario(probe)
            return text
        except ScenarioError:
            continue
        finally:
            os.unlink(probe)
    return first or skeleton.text()


def _num(v: float) -> str:
    return f"{round(float(v), 3):g}" if float(v) != int(v) else f"{int(v)}.0"


def _quote(text: str) -> str:
    """A TOML basic string."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped) + '"'


def write_text(path: Path, text: str, force: bool = False) -> None:
    """Write a file whole or not at all; an existing one only with `force`."""
    path = Path(path)
    if path.exists() and not force:
        raise UmpireError("already exists (give --force to replace it)", file=str(path))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UmpireError("no such folder", file=str(folder))
    atomic_write(path, text)


def place_picture(data: bytes, target: Path, force: bool = False) -> bool:
    """The map's picture written as `target`, beside the scenario that names it: whether it was
    written now (False: the very same picture is there already).  A file of that name with other
    bytes is kept unless `force`."""
    if target.exists():
        if target.is_file() and target.read_bytes() == data:
            return False
        if not force:
            raise UmpireError("already exists with other contents (give --force to replace it)", file=str(target))
    atomic_write(target, data)
    return True
