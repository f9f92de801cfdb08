"""Rule systems: one package per system, each exposing `RuleSystem(ruleset)`.

The core never imports from here; the shells (CLI, GUI, reports) ask `rule_system(ruleset)`
for the procedures of the game's rule system and hand them core data.
"""

from __future__ import annotations

from ..core.ruleset import Ruleset, system_class
from ..core.scenario import RULE_CHECKS
from ..core.store.integrity import GAME_CHECKS, unknown


_systems: dict[int, tuple[Ruleset, object]] = {}


def rule_system(ruleset: Ruleset):
    """The procedures for a rule system's data, one instance per loaded ruleset, so that what
    they prepare (a map made ready for sight lines) is reused from one action to the next."""
    kept = _systems.get(id(ruleset))
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    system = system_class(ruleset)(ruleset)
    _systems[id(ruleset)] = (ruleset, system)
    return system


def forget_systems() -> None:
    """Drop the kept rule systems and what they prepared (benchmarks start afresh)."""
    _systems.clear()


def _scenario_problems(scenario):
    system = rule_system(scenario.rules)
    known, name = system.scenario_data(), scenario.rules.name
    for key in scenario.rule_data:
        if key not in known:
            return [(f"[{name}]", key, f"[{name}] has no {key!r}" + (f" (it reads: {', '.join(known)})" if known
                                                                    else f": {scenario.rules.title} reads no [{name}]"))]
    return system.scenario_problems(scenario)


RULE_CHECKS.append(_scenario_problems)          # a scenario is checked by its rule system as it loads


def _game_problems(game):
    """The phase and the company commands a game file holds are ones its rule system plays."""
    system = rule_system(game.rules)
    phases = ["ended", *(p.key for p in system.phases())]
    if game.phase not in ("", *phases):            # "": play has not begun
        yield "game_info", unknown("phase", game.phase, phases)
    codes = system.commands()
    for (turn, cid), (code, _hex) in game.commands.items():
        if code not in codes:
            yield f"command turn {turn} for {cid!r}", unknown("command", code, codes)
    yield from system.state_problems(game)


GAME_CHECKS.append(_game_problems)              # and a game file as it is read
