"""The map: terrain and elevation per hex, features per hexside, overlays that change in play.

The vocabulary (which terrain types and hexside features exist, and what they do) belongs
to the rule system's terrain table; the map only stores keys from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterator

from .hexgrid import Grid, Hex, Hexside, neighbours


@dataclass(frozen=True, slots=True)
class Overlay:
    """Something on a hex that the game puts there or takes away: smoke, a wreck, mines.

    `side` is the owner where ownership matters (minefields, a wreck's side); a `secret`
    overlay is known to its owner and to the sides in `known_to` -- those that saw it strike
    or saw it made, or spotted it since -- and to nobody else (mined hexes are noted in
    secret; a wreck is learnt of like a unit).
    """

    hex: Hex
    kind: str
    side: str | None = None
    secret: bool = False
    detail: str = ""   # e.g. the minefield type
    known_to: tuple[str, ...] = ()

    def known_by(self, side: str) -> bool:
        return not self.secret or self.side == side or side in self.known_to

    def told(self, sides) -> "Overlay":
        """The same marker, now known to `sides` as well (its owner needs no telling)."""
        if not self.secret:
            return self
        more = {s for s in sides if s != self.side} - set(self.known_to)
        return replace(self, known_to=tuple(sorted(set(self.known_to) | more))) if more else self


@dataclass
class GameMap:
    grid: Grid
    terrain: dict[Hex, str]
    elevation: dict[Hex, int]
    # hexside -> {feature kind: the higher hex for directional features (slopes), else None}
    hexsides: dict[Hexside, dict[str, Hex | None]] = field(default_factory=dict)
    overlays: list[Overlay] = field(default_factory=list)
    # set by the game-file reader: equal keys mean equal terrain, elevation and hexsides, so a
    # rule system may reuse what it prepared from them without comparing every hex
    static_key: Any = None
    # the club's map image drawn under the terrain shading (core/backdrop.py): presentation only,
    # the same for every side, never part of the game's state
    backdrop: Any = None

    def number(self, h: Hex) -> str:
        return self.grid.number(h)

    def hexes(self) -> Iterator[Hex]:
        return self.grid.hexes()

    def contains(self, h: Hex) -> bool:
        return self.grid.contains(h)

    def features(self, side: Hexside) -> dict[str, Hex | None]:
        return self.hexsides.get(side, {})

    def add_feature(self, side: Hexside, kind: str, high: Hex | None = None) -> None:
        self.hexsides.setdefault(side, {})[kind] = high

    def on_map_neighbours(self, h: Hex) -> list[Hex]:
        return [n for n in neighbours(h) if self.grid.contains(n)]

    def overlays_at(self, h: Hex) -> list[Overlay]:
        return [o for o in self.overlays if o.hex == h]

    def describe_hex(self, h: Hex, terrain_types: dict[str, dict[str, Any]]) -> str:
        """One line for a status bar: number, terrain, elevation."""
        t = self.terrain.get(h)
        label = terrain_types.get(t, {}).get("label", t or "off map")
        return f"{self.number(h)}  {label}  level {self.elevation.get(h, 0)}"
