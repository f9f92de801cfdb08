"""Lock 'n Load Tactical: ATGM depletion (14.1) and target acquisition (14.3) for ordnance.

* ATGM depletion (14.1): an ordnance counter with a boxed depletion number (ordnance.toml
  `atgm_depletion`) checks its coloured die after each shot -- Umpire takes the second die of
  the to-hit roll as the coloured one; under the number, its missiles are spent (ATGM Expended)
  and it fires on the OFT no more.
* Target acquisition (14.3): a gun whose target is not destroyed acquires it; the next shot by
  the same gun at the same unit, neither having left its hex, is easier by 1, and by 2 from the
  third shot on.  The aid prints "+1 or +2" among the OFT's target modifiers, where a plus
  makes the hit harder; an acquisition exists to make the next shot easier, so Umpire reads it
  as taken off the roll (our reading of a sign the aid leaves ambiguous).  While it holds, the
  target stays spotted by the firer's side (14.3, spotting.py).
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from .state import Acquisition, marks_after

MOST = 2                                       # 14.3: +1 or +2


def expended(game: Game, u: UnitState, weapon: UnitState | None) -> bool:
    """14.1: the gun's ATGMs are spent (the weapon counter's, for a carried one)."""
    return (weapon or u).marks.atgm_expended


def deplete(game: Game, u: UnitState, weapon: UnitState | None, gun: dict, faces, out: dict, lines: list) -> None:
    """14.1: after the shot, the coloured die under the boxed depletion number spends the ATGMs."""
    number = gun.get("atgm_depletion")
    if not number:
        return
    holder = weapon or u
    coloured = faces[1]
    if coloured < number:
        out.setdefault(holder.id, {})["marks"] = marks_after(out, holder).but(atgm_expended=True)
        lines.append(f"  ATGM depletion: coloured die {coloured} under {number} -- {holder.id}'s missiles are "
                     "spent (ATGM Expended, 14.1)")
    else:
        lines.append(f"  ATGM depletion: coloured die {coloured}, not under {number} (14.1)")


def holds(game: Game, u: UnitState) -> Acquisition | None:
    """The firer's acquisition, while neither it nor its target has left its hex (14.3)."""
    a = u.marks.acquired
    if a is None or not u.on_map or (u.hex.q, u.hex.r) != a.firer_at:
        return None
    t = game.units.get(a.target)
    if t is None or not t.on_map or (t.hex.q, t.hex.r) != a.target_at:
        return None
    return a


def modifier(game: Game, u: UnitState, target: UnitState | None) -> tuple[str, int] | None:
    """14.3: the OFT modifier of a shot at an acquired target."""
    a = holds(game, u)
    if a is None or target is None or a.target != target.id:
        return None
    return (f"target acquired, {a.level} shot{'s' if a.level > 1 else ''} before (14.3)", -a.level)


def acquire(game: Game, u: UnitState, target: UnitState, destroyed: bool, out: dict, lines: list) -> None:
    """14.3: a target not destroyed is acquired, one level more if it was already."""
    if destroyed:
        out.setdefault(u.id, {})["marks"] = marks_after(out, u).but(acquired=None)
        return
    a = holds(game, u)
    level = min(MOST, a.level + 1) if a is not None and a.target == target.id else 1
    out.setdefault(u.id, {})["marks"] = marks_after(out, u).but(acquired=Acquisition(
        target=target.id, target_at=(target.hex.q, target.hex.r), firer_at=(u.hex.q, u.hex.r), level=level))
    lines.append(f"  {u.id} has {target.id} acquired: its next shot at it -{level} (14.3)")


def seen_by_acquisition(game: Game, side: str, target: UnitState) -> list[str]:
    """The side's guns holding an acquisition on `target` (14.3: it remains spotted)."""
    here = (target.hex.q, target.hex.r) if target.hex is not None else None
    return [u.id for u in game.units.values() if u.side == side and u.on_map
            and (a := holds(game, u)) is not None and a.target == target.id and a.target_at == here]
