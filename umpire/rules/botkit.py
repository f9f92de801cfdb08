"""What the rule systems' autoplay drivers share: an action tried (a refusal is no error for a
bot: it tries something else), and a random walk toward goals that the rule system accepts,
for a unit on the map or a reinforcement due at its entry hexes."""

from __future__ import annotations

from ..core.engine import perform
from ..core.errors import UmpireError
from ..core.hexgrid import hex_distance


def attempt(location, kind: str, params: dict, system, side: str, report) -> bool:
    """Perform the action and report it; False when the engine refuses it."""
    try:
        report(perform(location, kind, params, system, side=side).summary)
        return True
    except UmpireError:
        return False


def random_path(game, rng, system, unit, goals, longest: int):
    """A legal path of 1 to `longest` steps drifting toward the nearest goal (7 times in 10),
    cut back until the rule system's check_move accepts it; None when no try works."""
    if unit.status == "off_map":
        group = next((r for r in game.reinforcements if unit.id in r.units), None)
        if group is None or game.turn < group.turn:
            return None
        start = [rng.choice(group.entry)]
    else:
        start = [unit.hex]
    for _ in range(4):
        path = list(start)
        for _ in range(rng.randint(1, longest)):
            steps = [n for n in game.map.on_map_neighbours(path[-1]) if n not in path]
            if not steps:
                break
            if goals and rng.random() < 0.7:
                goal = min(goals, key=lambda h: hex_distance(h, path[-1]))
                steps = [min(steps, key=lambda n: hex_distance(n, goal))]
            path.append(rng.choice(steps))
        while len(path) >= (1 if unit.status == "off_map" else 2):
            if system.check_move(game, unit.id, path, {}).legal:
                return path
            path.pop()
    return None


def entry_problem(game, unit, first) -> str | None:
    """Why a unit off the map may not come on at `first` now: not a reinforcement, not yet due,
    or not one of its entry hexes; None when it may."""
    group = next((r for r in game.reinforcements if unit.id in r.units), None)
    if group is None:
        return "it is not on the map and not a reinforcement"
    if game.turn < group.turn:
        return f"it arrives on turn {group.turn}"
    if first not in group.entry:
        return f"it enters at {', '.join(game.map.number(h) for h in group.entry)}"
    return None
