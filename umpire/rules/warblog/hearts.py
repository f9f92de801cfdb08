"""War Blog's hearts and minds (8.3) and destroying objectives (8.2): the scenario's own table

    [warblog]
    destroy = ["0503"]                 # objectives destroyed rather than captured (8.2)
    [[warblog.hearts_and_minds]]       # a mustering place (8.3)
    hex = "0604"
    favours = "red"                    # the side it raises units for (an insurgent player)
    limit = 5                          # its score at that side's end of the scale
    start = 0                          # its score at the start (default 0)
    raises = "irregulars"              # the unit type it raises (default "irregulars")

Hearts and minds (8.3, the print-and-play rule): at the start of a side's player turn each of
its units standing in the place moves the score by its strength -- towards `limit` for the
favoured side, towards 0 for the other; a psyops unit (units.toml `psyops`) five times its
strength.  At `limit`, the favoured side raises a new unit there on a 1 or 2 on 1d100 each of
its turns.  Readings: the score stays between 0 and `limit`; a place nobody stands in creeps
one point a turn towards `limit` (the text: "slowly"); strength is after depressions; a unit is
raised only where the stacking limit (3.1) allows, into the battalion of the favoured side's
first unit.  Scores are the umpire's: a side's report never shows them (they move with units
it may not see).  Each place is marked on every side's map.

Destroying objectives (8.2): scored as a capture (8.1); the side that takes one listed in
`destroy` to its end of the scale destroys it -- it stays theirs and its score moves no more.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from ...core.limits import SCORE, out_of_range
from . import combat
from .state import Place, depressions, room_problem, units_at, whole

KEYS = {"destroy": "objective hexes destroyed rather than captured (8.2)",
        "hearts_and_minds": "mustering places: hex, favours, limit, start, raises (8.3)",
        "refugees": "latent refugee units: unit, hex (1.33, refugees.py)"}
PLACE_KEYS = {"hex", "favours", "limit", "start", "raises"}
RAISE_CHANCE = 2                       # per cent a turn at the limit (8.3)
PSYOPS = 5                             # a psyops unit's strength counts five times (8.3)


def problems(scenario) -> list[tuple[str, str, str]]:
    data, out = scenario.rule_data, []
    grid = scenario.map.grid
    objectives = {o.hex for v in scenario.victory for o in v.objectives}
    destroy = data.get("destroy", [])
    if not isinstance(destroy, list):
        return [("[warblog] destroy", "destroy", "destroy is a list of objective hexes, like [\"0503\"]")]
    for x in destroy:
        try:
            if grid.parse(str(x)) not in objectives:
                out.append(("[warblog] destroy", str(x), f"{x} is not an objective hex ([[victory]] objectives, 8.2)"))
        except ValueError as e:
            out.append(("[warblog] destroy", str(x), str(e)))
    places = data.get("hearts_and_minds", [])
    if not isinstance(places, list):
        return out + [("[warblog]", "hearts_and_minds", "write [[warblog.hearts_and_minds]] tables")]
    sides, types = {s.id for s in scenario.sides}, scenario.rules.unit_types
    for i, p in enumerate(places, 1):
        where = f"[[warblog.hearts_and_minds]] #{i}"
        extra = set(p) - PLACE_KEYS if isinstance(p, dict) else {"?"}
        if extra or not {"hex", "favours", "limit"} <= set(p):
            out.append((where, "hearts_and_minds", f"{where} takes hex, favours and limit (and start, raises)"
                        + (f"; not {', '.join(sorted(extra))}" if extra else "")))
            continue
        try:
            grid.parse(str(p["hex"]))
        except ValueError as e:
            out.append((where, str(p["hex"]), str(e)))
        if not isinstance(p["favours"], str) or p["favours"] not in sides:     # a list is no side, nor a crash
            out.append((where, str(p["favours"]), f"favours {p['favours']!r} is not a side"))
        limit = p["limit"]
        if problem := out_of_range(limit, SCORE):
            out.append((where, "limit", f"limit {problem}"))
        elif problem := out_of_range(p.get("start", 0), (0, limit)):
            out.append((where, "start", f"start {problem}"))
        if p.get("raises", "irregulars") not in types:
            out.append((where, str(p.get("raises")), f"raises {p.get('raises')!r} is not a unit type"))
    return out


def at_start(game: Game) -> list[Change]:
    """The places' scores in the game-wide state, a marker on each, `destroy` on objectives."""
    data = game.rule_state.scenario
    out: list[Change] = []
    places = {}
    for p in data.get("hearts_and_minds", []):
        h = game.map.grid.parse(str(p["hex"]))
        number = game.map.number(h)
        places[number] = Place(favours=p["favours"], limit=p["limit"], score=p.get("start", 0),
                               raises=p.get("raises", "irregulars"))
        out.append(Change("overlay", "hearts_and_minds", {"q": h.q, "r": h.r, "detail": "hearts & minds (8.3)"}))
    if places:
        out.append(Change("game", "state", {"hearts": places}))
    return out


def destroyable(game: Game) -> set[str]:
    return {game.map.number(game.map.grid.parse(str(x)))
            for x in game.rule_state.scenario.get("destroy", [])}


def strength(game: Game, u) -> float:
    s = combat.depressed(game.unit_type(u)["strength"], whole(depressions(u)))
    return s * PSYOPS if game.unit_type(u).get("psyops") else s


def turn_start(game: Game, side: str, dice) -> list[Change]:
    """8.3 at the start of `side`'s player turn."""
    places = dict(game.rule_state.hearts)
    if not places:
        return []
    lines, out = [], []
    for number, p in sorted(places.items()):
        h = game.map.grid.parse(number)
        before = p.score
        mine = units_at(game, h, side)
        if mine:
            push = sum(strength(game, u) for u in mine) * (1 if side == p.favours else -1)
        else:
            push = 1 if side == p.favours and not units_at(game, h) else 0     # unattended: creeps back
        p = places[number] = p.but(score=max(0, min(p.limit, before + push)))
        if p.score != before:
            lines.append(f"Hearts & minds {number}: {before:g} -> {p.score:g} (8.3)")
        if side == p.favours and p.score == p.limit:
            r = dice.roll(f"hearts & minds {number}: a new unit on 1-{RAISE_CHANCE}", 1, 100)
            full = room_problem(game, h, game.rules.unit_types[p.raises]["strength"])
            if r.total <= RAISE_CHANCE and not full:
                out.append(_raise(game, side, p.raises, h, number))
            elif r.total <= RAISE_CHANCE:
                lines.append(f"Hearts & minds {number} would raise a unit, but the hex is full (3.1)")
    if lines or places != game.rule_state.hearts:
        out.insert(0, Change("game", "state", {"hearts": places}, tuple(lines)))
    return out


def raised_name(game: Game, side: str, utype: str) -> str:
    """A new unit's name as a wargamer gives it: its kind and its number among the side's units
    of that kind ever fielded ("Irregulars 3") -- not the hex it rose in.  The count is the side's
    own, so the enemy's units never move it; a name an enemy unit already holds gets the side's
    name in front ("Red Irregulars 3") rather than a number that would tell of the enemy's."""
    label = game.rules.unit_types[utype]["label"]
    own = [u for u in game.units.values() if u.side == side]
    n = 1 + sum(u.type == utype for u in own)
    while any(u.id == f"{label} {n}" for u in own):
        n += 1
    uid = f"{label} {n}"
    return uid if uid not in game.units else f"{game.side(side).name} {uid}"


def _raise(game: Game, side: str, utype: str, h, number: str) -> Change:
    like = next(u for u in game.units.values() if u.side == side)
    uid = raised_name(game, side, utype)
    return Change("unit", uid, {"new_like": like.id, "type": utype, "q": h.q, "r": h.r, "name": uid},
                  (f"Hearts & minds {number} raises {uid} for {game.side(side).name} (8.3)",))


def lines(game: Game) -> list[str]:
    """For the umpire's standing."""
    return [f"Hearts & minds {number}: {p.score:g} of {p.limit} for {game.side(p.favours).name} (8.3)"
            for number, p in sorted(game.rule_state.hearts.items())]
