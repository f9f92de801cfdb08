"""What a viewer knows, and the side view built only from it.

A `SideView` is the only thing that code drawing, printing or exporting for a viewer may
receive.  It holds marks (what may be drawn), never `UnitState`s, and for a side it is
built from that side's own units and its contacts: what the side recorded when it saw an
enemy unit (seen now, or last known with the turn).  An enemy unit the side has never seen
has no contact, so nothing of it can reach the view.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from .game import Game
from .hexgrid import Hex
from .terrain import GameMap

UMPIRE = "umpire"


@dataclass(frozen=True)
class SideInfo:
    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class UnitMark:
    """One counter as a viewer may see it."""

    key: str                  # unit id for own units (and for the umpire); a contact label otherwise
    side: str
    hex: Hex
    role: str                 # NATO symbol role, "unknown" when not identified
    label: str                # text on the counter
    type_label: str
    strength: str             # "3/3" or "" when unknown
    knowledge: Literal["own", "truth", "seen", "last_known"]
    face_down: bool = False
    turn_seen: int | None = None
    company: str | None = None
    battalion: str | None = None
    seen_by: tuple[str, ...] = ()   # contacts: the side's own units that saw it
    state: str = ""           # own units only: the rule system's short marks ("C F1 S1"), RuleSystem.unit_marks


@dataclass(frozen=True)
class ZoneMark:
    id: str
    side: str
    label: str
    hexes: frozenset[Hex]


@dataclass(frozen=True)
class FireMark:
    """A fire plot as its side (and the umpire) may see it on the map: the aim and the impact
    zone before the Indirect Fire phase; after it, where it landed if the side saw it land."""

    side: str
    label: str                # "US DS #1"
    turn: int
    target: Hex
    pattern: str
    zone: frozenset[Hex]      # the hexes it would strike landing on target
    landed: Hex | None = None
    came: bool | None = None  # after the phase: whether it fired for effect (its side knows that much)


@dataclass(frozen=True)
class ObjectiveMark:
    """An objective hex of the viewer's victory conditions (every side's for the umpire)."""

    hex: Hex
    label: str
    points: int


@dataclass(frozen=True)
class SideView:
    viewer: str               # "umpire" or a side id
    viewer_name: str
    title: str
    turn: int
    turns: int
    map: GameMap              # terrain is public; overlays are filtered for the viewer
    sides: tuple[SideInfo, ...]
    units: tuple[UnitMark, ...]
    zones: tuple[ZoneMark, ...]
    fire: tuple[FireMark, ...] = ()
    objectives: tuple[ObjectiveMark, ...] = ()
    # battalions drawn in their own colour, the viewer's own (every side's for the umpire):
    # (battalion id, name, colour); an enemy's counters keep their side's colour
    bands: tuple[tuple[str, str, str], ...] = ()

    def marks_at(self, h: Hex) -> list[UnitMark]:
        return [u for u in self.units if u.hex == h]

    def map_title(self) -> str:
        """What a picture of this view is headed with: the scenario, the viewer and the turn."""
        return f"{self.title} — {self.viewer_name} — turn {self.turn} of {self.turns}"

    def side_colour(self, side_id: str) -> str:
        return next((s.colour for s in self.sides if s.id == side_id), "#808080")

    def counter_colour(self, mark: UnitMark) -> str:
        """A counter's colour: its battalion's own, where the viewer knows it has one, else its side's."""
        if mark.battalion is not None and mark.knowledge in ("own", "truth"):
            own = next((c for b, _, c in self.bands if b == mark.battalion), None)
            if own:
                return own
        return self.side_colour(mark.side)


def _enemy_side(game: Game, viewer: str) -> str:
    """The side a contact belongs to, as the viewer can tell: in a two-sided game, the other one."""
    others = [s for s in game.side_ids() if s != viewer]
    return others[0] if len(others) == 1 else "enemy"


def label_order(label: str) -> tuple[int, str]:
    """A contact label's place among the side's: C2 before C10."""
    digits = label[1:]
    return (int(digits), label) if digits.isdigit() else (0, label)


def viewers(game: Game) -> list[tuple[str, str]]:
    """(id, name) of everyone the View selector offers: the umpire and each side."""
    return [(UMPIRE, "Umpire (truth)")] + [(s.id, s.name) for s in game.sides]


def build_view(game: Game, viewer: str, system: Any = None) -> SideView:
    """What `viewer` knows.  `system`: the game's rule system, whose `unit_marks` and
    `strength_text` describe the viewer's own units; without it, no markers and
    steps."""
    state_of = system.unit_marks if system is not None else (lambda g, u: "")
    strength_of = system.strength_text if system is not None else (lambda g, u: g.strength(u))
    zone_of = system.plot_zone if system is not None else (lambda g, pattern, h: frozenset([h]))
    if viewer != UMPIRE and viewer not in game.side_ids():
        raise ValueError(f"unknown viewer {viewer!r} (choose umpire or one of {', '.join(game.side_ids())})")
    umpire = viewer == UMPIRE
    marks = []
    for u in game.units.values():
        if not u.on_map or u.carried_by:      # passengers ride inside their carrier's counter
            continue
        if not umpire and u.side != viewer:
            continue                           # the enemy comes only from contacts, below
        t = game.unit_type(u)
        marks.append(UnitMark(key=u.id, side=u.side, hex=u.hex, role=t["role"], label=u.id,
                              type_label=t["label"], strength=strength_of(game, u),
                              knowledge="truth" if umpire else "own",
                              # whether the enemy has spotted it is the enemy's knowledge
                              face_down=u.face_down if umpire else False,
                              company=u.company, battalion=u.battalion,
                              state=state_of(game, u)))
    if not umpire:
        marks += _contact_marks(game, viewer)
    # a side sees the markers it knows of, as it knows them: who else knows is not its business
    # (an owner does not learn from its map that the enemy found its minefield)
    overlays = list(game.map.overlays) if umpire else [
        dataclasses.replace(o, secret=o.secret and o.side == viewer, known_to=())
        for o in game.map.overlays if o.known_by(viewer)]
    view_map = dataclasses.replace(game.map, overlays=overlays)
    zones = tuple(ZoneMark(z.id, z.side, z.label, z.hexes) for z in game.zones
                  if umpire or z.side == viewer)
    name = "Umpire" if umpire else game.side(viewer).name
    return SideView(viewer, name, game.title, game.turn, game.turns, view_map,
                    tuple(SideInfo(s.id, s.name, s.colour) for s in game.sides), tuple(marks), zones,
                    _fire_marks(game, viewer, overlays, zone_of),
                    tuple({o.hex: ObjectiveMark(o.hex, o.label, o.points) for v in game.victory
                           if umpire or v.side == viewer for o in v.objectives}.values()),
                    tuple((b.id, b.name, b.colour) for b in game.battalions
                          if b.colour and (umpire or b.side == viewer)))


def _contact_marks(game: Game, viewer: str) -> list[UnitMark]:
    """The enemy as the side knows it: its contacts and its detached last-known records, in the
    order of their labels -- the file's order (by the units' true ids, or when each record was
    detached) would tell which label stands for which unit."""
    enemy = _enemy_side(game, viewer)
    out = []
    for c in game.contacts.values():
        if c.side != viewer or c.status == "destroyed":     # the side saw it destroyed: off its map
            continue
        # built from what the side recorded when it saw the unit, never from the unit itself
        out.append(UnitMark(key=f"contact:{c.label}", side=enemy, hex=c.hex, role=c.role,
                            label=c.label, type_label=c.type_label or c.detail,
                            strength=c.strength if c.status == "seen" else "",
                            knowledge="seen" if c.status == "seen" else "last_known", turn_seen=c.turn,
                            seen_by=tuple(c.seen_by)))
    for p in game.past_contacts:
        if p.side == viewer:             # last known, tied to no unit the side sees now
            out.append(UnitMark(key=f"contact:{p.label}", side=enemy, hex=p.hex, role=p.role, label=p.label,
                                type_label=p.type_label or p.detail, strength="", knowledge="last_known",
                                turn_seen=p.turn))
    return sorted(out, key=lambda mk: label_order(mk.label))


def _fire_marks(game: Game, viewer: str, overlays, zone_of) -> tuple[FireMark, ...]:
    """The viewer's plots (every side's for the umpire): this turn's and later ones, and this
    turn's after they landed -- where the side's own impact marker shows it saw them land.
    `zone_of(game, pattern, hex)`: the hexes a pattern strikes (None: none on the map)."""
    # its impact markers, public smoke, its own scattered minefields (overlays are the viewer's already)
    seen_landing = {o.hex for o in overlays if o.kind == "smoke" or (o.kind in ("impact", "minefield")
                                                                     and (viewer == UMPIRE or o.side == viewer))}
    out = []
    for p in sorted(game.plots, key=lambda p: (p.turn, p.side, p.support, p.concentration)):
        if p.turn < game.turn or (viewer != UMPIRE and p.side != viewer):
            continue
        landed = None
        if p.outcome and p.outcome.get("ffe"):
            h = Hex(p.outcome["q"], p.outcome["r"])
            landed = h if viewer == UMPIRE or h in seen_landing else None
        centre = landed or p.target             # after the phase: the zone it struck
        zone = zone_of(game, p.pattern, centre)
        if zone is None:
            continue
        label = p.support if p.support in game.units else f"{p.support} #{p.concentration}"
        came = bool(p.outcome.get("ffe")) if p.outcome else None
        out.append(FireMark(p.side, label, p.turn, p.target, p.pattern, zone, landed, came))
    return tuple(out)
