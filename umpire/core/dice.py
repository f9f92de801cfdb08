"""One dice service: seeded, audited, replayable, or typed in from real dice at the table.

Every roll is kept with its purpose, the dice, the faces, the modifiers and the total, and is
stored with the action that made it.  A seeded roll depends only on the game's seed, the
action's number and the roll's place in that action, so undoing and redoing never reshuffles
later dice, and replaying the journal meets exactly the same numbers.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Callable

from .errors import UmpireError

# (purpose, count, sides) -> the faces the umpire typed, or None to let the program roll this one
TypeIn = Callable[[str, int, int], "list[int] | None"]
# a roll an action asks for: what it is for, how many dice, how many sides each
RollAsked = tuple[str, int, int]


def typed_in_order(faces: list[list[int]], asked: list[RollAsked] | None = None) -> TypeIn:
    """The dice typed for an action before it ran (core.engine.rolls_asked found which it rolls,
    `asked`), handed to its rolls in order.  A roll beyond them, or not the one they were typed
    for, means the game changed in between (another writer): refused, nothing changed."""
    queue = list(zip(faces, asked)) if asked is not None else [(f, None) for f in faces]

    def typed(purpose: str, count: int, sides: int) -> list[int]:
        if not queue:
            raise UmpireError(f"{purpose}: no die was typed for this roll (the game changed while the dice "
                              f"were typed); nothing was changed")
        got, meant = queue.pop(0)
        if meant is not None and meant != (purpose, count, sides):
            raise UmpireError(f"{purpose}: the dice typed were for another roll ({meant[0]}): the game changed "
                              f"while they were typed; nothing was changed")
        return got
    return typed


@dataclass(frozen=True)
class Roll:
    purpose: str
    count: int
    sides: int
    faces: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...] = ()
    source: str = "seeded"         # seeded | typed | replay

    @property
    def total(self) -> int:
        return sum(self.faces) + sum(m for _, m in self.modifiers)

    def describe(self) -> str:
        mods = "".join(f" {'+' if v >= 0 else '-'} {abs(v)} ({why})" for why, v in self.modifiers)
        faces = "+".join(map(str, self.faces))
        return f"{self.purpose}: {self.count}d{self.sides} = {faces}{mods} = {self.total}" + \
            (" (typed in)" if self.source == "typed" else "")

    def to_json(self) -> dict:
        d = asdict(self)
        d["faces"] = list(self.faces)
        d["modifiers"] = [list(m) for m in self.modifiers]
        return d

    @staticmethod
    def from_json(d: dict) -> Roll:
        return Roll(d["purpose"], d["count"], d["sides"], tuple(d["faces"]),
                    tuple((m[0], m[1]) for m in d.get("modifiers", [])), d.get("source", "seeded"))


class ReplayMismatch(UmpireError):
    """A replayed action asked for different dice than the journal recorded."""


class Dice:
    def __init__(self, seed: str, action_number: int, typed: TypeIn | None = None,
                 replay: list[Roll] | None = None) -> None:
        self._rng = random.Random(f"{seed}:{action_number}")
        self._typed = typed
        self._replay = list(replay) if replay is not None else None
        self.rolls: list[Roll] = []

    @property
    def replaying(self) -> bool:
        """True while the journal is re-run (the dice are the recorded ones): an action whose
        meaning changed between versions reads its old rows the old way."""
        return self._replay is not None

    def roll(self, purpose: str, count: int = 1, sides: int = 6,
             modifiers: tuple[tuple[str, int], ...] = ()) -> Roll:
        if self._replay is not None:
            if not self._replay:
                raise ReplayMismatch(f"replay asked for an unrecorded roll: {purpose}")
            r = self._replay.pop(0)
            if (r.purpose, r.count, r.sides) != (purpose, count, sides):
                raise ReplayMismatch(f"replay expected roll {r.purpose!r} ({r.count}d{r.sides}), "
                                     f"the engine asked for {purpose!r} ({count}d{sides})")
            self.rolls.append(r)
            return r
        typed = self._typed(purpose, count, sides) if self._typed is not None else None
        if typed is not None:          # None: the umpire has no die for this one; roll it
            faces = tuple(typed)
            if len(faces) != count or not all(1 <= f <= sides for f in faces):
                raise UmpireError(f"{purpose}: expected {count} dice showing 1 to {sides}, got {list(faces)}")
            source = "typed"
        else:
            faces = tuple(self._rng.randint(1, sides) for _ in range(count))
            source = "seeded"
        r = Roll(purpose, count, sides, faces, tuple(modifiers), source)
        self.rolls.append(r)
        return r

    def d6(self, purpose: str) -> int:
        return self.roll(purpose).total
