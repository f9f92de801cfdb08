"""War Blog refugees (1.33): on the board, or latent in a hex until the enemy comes.

    [[warblog.refugees]]               # a latent refugee unit
    unit = "R1"                        # a unit of kind "refugee" set up without a hex
    hex = "0604"                       # where it waits (a city, a town)

A latent refugee unit waits off the map, seen by nobody but the umpire (and its own side, in
its order of battle).  It comes out -- onto its hex, or the nearest hex free of the enemy --
when an enemy unit ends a move in or next to that hex, or an attack falls there (our reading of
"enters the city or engages in combat in the city": the hex and those next to it).  Active,
it is a unit like any other, moving 2 with most terrain costing it 2 and mountains 3, so only
along roads (terrain.toml's "refugee" column).  The line saying it came out is its own side's;
the enemy learns of it as it spots it.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import Hex, hex_distance
from .state import kind, units_at

CITY = 1                        # the hex and the hexes next to it (our reading of "the city")
KEYS = {"unit", "hex"}


def latent(game: Game) -> list[tuple[str, Hex]]:
    """The refugee units still waiting, with their hexes."""
    out = []
    for r in game.rule_state.scenario.get("refugees", []):
        u = game.units.get(r["unit"])
        if u is not None and u.status == "off_map":
            out.append((u.id, game.map.grid.parse(str(r["hex"]))))
    return out


def wake(game: Game, attacked: Hex | None = None) -> list[Change]:
    """1.33: the latent refugees an enemy unit near their hex, or an attack there, brings out."""
    out = []
    taken: list[Hex] = []
    for uid, h in latent(game):
        u = game.units[uid]
        near = [v for v in game.units.values() if v.on_map and v.side != u.side and hex_distance(v.hex, h) <= CITY]
        if not near and (attacked is None or hex_distance(attacked, h) > CITY):
            continue
        free = [x for x in game.map.hexes() if not any(v.side != u.side for v in units_at(game, x))
                and x not in taken]
        to = min(free, key=lambda x: (hex_distance(x, h), game.map.number(x)))
        taken.append(to)
        line = f"refugees {uid} come out in {game.map.number(to)} (War Blog 1.33)"
        out.append(Change("unit", uid, {"status": "on_map", "q": to.q, "r": to.r}))
        out.append(Change("note", "", {}, (line,), u.side))
    return out


def problems(scenario) -> list[tuple[str, str, str]]:
    data, out = scenario.rule_data, []
    listed = data.get("refugees", [])
    if not isinstance(listed, list):
        return [("[warblog]", "refugees", "write [[warblog.refugees]] tables")]
    units = {u.id: u for u in scenario.units}
    late = {x for r in scenario.reinforcements for x in r.units}
    for i, r in enumerate(listed, 1):
        where = f"[[warblog.refugees]] #{i}"
        if not isinstance(r, dict) or set(r) != KEYS:
            out.append((where, "refugees", f"{where} takes unit and hex"))
            continue
        u = units.get(r["unit"])
        if u is None or scenario.rules.unit_types[u.type]["kind"] != "refugee":
            out.append((where, str(r["unit"]), f"{r['unit']!r} is not a refugee unit of the order of battle (1.33)"))
        elif u.hex is not None or u.id in late:
            out.append((where, str(r["unit"]), f"{r['unit']} waits latent: set it up without a hex and in no "
                                               "reinforcement (1.33)"))
        try:
            scenario.map.grid.parse(str(r["hex"]))
        except ValueError as e:
            out.append((where, str(r["hex"]), str(e)))
    return out


def is_refugee(game: Game, u) -> bool:
    return kind(game, u) == "refugee"
