"""War Blog's units of civil disorder and the microwave weapon (1.34, 1.35, 1.47).

* Protesters (1.35) attack and defend at 0 -- save against police: against a stack of police
  alone they attack at 1, and attacked by police alone they defend at 0.25.  Police (1.34) get
  "specific combat values" against protesters the text does not give: their printed ones.
* Microwave units (1.47): an assault with one among the attackers on a stack whose printed
  defence totals 3 or less needs no odds: the stack retreats a hex unharmed and each of its
  units takes a morale check (6.0).  Against a bigger stack the assault goes as any other.
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from .state import kind

SMALL = 3                        # 1.47: a defence factor of 3 or less


def strength(game: Game, u: UnitState, value: str, others: list[UnitState]) -> float:
    """A unit's printed `value` ("strength" or "defence") against the `others`, protesters'
    own against police (1.35)."""
    printed = game.unit_type(u)[value]
    if kind(game, u) != "protester":
        return printed
    police = bool(others) and all(kind(game, v) == "police" for v in others)
    return (1 if value == "strength" else 0.25) if police else 0


def microwaved(game: Game, attackers: list[UnitState], defenders: list[UnitState]) -> bool:
    """1.47: a microwave unit among the attackers, a small stack defending."""
    return any(game.unit_type(u).get("microwave") for u in attackers) and \
        sum(game.unit_type(v)["defence"] for v in defenders) <= SMALL


def microwave(game: Game, out, attackers, defenders, dice, spend, morale, cost) -> str:
    """1.47: the small stack retreats unharmed, then checks morale."""
    out.lines.append(f"Result: the microwave drives off a stack of {sum(game.unit_type(v)['defence'] for v in defenders)} "
                     "defence or less: it retreats unharmed (1.47)")
    for u in attackers:
        spend(game, out, u, cost, acted=True)
    away = [u.hex for u in attackers]
    for v in defenders:
        out.retreat(v, away)
    for v in defenders:
        out.tell(v, f"  {v.id} takes a morale check after the microwave (1.47)")
        r = dice.roll(f"morale check {v.id} after the microwave", 1, 10).total
        if r >= 10:
            out.tell(v, f"  {v.id} fails on {r} and routs (6.0)")
            out.retreat(v, away)
        else:
            out.tell(v, f"  {v.id} holds on {r} (6.0)")
    return "microwave on {hex}: the defenders retreat"
