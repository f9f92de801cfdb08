"""War Blog air insertion and extraction (3.3, 3.4): airmobile units (1.8), paratroopers (1.9)
and air transport (1.36).

* Units able to be air inserted (units.toml `air_lift = "insert"`: paratroopers, airmobile and
  special forces) wait off the map, set up without a hex and in no reinforcement.  In its player
  turn their side drops one on a hex (the action "air_insert"): the enemy's offensive fire
  meets it, then it stands there with no movement left -- it does not hop about the map (1.8).
* An air transport (`air_lift = "transport"`, an air unit in the pool, 1.36) lifts one unit out
  ("air_extract"): special forces, paratroopers and airmobile units of strength 5 or less, or
  infantry of strength 2 or less (3.4).  The transport then rests 4 turns, and so does the
  lifted unit before it can be inserted again (3.4, 1.36); transports take no depressions.
Readings where the text leaves a choice (it describes a web game's screens, not numbers):
* The offensive fire is one ranged fire (11.5) at the lifted unit in the hex it lands in or
  leaves: the strength of every enemy unit in or next to that hex plus the enemy's air
  defence reaching it (1.14), against the unit's defence in that terrain; a hit roll at no
  range, a damage roll by the odds, a morale check on a hit (6.0).  With no enemy in reach,
  no fire.
* A drop on a hex the enemy holds unseen lands in the nearest hex free of the enemy (the side
  then knows that much); a hex it sees held is refused.  Who fired is the enemy's to read; the
  lifting side reads what befell its own unit -- hit or missed, its depressions -- but not the
  odds of the fire, which would tell the strength of enemy units and air defence it never saw.
"""

from __future__ import annotations

from ...core.acting import UMPIRE_ONLY
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, hex_distance
from . import combat
from .air import air_defence
from .superiority import air_units
from .outcome import Kept, Outcome, morale
from .state import depressions, kind, stack_limit, terrain_defence, units_at, whole, works

REST = 4                                             # 3.4, 1.36: turns before flying again
EXTRACT_LIMIT = {"insert": 5, "infantry": 2}         # 3.4: strength at most


def insertable(game: Game, u: UnitState) -> bool:
    """Waiting off the map for an air insertion (3.3), rested if it was lifted out (3.4)."""
    t = game.unit_type(u)
    return (u.status == "off_map" and t.get("air_lift") == "insert" and kind(game, u) != "air"
            and (u.marks.lifted is None or game.turn >= u.marks.lifted + REST))


def transport(game: Game, u: UnitState) -> bool:
    return kind(game, u) == "air" and game.unit_type(u).get("air_lift") == "transport"


def _hex(game: Game, text, what: str) -> Hex:
    try:
        return game.map.grid.parse(text)
    except (ValueError, TypeError) as e:
        raise UmpireError(f"{what}: {e}") from None


def _enemy_in(game: Game, side: str, h: Hex) -> bool:
    return any(v.side != side for v in units_at(game, h))


def _landing(game: Game, side: str, h: Hex) -> Hex:
    """The hex nearest h free of the enemy (h itself when free), the lowest number on a tie."""
    free = [x for x in game.map.hexes() if not _enemy_in(game, side, x)]
    return min(free, key=lambda x: (hex_distance(x, h), game.map.number(x)))


def offensive_fire(game: Game, out: Outcome, u: UnitState, h: Hex, dice, what: str) -> None:
    """The enemy's fire at unit u landing in or lifted from hex h (our reading of 3.3, 3.4)."""
    side = u.side
    ground = [v for v in game.units.values() if v.on_map and v.side != side and hex_distance(v.hex, h) <= 1
              and kind(game, v) != "air"]
    ad, who = air_defence(game, side, h)
    strength = sum(combat.depressed(game.unit_type(v)["strength"], whole(depressions(v))) for v in ground) + ad
    if not strength:
        out.tell(u, f"  no enemy fire meets the {what} (3.3, 3.4)")
        return
    for v in ground[:1]:            # the firers, for the enemy's side to read
        out.tell(v, f"  {', '.join(x.id for x in ground) or 'air defence'} fire at the enemy {what} in "
                    f"{game.map.number(h)}: strength {strength:g}" + (f" ({', '.join(who)})" if who else ""))
    need = combat.ranged_hit_needs(0, game.unit_type(u)["formation"], 1)[0]
    roll = dice.roll(f"offensive fire at the {what} of {u.id} (needs {need})", 1, 6).total
    if roll < need:
        out.tell(u, f"  {u.id} comes through the enemy's fire: missed ({roll}, needed {need}; 3.3, 11.5)")
        return
    defence = combat.defence_strength([combat.Force(kind(game, u), game.unit_type(u)["defence"],
                                                    whole(depressions(u)))], terrain_defence(game, h), works(game, u))
    mod = combat.ranged_damage_modifier(strength, defence)
    d10 = dice.roll(f"offensive fire: damage to {u.id}", 1, 10).total
    # the odds and the modifier tell the strength that fired -- enemy units and air defence the
    # side may never have seen: the umpire reads the worksheet, the side what it suffered
    out.tell(u, f"  {u.id} is hit by the enemy's fire ({roll}, needed {need}; 3.3, 11.5)")
    out.lines.append(Kept(f"  damage to {u.id}: D10 {d10} {mod:+d} at {combat.odds(strength, defence)} "
                          f"(strength {strength:g} against defence {defence:g}; 11.5)", UMPIRE_ONLY))
    if d10 + mod > 0:
        out.depress(u, d10 + mod)
    morale(game, out, u, dice, [v.hex for v in ground])


def insert(game: Game, params: dict, dice) -> tuple[str, list]:
    """3.3: a unit waiting off the map drops on a hex."""
    side = params.get("side")
    u = game.units.get(params.get("unit"))
    if u is None or u.side != side:
        raise UmpireError(f"air insertion: {params.get('unit')!r} is not a unit of {side}")
    if not insertable(game, u):
        rested = u.marks.lifted is not None and game.turn < u.marks.lifted + REST
        raise UmpireError(f"air insertion: {u.id} " + (f"was lifted out on turn {u.marks.lifted}: it flies again "
                                                        f"on turn {u.marks.lifted + REST} (3.4)" if rested else
                                                        "is not waiting off the map for an air insertion (3.3)"))
    aim = _hex(game, params.get("hex"), "air insertion")
    n = game.map.number
    if any(c.side == side and c.status == "seen" and c.hex == aim for c in game.contacts.values()):
        raise UmpireError(f"air insertion: {game.side(side).name} sees the enemy in {n(aim)}: drop elsewhere (3.3)")
    h = _landing(game, side, aim)
    if len([v for v in units_at(game, h) if v.side == side]) + 1 > stack_limit(game, h):
        raise UmpireError(f"air insertion: {n(h)} holds no more units (3.1)")
    out = Outcome(game, side)
    out.set(u, status="on_map", q=h.q, r=h.r, mp_spent=float(game.unit_type(u)["movement"]))
    out.where[u.id] = h
    if h != aim:
        out.tell(u, f"  the enemy holds {n(aim)}: {u.id} comes down in {n(h)} (3.3)")
    offensive_fire(game, out, u, h, dice, "air insertion")
    out.lines.insert(0, f"{u.id} is air inserted in {n(h)} (War Blog 3.3)")
    return f"{u.id} air inserted in {n(h)}", out.notes() + out.changes()


def extract(game: Game, params: dict, dice) -> tuple[str, list]:
    """3.4: an air transport from the pool lifts one unit off the map."""
    side = params.get("side")
    t = game.units.get(params.get("unit"))
    if t is None or t.side != side or not transport(game, t) or t not in air_units(game, side):
        raise UmpireError(f"air extraction: {params.get('unit')!r} is not an air transport of {side} in the "
                          "air pool (1.36)")
    if t.marks.flew is not None and game.turn < t.marks.flew + REST:
        raise UmpireError(f"air extraction: {t.id} flew on turn {t.marks.flew}: it flies again on turn "
                          f"{t.marks.flew + REST} (1.36)")
    u = game.units.get(params.get("lift"))
    if u is None or u.side != side or not u.on_map:
        raise UmpireError(f"air extraction: {params.get('lift')!r} is not a unit of {side} on the map")
    ut = game.unit_type(u)
    limit = EXTRACT_LIMIT["insert"] if ut.get("air_lift") == "insert" else (
        EXTRACT_LIMIT["infantry"] if kind(game, u) == "infantry" else None)
    if limit is None or ut["strength"] > limit:
        raise UmpireError(f"air extraction: only special forces, paratroopers and airmobile units of strength 5 or "
                          f"less, or infantry of 2 or less, are lifted out; not {u.id} (3.4)")
    n = game.map.number
    out = Outcome(game, side)
    out.set(t, marks=t.marks.but(flew=game.turn))
    h = u.hex
    offensive_fire(game, out, u, h, dice, "air extraction")
    out.set(u, status="off_map", q=None, r=None, marks=out.marks(u).but(lifted=game.turn, still=0, zoc=False))
    out.lines.insert(0, f"{t.id} lifts {u.id} out of {n(h)} (War Blog 3.4); both fly again on turn "
                        f"{game.turn + REST}")
    return f"{u.id} air extracted from {n(h)}", out.notes() + out.changes()
