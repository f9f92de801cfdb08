"""Lock 'n Load Tactical star shells (20.2) and fires (10.5.6).

Star shells: at night (the scenario's `night`) fire at a target beyond 2 hexes is harder (20.1)
unless the target is lit by a Star Shell (20.2).  The aid names neither who fires one nor how
far it lights, so Umpire reads: a Good Order leader or mortar weapon team spends its impulse
(Ops Complete) to put a Star Shell marker on a hex in its line of sight; it lights that hex and
the six around it until the Administrative phase removes it (9.0); fire at a target it lights
takes no night penalty (state.lit, state.night_penalty).

Fires (10.5.6): an attack on a flammable hex (terrain.toml `flammable`) whose attacker rolls a
natural 6 may start a fire: 1d6, 5 or 6 places a Fire 1 marker there.  What a fire does after
(its spread, 10.5.6.1) is in the module rules, not the aid: Umpire's sample rule (fire.toml,
labelled a sample) spreads it in the Administrative phase -- 1d6 at or under `spread_on` per
burning hex, a second 1d6 the direction, into that hex if flammable and not burning (`spread`).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import Hex
from .state import acting_unit, good_order, kind

FIRE_STARTS = 5                     # 10.5.6: 5-6 on the fire check


def can_fire(game: Game, u) -> bool:
    """20.2 (our reading): at night, a Good Order leader or mortar weapon team."""
    return bool(game.night) and good_order(u) and (kind(game, u) == "leader" or bool(game.unit_type(u).get("mortar")))


def fire(game: Game, sight, params: dict, dice) -> tuple[str, list]:
    u = acting_unit(game, params, "star shell")
    if not game.night:
        raise UmpireError("star shell: star shells are fired at night (20.2)")
    if not can_fire(game, u):
        raise UmpireError(f"star shell: {u.id} fires none: a Good Order leader or mortar team does (20.2)")
    try:
        h = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"star shell: {e}") from None
    n = game.map.number(h)
    if sight.degrading(u.hex, h) is None:
        raise UmpireError(f"star shell: {n} is out of {u.id}'s line of sight (10.3)")
    return f"{u.id} fires a star shell over {n} (20.2)", [
        Change("unit", u.id, {"acted": True, "ops_complete": True}),
        Change("overlay", "star_shell", {"q": h.q, "r": h.r, "detail": f"Star shell, turn {game.turn}"},
               (f"a star shell lights {n} and the hexes around it until the Administrative phase (20.2)",),
               list(game.side_ids()))]    # a flare over the field at night: every side sees where it burns


def administrative(game: Game) -> list:
    """9.0: the star shells burn out."""
    shells = [o for o in game.map.overlays if o.kind == "star_shell"]
    if not shells:
        return []
    return [Change("overlay", "star_shell", {"clear": True},
                   tuple(f"the star shell over {game.map.number(o.hex)} burns out (9.0)" for o in shells))]


def fire_check(game: Game, h: Hex, natural: int, dice, lines: list) -> list:
    """10.5.6: a natural 6 on an attack into a flammable hex: 1d6, 5-6 starts a Fire 1."""
    terrain = game.rules.terrain_types[game.map.terrain[h]]
    if natural != 6 or not terrain.get("flammable") or any(o.kind == "fire" and o.hex == h for o in game.map.overlays):
        return []
    r = dice.roll(f"fire check in {game.map.number(h)} (5-6 starts a fire)", 1, 6).total
    if r < FIRE_STARTS:
        lines.append(f"  a natural 6 into flammable {terrain['label'].lower()}: fire check {r}, no fire (10.5.6)")
        return []
    lines.append(f"  a natural 6 into flammable {terrain['label'].lower()}: fire check {r} -- Fire 1 (10.5.6)")
    return [Change("overlay", "fire", {"q": h.q, "r": h.r, "detail": f"Fire 1, turn {game.turn}"})]


def spread(game: Game, dice) -> list:
    """10.5.6.1 (a sample rule, fire.toml): each burning hex may spread its fire to a flammable
    hex next to it; a fire all sides see (the marker is `seen`)."""
    from .artillery import drift
    fires = sorted({o.hex for o in game.map.overlays if o.kind == "fire"}, key=lambda h: (h.q, h.r))
    if not fires:
        return []
    need = game.rules.tables["fire"].section("entry")["spread"]["spread_on"]
    burning, out, lines = set(fires), [], []
    for h in fires:
        n = game.map.number(h)
        r = dice.roll(f"fire spread from {n} (at or under {need} spreads, sample)", 1, 6).total
        if r > need:
            lines.append(f"the fire in {n} does not spread ({r}; 10.5.6.1, sample rule)")
            continue
        way = dice.roll(f"fire spread from {n}: direction (1 north)", 1, 6).total
        to = drift(game, h, way, 1)
        flammable = game.rules.terrain_types[game.map.terrain[to]].get("flammable")
        if to == h or to in burning or not flammable:
            lines.append(f"the fire in {n} spreads no further ({r}, direction {way}: "
                         f"{'the map edge' if to == h else game.map.number(to) + (' burns already' if to in burning else ' will not burn')};"
                         " 10.5.6.1, sample rule)")
            continue
        burning.add(to)
        lines.append(f"the fire in {n} spreads to {game.map.number(to)} ({r}, direction {way}): Fire 1 (10.5.6.1, "
                     "sample rule)")
        out.append(Change("overlay", "fire", {"q": to.q, "r": to.r, "detail": f"Fire 1, turn {game.turn}"}))
    return [Change("note", "", {}, tuple(lines), list(game.side_ids()))] + out
