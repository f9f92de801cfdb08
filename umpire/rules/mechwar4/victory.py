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


def units_destroyed_points(game: Game, lost: list, schedule: dict, companies: dict) -> tuple[int, int]:
    """Points for the enemy units `lost` (20.51): a company destroyed whole, its units all of a
    role the schedule scores as a company, at the company's points (the 20.51 example: a tank
    company, 4); every other unit at its own.  Returns (points, companies scored whole)."""
    role = lambda u: game.unit_type(u)["role"]      # noqa: E731
    members: dict[str, list] = {}
    for u in game.units.values():
        if u.company is not None:
            members.setdefault(u.company, []).append(u)
    gone = {u.id for u in lost}
    points, whole, counted = 0, 0, set()
    for company, units in members.items():
        roles = {role(u) for u in units}
        if len(roles) == 1 and (r := roles.pop()) in companies and all(u.id in gone for u in units):
            points += companies[r]["points"]
            whole += 1
            counted |= {u.id for u in units}
    points += sum(schedule[role(u)]["points"] for u in lost if u.id not in counted)
    return points, whole


def evaluate(game: Game, final: bool = False) -> VictoryReport:
    rep = VictoryReport(points={s: 0 for s in game.side_ids()}, final=final)
    schedule = game.rules.tables["victory"].section("entry")
    companies = game.rules.tables["victory"].section("company")
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
            pts, whole = units_destroyed_points(game, lost, schedule, companies)
            rep.points[v.side] += pts
            also = f", {whole} of them whole companies" if whole else ""
            rep.lines.append(f"{name}: {len(lost)} enemy units destroyed{also}, {pts} points "
                             "(MW4 20.51, sample schedule)")
        if v.exit_points:
            gone = [u for u in game.units.values() if u.side == v.side and u.status == "exited"]
            rep.points[v.side] += v.exit_points * len(gone)
            rep.lines.append(f"{name}: {len(gone)} units exited the map, {v.exit_points * len(gone)} points (MW4 8.27)")
    best = max(rep.points.values(), default=0)
    top = [s for s, p in rep.points.items() if p == best]
    rep.winner = top[0] if len(top) == 1 else None
    return rep
