"""War Blog fog of war in its own terms (3.2, 3.6).

The web game shows every unit; its print-and-play rules give no sighting rule beyond
reconnaissance (3.6).  Played double-blind, Umpire reads them so:
* Contact: units next to an enemy unit (in each other's zones of control, 3.2) know each
  other, and the whole stack of a hex in contact is seen.
* Reconnaissance (3.6): at the start of its side's turn each reconnaissance unit searches the
  hexes two away from it (nearer ones are in contact).  The chance is 15% a point of its value
  (a value of 3: 45%), less the terrain's loss (terrain.toml `recon`, sample numbers) and a
  random 0-20% (3.6 spares only the central hex, its own).  A hex found shows its whole stack;
  what is found stays seen while it stays in that hex, until that side's next turn begins.
* A line of sight (for the umpire's LOS tool) is blocked by woods, jungle, urban terrain and
  towns (terrain.toml `blocks_los`) and by ground higher than both ends.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import Hex, hex_distance
from ...core.los import Eye, LosResult, crossing
from .state import Found

RECON_RADIUS = 2
RECON_PER_POINT = 15          # 3.6: a value of 3 gives 45%


def spot(game: Game) -> dict[str, dict[str, tuple]]:
    out: dict[str, dict[str, tuple]] = {s: {} for s in game.side_ids()}
    on_map = [u for u in game.units.values() if u.on_map]
    for side in game.side_ids():
        mine = [u for u in on_map if u.side == side]
        for e in on_map:
            if e.side == side:
                continue
            close = [u.id for u in mine if hex_distance(u.hex, e.hex) <= 1]
            if close:
                out[side][e.id] = (tuple(close), "War Blog 3.2 (contact)")
        for f in game.rule_state.found.get(side, ()):
            u = game.units.get(f.unit)
            if u is not None and u.on_map and u.hex == f.where and f.unit not in out[side]:
                out[side][f.unit] = ((f.finder,), "War Blog 3.6 (reconnaissance)")
    return out


def watchers(game: Game, where: Hex, unit=None) -> dict[str, tuple[str, ...]]:
    """Who sees hex `where` now, by side: units next to it (in contact, 3.2) -- whatever
    befalls a unit there, or a marker lying there -- and a reconnaissance unit that found the
    unit there this turn (3.6)."""
    out = {}
    for side in game.side_ids():
        if unit is not None and side == unit.side:
            continue
        close = [u.id for u in game.units.values() if u.on_map and u.side == side and hex_distance(u.hex, where) <= 1]
        found = [f.finder for f in game.rule_state.found.get(side, ())
                 if unit is not None and f.unit == unit.id and f.where == where]
        if close or found:
            out[side] = tuple(close or found[:1])
    return out


def reconnoitre(game: Game, side: str, dice) -> list:
    """3.6: the side's reconnaissance units search around them as its turn begins."""
    found: list[Found] = []
    lines = []
    n = game.map.number
    for u in sorted(game.units.values(), key=lambda u: u.id):
        value = game.unit_type(u)["recon"]
        if u.side != side or not u.on_map or not value:
            continue
        held = sorted({e.hex for e in game.units.values() if e.on_map and e.side != side
                       and 2 <= hex_distance(u.hex, e.hex) <= RECON_RADIUS}, key=n)
        for h in held:
            if any(f.where == h for f in found):
                continue              # found by another already
            got = search(game, u.id, side, value, h, dice)
            found += got
            if got:
                lines.append(f"{u.id} finds the enemy in {n(h)} (3.6)")
    state = {**game.rule_state.found, side: tuple(found)}
    return [Change("game", "state", {"found": state}, tuple(lines))]


def search(game: Game, finder: str, side: str, value: int, h: Hex, dice, centre: bool = False,
           factor: float = 1.0) -> list[Found]:
    """3.6: one hex searched by a unit of reconnaissance `value`: 15% a point less the terrain's
    loss, and a random 0-20% but in the `centre` hex (the one a drone flies over); `factor`
    scales the chance (a drone blunted by air defence, 1.45).  The hex's whole stack is found."""
    n = game.map.number
    chance = value * RECON_PER_POINT - game.rules.terrain_types[game.map.terrain[h]]["recon"]
    if not centre:
        chance -= dice.roll(f"reconnaissance by {finder}: random loss 0-20% in {n(h)}", 1, 21).total - 1
    chance = int(chance * factor)
    roll = dice.roll(f"reconnaissance by {finder} in {n(h)} (finds on 1-{max(0, chance)})", 1, 100).total
    if roll > chance:
        return []
    return [Found(e.id, h.q, h.r, finder) for e in sorted(game.units.values(), key=lambda e: e.id)
            if e.on_map and e.hex == h and e.side != side]


class Sight:
    """The map made ready for sight lines."""

    def __init__(self, game_map, rules) -> None:
        self.map = game_map
        self.rules = rules

    def _blocks(self, h: Hex) -> bool:
        t = self.rules.terrain_types.get(self.map.terrain.get(h, ""), {})
        return bool(t.get("blocks_los")) or any(self.rules.overlays.get(o.kind, {}).get("blocks_los")
                                                for o in self.map.overlays_at(h))

    def line_of_sight(self, a: Eye, b: Eye) -> LosResult:
        lc = crossing(a.hex, b.hex)
        hexes = tuple(t.hex for t in lc.touches if t.kind == "through" or t.hex in (a.hex, b.hex))
        top = max(self.map.elevation.get(a.hex, 0), self.map.elevation.get(b.hex, 0))
        rng = hex_distance(a.hex, b.hex)
        for t in lc.touches:
            h = t.hex
            if h in (a.hex, b.hex) or t.kind != "through":
                continue
            if self.map.elevation.get(h, 0) > top:
                return LosResult(False, a.hex, b.hex, rng, hexes, blocker=h, rule="Umpire's reading of War Blog",
                                 reason="higher ground than both ends")
            if self._blocks(h):
                return LosResult(False, a.hex, b.hex, rng, hexes, blocker=h, rule="Umpire's reading of War Blog",
                                 reason="woods, jungle or built-up ground")
        return LosResult(True, a.hex, b.hex, rng, hexes)
