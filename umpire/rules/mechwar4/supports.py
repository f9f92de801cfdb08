"""A side's fire supports as plots see them: off-board artillery and close air support, and
how many concentrations a support has for a turn (MechWar 4 7.0, 14.0, 15.0, 19.2)."""

from __future__ import annotations

from ...core.game import Game
from ...core.oob import Artillery


def all_supports(game: Game) -> dict[str, Artillery]:
    """The off-board supports a side may plot: artillery, and close air support as a support of
    kind "air" whose concentrations are its strikes (MW4 15.0, 15.23), with the air support's
    traits."""
    out = {a.id: a for a in game.artillery}
    for a in game.air:
        out[a.id] = Artillery(a.id, a.side, a.label, a.strikes, a.strength, "air", a.from_turn, a.traits)
    return out


def concentrations(game: Game, a: Artillery, turn: int) -> int:
    """How many concentrations the support has for that turn: the scenario's, times the
    multiple its side rolled for the turn (MW4 14.33)."""
    multiplied = game.support_used.get(a.id, {}).get("multiplied") or {}
    return a.concentrations * (multiplied.get("die", 1) if multiplied.get("turn") == turn else 1)


def damage(game: Game, support: str, n: int) -> int:
    """Steps of damage counterbattery did to one off-board concentration (MW4 19.2)."""
    return int((game.support_used.get(support, {}).get("damage") or {}).get(str(n), 0))


def unavailable(game: Game, support: str, n: int, turn: int) -> str | None:
    """Why an off-board concentration cannot fire in that turn: silenced by counterbattery, or
    displacing (MW4 19.2, 19.22)."""
    used = game.support_used.get(support, {})
    if n in used.get("silenced", []):              # the rule system says when (MW4 19.2)
        return f"{support} #{n} was silenced by counterbattery (MW4 19.2)"
    until = (used.get("displaced") or {}).get(str(n))
    if until is not None and turn <= until:
        return f"{support} #{n} is displacing until the end of turn {until} (MW4 19.22)"
    return None
