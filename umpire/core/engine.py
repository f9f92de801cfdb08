"""Actions the shells call.  Each reads the game file, decides, and writes the result in one
transaction, returning a record of what changed so that a shell refreshes only that.

Rule-system procedures are passed in (the core never imports a rule system): any object with
`spot(game, roll) -> {side: {unit id: (observer ids, rule)}}` can refresh knowledge.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Protocol

from sqlmodel import Session, select

from .game import Contact, Game
from .store import models as m
from .store.db import make_engine, open_game

Roll = Callable[[str], int]


class Spotting(Protocol):
    def spot(self, game: Game, roll: Roll) -> dict[str, dict[str, tuple[tuple[str, ...], str]]]: ...


@dataclass
class KnowledgeChange:
    """What a spotting pass changed, per side: newly seen, seen again, lost from sight."""

    new: dict[str, list[str]] = field(default_factory=dict)
    lost: dict[str, list[str]] = field(default_factory=dict)
    seen: dict[str, list[str]] = field(default_factory=dict)
    rolls: list[tuple[str, int]] = field(default_factory=list)


def table_roll(game: Game) -> Roll:
    """Deterministic 1d6 for spotting until the dice service (issue 4) records every roll."""
    def roll(purpose: str) -> int:
        return random.Random(f"{game.scenario_path}:{game.turn}:{purpose}").randint(1, 6)
    return roll


def refresh_knowledge(location: str, spotting: Spotting, roll: Roll | None = None) -> KnowledgeChange:
    """Run a spotting pass for every side and store what each now knows (MW4 5.2: face-up when
    observed, face-down when out of every enemy's sight)."""
    game = open_game(location)
    roll = roll or table_roll(game)
    rolls: list[tuple[str, int]] = []

    def recorded(purpose: str) -> int:
        r = roll(purpose)
        rolls.append((purpose, r))
        return r

    seen_by_side = spotting.spot(game, recorded)
    change = KnowledgeChange(rolls=rolls)
    face_up: set[str] = set()
    engine = make_engine(location)
    try:
        with Session(engine) as session:
            existing = {(c.side_id, c.unit_id): c for c in session.exec(select(m.ContactRow))}
            for side in game.side_ids():
                seen = seen_by_side.get(side, {})
                face_up |= set(seen)
                labels = [int(c.label[1:]) for (s, _), c in existing.items() if s == side and c.label[1:].isdigit()]
                next_label = max(labels, default=0) + 1
                change.new[side], change.lost[side], change.seen[side] = [], [], sorted(seen)
                for uid, (observers, _rule) in sorted(seen.items()):
                    u = game.units[uid]
                    t = game.unit_type(u)
                    row = existing.get((side, uid))
                    if row is None:
                        row = m.ContactRow(side_id=side, unit_id=uid, label=f"C{next_label}", status="seen",
                                           q=u.hex.q, r=u.hex.r, turn=game.turn)
                        next_label += 1
                        change.new[side].append(uid)
                        session.add(row)
                    row.status, row.q, row.r, row.turn = "seen", u.hex.q, u.hex.r, game.turn
                    row.detail, row.type_label, row.role = "unit", t["label"], t["role"]
                    row.strength, row.seen_by = game.strength(u), list(observers)
                for (s, uid), row in existing.items():
                    if s == side and uid not in seen and row.status == "seen":
                        row.status = "last_known"
                        row.seen_by = []
                        change.lost[side].append(uid)
            for row in session.exec(select(m.UnitRow)):
                row.face_down = row.id not in face_up
            session.commit()
    finally:
        engine.dispose()
    return change


def contacts_of(game: Game, side: str) -> list[Contact]:
    return sorted((c for (s, _), c in game.contacts.items() if s == side), key=lambda c: int(c.label[1:]))
