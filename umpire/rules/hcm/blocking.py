"""The force blocking arriving reinforcements (HCM 3.4): told the apparent strength, it falls
back a full move or stays and fights, and the reinforcements overlap its flank only with units
enough to reach past it.

Readings (tested in tests/rules/test_hcm_blocking.py):
* The choice is the blocking side's, made before the reinforcements come on: the phase "x_blocking"
  (ruleset.toml), the non-phasing player's, just before the phasing player's movement.  It is
  played in every half of an A/B turn, blockers or none: a phase played only when someone blocks
  would tell the arriving side that hidden enemies stand by its entry, and one played only when
  reinforcements are due would tell the other side of them.  With nobody blocking, the
  non-phasing player is told nothing and passes.  Blocking units are those on or within 2 hexes
  of the entry hexes of a group due (as reinforce.py tells the apparent strength, 3.4).  The
  arrival rolls and the strength report are made as that phase begins (and not again in the
  movement phase); the blocking side reads the apparent strength and the names of its own units
  that block, nothing more.  A 4.6 activation game has no halves: there the choice is not offered
  (not modelled).
* Falling back (Unit -> Fall back, `fall_back`): each blocking unit may make a full move of its
  movement allowance, priced as a move (terrain, turning, 3.5.2), each step taking it no nearer
  the entry hexes and its last farther than it began; it stops on entering an enemy zone of
  control and never enters an enemy's hex.  Only an enemy on the table refuses a step or stops it
  by its zone (zones.py: hidden stands hold none): a hidden enemy in a hex of the path is met --
  the fall back stops in the hex before and that enemy comes onto the table (4.1), so the side
  learns of it by spotting, as a move meeting an ambush would, never by a refusal.  It is a free move: it does not count as the unit's
  move of the turn.  Moving, a hidden unit comes onto the table as any mover does (4.1); the
  arriving side learns of it only by its spotting.  Staying is passing.
* The flank overlap: a unit of the arriving group may melee or fire at a blocking unit that
  stayed, that turn, through the blocker's flank or rear (outside its three front hexsides,
  contact.py) only when the group has more units on the table than the blockers its side sees --
  one more at least, to stretch the line past an end.  Counting only the blockers the side sees
  keeps the refusal from telling it of hidden ones.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game
from ...core.hexgrid import direction_to, hex_distance
from . import reinforce
from .contact import from_flank_or_rear
from .facing import turns_between
from .movement import allowance, step_cost
from .spotting import on_table
from .stacking import stack_problem
from .state import is_commander
from .zones import in_enemy_zone

BLOCKING = ("a_blocking", "b_blocking")


def half_phasing(game: Game, key: str) -> str:
    """The phasing side of the half a phase key belongs to (3.1)."""
    first = game.rule_state.opener or game.rule_state.phasing or game.first_player
    return first if key.startswith("a_") else next(s for s in game.side_ids() if s != first)


def blocked(game: Game, side: str, skip: set[str] = frozenset()) -> dict[str, tuple[str, ...]]:
    """3.4: each enemy unit on or within 2 hexes of an entry hex of the side's groups due now
    (not those in `skip`, held back) -> the units of the group it blocks."""
    out: dict[str, tuple[str, ...]] = {}
    for r in reinforce.waiting(game, side):
        if any(x in skip for x in r.units):
            continue
        for e in game.units.values():
            if e.side != side and e.on_map and not e.carried_by and not is_commander(game, e) \
                    and any(hex_distance(e.hex, h) <= reinforce.NEAR for h in r.entry):
                out[e.id] = out.get(e.id, ()) + tuple(r.units)
    return out


def plays(game: Game, key: str) -> bool:
    """The blocking phase is played in every half of A/B (whether anyone blocks is hidden), never in 4.6."""
    return key not in BLOCKING or game.rule_state.scenario.get("sequence") != "activation"


def told(game: Game, key: str) -> bool:
    """The half's arrivals were already rolled and told (in its blocking phase)."""
    return game.rule_state.arrivals_told == f"{game.turn} {key[0]}"


def phase_start(game: Game, key: str, dice) -> list[Change]:
    """As the blocking phase begins: the arrival rolls and the strength report (reinforce.py),
    then each blocking side told which of its units may fall back."""
    side = half_phasing(game, key)
    out = reinforce.reinforcement_phase(game, side, dice)
    late = {c.key for c in out if c.what == "unit" and c.values.get("order_hold") == "late"}
    still = {x for r in reinforce.waiting(game, side) for x in r.units
             if x in game.units and game.units[x].marks.order_hold == "late"}
    freed = {c.key for c in out if c.what == "unit" and c.values.get("order_hold") == ""}
    found = blocked(game, side, late | (still - freed))
    out.append(Change("game", "state", {"arrivals_told": f"{game.turn} {key[0]}", "blockers": found,
                                        "blockers_turn": game.turn}))
    for enemy in sorted({game.units[b].side for b in found}):
        mine = sorted(b for b in found if game.units[b].side == enemy)
        out.append(Change("note", None, {}, (
            f"Blocking the arrival: {', '.join(mine)} may each fall back a full move away from it now "
            "(Unit -> Fall back) or stay and fight; pass when done (HCM 3.4)",), enemy))
    return out


def blockers_now(game: Game) -> dict[str, tuple[str, ...]]:
    return game.rule_state.blockers if game.rule_state.blockers_turn == game.turn else {}


def fall_back(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """The `fall_back` action (3.4): params unit, path (hexes, from its own)."""
    uid, side = params.get("unit"), params.get("side")
    u = game.units.get(uid)
    if u is None or u.side != side or not u.on_map:
        raise UmpireError(f"fall back: {side} has no unit {uid!r} on the table (HCM 3.4)")
    arriving = blockers_now(game).get(uid)
    if not arriving:
        raise UmpireError(f"fall back: {uid} blocks no arriving reinforcements this turn (HCM 3.4)")
    if u.marks.fell_back_turn == game.turn:
        raise UmpireError(f"fall back: {uid} has fallen back already this turn (HCM 3.4)")
    try:
        path = [game.map.grid.parse(str(h)) for h in params.get("path") or ()]
    except ValueError as e:
        raise UmpireError(f"fall back: {e} (HCM 3.4)") from None
    if len(path) < 2 or path[0] != u.hex:
        raise UmpireError(f"fall back: give a path from {uid}'s hex, {game.map.number(u.hex)} (HCM 3.4)")
    entry = [h for r in game.reinforcements if set(r.units) & set(arriving) for h in r.entry]
    return walk(game, u, path, entry)


def walk(game: Game, u, path, entry) -> tuple[str, list[Change]]:
    """The fall-back move checked step by step and made (3.4, 3.5, 3.5.2, 3.5.5)."""
    n, t = game.map.number, game.unit_type(u)
    away = [min(hex_distance(h, e) for e in entry) for h in path]
    if any(b < a for a, b in zip(away, away[1:])) or away[-1] <= away[0]:
        raise UmpireError("fall back: every step must go no nearer the arrival and the last farther from it (HCM 3.4)")
    spent, facing, went, met = 0.0, u.marks.facing, [path[0]], []
    for a, b in zip(path, path[1:]):
        if hex_distance(a, b) != 1 or not game.map.contains(b):
            raise UmpireError(f"fall back: {n(a)} and {n(b)} are not adjacent (HCM 3.4)")
        there = [e for e in game.units.values() if e.on_map and e.side != u.side and e.hex == b and not e.carried_by]
        if any(on_table(game, e) for e in there):
            raise UmpireError(f"fall back: not into the enemy at {n(b)} (HCM 3.4)")
        if there:                                       # 4.1: a hidden enemy met: stop short, it shows
            met = [e.id for e in there]
            break
        if crowded := stack_problem(game, u, b, set()):
            raise UmpireError(f"fall back: {crowded}")
        cost, note = step_cost(game, t, a, b)
        if cost is None:
            raise UmpireError(f"fall back: {note}")
        d = direction_to(a, b)
        spent += cost + (turns_between(facing, d) if facing is not None else 0)
        facing = d
        if spent > allowance(game, u) + 1e-9:
            raise UmpireError(f"fall back: {n(b)} is beyond a full move ({spent:g} of {allowance(game, u):g}, HCM 3.4)")
        went.append(b)
        if in_enemy_zone(game, b, u.side):
            break                                       # 3.5.5: met, it stops there
    end = went[-1]
    shown = tuple(sorted(set(game.rule_state.on_table) | {u.id, *met}))
    return f"{u.id} falls back to {n(end)}", [
        Change("unit", u.id, {"q": end.q, "r": end.r, "facing": facing, "fell_back_turn": game.turn},
               (f"{u.id} falls back from the arriving reinforcements to {n(end)}, a free move (HCM 3.4)"
                + (f": stopped by an enemy met in {n(path[len(went)])} (4.1)" if met
                   else ": stopped by an enemy zone of control (3.5.5)" if end != path[-1] else ""),), u.side),
        Change("game", "state", {"on_table": shown})]


def overlap_problem(game: Game, a, d) -> str | None:
    """3.4: why unit `a` of an arriving group may not strike blocker `d` in its flank or rear now."""
    arriving = blockers_now(game).get(d.id)
    if not arriving or a.id not in arriving or d.marks.fell_back_turn == game.turn or not from_flank_or_rear(a, d):
        return None
    group = [x for x in arriving if x in game.units and game.units[x].on_map
             and not is_commander(game, game.units[x])]
    seen = {c.unit for (s, _u), c in game.contacts.items() if s == a.side and c.status == "seen"}
    stayed = [b for b, of in blockers_now(game).items() if set(of) & set(arriving) and b in seen
              and game.units[b].on_map and game.units[b].marks.fell_back_turn != game.turn]
    if len(group) > len(stayed):
        return None
    return f"the arriving units ({len(group)}) are not more than the blockers they see ({len(stayed)}): they may not " \
           "overlap the blockers' flank (HCM 3.4)"
