"""Wardogs damage to terrain on the table (Wardogs p. 16): fire striking a hex, forest fires
spreading each end phase, and the heat of the units that go through the flames.  The rules'
arithmetic is terrain_fire.py; this module puts it on the map.

What each side knows (Umpire's double-blind): a burning or churned hex is a secret marker known
to the sides whose units see the hex when it happens (spotting.watchers, as for any marker lying
on the ground; a unit destroyed by the same fire sees nothing), and to the others once their
units see it (the core's learn_markers: terrain.toml marks both kinds `seen`).  A side that has
not seen the hex goes on knowing the terrain it knew: its map, its sight tool and its report read
the hex as before.  The dice of the fire and of its spread are the umpire's; a side that sees it
happen reads one line without them.  The burning hexes and the turn each caught fire are kept in
the game's state (`fires`), the umpire's alone.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.hexgrid import Hex
from .spotting import Sight, watchers
from .state import kind
from .terrain_fire import (MAY_ENTER_FLAMES, burning, churned, forested, hot_until, ignites, may_spread,
                           spreads, terrain_at)

RULE = "Wardogs p. 16"


def seen_by(game, sight: Sight, h: Hex, gone=()) -> list[str]:
    """The sides whose units (those not destroyed this phase: `gone`) see hex h now."""
    return sorted(s for s, who in watchers(game, sight, h).items() if any(u not in gone for u in who))


def marker(game, sight: Sight, what: str, h: Hex, detail: str, umpire_line: str, side_line: str,
           gone=()) -> list[Change]:
    """A burning or churned hex: the umpire reads the dice, the sides that see it one line."""
    told = seen_by(game, sight, h, gone)
    out = [Change("overlay", what, {"q": h.q, "r": h.r, "side": None, "secret": True, "detail": detail,
                                    "known_to": told}, (umpire_line,), "umpire")]
    if told:
        out.append(Change("note", "", {}, (side_line,), told))
    if what == "burning":
        out.append(Change("game", ("fires",), {game.map.number(h): game.turn}, (), "umpire"))
    return out


def strike(game, sight: Sight, h: Hex, weapon: dict, dice, done: set, gone=()) -> list[Change]:
    """Fire that missed reaches hex h (p. 16; when: terrain_fire.py).  `done`: the (kind, hex)
    this phase has already changed -- the map is changed only when the phase's changes apply."""
    n = game.map.number(h)
    terrain = terrain_at(game.map, h)
    if weapon["class"] == "energy":
        if not forested(terrain) or burning(game.map, h) or ("burning", h) in done:
            return []
        d10 = dice.roll(f"forest fire in {n} ({RULE})", 1, 10).total
        if not ignites(terrain, d10):
            return [Change("note", "", {}, (f"the forest in {n} does not catch fire: d10 {d10} ({RULE})",), "umpire")]
        done.add(("burning", h))
        return marker(game, sight, "burning", h, "fire", f"the forest in {n} catches fire: d10 {d10} ({RULE})",
                      f"the forest in {n} catches fire ({RULE})", gone)
    new = churned(terrain)
    if new is None or ("churned", h) in done:
        return []
    done.add(("churned", h))
    label = game.rules.terrain_types[new]["label"].lower()
    line = f"fire churns {n} into {label} ({RULE})"
    return marker(game, sight, "churned", h, new, line, line, gone)


def spread(game, dice) -> list[Change]:
    """p. 16, the end phase (Umpire: as the damage phase, the turn's last, ends): each fire set
    before this turn rolls a d10 for each forest hex next to it that is not burning; a 1 sets it
    alight.  A hex caught this end phase spreads from the next turn's."""
    fires = game.rule_state.fires
    burning_now = sorted({o.hex for o in game.map.overlays if o.kind == "burning"}, key=lambda h: (h.q, h.r))
    sight = Sight(game.map, game.rules)
    out: list[Change] = []
    caught: set = set()
    for h in burning_now:
        n = game.map.number(h)
        if not may_spread(fires.get(n, 0), game.turn):          # a scenario's fire: set before turn 1
            continue
        for x in sorted(game.map.on_map_neighbours(h), key=lambda x: (x.q, x.r)):
            if x in burning_now or x in caught or not forested(terrain_at(game.map, x)):
                continue
            xn = game.map.number(x)
            d10 = dice.roll(f"the fire in {n} spreading to {xn} ({RULE})", 1, 10).total
            if spreads(d10):
                caught.add(x)
                out += marker(game, sight, "burning", x, "fire", f"the fire in {n} spreads to {xn}: d10 {d10} ({RULE})",
                              f"the fire spreads to the forest in {xn} ({RULE})")
            else:
                out.append(Change("note", "", {}, (f"the fire in {n} does not spread to {xn}: d10 {d10} ({RULE})",), "umpire"))
    return out


def may_enter(game, u, h: Hex) -> str | None:
    """Why unit u may not enter hex h for its flames, or None (p. 16: only mecha and aircraft)."""
    if burning(game.map, h) and kind(game, u) not in MAY_ENTER_FLAMES and not u.marks.flying:
        return f"the forest in {game.map.number(h)} is ablaze: only mecha and aircraft may enter it ({RULE})"
    return None


def heat_on_entering(game, u, entered: list[Hex]) -> list[Change]:
    """p. 16: a unit that walks through a burning hex is +5 to its thermal signature for 3 turns
    (our reading: that turn and the two after; a unit in flight passes above the flames)."""
    hot = [h for h in entered if burning(game.map, h)]
    if not hot or u.marks.flying:
        return []
    until = max(u.marks.hot_until, hot_until(game.turn))
    return [Change("unit", u.id, {"hot_until": until},
                   (f"{u.id} goes through the flames in {game.map.number(hot[0])}: +5 to its thermal signature "
                    f"to the end of turn {until} ({RULE})",), u.side)]


def heat_standing(game, u, next_turn: int) -> int:
    """The hot_until of unit u as turn `next_turn` begins: a unit standing in the flames (not in
    flight) is in them that turn too."""
    if u.on_map and not u.carried_by and not u.marks.flying and burning(game.map, u.hex):
        return max(u.marks.hot_until, hot_until(next_turn))
    return u.marks.hot_until
