"""Lock 'n Load Tactical support weapons (1.6): counters carried by the units that use them (the
scenario's `carried_by`; units.toml kind "support_weapon", samples).

Portage and use, by the player aid's table: a squad carries two and fires one with its own
firepower or both without it; a half-squad or crew carries one and fires it instead of its own;
a single-man counter carries one and fires it at half its firepower (rounded up).  Weapons on
the Direct Fire Table add their whole firepower to a fire (5.2) -- halved, rounded up, in
opportunity fire (5.3) -- and reach as far as their own range; machine guns and the like add it
in melee (8.0, units.toml `melee`).  A weapon with an ordnance.toml entry (a LAW, an RPG) fires
on the Ordnance Fire Table as its carrier's gun (+1 fired by a single-man counter, +2 in
opportunity fire).  Shaken units fire none.
A weapon printed with two sides has modes (modes.toml, samples: firepower and range in each); its
mode is changed in the Rally phase (3.0 step 5, pickup.py) and it fires with its mode's values.
Readings: each unit uses its weapons the way that gives the most firepower; a squad reduced to
a half-squad keeps what it carried (it fires none until it drops the extra one).  Picking up,
dropping, handing over and capture are pickup.py's.  Two single-man counters firing together
fire one weapon at full firepower, the second giving up its own (1.6 notes).
"""

from __future__ import annotations

import math

from ...core.game import Game, UnitState
from .state import SMC, kind

# 1.6 notes: medics, snipers, chaplains (11.8), nurses (11.10) and marksmen (11.12) carry none
PORTAGE = {"squad": 2, "half_squad": 1, "crew": 1, **{k: 1 for k in SMC}, "sniper": 0, "medic": 0,
           "chaplain": 0, "nurse": 0, "marksman": 0, "armour_leader": 0}


def modes(game: Game, w: UnitState) -> dict | None:
    """The weapon's modes (modes.toml, samples), or None for a weapon of one mode (1.6)."""
    return game.rules.tables["modes"].section("entry").get(w.type) if "modes" in game.rules.tables else None


def mode_of(game: Game, w: UnitState) -> str | None:
    """The mode a weapon is in: the one it was changed to in a Rally phase (3.0 step 5), else its first."""
    m = modes(game, w)
    return (w.marks.mode if w.marks.mode in m["modes"] else m["modes"][0]) if m else None


def values(game: Game, w: UnitState) -> tuple[int, int]:
    """A weapon's firepower and range in its mode (1.6)."""
    m, t = modes(game, w), game.unit_type(w)
    if not m:
        return t["firepower"], t["range"]
    i = m["modes"].index(mode_of(game, w))
    return m["firepower"][i], m["range"][i]


def carried(game: Game, u: UnitState) -> list[UnitState]:
    return sorted((w for w in game.units.values() if w.carried_by == u.id and w.status == "on_map"
                   and kind(game, w) == "support_weapon"), key=lambda w: w.id)


def ordnance_of(game: Game, u: UnitState) -> tuple[dict | None, UnitState | None]:
    """The unit's own gun, else the first ordnance weapon it carries (14.1, 1.6): an ordnance
    support weapon fires on the OFT, apart from the direct fire (1.6.4)."""
    table = game.rules.tables["ordnance"].section("entry")
    if u.type in table:
        return table[u.type], None
    for w in carried(game, u):
        if w.type in table:
            return table[w.type], w
    return None, None


def portage_problem(game: Game, u: UnitState) -> str | None:
    n, most = len(carried(game, u)), PORTAGE.get(kind(game, u), 0)
    if n > most:
        return f"{u.id} carries {n} support weapons; a {kind(game, u).replace('_', ' ')} carries {most} (1.6)"
    return None


def firing(game: Game, u: UnitState, rng: int, opportunity: bool = False) -> tuple[int, int, list[str]]:
    """1.6: the unit's own firepower used and its weapons' (with their ids) at this range --
    the choice the table allows that gives the most."""
    t = game.unit_type(u)
    own = t["firepower"] if rng <= t["range"] else 0
    table = game.rules.tables["ordnance"].section("entry")
    guns = []
    for w in carried(game, u):
        w_fp, w_range = values(game, w)                   # in its mode (1.6)
        if w.type not in table and w_fp and rng <= w_range:
            fp = math.ceil(w_fp / 2) if opportunity else w_fp
            guns.append((fp, w.id))
    guns.sort(reverse=True)
    ride = game.unit_type(u).get("mounted")                # 6.6.2: only motorcycles, FP 2 or less
    if ride:
        guns = [g for g in guns if ride == "motorcycle" and values(game, game.units[g[1]])[0] <= 2]
    k = kind(game, u)
    options = [(own, 0, [])]
    if guns and k == "squad":
        options.append((own, guns[0][0], [guns[0][1]]))
        if len(guns) > 1:
            options.append((0, guns[0][0] + guns[1][0], [guns[0][1], guns[1][1]]))
    elif guns and k in ("half_squad", "crew"):
        options.append((0, guns[0][0], [guns[0][1]]))
    elif guns and k in SMC:
        options.append((0, math.ceil(guns[0][0] / 2), [guns[0][1]]))
    return max(options, key=lambda o: (o[0] + o[1], -len(o[2])))


def melee_firepower(game: Game, u: UnitState) -> int:
    """8.0: its own firepower (+1 with the "M" superscript) and its melee-eligible weapons'."""
    t = game.unit_type(u)
    return t["firepower"] + (1 if t.get("melee_plus") else 0) + sum(values(game, w)[0] for w in carried(game, u)
                                                                     if game.unit_type(w).get("melee"))


def crewed_by_two(game: Game, units: list[UnitState], use: dict, opportunity: bool = False) -> dict[str, str]:
    """1.6 notes: two single-man counters firing together fire a weapon at its full firepower.
    A single-man counter firing a weapon (at half) is joined by one of the firing group's other
    single-man counters that fires nothing of its own; `use` (weapons.firing's per unit) is
    changed in place.  Returns firer -> the counter crewing with it."""
    crews: dict[str, str] = {}
    helpers = [v for v in units if kind(game, v) in SMC and kind(game, v) != "sniper" and not use[v.id][2]]
    for u in units:
        if kind(game, u) not in SMC or not use[u.id][2] or not helpers:
            continue
        helper = helpers.pop(0)
        full = sum(math.ceil(values(game, game.units[w])[0] / 2) if opportunity
                   else values(game, game.units[w])[0] for w in use[u.id][2])
        use[u.id] = (0, full, use[u.id][2])
        use[helper.id] = (0, 0, [])
        crews[u.id] = helper.id
    return crews
