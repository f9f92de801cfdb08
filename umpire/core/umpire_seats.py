"""Listing and changing a game's umpire seats (core.umpires says what a seat allows).

Seats are the game's administration, not play: they are not journal actions (undo does not
take a seat away), but only the chief umpire changes them once any are listed, and the first
seat a game gets is its chief's -- a game whose first listed umpire was an assistant would
have nobody left to run it."""

from __future__ import annotations

from sqlalchemy import select

from .errors import UmpireError
from .hexgrid import Grid
from .store import models as m
from .store.db import reading, writing
from .umpires import CHIEF, ASSISTANT, Seat, check_name, name_now, sector_hexes


def _grid(session) -> Grid:
    info = session.execute(select(m.GameInfo)).scalars().one()
    return Grid(info.columns, info.rows, info.orientation, info.stagger)


def list_seats(location: str) -> list[str]:
    with reading(location) as session:
        rows = session.execute(select(m.UmpireSeatRow).order_by(m.UmpireSeatRow.name)).scalars().all()
        return [Seat(r.name, r.role, tuple(r.sides), tuple(r.sectors)).describe() for r in rows]


def change_seats(location: str, add: str | None = None, chief: bool = False, sides: tuple[str, ...] = (),
                 sectors: tuple[str, ...] = (), remove: str | None = None) -> str:
    """Add (or change) or remove one seat; what was done, in a line.  UmpireError if the acting
    umpire may not, or the seat is not one a game can have."""
    who = name_now()
    with writing(location) as session:
        rows = {r.name: r for r in session.execute(select(m.UmpireSeatRow)).scalars().all()}
        if rows and (who not in rows or rows[who].role != CHIEF):
            raise UmpireError(f"only the chief umpire changes the seats, and {who!r} is not "
                              f"(act as the chief with `umpire --as NAME umpires ...`)")
        if remove is not None:
            row = rows.get(remove)
            if row is None:
                raise UmpireError(f"{remove!r} has no seat in this game")
            chiefs = [r for r in rows.values() if r.role == CHIEF]
            if row.role == CHIEF and len(chiefs) == 1 and len(rows) > 1:
                raise UmpireError(f"{remove} is the only chief umpire: give another umpire the chief's seat first")
            session.delete(row)
            return f"removed {remove}'s seat"
        check_name(add)
        if chief and (sides or sectors):
            raise UmpireError("the chief umpire sees and does everything: --chief takes no --side or --sector")
        if not rows and not chief:
            raise UmpireError("a game's first seat is its chief umpire's: add yourself with --chief first")
        known = set(session.execute(select(m.SideRow.id)).scalars().all())
        for side in sides:
            if side not in known:
                raise UmpireError(f"no side {side!r} in this game (its sides: {', '.join(sorted(known))})")
        try:
            sector_hexes(_grid(session), sectors)
        except ValueError as e:
            raise UmpireError(str(e)) from None
        role = CHIEF if chief else ASSISTANT
        row = rows.get(add) or m.UmpireSeatRow(name=add)
        if row.role == CHIEF and role != CHIEF and sum(r.role == CHIEF for r in rows.values()) == 1:
            raise UmpireError(f"{add} is the only chief umpire: give another umpire the chief's seat first")
        row.role, row.sides, row.sectors = role, list(sides), list(sectors)
        session.add(row)
        return Seat(add, role, sides, sectors).describe()
