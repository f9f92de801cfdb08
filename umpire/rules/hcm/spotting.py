"""Hex Command Mechanized sight and spotting: hidden placement, markers and the spotting roll
(HCM 4.1, 7.2, 7.9, 3.7.9, 3.7.16).

The judge keeps hidden units on his own map (4.1: "Game Mapper"); the table shows the rest.
Umpire's reading of how 4.1 and 7.2 fit together:

* Hidden.  A unit the scenario does not set up `on_table` starts on the judge's map only: the
  enemy knows nothing of it.  It comes onto the table as a marker when it moves (4.1) or fires
  direct fire; it stays there.
* Marker.  A unit on the table is seen by the enemy as an unidentified marker, wherever it is:
  markers stand on the table for all to see ("range of sight is the size of the gaming
  surface", 4.1).  The enemy's contact reads "Marker", with no type, symbol or strength.
* Identified.  In each spotting phase (7.2 before movement and 7.9 after rally: Umpire's
  a_command/b_command and a_rally/b_rally phases) a side rolls 1d6 for each enemy marker
  that one of its units sees (a clear line, 3.7.9) within 15 hexes, 20 from a hill: on 5-6 it
  is identified and stays identified.  The 15/20 hexes cap only this roll; 4.1's whole-table
  sight is what markers are seen by.  A scenario's [hcm] sight (hexes) shortens both on a bad
  day: a marker farther than that from every unit of the side is not seen at all.
* Vehicles beside the enemy.  A vehicle, hidden or a marker, with an enemy unit in a
  neighbouring hex is identified by that side while it stays so (4.1, 7.2); infantry, guns and
  markers of other things are not.
* Dummies (kind "dummy") are markers that stand for nothing.  A spotting roll that finds one
  in heavy terrain (forest, town, trench, works: terrain.toml `heavy`) learns nothing, and it
  stays a marker; elsewhere it is exposed and taken off the table (7.2).  The enemy never reads
  its type: until then it is a marker like any other, and the owner alone reads "dummy".
* Sight lines (3.7.9).  A line from hex centre to hex centre is blocked by a hill, structure or
  forest hex it passes through (terrain.toml `blocks_los`, works overlays too), unless the
  observer or the target stands higher than the blocker (a hill, or the map's elevation) and
  the blocker is not next to the lower of the two; ground higher than both ends always blocks.
  A line running along a hexside passes through a portion of both hexes: either blocks it
  ("any portion", 3.7.9); one that only touches a corner is not blocked there.
  Neighbouring hexes always see each other.
* Commanders (3.2, 3.6).  Lifted, a commander is off the table: he neither spots nor is
  spotted, and the enemy forgets him (command.lift).  Placed again he is a new marker: the
  enemy's contact starts afresh under a label never given before (the sighting's "anew"; the old
  one stays behind as the core's detached last-known record, past_contact), so nothing ties it to
  the commander it had seen.  Placed in a hex where his side's units are still hidden, he is
  hidden with them (4.1 shows units when they move; the judge keeps a commander joining a
  hidden stand on his map with it) until they show.
* What each unit saw as the turn began (3.7.16) is kept in State.seen_at_start for the
  sudden-target rule: the enemy units on the table it had a clear line to.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from ...core.los import Eye, LosResult, crossing
from .state import is_commander, is_dummy, is_vehicle

SPOT_RANGE, HILL_RANGE = 15, 20          # 7.2
SPOT_ON = 5                              # 7.2: 5 or 6 on 1d6
MARKER = {"type_label": "Marker", "role": "unknown", "strength": ""}


class Sight:
    """The map made ready for sight lines (3.7.9)."""

    def __init__(self, game_map, rules) -> None:
        self.map = game_map
        self.rules = rules

    def height(self, h: Hex) -> int:
        t = self.rules.terrain_types.get(self.map.terrain.get(h, ""), {})
        return self.map.elevation.get(h, 0) + (1 if t.get("hill") else 0)

    def blocks(self, h: Hex) -> bool:
        t = self.rules.terrain_types.get(self.map.terrain.get(h, ""), {})
        return bool(t.get("blocks_los")) or any(self.rules.overlays.get(o.kind, {}).get("blocks_los")
                                                for o in self.map.overlays_at(h))

    def on_hill(self, h: Hex) -> bool:
        return bool(self.rules.terrain_types.get(self.map.terrain.get(h, ""), {}).get("hill"))

    def line_of_sight(self, a: Eye, b: Eye) -> LosResult:
        rng = hex_distance(a.hex, b.hex)
        lc = crossing(a.hex, b.hex)
        hexes = tuple(t.hex for t in lc.touches if t.kind == "through" or t.hex in (a.hex, b.hex))
        if rng <= 1:
            return LosResult(True, a.hex, b.hex, rng, hexes)
        ha, hb = self.height(a.hex), self.height(b.hex)
        low = a.hex if ha < hb else b.hex if hb < ha else None
        for t in lc.touches:
            h = t.hex
            if h in (a.hex, b.hex) or t.kind == "vertex":
                continue                  # a line grazing a corner is not through the hex
            hm = self.height(h)
            if hm > max(ha, hb):
                return LosResult(False, a.hex, b.hex, rng, hexes, blocker=h, rule="HCM 3.7.9",
                                 reason="higher ground than both ends")
            if self.blocks(h):
                over = max(ha, hb) > hm and (low is None or hex_distance(h, low) > 1) and min(ha, hb) != max(ha, hb)
                if not over:
                    return LosResult(False, a.hex, b.hex, rng, hexes, blocker=h, rule="HCM 3.7.9",
                                     reason="a hill, structure or forest hex between")
        return LosResult(True, a.hex, b.hex, rng, hexes)

    def clear(self, a: Hex, b: Hex) -> bool:
        return self.line_of_sight(Eye(a), Eye(b)).clear


def sight_cap(game: Game) -> int | None:
    """A bad day's sight in hexes ([hcm] sight); None: the whole table (4.1)."""
    value = game.rule_state.scenario.get("sight")
    return int(value) if value else None


def eyes(game: Game, side: str) -> list[UnitState]:
    """The side's units that look: on the table, not riding, not dummies."""
    return [u for u in game.units.values() if u.on_map and u.side == side and not u.carried_by
            and not is_dummy(game, u)]


def on_table(game: Game, u: UnitState) -> bool:
    """4.1: set up on the table, or come onto it by moving or firing direct; aircraft always.
    A commander placed (3.6) in a hex where his side's units are still hidden is hidden with
    them (the reading in the docstring)."""
    if is_commander(game, u):
        return (u.id in game.rule_state.on_table or u.moved) and not hidden_with(game, u)
    return u.id in game.rule_state.on_table or u.moved or (u.fired and not game.unit_type(u)["indirect"]) \
        or game.unit_type(u)["kind"] == "aircraft"          # 2.4.3: in the air for all to see


def hidden_with(game: Game, c: UnitState) -> bool:
    """A commander stands with his side's hidden units (4.1, 3.6): the judge keeps him on his map too."""
    return c.on_map and any(v.hex == c.hex and v.side == c.side and v.on_map and not v.carried_by
                            and not is_commander(game, v) and not on_table(game, v) for v in game.units.values())


def beside_vehicle(game: Game, side: str, e: UnitState) -> tuple[str, ...]:
    """4.1, 7.2: the side's units next to enemy vehicle e, which they identify."""
    if not is_vehicle(game, e):
        return ()
    return tuple(sorted(u.id for u in eyes(game, side) if hex_distance(u.hex, e.hex) <= 1))


def spot(game: Game) -> dict[str, dict[str, tuple]]:
    out: dict[str, dict[str, tuple]] = {s: {} for s in game.side_ids()}
    cap = sight_cap(game)
    for side in game.side_ids():
        mine = eyes(game, side)
        known = set(game.rule_state.identified.get(side, ()))
        for e in game.units.values():
            if e.side == side or not e.on_map or e.carried_by or not mine:
                continue
            close = beside_vehicle(game, side, e)
            if close:
                out[side][e.id] = (close, "HCM 4.1, 7.2 (a vehicle beside the enemy)")
                continue
            if not on_table(game, e):
                continue                  # hidden on the judge's map (4.1)
            if cap is not None and min(hex_distance(u.hex, e.hex) for u in mine) > cap:
                continue
            if e.id in known and not is_dummy(game, e):
                out[side][e.id] = ((), "HCM 7.2 (identified)")
            elif is_commander(game, e) and e.moved:
                # placed anew this turn (3.6): not the contact the side lost when he was lifted
                out[side][e.id] = ((), "HCM 3.6, 4.1 (a commander placed: a new marker)", {**MARKER, "anew": True})
            else:
                out[side][e.id] = ((), "HCM 4.1 (a marker on the table)", MARKER)
    return out


def spotting_range(sight: Sight, observer: Hex) -> int:
    return HILL_RANGE if sight.on_hill(observer) else SPOT_RANGE


def spotters(game: Game, sight: Sight, side: str, e: UnitState) -> list[str]:
    """The side's units that may roll to spot e (7.2): a clear line within 15 hexes, 20 from a hill."""
    cap = sight_cap(game)
    out = []
    for u in eyes(game, side):
        reach = spotting_range(sight, u.hex) if cap is None else min(cap, spotting_range(sight, u.hex))
        if hex_distance(u.hex, e.hex) <= reach and sight.clear(u.hex, e.hex):
            out.append(u.id)
    return sorted(out)


def heavy_terrain(game: Game, h: Hex) -> bool:
    """7.2: forest, buildings, trench and the like keep a dummy's secret."""
    t = game.rules.terrain_types[game.map.terrain[h]]
    return bool(t["heavy"]) or any(game.rules.overlays[o.kind]["heavy"] for o in game.map.overlays_at(h)
                                   if o.kind in game.rules.overlays)


def spotting_rolls(game: Game, sight: Sight, dice, absent: frozenset[str] = frozenset()) -> list[Change]:
    """7.2, 7.9: each side rolls 1d6 for every enemy marker its units may spot; 5-6 identifies
    it -- a dummy outside heavy terrain is exposed and taken off the table.  `absent`: units
    leaving the table in the same step (commanders lifted, 3.2), which neither spot nor are
    spotted, and whom no side still knows."""
    n = game.map.number
    identified = {s: set(v) - absent for s, v in game.rule_state.identified.items()}
    changes: list[Change] = []
    exposed: set[str] = set()
    for side in game.side_ids():
        known = identified.setdefault(side, set())
        for e in sorted(game.units.values(), key=lambda u: u.id):
            if e.side == side or not e.on_map or e.carried_by or e.id in known or e.id in exposed or e.id in absent:
                continue
            if not on_table(game, e):
                continue
            who = [uid for uid in spotters(game, sight, side, e) if uid not in absent]
            if not who:
                continue
            roll = dice.roll(f"{game.side(side).name} spots the marker in {n(e.hex)} ({e.id}) from "
                             f"{', '.join(who)}: {SPOT_ON}-6 (7.2)", 1, 6).total
            if roll < SPOT_ON:
                continue
            if not is_dummy(game, e):
                known.add(e.id)
                # the roll's own line is written with the action's dice, after this one: the
                # line carries its roll so that it does not read as coming before it
                changes.append(Change("note", None, {}, (f"{game.side(side).name} identifies {e.id} in {n(e.hex)} "
                                                          f"on a {roll} of 1d6 (7.2)",), "umpire"))
            elif heavy_terrain(game, e.hex):
                changes.append(Change("note", None, {}, (f"{game.side(side).name} finds the dummy {e.id} in "
                                                          f"{n(e.hex)} on a {roll} of 1d6, but in heavy terrain it "
                                                          f"stays a marker (7.2)",),
                                      "umpire"))
            else:
                exposed.add(e.id)
                # "destroyed": off the table, and off the map of those who see it go
                changes.append(Change("unit", e.id, {"status": "destroyed"},
                                      (f"The marker in {n(e.hex)} is a dummy: it is taken off the table (7.2)",),
                                      [side, e.side]))
    state = {s: tuple(sorted(v)) for s, v in identified.items() if v}
    if state != {s: tuple(sorted(set(v) - absent)) for s, v in game.rule_state.identified.items() if set(v) - absent}:
        changes.append(Change("game", "state", {"identified": state}))
    return changes


def seen_at_start(game: Game, sight: Sight) -> Change:
    """3.7.16: for each unit, the enemy units on the table it had a clear line to as the turn
    began (the umpire's record; no side reads it)."""
    cap = sight_cap(game)
    seen: dict[str, tuple[str, ...]] = {}
    for side in game.side_ids():
        foes = [e for e in game.units.values() if e.side != side and e.on_map and not e.carried_by
                and (on_table(game, e) or beside_vehicle(game, side, e))]
        for u in eyes(game, side):
            ids = tuple(sorted(e.id for e in foes if (cap is None or hex_distance(u.hex, e.hex) <= cap)
                               and sight.clear(u.hex, e.hex)))
            if ids:
                seen[u.id] = ids
    return Change("game", "state", {"seen_at_start": seen})


def went_on_table(game: Game, uid: str) -> list[Change]:
    """4.1: a hidden unit that moved (or fired) is on the table from now on."""
    if uid in game.rule_state.on_table:
        return []
    return [Change("game", "state", {"on_table": tuple(sorted({*game.rule_state.on_table, uid}))})]


def watchers(game: Game, sight: Sight, where: Hex, unit=None) -> dict[str, tuple[str, ...]]:
    """Who sees hex `where` now, by side: units with a clear line to it (3.7.9), within the
    day's sight ([hcm] sight)."""
    cap = sight_cap(game)
    out = {}
    for side in game.side_ids():
        if unit is not None and side == unit.side:
            continue
        who = tuple(sorted(u.id for u in eyes(game, side) if (cap is None or hex_distance(u.hex, where) <= cap)
                           and sight.clear(u.hex, where)))
        if who:
            out[side] = who
    return out
