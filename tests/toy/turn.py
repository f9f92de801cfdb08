"""Toy Skirmish's turn (rules 2, 6, 8 and 9): the rally action, the End phase (digging in,
objectives changing hands) and the victory count."""

from __future__ import annotations

from umpire.core.changes import Change
from umpire.core.errors import UmpireError
from umpire.core.game import Game

RALLY = 4                    # rule 9: the roll a shaken unit needs, unless the scenario's [toy] says


def rally_number(game: Game) -> int:
    return game.rule_state.scenario.get("rally", RALLY)


def rally(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """Rule 6: in the Movement phase, instead of moving, a shaken unit tries to rally."""
    uid, side = params.get("unit"), params.get("side")
    u = game.units.get(uid)
    if u is None or u.side != side or not u.on_map:
        raise UmpireError(f"rally: {side} has no unit {uid!r} on the map")
    if game.phase != "movement":
        raise UmpireError("rally: units rally in the Movement phase (Toy 6)")
    if not u.marks.shaken:
        raise UmpireError(f"rally: {uid} is not shaken")
    if u.moved or u.acted:
        raise UmpireError(f"rally: {uid} has already acted this turn")
    need = rally_number(game)
    roll = dice.d6(f"{uid} rallies on {need}+")
    if roll >= need:
        return f"{uid} rallies", [Change("unit", uid, {"shaken": False, "acted": True}, (f"1d6 = {roll}: rallied",))]
    return f"{uid} stays shaken", [Change("unit", uid, {"acted": True}, (f"1d6 = {roll}: still shaken",))]


def holders(game: Game) -> dict[str, str]:
    """Rule 8: each objective is held by the last side to have had units alone in it."""
    held = dict(game.rule_state.held)
    for v in game.victory:
        for o in v.objectives:
            here = {u.side for u in game.units.values() if u.on_map and u.hex == o.hex}
            if len(here) == 1:
                held[game.map.number(o.hex)] = here.pop()
    return held


def objectives(game: Game) -> list[Change]:
    held = holders(game)
    if held == game.rule_state.held:
        return []
    lines = tuple(f"{number} is held by {game.side(side).name}" for number, side in sorted(held.items())
                  if game.rule_state.held.get(number) != side)
    return [Change("game", "state", {"held": held}, lines, "umpire")]


def end_phase(game: Game) -> list[Change]:
    """The End phase begins: units that did not move this turn dig in (rule 3), and objectives
    change hands (rule 8)."""
    digging = [u for u in sorted(game.units.values(), key=lambda u: u.id)
               if u.on_map and not u.carried_by and not u.moved and not u.marks.dug_in]
    return [Change("unit", u.id, {"dug_in": True}, (f"{u.id} digs in",), u.side) for u in digging] + objectives(game)


class Standing:
    """The score (rule 8): objectives held, enemy units destroyed, units exited."""

    def __init__(self, game: Game, final: bool) -> None:
        self.final = final
        self.points = {s: 0 for s in game.side_ids()}
        self.lines: list[str] = []
        held = holders(game)
        for v in game.victory:
            name = game.side(v.side).name
            for o in v.objectives:
                number = game.map.number(o.hex)
                label = f"{o.label} ({number})" if o.label else number
                if held.get(number) == v.side:
                    self.points[v.side] += o.points
                    self.lines.append(f"{label}: held by {name}, {o.points} points")
                else:
                    self.lines.append(f"{label}: not held by {name}")
            if v.points_for_units:
                lost = [u for u in game.units.values() if u.side != v.side and u.status == "destroyed"]
                score = sum(game.unit_type(u)["points"] for u in lost)
                self.points[v.side] += score
                self.lines.append(f"{name}: {len(lost)} enemy units destroyed, {score} points")
            if v.exit_points:
                gone = [u for u in game.units.values() if u.side == v.side and u.status == "exited"]
                self.points[v.side] += v.exit_points * len(gone)
                self.lines.append(f"{name}: {len(gone)} units exited, {v.exit_points * len(gone)} points")

    @property
    def winner(self) -> str | None:
        best = max(self.points.values())
        top = [s for s, p in self.points.items() if p == best]
        return top[0] if len(top) == 1 else None

    def text(self, game: Game) -> str:
        head = "Final result" if self.final else f"Standing in turn {game.turn}"
        score = ", ".join(f"{game.side(s).name} {p}" for s, p in self.points.items())
        result = f"{game.side(self.winner).name} wins" if self.winner else "drawn"
        return "\n".join([f"{head}: {score} — {result} (Toy 8)"] + [f"  {x}" for x in self.lines])
