"""MechWar 4 victory (MW4 20.5, 20.51): objective hexes held at the end, points for enemy
units destroyed on the Victory Point Schedule (a sample table: the text does not print it),
and points for units exited where the scenario allows it (8.27)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.game import Game


@dataclass
class VictoryReport:
    points: dict[str, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    winner: str | None = None          # None: a draw
    final: bool = False

    def text(self, game: Game) -> str:
        head = "Final result" if self.final else f"Victory situation after turn {game.turn} (provisional)"
        score = ", ".join(f"{game.side(s).name} {p}" for s, p in self.points.items())
        result = f"{game.side(self.winner).name} wins" if self.winner else "drawn"
        return "\n".join([f"{head}: {score} — {result} (MW4 20.5)"] + [f"  {x}" for x in self.lines])


def evaluate(game: Game, final: bool = False) -> VictoryReport:
    rep = VictoryReport(points={s: 0 for s in game.side_ids()}, final=final)
    schedule = game.rules.tables["victory"].section("entry")
    for v in game.victory:
        name = game.side(v.side).name
        for o in v.objectives:
            here = {u.side for u in game.units.values() if u.on_map and u.hex == o.hex and not u.carried_by}
            label = f"{o.label} ({game.map.number(o.hex)})" if o.label else game.map.number(o.hex)
            if here == {v.side}:
                rep.points[v.side] += o.points
                rep.lines.append(f"{label}: held by {name}, {o.points} points")
            else:
                holder = ", ".join(game.side(s).name for s in sorted(here)) or "nobody"
                rep.lines.append(f"{label}: not held by {name} (in it: {holder})")
        if v.points_for_units:
            lost = [u for u in game.units.values() if u.side != v.side and u.status == "destroyed"]
            pts = sum(schedule[game.unit_type(u)["role"]]["points"] for u in lost)
            rep.points[v.side] += pts
            rep.lines.append(f"{name}: {len(lost)} enemy units destroyed, {pts} points (MW4 20.51, sample schedule)")
        if v.exit_points:
            gone = [u for u in game.units.values() if u.side == v.side and u.status == "exited"]
            rep.points[v.side] += v.exit_points * len(gone)
            rep.lines.append(f"{name}: {len(gone)} units exited the map, {v.exit_points * len(gone)} points (MW4 8.27)")
    best = max(rep.points.values(), default=0)
    top = [s for s, p in rep.points.items() if p == best]
    rep.winner = top[0] if len(top) == 1 else None
    return rep
