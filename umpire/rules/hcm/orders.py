"""Written orders (HCM 2.1.1), acting without them (3.10), the CVS failure consequences (4.5.1)
and what those consequences forbid a unit's move.

Each force -- a company -- may be given a written order before play; it is secret to its side
(State.orders: only the umpire and the side read it, in the side's orders form and its journal).
Changing it takes a pass on the Tactical value of the force's commander (command.force_commander),
at most 10 - his Initiative attempts in the game (State.order_changes counts them).  Acting
without orders takes a pass on his Aggressiveness.  A failure rolls 1d10 on 4.5.1.

Readings:
* The printed list of consequences refers to itself ("Same as 1", "#6 +", "#5 +"): we read the
  numbers as the die faces of the list, so b) is a) with hit markers, g) is f) with hit markers
  and h) is e) with hit markers (consequences.toml).
* "Random units receive a hit marker": each unit of the force rolls 1d6 and takes a marker on
  4-6.
* The units bound are the force's (its company's) units on the map; the binding is kept on each
  (Marks.order_hold) and read here by `move_problem`, which the movement rules ask:
    a  no advance and no change of facing until the force's next activation: lifted as the
       turn ends;
    c  (and i) no move toward the enemy until an Aggressiveness roll passes: rolled for the
       force as each later turn begins, before the initiative's phasing halves -- whoever is
       phasing ("even if in the enemy's phase") -- (`aggressiveness_retests`);
    d  defend only: no move toward the enemy, no melee begun (`attack_problem`), until a new
       order is received (a passed change);
    e  the written order stands: no other change tried this turn; lifted as the turn ends;
    f  about face (the facing turned by three sides) and back to the rear until in cover (a hex
       or an overlay with cover), then as d; every move must take it farther from the enemy
       until then.
  "Toward the enemy" is ending the move nearer the nearest enemy the side knows of (its
  contacts, seen or last known): a side is never refused a move for an enemy it has not found.
* A panicking force's units (3.3) and routed stands (3.7.19) may not advance either, unless a
  commander is with them (panic; a routed stand rallies with a commander, 3.9).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex, direction_to, hex_distance
from .command import commander_with, cvs, force, force_commander, hit_marker, test
from .panic import rule_value

HOLDS_TO_NEW_ORDERS = ("d", "e", "f")       # lifted by a new order received (2.1.1, 4.5.1 d, f)
HOLDS_FOR_A_TURN = ("a", "e")               # lifted as the turn ends (4.5.1 a, e)


def consequences(game: Game) -> dict[str, dict]:
    return game.rules.tables["consequences"].section("entry")


def consequence_for(game: Game, roll: int) -> tuple[str, dict]:
    """The 4.5.1 entry of a 1d10 face."""
    return next((k, e) for k, e in consequences(game).items() if e["roll"] == roll)


def company_side(game: Game, company: str) -> str | None:
    bat = next((c.battalion for c in game.companies if c.id == company), None)
    return next((b.side for b in game.battalions if b.id == bat), None)


def _force_of(game: Game, company: str, side: str, what: str) -> UnitState:
    """The company's commander, after checking that the company is the side's."""
    if company_side(game, company) != side:        # an enemy company or none: one answer (tells nothing)
        raise UmpireError(f"{what}: {company!r} is not one of {game.side(side).name}'s companies (HCM 2.1.1)")
    c = force_commander(game, company)
    if c is None:
        raise UmpireError(f"{what}: {company} has no commander left to answer for it (HCM 2.1.1, 3.10)")
    return c


# ---------------------------------------------------------------------- consequences

def consequence(game: Game, company: str, dice, why: str) -> tuple[str, list[Change]]:
    """HCM 4.5.1: 1d10 on the consequences list, and what it does to the force's units."""
    side = company_side(game, company)
    roll = dice.roll(f"{company}: CVS failure consequences (HCM 4.5.1)", 1, 10).total
    letter, entry = consequence_for(game, roll)
    table = consequences(game)
    head = f"{why} -- 4.5.1 1d10 = {roll}: {letter}) {entry['label']} (HCM 4.5.1 {letter})"
    holds = [h for h in (table[entry["like"]]["hold"] if entry["like"] else "none", entry["hold"]) if h != "none"]
    changes = [Change("note", None, {}, (head,), side)]
    units = force(game, company)
    for u in units:
        values: dict = {}
        if holds:
            values["order_hold"] = holds[-1]
        if "f" in holds and u.marks.facing is not None:
            values["facing"] = (u.marks.facing + 3) % 6          # about face (4.5.1 f)
        if values:
            changes.append(Change("unit", u.id, values, (f"{u.id}: {_hold_words(holds[-1])}",), side))
    if entry["hits"] == "all":
        changes += [c for u in units for c in hit_marker(game, u, f"HCM 4.5.1 {letter}")]
    elif entry["hits"] == "random":
        for u in units:
            die = dice.roll(f"{u.id}: a random hit marker on 4-6 (HCM 4.5.1 {letter})", 1, 6).total
            if die >= 4:
                changes += hit_marker(game, u, f"HCM 4.5.1 {letter}, 1d6 = {die}")
    return letter, changes


def _hold_words(hold: str) -> str:
    return {"a": "no advance and no change of facing until its next activation (HCM 4.5.1 a)",
            "c": "no move toward the enemy until an Aggressiveness roll passes (HCM 4.5.1 c, i)",
            "d": "defends only until new orders (HCM 4.5.1 d)",
            "e": "carries on with its written order (HCM 4.5.1 e)",
            "f": "faces about and falls back to cover, then defends until new orders (HCM 4.5.1 f)",
            "late": "held back: the reinforcements did not arrive (HCM 3.4)"}.get(hold, hold)


# ---------------------------------------------------------------------- orders

def write_order(game: Game, side: str, company: str, text: str) -> tuple[str, list[Change]]:
    """HCM 2.1.1: a force's written order, before play: turn 1, before any unit has moved."""
    _force_of(game, company, side, "written order")
    if not text.strip():
        raise UmpireError("written order: the order is empty (HCM 2.1.1)")
    if company in game.rule_state.orders:
        raise UmpireError(f"written order: {company} has its written order; changing it takes a Tactical "
                          "roll (change_order, HCM 2.1.1)")
    if game.turn > 1 or any(u.moved for u in game.units.values()):
        raise UmpireError("written order: orders are written before play; a force without one acts "
                          "on Aggressiveness rolls (act_without_orders, HCM 2.1.1, 3.10)")
    return f"{company} has its written order", [
        Change("game", "state", {"orders": {**game.rule_state.orders, company: text.strip()}},
               (f"Written order for {company}: {text.strip()} (HCM 2.1.1)",), side)]


def change_order(game: Game, side: str, company: str, text: str, dice) -> tuple[str, list[Change]]:
    """HCM 2.1.1: the force's commander tries to change its written order -- a Tactical pass, at
    most 10 - Initiative tries; a failure rolls on 4.5.1."""
    c = _force_of(game, company, side, "change of orders")
    if company not in game.rule_state.orders:
        raise UmpireError(f"change of orders: {company} has no written order to change (HCM 2.1.1)")
    if not text.strip():
        raise UmpireError("change of orders: the new order is empty (HCM 2.1.1)")
    if any(u.marks.order_hold == "e" for u in force(game, company)):
        raise UmpireError(f"change of orders: {company} must carry on with its written order this turn (HCM 4.5.1 e)")
    limit = rule_value(game, "order_changes") - cvs(c).initiative
    tried = game.rule_state.order_changes.get(c.id, 0)
    if tried >= limit:
        raise UmpireError(f"change of orders: {c.id} has tried {tried} of his {limit} changes "
                          f"(10 - Initiative {cvs(c).initiative}, HCM 2.1.1)")
    ok, _, line = test(dice, c, "tactical")
    counted = Change("game", "state", {"order_changes": {**game.rule_state.order_changes, c.id: tried + 1}},
                     (f"{line}; change {tried + 1} of {limit} (HCM 2.1.1)",), side)
    if ok:
        changes = [counted, Change("game", "state", {"orders": {**game.rule_state.orders, company: text.strip()}},
                                   (f"New order for {company}: {text.strip()} (HCM 2.1.1)",), side)]
        changes += [Change("unit", u.id, {"order_hold": ""}, (f"{u.id} has new orders (HCM 4.5.1)",), side)
                     for u in force(game, company) if u.marks.order_hold in HOLDS_TO_NEW_ORDERS]
        return f"{company} receives its new order", changes
    letter, more = consequence(game, company, dice, f"The order of {company} stands")
    return f"{company}'s order is not changed: consequence {letter}", [counted] + more


def act_without_orders(game: Game, side: str, company: str, what: str, dice) -> tuple[str, list[Change]]:
    """HCM 3.10: a force without written orders for what it means to do acts on an
    Aggressiveness pass of its commander; a failure rolls on 4.5.1."""
    c = _force_of(game, company, side, "acting without orders")
    if not what.strip():
        raise UmpireError("acting without orders: say what the force means to do (HCM 3.10)")
    ok, _, line = test(dice, c, "aggressiveness")
    head = Change("note", None, {}, (f"{company} means to: {what.strip()}; {line} (HCM 3.10)",), side)
    if ok:
        return f"{company} may act: {what.strip()}", [head]
    letter, more = consequence(game, company, dice, f"{company} may not act")
    return f"{company} may not act: consequence {letter}", [head] + more


def aggressiveness_retests(game: Game, side: str, dice) -> list[Change]:
    """HCM 4.5.1 c, i: each force of the side held back rolls its commander's Aggressiveness as
    each turn begins (so never in the turn the hold was placed); a pass lifts the hold."""
    out: list[Change] = []
    companies = sorted({u.company for u in game.units.values() if u.side == side and u.on_map
                        and u.company and u.marks.order_hold == "c"})
    for company in companies:
        c = force_commander(game, company)
        if c is None:
            continue
        ok, _, line = test(dice, c, "aggressiveness")
        out.append(Change("note", None, {}, (f"{company}, held back: {line} (HCM 4.5.1 c)",), side))
        if ok:
            out += [Change("unit", u.id, {"order_hold": ""}, (f"{u.id} may advance again (HCM 4.5.1 c)",), side)
                    for u in force(game, company) if u.marks.order_hold == "c"]
    return out


def turn_ends(game: Game) -> list[Change]:
    """As a turn ends: the holds that last until the force's next activation (a) or for the
    turn (e) are lifted (HCM 4.5.1)."""
    return [Change("unit", u.id, {"order_hold": ""}) for u in sorted(game.units.values(), key=lambda u: u.id)
            if u.marks.order_hold in HOLDS_FOR_A_TURN]


# ---------------------------------------------------------------------- what a move may not do

def nearest_enemy(game: Game, side: str, h: Hex) -> int | None:
    """Hexes from `h` to the nearest enemy the side knows of (its contacts), None if none."""
    known = [c.hex for (s, _), c in game.contacts.items() if s == side and c.status in ("seen", "last_known")]
    return min((hex_distance(h, k) for k in known), default=None)


def in_cover(game: Game, h: Hex) -> bool:
    """A hex giving cover: its terrain or an overlay on it (terrain.toml `cover`)."""
    if game.rules.terrain_types.get(game.map.terrain.get(h), {}).get("cover", 0) > 0:
        return True
    return any(o.hex == h and game.rules.overlays.get(o.kind, {}).get("cover", 0) > 0 for o in game.map.overlays)


def move_problem(game: Game, unit: UnitState, path: list[Hex]) -> str | None:
    """Why the command rules forbid this move (a path from the unit's hex), or None: a
    consequence in force (4.5.1), a panic (3.3) or a rout (3.7.19).  For check_move to ask."""
    hold = unit.marks.order_hold
    if hold == "late":          # a reinforcement held back, entering (3.4)
        return "its reinforcements have not arrived: their commander's Initiative roll failed (HCM 3.4)"
    if len(path) < 2 or unit.hex is None:
        return None
    start, end = path[0], path[-1]
    before, after = nearest_enemy(game, unit.side, start), nearest_enemy(game, unit.side, end)
    advances = before is not None and after is not None and after < before
    if hold == "a":
        facing = unit.marks.facing
        turns = facing is not None and any(direction_to(a, b) not in (facing, (facing + 3) % 6)
                                           for a, b in zip(path, path[1:]))
        if turns or advances:
            return ("its force may neither advance nor change facing until its next activation (HCM 4.5.1 a)")
    if hold == "c" and advances:
        return "its force may not move toward the enemy until an Aggressiveness roll passes (HCM 4.5.1 c)"
    if (hold == "d" or (hold == "f" and in_cover(game, start))) and advances:
        return "its force defends only until new orders (HCM 4.5.1 d, f)"
    if hold == "f" and not in_cover(game, start) and before is not None and not (after is not None and after > before):
        return "its force falls back: each move takes it farther from the enemy until it reaches cover (HCM 4.5.1 f)"
    if advances and unit.side in game.rule_state.panicked and commander_with(game, unit) is None:
        return "its side has panicked: no unit advances without a commander with it (HCM 3.3)"
    if advances and unit.marks.routed:
        return "a routed stand does not move toward the enemy (HCM 3.7.19)"
    return None


def attack_problem(game: Game, unit: UnitState) -> str | None:
    """Why the command rules forbid the unit to begin a melee (3.8): defend-only (4.5.1 d, f),
    a rout (3.7.19: routed units cannot fight), a panic without a commander (3.3).  For the
    melee procedure to ask."""
    if unit.marks.order_hold in ("d", "f"):
        return "its force defends only until new orders (HCM 4.5.1 d, f)"
    if unit.marks.routed:
        return "routed units cannot fight (HCM 3.7.19)"
    if unit.side in game.rule_state.panicked and commander_with(game, unit) is None:
        return "its side has panicked: no unit advances without a commander with it (HCM 3.3)"
    return None
