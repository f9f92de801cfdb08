"""Several umpires on one game: who is acting, and what his seat lets him see and do.

A big game (a megagame) has a chief umpire and assistants, each at his own workstation on the
same game (a PostgreSQL database).  Every journal row names the umpire who performed it.  A game
may list its seats (`umpire umpires GAME`): the chief sees and does everything; an assistant
may be limited to sides (he acts only for them and sees only what they know) and to sectors of
the map (he acts only on units and hexes inside them).  A game with no seats is a one-umpire
game, whoever opens it is its chief: nothing changes for the club that never lists anyone.

Who is acting is core.whoacts's: the name a shell sets, else UMPIRE_NAME, else the login name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from .errors import UmpireError
from .hexgrid import Grid, Hex
from .store import models as m
from .whoacts import ENV, check_name, chosen, name_now, set_name  # noqa: F401  (the shells set it here)
from .names import whole_names
from .zones import resolve_zone

CHIEF, ASSISTANT = "chief", "assistant"
ROLES = (CHIEF, ASSISTANT)


@dataclass(frozen=True)
class Seat:
    name: str
    role: str = CHIEF
    sides: tuple[str, ...] = ()
    sectors: tuple[str, ...] = ()            # "0101:1010": a rectangle of columns and rows, corners inclusive
    hexes: frozenset[Hex] = field(default=frozenset(), compare=False)

    @property
    def is_chief(self) -> bool:
        return self.role == CHIEF

    @property
    def limited(self) -> bool:
        return not self.is_chief and bool(self.sides or self.sectors)

    def describe(self) -> str:
        if self.is_chief:
            return f"{self.name}: chief umpire"
        limits = []
        if self.sides:
            limits.append("sides " + ", ".join(self.sides))
        if self.sectors:
            limits.append("sectors " + ", ".join(self.sectors))
        return f"{self.name}: assistant" + (f" ({'; '.join(limits)})" if limits else " (everything)")

    def covers_hex(self, h: Hex | None) -> bool:
        return not self.sectors or (h is not None and h in self.hexes)


def sector_hexes(grid: Grid, sectors: tuple[str, ...]) -> frozenset[Hex]:
    """The hexes of sectors written "0101:1010".  ValueError with a reason a user can act on."""
    out: set[Hex] = set()
    for sector in sectors:
        corners = sector.split(":")
        if len(corners) != 2:
            raise ValueError(f"sector {sector!r} is two hex numbers joined by ':' (corners of a rectangle, e.g. 0101:1010)")
        out |= resolve_zone(grid, {"area": corners})
    return frozenset(out)


def seats(session: Session, grid: Grid) -> dict[str, Seat]:
    rows = session.execute(select(m.UmpireSeatRow)).scalars().all()
    return {r.name: Seat(r.name, r.role, tuple(r.sides), tuple(r.sectors), sector_hexes(grid, tuple(r.sectors)))
            for r in rows}


def seat_of(session: Session, grid: Grid, name: str) -> Seat:
    """The seat `name` sits in.  With no seats listed, everyone is the chief; with seats, a name
    not among them is refused: a game that lists its umpires is theirs."""
    listed = seats(session, grid)
    if not listed:
        return Seat(name)
    seat = listed.get(name)
    if seat is None:
        raise UmpireError(f"{name!r} is not one of this game's umpires ({', '.join(sorted(listed))}); "
                          f"the chief umpire adds seats with `umpire umpires GAME --add NAME`")
    return seat


def touched(game: Any, params: dict) -> tuple[set[str], set[Hex]]:
    """The units and hexes an action's parameters name, wherever they sit in them -- values and
    keys, lists and tables (a unit, firers, a company's orders keyed by company), a company
    standing for its units, a hex number, and unit names inside a line of text (a declared shot
    "Coyote 2, autocannon, C1").  Every rule system names units by ids and hexes by numbers."""
    units: set[str] = set()
    hexes: set[Hex] = set()
    by_company: dict[str, list[str]] = {}
    for u in game.units.values():
        if u.company:
            by_company.setdefault(u.company, []).append(u.id)
    pattern = whole_names(game.units)

    def text(value: str) -> None:
        if value in game.units:
            units.add(value)
        elif value in by_company:
            units.update(by_company[value])
        else:
            try:
                hexes.add(game.map.grid.parse(value))
            except ValueError:
                if pattern is not None:
                    units.update(m.group(0) for m in pattern.finditer(value))

    def look(value: Any) -> None:
        if isinstance(value, str):
            text(value)
        elif isinstance(value, (list, tuple)):
            for v in value:
                look(v)
        elif isinstance(value, dict):
            for k, v in value.items():
                look(k)
                look(v)
    look(params)
    return units, hexes


def refusal(seat: Seat, game: Any, kind: str, params: dict, side: str | None) -> str | None:
    """Why `seat` may not perform this action, or None.  An assistant limited to sides acts only
    for them; one limited to sectors acts only inside them: every unit of his side the action
    names must stand there and every hex it names must lie there (a target hex across the
    border, a move out of it, a company with a platoon outside: the chief's).  An enemy unit named
    as a target may stand anywhere -- where it really is, the assistant may not even know.  The
    phase, the turn and spotting passes (the umpire's own actions) are the chief's."""
    if not seat.limited:
        return None
    if side is None:
        return f"{seat.name} is an assistant umpire: {kind.replace('_', ' ')} is the chief umpire's to do"
    if seat.sides and side not in seat.sides:
        return f"{seat.name} umpires {', '.join(seat.sides)} only, and {kind!r} here is {side}'s action"
    if seat.sectors:
        units, hexes = touched(game, params)
        where = f"{seat.name} umpires sectors {', '.join(seat.sectors)} only"
        for uid in sorted(units):
            unit = game.units[uid]
            if unit.side == side and unit.on_map and not seat.covers_hex(unit.hex):
                return f"{where}, and {uid} is at {game.map.grid.number(unit.hex)}"
        for h in sorted(hexes, key=lambda h: (h.q, h.r)):
            if not seat.covers_hex(h):
                return f"{where}, and {kind!r} names hex {game.map.grid.number(h)}"
    return None


def step_refusal(session: Session, row: m.ActionRow, undoing: bool) -> str | None:
    """Why the acting umpire may not undo (or redo) `row`: in a game with seats an assistant
    takes back or puts back only what he did himself; the chief anything."""
    listed = {r.name: r for r in session.execute(select(m.UmpireSeatRow)).scalars().all()}
    if not listed:
        return None
    who = name_now()
    seat = listed.get(who)
    if seat is None:
        return f"{who!r} is not one of this game's umpires ({', '.join(sorted(listed))})"
    if seat.role == CHIEF or row.umpire == who:
        return None
    # what the action was, and whose, is not said: an assistant for one side would learn of the
    # other side's secret actions (a tester's finding: "#5 (orders) was root's")
    return (f"{who} is an assistant umpire: the last action is not one of his, and only the umpire who "
            f"did it or the chief may {'undo' if undoing else 'redo'} it")


def seat_in(location: str, name: str | None = None) -> Seat:
    """The seat the acting umpire (or `name`) sits in at the game at `location`; UmpireError for
    a name the game's seats do not list."""
    from sqlalchemy.exc import SQLAlchemyError

    from .store.db import damaged, database_error, reading, shown

    try:
        with reading(location) as session:
            info = session.execute(select(m.GameInfo)).scalars().one()
            return seat_of(session, Grid(info.columns, info.rows, info.orientation, info.stagger), name or name_now())
    except SQLAlchemyError as e:          # not a game file: one line, as opening it says
        raise (database_error(e, shown(location), "read") or damaged(e, shown(location))) from None


def viewers_for(seat: Seat, everyone: list[tuple[str, str]], umpire: str) -> list[tuple[str, str]]:
    """Whom a seat may view the game as: an assistant limited to sides sees only what they know;
    one limited to sectors sees the truth, inside his sectors (seat_view)."""
    if not seat.limited or not seat.sides:
        return everyone
    return [(v, name) for v, name in everyone if v in seat.sides]


def seat_view(view: Any, seat: Seat) -> Any:
    """A view cut to a sector-limited seat: only what stands, and what was fired at, in his
    sectors (the terrain and the objectives are public)."""
    if not seat.limited or not seat.sectors:
        return view
    from dataclasses import replace
    return replace(view, units=tuple(u for u in view.units if seat.covers_hex(u.hex)),
                   fire=tuple(f for f in view.fire if seat.covers_hex(f.target)))


def viewing_refusal(location: str, viewer: str, umpire_view: str = "umpire") -> str | None:
    """Why the acting umpire may not have `viewer`'s view of the game printed, drawn, packaged or
    served (`umpire report`, `render`, `journal`, `package`, `serve`), or None.  A game's seats
    limit seeing as they limit acting: an assistant for sides sees only what they know; one for
    sectors sees the truth in the window only, cut to his sectors -- a whole report, picture or
    journal is the chief's.  A name the seats do not list sees nothing (UmpireError)."""
    seat = seat_in(location)
    if not seat.limited:
        return None
    if seat.sides and viewer in seat.sides:
        return None
    if viewer == umpire_view:
        return f"{seat.name} is an assistant umpire: the umpire's view of the whole game is the chief's"
    if seat.sides:
        return f"{seat.name} umpires {', '.join(seat.sides)} only: {viewer}'s view is not his to see"
    return f"{seat.name} umpires sectors {', '.join(seat.sectors)} only: a side's whole view is the chief's"


def check_viewing(location: str, viewer: str, umpire_view: str = "umpire") -> None:
    problem = viewing_refusal(location, viewer, umpire_view)
    if problem:
        raise UmpireError(problem)
