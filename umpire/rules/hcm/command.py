"""Commanders (HCM 2.1, 3.2, 3.6, 3.10): their Command Valuation System, where they stand, the
bonus they give, their death and capture, and the hit markers command rules place.

A commander is a unit of kind `commander` (units.toml) with his CVS values as unit traits
(state.UnitTraits): Initiative, Tactical and Aggressiveness 4 (best) to 7, tested on 1d10, which
passes when it shows more than the value (2.1; the text's "1410" is its OCR of 1d10); Combat
and Morale 0 to 2.  They are secret from the enemy (4.5): only the owner's reports and the
umpire read them, and every journal line naming a value is kept for the owner.

Readings:
* Ethnic commanders (2.1): a unit's people is that of its battalion's ethnic commanders (`people`);
  such a commander leads only them, and they only a commander of theirs, even after he is lost.
* A value the scenario leaves out counts as the worst the text allows (7; Combat and Morale 0),
  so a forgotten value never helps.
* A commander's force (the "segment" whose orders he answers for, 2.1.1, 4.5.1) is his
  company's units; a company with no commander of its own answers to the side's overall
  commander (the unit with `overall = true`), failing that to the side's first commander.
* Lifting (3.2) takes the phasing side's commanders off the map (status off_map, no hex); the
  placement phase (3.6) puts each back in any hex, one to a hex (3.5.6).  A lifted commander
  is forgotten by the enemy: no longer identified (7.2), no longer on the table (4.1); placed
  again he is a new, unidentified marker under a new contact label -- or, placed where his
  side's units are still hidden, hidden with them (spotting.py).  A commander on the map
  cannot be placed: so each is placed at most once a turn (4.6's note) with no counter to keep.
* Capture (3.10c): a commander alone in a hex (no friendly unit with him) with an enemy unit in
  his hex or next to it is caught; one stacked with units is captured when they lose a melee
  (the melee procedure calls `capture`).  A captured commander is removed from play; a killed
  one destroyed.  Both count as commanders lost for the panic check (3.3).
* The hit marker a command rule places (panic 3.3, consequences 4.5.1) is one more red marker;
  on a stand of infantry already carrying two, the third removes a figure instead (1.1.3, 3.7.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import hex_distance
from .stacking import place_commander
from .stands import stand_hit
from .state import is_commander, is_dummy, is_infantry, traits, units_at

ROLLED = ("initiative", "tactical", "aggressiveness")      # tested on 1d10 (2.1)
BONUSES = ("combat", "morale")                              # 0..2, added (2.1, 3.10d, 4.5)
WORST = {"initiative": 7, "tactical": 7, "aggressiveness": 7, "combat": 0, "morale": 0}
LOST = ("destroyed", "removed")                             # killed, captured


@dataclass(frozen=True)
class CVS:
    """A commander's values (HCM 2.1), the worst where the scenario gives none."""

    initiative: int
    tactical: int
    aggressiveness: int
    combat: int
    morale: int

    def line(self) -> str:
        return (f"I {self.initiative}, T {self.tactical}, A {self.aggressiveness}, "
                f"C {self.combat}, M {self.morale}")


def cvs(u: UnitState) -> CVS:
    t = traits(u)
    return CVS(*(getattr(t, k) if getattr(t, k) is not None else WORST[k]
                 for k in ("initiative", "tactical", "aggressiveness", "combat", "morale")))


def passes(value: int, roll: int) -> bool:
    """HCM 2.1: a 4-7 value passes when 1d10 rolls higher than it (an equal roll fails)."""
    return roll > value


def test(dice, commander: UnitState, trait: str) -> tuple[bool, int, str]:
    """Roll 1d10 against one of the commander's 4-7 values: passed, the die, and the line
    (naming the value: keep it for his side)."""
    if trait not in ROLLED:
        raise ValueError(f"{trait} is not rolled")
    value = getattr(cvs(commander), trait)
    roll = dice.roll(f"{commander.id} {trait.capitalize()} (HCM 2.1)", 1, 10).total
    ok = passes(value, roll)
    return ok, roll, (f"{commander.id} tests {trait.capitalize()} {value}: 1d10 = {roll}, "
                      f"{'passes' if ok else 'fails'} (higher than {value} needed, HCM 2.1)")


# ---------------------------------------------------------------------- who commands whom

def commanders(game: Game, side: str, on_map: bool = False) -> list[UnitState]:
    """The side's commanders still in the game (on the map, or lifted off it), by id."""
    return sorted((u for u in game.units.values() if u.side == side and is_commander(game, u)
                   and u.status in (("on_map",) if on_map else ("on_map", "off_map"))), key=lambda u: u.id)


def overall(game: Game, side: str) -> UnitState | None:
    """The side's overall commander (3.1): the one marked `overall`, else its first."""
    every = commanders(game, side)
    return next((c for c in every if traits(c).overall), every[0] if every else None)


def force_commander(game: Game, company: str) -> UnitState | None:
    """Who answers for a company's orders (2.1.1): its own commander, else the side's overall."""
    mine = [c for c in game.units.values() if c.company == company and is_commander(game, c)
            and c.status in ("on_map", "off_map")]
    if mine:       # its own commander, before the overall one if he too is listed in it
        return sorted(mine, key=lambda c: (traits(c).overall, c.id))[0]
    side = next((x.side for x in game.units.values() if x.company == company), None)
    return overall(game, side) if side else None


def force(game: Game, company: str) -> list[UnitState]:
    """The fighting units of a company still on the map (no commanders, no dummies)."""
    return sorted((u for u in game.units.values() if u.company == company and u.on_map
                   and not is_commander(game, u) and not is_dummy(game, u)), key=lambda u: u.id)


def people(game: Game, unit: UnitState) -> str | None:
    """The people a unit belongs to (2.1, ethnic commanders): that of the ethnic commanders of
    its battalion, living or lost -- a scenario puts a people's troops in a battalion of their
    own under their own commander -- else None."""
    return next((traits(c).ethnic for c in game.units.values() if c.battalion == unit.battalion
                 and c.side == unit.side and is_commander(game, c) and traits(c).ethnic), None)


def leads(game: Game, commander: UnitState, unit: UnitState) -> bool:
    """HCM 2.1: an ethnic commander leads only his own people's units, and once theirs are lost
    those units take command from none but a commander of their people."""
    return traits(commander).ethnic == people(game, unit)


def commander_with(game: Game, unit: UnitState) -> UnitState | None:
    """The friendly commander in the unit's hex -- attached to it (3.6, 3.7.18, 3.10d) -- or None
    when there is none it takes command from (2.1, `leads`)."""
    if not unit.on_map or is_commander(game, unit):
        return None
    for c in units_at(game, unit.hex, unit.side):
        if is_commander(game, c) and leads(game, c, unit):
            return c
    return None


def influence(game: Game, unit: UnitState, sphere: bool) -> UnitState | None:
    """The commander whose influence reaches the unit for rally (3.6, 3.9): the one with it; with
    the optional sphere (3.6, 4.5: `sphere`), also one next to it whose Morale is 2."""
    with_it = commander_with(game, unit)
    if with_it is not None or not sphere or not unit.on_map:
        return with_it
    for c in commanders(game, unit.side, on_map=True):
        if hex_distance(c.hex, unit.hex) == 1 and cvs(c).morale >= 2 and leads(game, c, unit):
            return c
    return None


def commanders_lost(game: Game, side: str) -> int:
    """Commanders of the side killed or captured (3.3)."""
    return sum(1 for u in game.units.values() if u.side == side and is_commander(game, u) and u.status in LOST)


# ---------------------------------------------------------------------- losing commanders

def commander_casualty(game: Game, unit_id: str, dice) -> list[Change]:
    """HCM 3.10e: the unit `unit_id` has just been hit -- a commander with it dies on a 1 (1d6).
    For fire and melee to call; the lines are the owner's (the enemy sees only a counter gone)."""
    u = game.units.get(unit_id)
    c = commander_with(game, u) if u is not None else None
    if c is None:
        return []
    roll = dice.roll(f"{c.id} with {unit_id} hit: commander's death (HCM 3.10e)", 1, 6).total
    if roll > 1:
        return [Change("note", None, {}, (f"{c.id}, with {unit_id}, survives the hit: 1d6 = {roll} "
                                          f"(dies on a 1, HCM 3.10e)",), u.side)]
    return [Change("unit", c.id, {"status": "destroyed"},
                   (f"{c.id}, with {unit_id}, is killed: 1d6 = 1 (HCM 3.10e)",), u.side)]




def capture(game: Game, commander_id: str, why: str) -> list[Change]:
    """HCM 3.10c: the commander is captured (removed from play)."""
    c = game.units[commander_id]
    return [Change("unit", c.id, {"status": "removed"}, (f"{c.id} is captured: {why} (HCM 3.10c)",), c.side)]


def lone_captures(game: Game) -> list[Change]:
    """HCM 3.10c: commanders caught with no friendly unit in their hex while an enemy unit is
    in it or next to it."""
    out = []
    for c in (u for u in game.units.values() if u.on_map and is_commander(game, u)):
        friends = [x for x in units_at(game, c.hex, c.side) if x.id != c.id and not is_commander(game, x)]
        enemy = [x for x in game.units.values() if x.on_map and x.side != c.side and not is_dummy(game, x)
                 and not is_commander(game, x) and hex_distance(x.hex, c.hex) <= 1]
        if not friends and enemy:
            out += capture(game, c.id, f"alone at {game.map.number(c.hex)} with the enemy at hand")
    return out


# ---------------------------------------------------------------------- lifting and placing

def phasing_side(game: Game) -> str:
    """The phasing side now (3.1): the initiative's winner (the turn's opener) in the turn's
    first half, the other in the second (phases keyed "b_...") -- read from the opener, so that
    it holds while the second half's change of State.phasing is still to be written."""
    first = getattr(game.rule_state, "opener", None) or game.rule_state.phasing or game.first_player
    if game.phase.startswith("b_"):
        return next(s for s in game.side_ids() if s != first)
    return first


def lift(game: Game, side: str) -> list[Change]:
    """HCM 3.2: the phasing side's commanders come off the map, to be placed again (3.6)."""
    up = commanders(game, side, on_map=True)
    if not up:
        return []
    gone = {c.id for c in up}
    rs = game.rule_state
    # off the table, no enemy knows him any more: placed again he is a new marker (4.1, 7.2)
    forgotten = {"identified": {s: tuple(x for x in v if x not in gone) for s, v in rs.identified.items()
                                if set(v) - gone},
                 "on_table": tuple(x for x in rs.on_table if x not in gone)}
    return [Change("unit", c.id, {"status": "off_map", "q": None, "r": None}) for c in up] + [
        Change("game", "state", forgotten)] + [
        Change("note", None, {}, (f"{game.side(side).name}'s commanders are lifted from the map: "
                                  f"{', '.join(c.id for c in up)} (HCM 3.2)",), side)]


def place(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """HCM 3.6, 3.10b: a lifted commander is put in any hex of the map -- no movement, one
    commander to a hex (3.5.6), once a turn (4.6)."""
    c = game.units[params["unit"]]
    if not is_commander(game, c):
        raise UmpireError(f"place commander: {c.id} is not a commander (HCM 3.6)")
    if c.status != "off_map":
        raise UmpireError(f"place commander: {c.id} is "
                          + ("on the map: he was placed this turn or was not lifted (HCM 3.2, 3.6, 4.6)"
                             if c.status == "on_map" else c.status.replace("_", " ") + " (HCM 3.6)"))
    due = next((r for r in game.reinforcements if c.id in r.units), None)
    if due is not None and due.turn > game.turn:
        raise UmpireError(f"place commander: {c.id} arrives with the reinforcements of turn {due.turn} (HCM 3.4)")
    try:
        h = game.map.grid.parse(params.get("hex"))
    except (ValueError, TypeError) as e:
        raise UmpireError(f"place commander: {e} (HCM 3.6)") from None
    placed = place_commander(game, c, [h])        # the same rule as placing him by a move (3.5.6, 3.6)
    if not placed.legal:
        raise UmpireError(f"place commander: {placed.reason} (HCM 3.6)")
    where = game.map.number(h)
    # `moved`: placed once this turn, whichever way (the move, or this action)
    return f"{c.id} is placed at {where}", [
        Change("unit", c.id, {"status": "on_map", "q": h.q, "r": h.r, "moved": True},
               (f"{c.id} is placed at {where} (HCM 3.6)",))]


# ---------------------------------------------------------------------- hit markers

def hit_marker(game: Game, u: UnitState, why: str) -> list[Change]:
    """One more red hit marker on `u` (1.1.3), as the command rules place them (panic, a failed
    order): on infantry the stand-hit rule of fire (stands.stand_hit: a third hit costs a figure,
    two figures left rout and run, a routed stand hit is eliminated); on anything else a marker.
    The lines are the owner's."""
    if is_infantry(game, u):
        return stand_hit(game, u, 1, 0, why, u.side)[1]
    return [Change("unit", u.id, {"hits": u.marks.hits + 1}, (f"{u.id} takes a hit marker ({why})",), u.side)]
