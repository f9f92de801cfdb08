"""Actions shared by the CLI and the GUI that need both the core and a rule system."""

from __future__ import annotations

from pathlib import Path

from .core.engine import opening, perform
from .core.play.spotting import KnowledgeChange
from .core.errors import UmpireError
from .core.game import Game
from .core.hexgrid import Hex
from .core.los import Eye, LosResult
from .core.oob import Scenario
from .core.ruleset import load_ruleset
from .core.store.db import create_game, open_game, rules_name
from .rules import rule_system
from .status import phase_text


def new_game(scenario: Scenario, target: str | Path, overwrite: bool = False, seed: str | None = None) -> str:
    """Create the game file and set it up, in one transaction: the rule system's set-up, the
    opening spotting pass (MW4 5.2: face-down until seen) and the first phase.
    `seed` fixes the dice (the same seed and actions give the same rolls); default: a fresh one."""
    return create_game(scenario, target, overwrite=overwrite, seed=seed, opening=opening(rule_system(scenario.rules)))


def system_for(location: str):
    """The procedures of the game's rule system, named by its game record: the action that
    follows reads and checks the whole game, so reading it twice is not needed (on a 300-unit
    game that was a tenth of a second a command).  A record that cannot be read so simply, or
    names an unknown system, is left to the full reader and its one-line errors."""
    name = rules_name(location)
    if name is not None:
        try:
            return rule_system(load_ruleset(name))
        except UmpireError:
            pass
    return rule_system(open_game(location).rules)


def update_spotting(location: str) -> KnowledgeChange:
    return perform(location, "spot", {}, system_for(location)).detail


def resolve_place(game: Game, text: str) -> tuple[Hex, Eye]:
    """A hex number or a unit id -> (hex, the eye LOS should use there)."""
    if text in game.units:
        u = game.units[text]
        if not u.on_map:
            raise UmpireError(f"unit {text} is not on the map ({u.status})")
        heli = game.unit_type(u)["move_class"] == "helicopter"
        return u.hex, Eye(u.hex, heli, u.fired)
    try:
        h = game.map.grid.parse(text)
    except ValueError as e:
        raise UmpireError(f"{text!r} is neither a unit id nor a hex number: {e}") from None
    return h, Eye(h)


def line_of_sight(game: Game, a: str, b: str) -> LosResult:
    _, ea = resolve_place(game, a)
    _, eb = resolve_place(game, b)
    units = tuple(game.units.get(x) for x in (a, b))        # an end named by a unit: that unit (None: a hex)
    return rule_system(game.rules).line_between(game, ea, eb, units)


def phase_line(game: Game) -> str:
    """'Turn 3 of 12 — Direct Fire/Movement phase — NATO to act' for status bars and the CLI."""
    phase = next((p for p in rule_system(game.rules).phases() if p.key == game.phase), None)
    return phase_text(game.turn, game.turns, game.phase, phase.label if phase else None,
                      game.side(game.active_side).name if game.active_side else None,
                      [game.side(s).name for s in game.passed])
