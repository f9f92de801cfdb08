"""Special units (MW4 19.6): engineers (19.61) and motorcycles (19.62).

Engineers' works (19.611, 19.612, 16.17) -- an engineer unit (catalogue role "engineer") spends
its activation in its hex on a work, `engineer_work unit=E1 work=abatis|clear_abatis|breach`:

* abatis (19.612): in light or heavy woods, twelve game turns in a row in the same hex; a turn
  missed, or direct fire at the engineer in a turn it works (the 7.15 fired-at mark), starts
  the count again.  The twelfth turn's work puts an abatis in the hex at the end of the Direct
  Fire/Movement phase;
* clear_abatis (19.612): one turn's work lifts the abatis at the end of the phase, unless the
  engineer was fired at directly in it;
* breach (16.17): one turn's work breaches the minefield in its hex, as a plow does (16.2),
  on the same terms.  The text gives no time for an engineer's breach: Umpire reads it as
  clearing an abatis, one turn.
Under the Command rules its company's command this turn must be Bound (19.612); with no
command given, 19.612's Bound is read as "not ordered to stay put" and the work goes ahead.
No work while suppressed, in defilade or mounted (19.615).  An engineer's abatis is its side's
secret marker, learnt by the enemy when it sees the hex (terrain.toml: abatis `seen`).

Abatis on the map (19.612, 7.19's fallen trees too): a vehicle -- a motorcycle too, it moves
like one (19.621) -- entering one in light woods stops there; none may enter one in heavy woods.
Our reading for a side that did not know of it: the move is refused with the reason, as an
umpire tells a player his tank cannot go on.

Engineers' other cases: one step (19.613, the catalogue's `steps = 1`: a D1 eliminates it, and
it always fires at full strength); stacked with friendly infantry it is part of that unit and
may not be fired at on its own (19.613); it does not count for stacking (19.613) and one rides an
APC free, up to three (19.614).  19.616: the close assault is read as an overrun's firefight
(12.0): infantry firing in one in a town hex with a friendly engineer stacked with it is +2 on the
die, attacking or defending; adding the engineer's combat factor to the infantry's is not played.

Motorcycles (catalogue `motorcycle = true`, move class vehicle, target soft -- fired on as
dismounted infantry, 19.621): they enter defilade at no cost, all round as infantry, even at a
pause in their move after the fire on them, ending it there (19.621; movement.defilade_problem), a
suppressed one counts as in defilade (19.621), they may not enter heavy woods but along a road
or trail (19.622), they neither count for stacking nor count others (19.623), and a vehicle may
move through an enemy motorcycle's hex; ending its move there is an overrun (19.624).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.play.kit import unit_asked
from ...core.game import Game, UnitState
from ...core.hexgrid import Hex

ABATIS_TURNS = 12                                   # MW4 19.612
WOODS = ("light_woods", "heavy_woods")
WORKS = {"abatis": "builds an abatis (MW4 19.612)",
         "clear_abatis": "clears the abatis (MW4 19.612)",
         "breach": "breaches the minefield (MW4 16.17)"}
VEHICLES = ("vehicle", "truck")
ENGINEERS_ON_A_CARRIER = 3                          # MW4 19.614


def is_engineer(game: Game, u: UnitState) -> bool:
    return game.unit_type(u)["role"] == "engineer"


def is_motorcycle(game: Game, u: UnitState) -> bool:
    return bool(game.unit_type(u).get("motorcycle"))


def abatis_at(game: Game, h: Hex) -> bool:
    return any(o.kind == "abatis" and o.hex == h for o in game.map.overlays)


def abatis_step(game: Game, u: UnitState, h: Hex) -> tuple[str, str] | None:
    """Entering h with an abatis in it (19.612): ("stop", note) for a vehicle in light woods,
    ("no", reason) in heavy woods, None when the abatis does not concern the mover."""
    if game.unit_type(u)["move_class"] not in VEHICLES or not abatis_at(game, h):
        return None
    if game.map.terrain.get(h) == "heavy_woods":
        return "no", f"an abatis in heavy woods at {game.map.number(h)}: no vehicle enters it (19.612)"
    return "stop", "an abatis: a vehicle stops in it (19.612)"


def heavy_woods_problem(game: Game, u: UnitState, h: Hex, by_road: bool) -> str | None:
    """19.622: a motorcycle enters heavy woods only along a road or trail."""
    if is_motorcycle(game, u) and game.map.terrain.get(h) == "heavy_woods" and not by_road:
        return f"motorcycles enter heavy woods ({game.map.number(h)}) only along a road or trail (19.622)"
    return None


def out_of_stacking(game: Game, u: UnitState) -> bool:
    """Engineers (19.613) and motorcycles (19.623) neither count nor are counted for stacking."""
    return is_engineer(game, u) or is_motorcycle(game, u)


def shielded(game: Game, t: UnitState) -> bool:
    """19.613: an engineer stacked with friendly infantry is part of it, never a target alone."""
    return is_engineer(game, t) and any(
        v.on_map and not v.carried_by and v.hex == t.hex and v.side == t.side and v.id != t.id
        and game.unit_type(v)["role"] == "infantry" for v in game.units.values())


def town_assault_bonus(game: Game, f: UnitState, t: UnitState) -> bool:
    """19.616: infantry firing in an overrun (Umpire's close assault) in a town hex, with a friendly
    engineer stacked with it, is +2 on the die -- attacking or defending; more engineers add nothing."""
    return game.map.terrain.get(t.hex) == "town" and game.unit_type(f)["role"] == "infantry" and any(
        v.on_map and not v.carried_by and v.hex == f.hex and v.side == f.side and is_engineer(game, v)
        for v in game.units.values())


def free_rider(game: Game, carrier: UnitState, boarding: list[UnitState]) -> tuple[int, str | None]:
    """(places engineers leave free on the carrier, why they may not board or None): one
    engineer rides an APC free, and no more than three ride one (19.614)."""
    aboard = [v for v in game.units.values() if v.carried_by == carrier.id] + boarding
    engineers = [v for v in aboard if is_engineer(game, v)]
    if len(engineers) > ENGINEERS_ON_A_CARRIER:
        return 0, f"no more than {ENGINEERS_ON_A_CARRIER} engineer units ride an APC"
    apc = game.unit_type(carrier)["move_class"] == "vehicle" and game.unit_type(carrier)["carries"] > 0
    return (1 if engineers and apc else 0), None


def work_problem(game: Game, u: UnitState, work: str | None) -> str | None:
    """Why `u` cannot take up this work now (19.611, 19.612, 19.615, 16.17), or None."""
    n = game.map.number
    if not is_engineer(game, u):
        return f"{u.id} is not an engineer unit (MW4 19.61)"
    if work not in WORKS:
        return f"unknown work {work!r} (abatis, clear_abatis, breach)"
    if game.phase != "fire_move":
        return "engineers work in the Direct Fire/Movement phase (MW4 19.612)"
    if not u.on_map or u.carried_by:
        return f"{u.id} is not on the map on foot: no works while mounted (MW4 19.615)"
    if u.marks.suppression:
        return f"{u.id} is suppressed (S{u.marks.suppression}): no works (MW4 19.615)"
    if u.marks.defilade is not None:
        return f"{u.id} is in defilade: no works (MW4 19.615)"
    if u.moved or u.fired or u.acted:
        return f"{u.id} has already acted this turn: a work takes its turn in the hex (MW4 19.612)"
    command = game.command_of(u)
    if command not in (None, "bound"):
        return f"{u.company}'s command is {command}: engineers work under a Bound command (MW4 19.612)"
    h = u.hex
    if work == "abatis":
        if game.map.terrain.get(h) not in WOODS:
            return f"an abatis is built in light or heavy woods, not in {n(h)} (MW4 19.612)"
        if abatis_at(game, h):
            return f"{n(h)} already has an abatis (MW4 19.612)"
    elif work == "clear_abatis" and not abatis_at(game, h):
        return f"no abatis in {n(h)} to clear (MW4 19.612)"
    elif work == "breach":
        if not any(o.kind == "minefield" and o.hex == h and o.known_by(u.side) for o in game.map.overlays):
            return f"no minefield its side knows of in {n(h)} (MW4 16.17)"
        if any(o.kind == "breach" and o.hex == h for o in game.map.overlays):
            return f"the minefield in {n(h)} is already breached (MW4 16.17)"
    return None


def cannot_work(game: Game, u: UnitState) -> str | None:
    """Why `u` can take up no work now (for the window's greyed entry), or None."""
    problems = [work_problem(game, u, w) for w in WORKS]
    return None if any(p is None for p in problems) else problems[0]


def open_works(game: Game, u: UnitState) -> tuple[str, ...]:
    """The works `u` may take up now: the form's choices."""
    return tuple(w for w in WORKS if work_problem(game, u, w) is None)


def work(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """The action: the engineer spends its activation on a work (19.612, 16.17)."""
    u = unit_asked(game, params, "engineer work")
    kind = params.get("work")
    if why := work_problem(game, u, kind):
        raise UmpireError(f"{u.id} cannot work: {why}")
    m = u.marks
    same = m.work == kind and m.work_turn == game.turn - 1 and (m.work_q, m.work_r) == (u.hex.q, u.hex.r)
    done = m.work_turns + 1 if kind == "abatis" and same else 1
    where = game.map.number(u.hex)
    tally = f", turn {done} of {ABATIS_TURNS}" if kind == "abatis" else ""
    line = f"{u.id} {WORKS[kind].replace(' (', f' in {where}{tally} (', 1)}"
    return f"{u.id} works in {where}: {kind.replace('_', ' ')}{tally}", [
        Change("unit", u.id, {"acted": True, "work": kind, "work_turns": done, "work_turn": game.turn,
                              "work_q": u.hex.q, "work_r": u.hex.r}, (line,), u.side)]


def works_at_phase_end(game: Game) -> list[Change]:
    """The end of the Direct Fire/Movement phase: each work of this turn is done, or undone by
    direct fire at the engineer (19.612; a breach, 16.17, on the same terms)."""
    out: list[Change] = []
    n = game.map.number
    for u in sorted(game.units.values(), key=lambda v: v.id):
        m = u.marks
        if m.work is None or m.work_turn != game.turn or not u.on_map:
            continue
        h = Hex(m.work_q, m.work_r)
        if m.fired_on:
            out.append(Change("unit", u.id, {"work": None, "work_turns": 0},
                              (f"{u.id} came under direct fire: its work in {n(h)} must start again (MW4 19.612)",),
                              u.side))
        elif m.work == "abatis" and m.work_turns >= ABATIS_TURNS:
            out.append(Change("overlay", "abatis", {"q": h.q, "r": h.r, "side": u.side, "secret": True,
                                                    "detail": f"turn {game.turn}", "seen_with": u.id},
                              (f"{u.id} completes an abatis in {n(h)} (MW4 19.612)",), u.side))
            out.append(Change("unit", u.id, {"work": None, "work_turns": 0}))
        elif m.work == "clear_abatis" and abatis_at(game, h):
            out.append(Change("overlay", "abatis", {"clear": True, "q": h.q, "r": h.r},
                              (f"{u.id} clears the abatis in {n(h)} (MW4 19.612)",), u.side))
            out.append(Change("unit", u.id, {"work": None, "work_turns": 0}))
        elif m.work == "breach":
            out.append(Change("overlay", "breach", {"q": h.q, "r": h.r, "side": u.side, "secret": True,
                                                    "detail": f"turn {game.turn}", "seen_with": u.id},
                              (f"{u.id} breaches the minefield in {n(h)} (MW4 16.17)",), u.side))
            out.append(Change("unit", u.id, {"work": None, "work_turns": 0}))
    return out
