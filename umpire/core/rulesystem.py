"""What the core asks of a rule system: the documented protocol every rule system implements.

The core (the engine's actions, the journal, the side views) never imports a rule system; the
engine hands one to each action as `ctx.system`.  A rule system subclasses `RuleSystem`, must
implement the methods that raise NotImplementedError here, and may override the others, whose
defaults say "this game has no such thing" -- no indirect fire, no mines, no split fire.

Procedures return what should change (`core.changes.Change`) and the core writes it, so undo,
replay and the side views see every change the same way whatever the rules.
"""

from __future__ import annotations

from typing import Any


class RuleSystem:
    name = ""

    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset

    # ------------------------------------------------------------------ required
    def phases(self) -> tuple:
        """The turn's phases, in order: objects with key, label, rule and alternating (whether
        the sides take turns to act in it)."""
        raise NotImplementedError

    def commands(self) -> dict[str, dict]:
        """Company commands by code: label, rule, moves (must | may | never), status, watches."""
        raise NotImplementedError

    def first_player(self, game, dice) -> tuple[str, list[str]]:
        """Which side acts first in an alternating phase, and the journal lines saying why."""
        raise NotImplementedError

    def sight(self, game_map, night: bool = False):
        """The map prepared for line-of-sight questions (`line_of_sight(eye, eye)`)."""
        raise NotImplementedError

    def spot(self, game, roll) -> dict[str, dict[str, tuple]]:
        """Each side's sightings now: {side: {unit id: (observer ids, rule)}}."""
        raise NotImplementedError

    def check_move(self, game, unit_id: str, path, how: dict | None = None):
        """Price and check a path: an object with legal, reason, rule, steps, watchers..."""
        raise NotImplementedError

    def formation(self, game, company_id: str) -> tuple[list[str], list[str], str]:
        """Which of a company's units may act together now, which may not, and why."""
        raise NotImplementedError

    def form_column_problem(self, game, unit_id: str) -> tuple[str, str] | None:
        raise NotImplementedError

    def fire_sheet(self, game, firer_id: str, target_id: str, mode: str = "main", overrun: bool = False,
                   element: str | None = None):
        """The worksheet of a shot: legal, reason, lines, the table row to roll on."""
        raise NotImplementedError

    def resolve_fire(self, sheet, die: int) -> str:
        raise NotImplementedError

    def fire_effect(self, result: str) -> tuple[int, int]:
        """(steps lost, suppression levels) for a result."""
        raise NotImplementedError

    def panic_number(self, game, unit) -> tuple[int, str]:
        """The die roll at or under which the unit panics before moving or firing (0: never)."""
        raise NotImplementedError

    def overrun_initiative(self, game, mover, defenders, dice) -> tuple[str, list[str]]:
        raise NotImplementedError

    def victory(self, game, final: bool = False):
        """The victory situation: an object with text(game)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ optional
    def game_start(self, game, dice) -> list:
        """Changes settled before play."""
        return []

    def phase_start(self, game, key: str, dice) -> list:
        """Changes a phase makes as it begins (removal rolls, indirect fire...)."""
        return []

    def unit_lost(self, game, unit, dice, where=None) -> list:
        """Changes a lost unit brings (morale)."""
        return []

    def settle_fire(self, sheet, dice) -> tuple[str | None, list[str]]:
        """A result that needs the defender's roll, settled; None: the result read stands."""
        return None, []

    def after_fire(self, game, unit, sheet, dice) -> list:
        """What firing does to the firer afterwards (ammunition...)."""
        return []

    def panic_die_modifiers(self, game, unit) -> tuple[tuple[str, int], ...]:
        return ()

    def command_problem(self, game, company_id: str, code: str) -> str | None:
        return None

    def exposed_passenger(self, game, passenger_id: str) -> bool:
        """A passenger taking a shot at its carrier on its own."""
        return False

    def rider_sheet(self, game, sheet, rider_id: str):
        return None

    def defilade_problem(self, game, unit_id: str, facing) -> tuple[str, str] | None:
        return (f"{game.rules.title} has no defilade markers", "")

    def split_problem(self, game, unit_id: str, elements: list[str]) -> str | None:
        return f"{game.rules.title} has no split fire"

    def mine_sheet(self, game, unit_id: str, mine_type: str, leaving: bool = False) -> Any:
        """The worksheet of a mine attack, or None when the rules have no mines."""
        return None

    def indirect_support(self, game, unit_id: str):
        """An on-map unit as a support that may plot indirect fire, or None."""
        return None

    def plot_problem(self, game, side: str, support, target, pattern: str, turn: int) -> str | None:
        return f"{game.rules.title} has no indirect fire"

    def stance_problem(self, game, unit_id: str) -> str | None:
        """Why the unit has no choice of how to take indirect fire (buttoned or not), or None."""
        return f"{game.rules.title} has no choice of how to take indirect fire"

    def barrage_attack(self, game, unit_id: str, overlay, dice) -> list:
        """Changes when a unit moves into a lasting barrage."""
        return []
