"""MechWar 4 indirect fire (MW4 7.0-7.8, 14.0, 15.0, 19.4): what a plot may not do, on-map
H class units as supports, and which hexes a side has spotted.  The Indirect Fire phase's
resolution is in barrage.py, what lands in impact.py; the fire-for-effect and scatter
charts are samples (artillery.toml).
"""

from __future__ import annotations

from .electronic import jammed, unobserved_problem
from ...core.game import Game
from ...core.hexgrid import hex_distance
from ...core.oob import Artillery
from ...core.los import Eye
from .traits import plot_ahead, support_traits


def indirect_support(game: Game, uid: str) -> Artillery | None:
    """An on-map H class unit as a support of one concentration of its H strength (7.0, 7.13);
    its kind picks the chart: mortars as mortars, other guns as artillery."""
    u = game.units[uid]
    t = game.unit_type(u)
    if t["weapons_class"] != "H":
        return None
    return Artillery(u.id, u.side, t["label"], 1, t["attack"], "mortar" if t["role"] == "mortar" else "artillery")


PATTERNS = ("tight", "loose", "smoke", "fascam", "counterbattery")
PLOTTING_CLOSED = ("indirect_fire", "regroup", "ended")       # this turn's fire has been resolved


def plot_problem(game: Game, sight, side: str, support, target, pattern: str, turn: int) -> str | None:
    """Why this fire mission may not be plotted (MW4 7.0, 7.7, 7.11, 7.13, 7.15, 7.21, 7.81,
    14.13, 14.23, 15.21, 19.4, 5.4), or None."""
    on_map = support.id in game.units
    if turn == game.turn and game.phase in PLOTTING_CLOSED:
        return (f"turn {turn}'s Indirect Fire phase has begun: plot for turn {turn + 1} or later "
                "(MW4 4.1 D, 14.14)")
    if pattern not in PATTERNS:
        return f"pattern {pattern!r}: tight, loose, smoke, fascam or counterbattery (MW4 6.81, 7.2, 7.8, 19.4)"
    if on_map:
        why = _on_map_problem(game, support.id, target, pattern)
        if why:
            return why
    if pattern == "counterbattery":
        if on_map:
            return None if support.kind in ("artillery", "mortar") else \
                "only artillery and mortars fire counterbattery (7.81)"
        if game.option("offboard_counterbattery") != "on":
            return "off-board artillery and air may not fire counterbattery (MW4 14.23; 19.2 is not played)"
        if turn < game.turn + 1:
            return "an off-board counterbattery task takes effect the turn after it is given (MW4 19.2)"
        return None
    if support.kind == "air":
        if pattern != "tight":
            return "air strikes are always a tight pattern and never smoke (MW4 7.7, 15.21)"
        ahead = plot_ahead(support)
        if turn < game.turn + ahead:
            return ("close air support is plotted a turn ahead (MW4 7.7)" if ahead <= 1 else
                    f"{support.id} flies advanced strikes: plotted {ahead} turns ahead (MW4 15.36)")
    if support.kind == "rocket" and pattern != "loose":
        return "rockets fire a loose pattern only (MW4 7.21)"
    granted = support_traits(support)
    if granted.section and pattern == "loose":
        return f"{support.id} is a section: no loose pattern (MW4 7.0)"
    if pattern == "fascam" and (on_map or not granted.fascam):
        return f"{support.id} has no FASCAM rounds in this scenario (MW4 19.4)"
    if turn < support.from_turn:
        return f"{support.id} is available from turn {support.from_turn}"
    if not on_map and support.kind != "air" and game.option("artillery_delay") == "one turn" and turn <= game.turn:
        return "off-board fire is plotted at least a turn ahead in this scenario (MW4 7.11, optional delay)"
    if on_map and (why := unobserved_problem(game, side, game.units[support.id], sight, target)):
        return why                                      # 19.918
    if on_map and not spotted(game, sight, side, target):
        return "no unit of the side sees that hex: on-map indirect fire needs a spotter (MW4 5.4, 7.13)"
    # 14.13, our reading: a hex is Spotted as 5.0 spots -- a clear line of sight within the
    # observation range of the hex's terrain -- not merely in a line of sight at any range
    if not on_map and not granted.unspotted and not spotted(game, sight, side, target, observed=True):
        return (f"no unit of the side sees that hex within observation range ({observation_reach(game, sight, target)} "
                f"hexes there, MW4 5.0): off-board fire only at spotted hexes (MW4 14.13)")
    if not on_map and granted.unspotted and jammed(game, side) and not spotted(game, sight, side, target):
        return "its radios are jammed: no unobserved indirect fire (MW4 19.918)"
    return None


def _on_map_problem(game: Game, uid: str, target, pattern: str) -> str | None:
    u = game.units[uid]
    t = game.unit_type(u)
    if not u.on_map or u.carried_by:
        return f"{uid} is not on the map"
    if pattern == "counterbattery":
        return None
    d = hex_distance(u.hex, target)
    if d > t["range"]:
        return f"the hex is {d} hexes away; {uid} reaches {t['range']} (MW4 7.13)"
    if d < (t.get("min_range") or 0):
        return f"{uid} fires no nearer than {t['min_range']} hexes (MW4 7.13)"
    command = game.command_of(u)
    if command and command != "overwatch":
        return f"{uid}'s company must be under an Overwatch command to fire indirect (MW4 7.15)"
    return None


def spotted(game: Game, sight, side: str, h, observed: bool = False) -> bool:
    """A hex is spotted when a unit of the side has a clear line of sight to it (7.13), or holds
    an enemy gun its counterbattery spotted there (7.87).  `observed` (14.13, 5.0): the line must
    also be within the hex's observation range (observation_reach), unless an enemy unit the
    side observes now stands there."""
    if any(u.on_map and u.side != side and u.hex == h and (u.marks.cb_spotted == h or observed and getattr(
            game.contacts.get((side, u.id)), "status", "") == "seen") for u in game.units.values()):
        return True
    reach = observation_reach(game, sight, h) if observed else None
    return any(u.on_map and not u.carried_by and u.side == side and (reach is None or hex_distance(u.hex, h) <= reach)
               and sight.line_of_sight(Eye(u.hex), Eye(h)).clear for u in game.units.values())


def observation_reach(game: Game, sight, h) -> int:
    """How far a stationary vehicle in hex `h` is observed (the Observation Range Table's
    longest range for a ground target in its terrain, MW4 5.2), at night no farther than a
    sight line reaches (19.72)."""
    reach = game.rules.tables["observation"].section("entry")[game.map.terrain[h]]["vehicle"]
    return min(reach, sight.night_los) if game.night else reach
