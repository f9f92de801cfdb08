"""Orders files: a side's commands for a turn, written by a player and handed to the umpire.

Format (TOML), one file per side and turn:

    side = "nato"
    turn = 3

    [commands]                # company id = command (the rule system's codes)
    "A/2-32" = "overwatch"
    "B/2-32" = "bound"

    [ambush]                  # MW4 6.913: turn 1 only, a hex in the company's sight
    "B/2-32" = "1414"

    [[fire]]                  # off-board fire plots (MW4 7.0, 14.0); none: the plots stay as they were
    support = "US DS"         # an [[artillery]] id of the scenario
    concentration = 1
    target = "2215"
    pattern = "tight"         # tight | loose | smoke

The file is read and checked completely before anything is applied: a malformed file, or one
that orders another side's companies, is refused with every reason and changes nothing.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ...core.errors import UmpireError
from ...core.limits import TURNS, out_of_range, shown, too_big


@dataclass
class OrdersFile:
    side: str
    turn: int
    commands: dict[str, str] = field(default_factory=dict)
    ambush: dict[str, str] = field(default_factory=dict)
    fire: list[dict] | None = None

    def params(self) -> dict:
        out = {"side": self.side, "turn": self.turn, "commands": dict(self.commands), "ambush": dict(self.ambush)}
        if self.fire is not None:
            out["missions"] = [dict(x) for x in self.fire]
        return out


def read_orders(path: str | Path) -> OrdersFile:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise UmpireError(f"cannot read: {e.strerror}", file=str(path)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise UmpireError(f"not a valid orders file: {e}", file=str(path)) from None
    except ValueError:          # tomllib's int() gives up on an integer of over 4300 digits
        raise UmpireError("not a valid orders file: a number too long to read (over 4300 digits)",
                          file=str(path)) from None
    problems = []
    extra = set(data) - {"side", "turn", "commands", "ambush", "fire"}
    if extra:
        problems.append(f"unknown key(s) {', '.join(sorted(extra))} (use side, turn, [commands], [ambush], [[fire]])")
    fire = data.get("fire")
    if fire is not None and (not isinstance(fire, list) or not all(isinstance(x, dict) for x in fire)):
        problems.append("[[fire]] entries each give support, concentration, target and pattern")
    side, turn = data.get("side"), data.get("turn")
    if not isinstance(side, str):
        problems.append("side must name your side, e.g. side = \"nato\"")
    if problem := out_of_range(turn, TURNS):
        problems.append(f"turn {problem}")
    for key in ("commands", "ambush"):
        table = data.get(key, {})
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            problems.append(f"[{key}] must map company ids to text")
    # the journal keeps the orders as given: no number in them may be too big for the game file
    problems += [f"{key}: {shown(value)} is too large a number" for key, value in too_big(data) if key != "turn"]
    if problems:
        raise UmpireError("; ".join(problems), file=str(path))
    return OrdersFile(side, turn, dict(data.get("commands", {})), dict(data.get("ambush", {})),
                      None if fire is None else [dict(x) for x in fire])


def before_play(game, first_phase: str) -> bool:
    """Whether the game has not started yet: turn 1, its first phase, no unit moved or fired.
    MW4 6.9131 lets a company choose its ambush hex only before the start of the game, so a
    package made then asks for turn 1's orders -- its commands and the [ambush] block -- and one
    made once play has begun asks for the next turn's (our reading; issue 23)."""
    return (game.turn == 1 and game.phase == first_phase
            and not any(u.moved or u.fired for u in game.units.values()))
