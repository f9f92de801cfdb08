"""MechWar 4 company morale (MW4 19.81): a company's panic level rises as it loses units.

On its first unit lost a company's panic level goes up one level (10 points), and one more on
a 1d6 of 1; on the second, one, and one more on 1-4; on the third, two on 1-5 (19.812).  The
text says nothing of later losses: nothing more is added.  The risen level is the one its
units check panic on (13.0).  Battalion morale (19.82) is not yet played.
"""

from __future__ import annotations

from ...core.game import Game

LEVEL = 10          # one panic level, in the percent of the quality table (13.0)


def company_loss(game: Game, company_id: str, dice) -> tuple[dict, list[str]]:
    """The company's new (losses, panic_rise) after losing one more unit, with the journal lines."""
    losses, rise = game.company_morale.get(company_id, (0, 0))
    losses += 1
    added, lines = 0, []
    if losses == 1:
        r = dice.roll(f"morale {company_id}: first loss, one more level on a 1", 1, 6).total
        added = 1 + (1 if r == 1 else 0)
    elif losses == 2:
        r = dice.roll(f"morale {company_id}: second loss, one more level on 1-4", 1, 6).total
        added = 1 + (1 if r <= 4 else 0)
    elif losses == 3:
        r = dice.roll(f"morale {company_id}: third loss, two levels on 1-5", 1, 6).total
        added = 2 if r <= 5 else 0
    lines.append(f"{company_id} has lost {losses} unit{'s' if losses > 1 else ''}: panic level "
                 f"+{added} (now +{rise + added} levels, MW4 19.812)")
    return {"losses": losses, "panic_rise": rise + added}, lines


def unit_panic_level(game: Game, u) -> int:
    """The unit's troop quality level plus its company's rise (13.0, 19.812)."""
    base = game.rules.qualities[u.quality]["panic_level"]
    rise = game.company_morale.get(u.company, (0, 0))[1] if u.company else 0
    return base + LEVEL * rise
