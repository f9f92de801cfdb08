"""What a Tiled map's layers say of each hex, gathered as they are read in drawing order (a later
layer over an earlier one): its terrain and level, and the overlays laid on it (a village, a
wreck: the scenario's [[map.overlay]]).  Tile layers (tmx.py) and object layers' points and
areas (tmx_areas.py) give them alike, through the organizer's mapping.  A value the mapping
does not turn into the rule system's terrain or overlay is noted where first met and refused at
the end, all of them in one line; a level that is not 0-9 is refused at once."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.hexgrid import Grid, Hex


def is_level(text: str) -> bool:
    """A level 0-9, written as its digit."""
    return text.strip().isascii() and text.strip().isdigit() and 0 <= int(text) <= 9


@dataclass
class HexValues:
    grid: Grid
    terrain_names: dict             # the rule system's terrain types
    overlay_kinds: tuple[str, ...]  # the overlays a scenario may lay ([[map.overlay]]: not minefields)
    mapping: object                 # tmx.Mapping
    default: str                    # the terrain of a hex no layer names
    terrain: list[list[str]] = field(default_factory=list)      # [row][column]
    elevation: list[list[int]] = field(default_factory=list)
    given: set[Hex] = field(default_factory=set)                # hexes some property gave a terrain
    overlays: dict[str, list[str]] = field(default_factory=dict)    # kind -> hex numbers, in order met
    unknown: dict[str, str] = field(default_factory=dict)           # terrain value -> where first met
    unknown_overlays: dict[str, str] = field(default_factory=dict)  # overlay value -> where first met

    def __post_init__(self) -> None:
        self.terrain = [[self.default] * self.grid.columns for _ in range(self.grid.rows)]
        self.elevation = [[0] * self.grid.columns for _ in range(self.grid.rows)]

    def give(self, h: Hex, terrain: str | None, level: str | None, overlay: str | None, where: str,
             fail, level_where: str | None = None) -> None:
        """What one tile or object says of hex h; `where` names it for a refusal."""
        col, row = self.grid.to_offset(h)
        if terrain:
            name = self.mapping.terrain.get(terrain, terrain)
            if name in self.terrain_names:
                self.terrain[row - 1][col - 1] = name
                self.given.add(h)
            else:
                self.unknown.setdefault(terrain, where)
        if level:
            if not is_level(level):
                raise fail(f"{level_where or where}: {self.mapping.elevation_property} must be a level 0-9, "
                           f"got {level!r}")
            self.elevation[row - 1][col - 1] = int(level)
        if overlay:
            kind = self.mapping.overlays.get(overlay, overlay)
            if kind == "minefield":
                raise fail(f"{where}: a minefield belongs to a side and has a type: write it in the scenario's "
                           "[[minefield]] (docs/scenario-format.md), not as an overlay")
            if kind in self.overlay_kinds:
                hexes = self.overlays.setdefault(kind, [])
                if self.grid.number(h) not in hexes:
                    hexes.append(self.grid.number(h))
            else:
                self.unknown_overlays.setdefault(overlay, where)

    def refuse_unknown(self, rules_name: str, fail) -> None:
        """Every value no mapping turned into the rule system's terrain or overlay, in one line."""
        m = self.mapping
        for found, prop, known, flag, noun in (
                (self.unknown, m.terrain_property, list(self.terrain_names), "terrain", "terrain"),
                (self.unknown_overlays, m.overlay_property, list(self.overlay_kinds), "overlay", "overlays")):
            if found:
                values = ", ".join(repr(v) for v in sorted(found))
                first = next(iter(found))
                raise fail(f"{prop} {values} (first in {found[first]}) not {noun} of {rules_name} "
                           f"({', '.join(known) or 'none'}): map each, e.g. --{flag} {first}=NAME, or in a mapping file")
