"""Lock 'n Load Tactical: an ATGM's firer fired at before its shot resolves (14.1: "ATGM-firing
unit can be Op-Fired upon before resolving its attacks (any DC causes a miss)").

An ordnance attack by a gun with a boxed ATGM depletion number (ordnance.toml `atgm_depletion`)
is not resolved at once: its worksheet is journaled, the firer is marked Fired and held where it
stands -- paused, as a mover is for opportunity fire (5.3) -- with the shot in flight (its
`guiding` mark: the target, the to-hit number and the modifiers as they stood).  Its side keeps
the impulse (the rule system's `impulse_goes_on`).  The enemy may fire at the firer's hex as
opportunity fire; a damage check on the firer spoils the shot (`spoil`).  When its side halts it
(`umpire halt`, the window's Halt Paused Unit) the shot resolves as any ordnance shot does, or
is a miss if spoiled or the firer is no longer in Good Order (a Shaken unit fires nothing, 5.0).
A spoiled shot rolls no to-hit, so no ATGM depletion check either (our reading).  An ATGM fired
as opportunity fire resolves at once (one pause at a time, our reading).  Every ATGM shot is held,
whether or not the enemy could fire, so that the firer's side learns nothing of the enemy by it.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from .state import Guided, good_order, marks_after


def declare(game: Game, sheet, out: dict, lines: list) -> str:
    """14.1: the shot is in flight; the firer waits, marked Fired, for the enemy's fire."""
    u = game.units[sheet.units[0]]
    n = game.map.number(sheet.target)
    shot = Guided(target=sheet.defenders[0], need=sheet.defence, modifiers=tuple(sheet.modifiers),
                  range=sheet.range, arms=tuple(sheet.arms))
    out.setdefault(u.id, {}).update(fired=True, paused=True, marks=marks_after(out, u).but(guiding=shot))
    lines.append(f"{u.id}'s missile is in flight towards {n}: the enemy may fire at {u.id} before it strikes "
                 "(14.1); halt it to resolve the shot")
    return f"fires an ATGM at {n}: in flight (14.1)"


def spoil(v: UnitState, out: dict, lines: list) -> None:
    """14.1: a damage check on an ATGM firer makes its shot a miss."""
    m = marks_after(out, v)
    if m.guiding is not None and not m.guiding.spoiled:
        out.setdefault(v.id, {})["marks"] = m.but(guiding=m.guiding.but(spoiled=True))
        lines.append(f"  {v.id} takes a damage check with its missile in flight: the shot misses (14.1)")


def holding(game: Game, side: str | None = None) -> list[UnitState]:
    """ATGM firers held with their shot in flight."""
    return [u for u in game.units.values() if u.paused and u.on_map and u.marks.guiding is not None
            and side in (None, u.side)]


def resolve(game: Game, u: UnitState, dice) -> list[Change]:
    """The firer halted: its shot resolves (ordnance.py), or misses if spoiled or it is Shaken."""
    from .combat import AttackSheet, resolve as resolve_attack
    shot = u.marks.guiding
    done = Change("unit", u.id, {"guiding": None})
    target = game.units.get(shot.target)
    why = ("a damage check spoiled it" if shot.spoiled else
           f"{u.id} is no longer in Good Order" if not good_order(u) else
           "its target is gone" if target is None or not target.on_map else None)
    if why:
        return [done, Change("note", "", {}, (f"{u.id}'s missile misses: {why} (14.1)",))]
    sheet = AttackSheet(True, kind="ordnance", side=u.side, units=(u.id,), target=target.hex,
                        defenders=(target.id,), modifiers=shot.modifiers, defence=shot.need, range=shot.range,
                        arms=shot.arms)
    _summary, changes = resolve_attack(game, sheet, dice)
    return changes + [done]          # last: the shot's changes carry the marks it had
