"""MechWar 4 indirect fire from off-board artillery (MW4 7.0-7.6, 14.0), on sample charts
(artillery.toml): what a plot may not do, and the missions' resolution in the Indirect Fire
phase -- fire for effect (7.11), scatter (7.17), the impact zone (7.21) and every unit in it
attacked on its own (6.82):
* hard and protected targets button up (7.31, the defender's usual choice; taking the fire
  unbuttoned, 7.32, is not offered yet): suppressed S1, or S2 from a tight pattern on a 1d6 at
  or under the H concentration;
* soft targets on the Anti-Personnel CRT with the concentration as the attack superiority
  (7.6), -2 in woods and towns (7.18);
* a loose pattern strikes the impact hex and the six around it at half strength, rounded up
  (7.21); rockets fire loose only (7.21);
* smoke lands like a tight pattern and fills its hex until the next Indirect Fire phase: it
  blocks sight like woods (18.11; the LOS module) and is -2 to R, G and M fire into it (18.12).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import DIRECTIONS, hex_distance
from ...core.oob import Artillery
from ...core.los import Eye
from .worksheet import FireSheet, _read_table, resolve


def indirect_support(game: Game, uid: str) -> Artillery | None:
    """An on-map H class unit as a support of one concentration of its H strength (7.0, 7.13);
    its kind picks the chart: mortars as mortars, other guns as artillery."""
    u = game.units[uid]
    t = game.unit_type(u)
    if t["weapons_class"] != "H":
        return None
    return Artillery(u.id, u.side, t["label"], 1, t["attack"], "mortar" if t["role"] == "mortar" else "artillery")


def plot_problem(game: Game, sight, side: str, support, target, pattern: str, turn: int) -> str | None:
    """Why this fire mission may not be plotted (MW4 7.13, 7.15, 7.21, 14.13, 5.4), or None."""
    if support.id in game.units:
        why = _on_map_problem(game, support.id, target)
        if why:
            return why
    if pattern not in ("tight", "loose", "smoke"):
        return f"pattern {pattern!r}: tight, loose or smoke (MW4 6.81, 18.0)"
    if support.kind == "rocket" and pattern != "loose":
        return "rockets fire a loose pattern only (MW4 7.21)"
    if turn < support.from_turn:
        return f"{support.id} is available from turn {support.from_turn}"
    if not spotted(game, sight, side, target):
        if support.id in game.units:
            return "no unit of the side sees that hex: on-map indirect fire needs a spotter (MW4 5.4, 7.13)"
        return "no unit of the side sees that hex: off-board artillery fires only at spotted hexes (MW4 14.13)"
    return None


def _on_map_problem(game: Game, uid: str, target) -> str | None:
    u = game.units[uid]
    t = game.unit_type(u)
    if not u.on_map or u.carried_by:
        return f"{uid} is not on the map"
    d = hex_distance(u.hex, target)
    if d > t["range"]:
        return f"the hex is {d} hexes away; {uid} reaches {t['range']} (MW4 7.13)"
    if d < (t.get("min_range") or 0):
        return f"{uid} fires no nearer than {t['min_range']} hexes (MW4 7.13)"
    command = game.command_of(u)
    if command and command != "overwatch":
        return f"{uid}'s company must be under an Overwatch command to fire indirect (MW4 7.15)"
    return None


def spotted(game: Game, sight, side: str, h) -> bool:
    """A hex is spotted when a unit of the side has a clear line of sight to it (7.13)."""
    return any(u.on_map and not u.carried_by and u.side == side and sight.line_of_sight(Eye(u.hex), Eye(h)).clear
               for u in game.units.values())


def resolve_plots(game: Game, dice, sight=None) -> list[Change]:
    """This turn's missions, side by side: fire for effect, scatter, impact (7.11, 7.17, 7.21).
    Last turn's impact markers come off first (7.14); each new impact is marked for the
    firing side where one of its units sees it, and for a side whose units it struck, in
    their hexes, with its weight -- never the other side's guns or aim (issue 6, 4)."""
    # last turn's impacts and smoke lift as this phase begins (7.14, 18.0, 18.21)
    out: list[Change] = [Change("overlay", "impact", {"clear": True}), Change("overlay", "smoke", {"clear": True})]
    supports = {a.id: a for a in game.artillery}
    for p in game.plots:
        if p.support in game.units and p.support not in supports:
            gun = indirect_support(game, p.support)
            if gun is not None:
                supports[p.support] = gun
    n = game.map.number
    for plot in sorted((p for p in game.plots if p.turn == game.turn), key=lambda p: (p.side, p.support,
                                                                                       p.concentration)):
        a = supports.get(plot.support)
        if a is None:
            continue
        name = f"{a.id} #{plot.concentration}" if plot.support not in game.units else a.id
        if plot.support in game.units:
            u = game.units[plot.support]
            if u.status != "on_map" or u.panicked or u.fired_on:
                why = "it is gone" if u.status != "on_map" else ("it panicked" if u.panicked else "it was fired at")
                out.append(Change("note", name, {}, (f"{name}: its plotted fire is cancelled, {why} this turn "
                                                     "(MW4 7.15)",)))
                continue
            if u.steps_lost:                                   # 7.16: a factor less a loss, at least 1
                a = Artillery(a.id, a.side, a.label, 1, max(1, a.strength - u.steps_lost), a.kind)
        chart = game.rules.tables["artillery"].section("entry")[a.kind]
        ffe = dice.roll(f"fire for effect {name} (on 1-{chart['ffe_on']})", 1, 6).total
        if ffe > chart["ffe_on"]:
            out.append(Change("note", name, {}, (f"{name}: no fire for effect ({ffe}; MW4 7.11)",)))
            continue
        impact = plot.target
        drift = dice.roll(f"scatter {name} (scatters on 1-{chart['scatter_on']})", 1, 6).total
        if drift <= chart["scatter_on"]:
            way = dice.roll(f"scatter direction {name}", 1, 6).total
            moved = impact + DIRECTIONS[chart["directions"][way - 1]]
            impact = moved if game.map.contains(moved) else impact
            line = f"{name}: fire for effect, scatters to {n(impact)} (direction roll {way}; MW4 7.17)"
        else:
            line = f"{name}: fire for effect on {n(impact)} ({a.strength}H {plot.pattern}; MW4 7.11)"
        out.append(Change("note", name, {}, (line,)))
        if plot.pattern == "smoke":           # a smoke hex, seen by everyone, until the next phase (18.0)
            out.append(Change("overlay", "smoke", {"q": impact.q, "r": impact.r, "secret": False,
                                                   "detail": f"turn {game.turn}"},
                              (f"  smoke in {n(impact)} until the next Indirect Fire phase (MW4 18.0, 18.21)",)))
            continue
        out.extend(_impact(game, a.strength, plot.pattern, impact, name, dice))
        out.extend(_markers(game, sight, a, plot, impact))
    return out


def _markers(game: Game, sight, a, plot, impact) -> list[Change]:
    zone = [impact] + (game.map.on_map_neighbours(impact) if plot.pattern == "loose" else [])
    h = -(-a.strength // 2) if plot.pattern == "loose" else a.strength
    out = []
    if sight is None or spotted(game, sight, a.side, impact):
        out.append(Change("overlay", "impact", {"q": impact.q, "r": impact.r, "side": a.side, "secret": True,
                                                "detail": f"our {plot.pattern} {a.strength}H, turn {game.turn}"}))
    for hx in zone:
        struck = {u.side for u in game.units.values() if u.on_map and u.hex == hx and u.side != a.side}
        for side in sorted(struck):
            out.append(Change("overlay", "impact", {"q": hx.q, "r": hx.r, "side": side, "secret": True,
                                                    "detail": f"shelled, {h}H, turn {game.turn}"}))
    return out


def _impact(game: Game, strength: int, pattern: str, impact, name: str, dice) -> list[Change]:
    """Every unit in the impact zone, each attacked on its own (6.82, 7.21)."""
    zone = [impact] + (game.map.on_map_neighbours(impact) if pattern == "loose" else [])
    h = -(-strength // 2) if pattern == "loose" else strength       # half, rounded up (7.21)
    out: list[Change] = []
    for hx in zone:
        for u in sorted((v for v in game.units.values() if v.on_map and v.hex == hx and not v.carried_by),
                        key=lambda v: v.id):
            target = game.unit_type(u)["target"]
            if target in ("hard", "protected"):
                if pattern == "tight":
                    r = dice.roll(f"{name} on {u.id}: buttoned up, S2 on 1-{h}", 1, 6).total
                    result = "S2" if r <= h else "S1"
                else:
                    result = "S1"
                out.append(Change("attack", u.id, {"result": result},
                                  (f"  {u.id} buttons up against {h}H {pattern}: {result} (MW4 7.31)",)))
            elif target == "soft":
                sheet = FireSheet(name, u.id, True)
                cover = game.rules.terrain_types[game.map.terrain[hx]]["cover"]
                mod = -2 if cover < 0 else 0                                  # woods and towns (7.18)
                _read_table(game, sheet, "anti_personnel", h, mod)
                r = dice.roll(f"{name} on {u.id} ({h}H on the Anti-Personnel CRT)", 1, 6).total
                result = resolve(sheet, r)
                out.append(Change("attack", u.id, {"result": result},
                                  (f"  {u.id}: {h}H {pattern} on the Anti-Personnel CRT"
                                   + (", -2 woods/town (7.18)" if mod else "") + f", die {r}: {result} (MW4 7.6)",)))
    return out
