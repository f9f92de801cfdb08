"""MechWar 4 morale (MW4 19.8): companies whose panic level rises with losses (19.81), battalion
HQs that check morale and break (19.82), HQ replacement (19.814) and the Rally command (19.14).

Company (19.812): on its first unit lost a company's panic level goes up one level (10 points),
and one more on a 1d6 of 1; on the second, one, and one more on 1-4; on the third, two on 1-5
(morale.toml, transcribed).  The text says nothing of later losses: nothing more is added.  Its units check panic on the
risen level (13.0).

Battalion (19.82): before play each battalion with an HQ rating rolls its HQ value on the
Battalion HQ Table (a sample table, battalion_hq.toml).  When a second company of a battalion
has risen three or more levels, the battalion checks morale (1d10 at or under the HQ value
passes); a company that rallies back below +3 and rises again counts anew (19.813).  A broken
battalion's companies may not rally (19.822); in the Indirect Fire phase its HQ tries to rally
on the same roll, +2 while the HQ is suppressed (19.824, 19.825).  A lost HQ is replaced at once
on a unit of the battalion, its value rolled again four columns to the right; off the table,
the battalion's companies can no longer rally (19.814).

Readings (the text leaves these open; see docs on issue 5):
- The Rally command (19.14 RC) is one roll per company in the Panic and Suppression Removal
  phase on the Removal column of its panic level's row; success removes the panic markers of
  its units and lowers its risen panic level by one (19.813 speaks of rallying lowering it).
- An HQ without a value (replaced off the table) fails every morale check and never rallies.
- The replacement HQ goes to the battalion's unit nearest to where the HQ fell (the text lets
  the owner choose; the journal says which) -- battalion-level units first.
- Companies have no HQ units in Umpire's order of battle, so the company HQ's -1 to a rally
  roll (19.14 RC) does not arise; battalion HQs carry no company command, so the Overwatch or
  Rally command 19.824 asks of a rallying HQ is not checked.
- A brigade or regiment is a [[battalion]] entry that others name as `parent` (19.83): its HQ
  gates its battalions' rallies (19.826); a lost brigade HQ is replaced on a unit of the
  brigade and starts broken (19.831).  Brigades take no morale checks of their own: the text
  gives them none.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import RulesetError
from ...core.game import Game
from .state import BattalionMorale, battalion_change, company_change
from .traits import company_quality, hq_rating_of, panic_level, quality_of
from ...core.hexgrid import Hex, hex_distance
from .worksheet import strength_state as _strength

LEVEL = 10          # one panic level, in the percent of the quality table (13.0)
BROKEN_AT = 3       # a company risen this many levels counts towards a battalion check (19.822)
SUPPRESSED_HQ = 2   # added to a suppressed HQ's rally roll (19.825)
REPLACEMENT_SHIFT = 4   # columns to the right for a replacement HQ (19.814)


# ------------------------------------------------------------------ the tables
def panic_row(game: Game, level: int) -> dict:
    """The Panic Table row for a panic level in percent; above the last row, the last row."""
    rows = game.rules.tables["panic"].section("entry")
    levels = sorted(int(k) for k in rows if k.isdigit())
    if not levels or level < levels[0]:
        raise RulesetError(f"no row for panic level {level}", file="panic.toml")
    return rows[str(max(x for x in levels if x <= level))]


def hq_columns(game: Game) -> list[tuple[str, list[int]]]:
    """The Battalion HQ Table's columns, left to right: (rating, HQ value for 1d10 = 1..10)."""
    entries = game.rules.tables["battalion_hq"].section("entry")
    cols = sorted(entries.items(), key=lambda kv: kv[1]["order"])
    for key, e in cols:
        if len(e["values"]) != 10:
            raise RulesetError(f"[entry.{key}] values: ten numbers expected, one for each face of "
                               f"1d10, found {len(e['values'])}", file="battalion_hq.toml")
    return [(k, list(e["values"])) for k, e in cols]


def roll_hq_value(game: Game, bid: str, column: str, dice, why: str) -> tuple[int, str]:
    values = dict(hq_columns(game))[column]
    r = dice.roll(f"battalion HQ value {bid} (column {column})", 1, 10).total
    return values[r - 1], f"{bid}: HQ value {values[r - 1]} ({why}: 1d10 = {r} on column {column}, MW4 19.821)"


# ------------------------------------------------------------------ who is who
def company_level(game: Game, company_id: str) -> int:
    """The company's panic level in percent: its troop quality plus its rise (13.0, 19.812)."""
    return panic_level(game, company_quality(game, company_id)) + LEVEL * (rise_of(game, company_id)
                                                                           + formation_penalty(game, company_id))


def rise_of(game: Game, company_id: str) -> int:
    return game.rule_state.company(company_id).panic_rise


def unit_panic_level(game: Game, u) -> int:
    """The unit's troop quality level plus its company's rise (13.0, 19.812) and a level while
    its company is out of formation (4.1)."""
    base = panic_level(game, quality_of(game, u))
    return base + LEVEL * (rise_of(game, u.company) + formation_penalty(game, u.company) if u.company else 0)


def formation_penalty(game: Game, company_id: str) -> int:
    return 1 if game.rule_state.company(company_id).formation_penalty else 0


def hq_unit(game: Game, bid: str) -> str | None:
    """The unit that carries the battalion's HQ now: a replacement's, else the scenario's."""
    state = game.rule_state.battalion(bid)
    if state is not None and state.hq_unit:
        return state.hq_unit
    return next(b.hq for b in game.battalions if b.id == bid)


def _battalion(game: Game, bid: str):
    return next(b for b in game.battalions if b.id == bid)


# ------------------------------------------------------------------ procedures
def game_start(game: Game, dice) -> list[Change]:
    """Each rated battalion rolls its HQ value before play (19.821)."""
    out = []
    for b in game.battalions:
        rating = hq_rating_of(b)
        if rating and b.id not in game.rule_state.battalions:
            value, line = roll_hq_value(game, b.id, rating, dice, "before play")
            out.append(battalion_change(game, b.id, {"hq_value": value, "hq_column": rating}, (line,)))
    return out


def _battalion_state(game: Game, bid: str, dice, out: list[Change]) -> BattalionMorale | None:
    """The battalion's morale, its HQ value rolled now if it never was (games begun before
    battalion morale was played); None for a battalion without an HQ rating."""
    state = game.rule_state.battalion(bid)
    if state is not None:
        return state
    rating = hq_rating_of(_battalion(game, bid))
    if not rating:
        return None
    value, line = roll_hq_value(game, bid, rating, dice, "rolled when first needed")
    out.append(battalion_change(game, bid, {"hq_value": value, "hq_column": rating}, (line,)))
    return BattalionMorale(hq_value=value, hq_column=rating)


def unit_lost(game: Game, unit, dice, where: Hex | None = None) -> list[Change]:
    """A unit is destroyed: its company's morale (19.812), perhaps its battalion's (19.822),
    and, if it carried the battalion's HQ, the replacement (19.814)."""
    out: list[Change] = []
    if unit.company:
        out.extend(company_loss(game, unit.company, dice))
    if any(b.id == unit.battalion for b in game.battalions) and hq_unit(game, unit.battalion) == unit.id:
        out.extend(replace_hq(game, unit.battalion, where, dice))
    return out


_COUNT = {1: "one", 2: "two", 3: "three"}


def _rise_words(step: dict) -> str:
    """'one more level on a 1', 'two levels on 1-5': what the die decides (the journal's words)."""
    on = "a 1" if step["extra_on"] == 1 else f"1-{step['extra_on']}"
    n = step["extra_levels"]
    more = " more" if step["levels"] else ""
    return f"{_COUNT.get(n, str(n))}{more} level{'s' if n > 1 else ''} on {on}"


def company_loss(game: Game, company_id: str, dice) -> list[Change]:
    losses, rise = game.rule_state.company(company_id).losses, game.rule_state.company(company_id).panic_rise
    losses += 1
    added = 0
    step = game.rules.tables["morale"].section("entry").get(str(losses)) if "morale" in game.rules.tables else None
    if step is not None:
        r = dice.roll(f"morale {company_id}: {step['name']} loss, {_rise_words(step)}", 1, 6).total
        added = step["levels"] + (step["extra_levels"] if r <= step["extra_on"] else 0)
    line = (f"{company_id} has lost {losses} unit{'s' if losses > 1 else ''}: panic level "
            f"+{added} (now +{rise + added} levels, MW4 19.812)")
    out = [company_change(game, company_id, {"losses": losses, "panic_rise": rise + added}, (line,))]
    bid = next((c.battalion for c in game.companies if c.id == company_id), None)
    if bid is not None and rise < BROKEN_AT <= rise + added:
        shaken = [c.id for c in game.companies if c.battalion == bid
                  and (rise + added if c.id == company_id else rise_of(game, c.id)) >= BROKEN_AT]
        if len(shaken) >= 2:
            out.extend(battalion_check(game, bid, shaken, dice))
    return out


def battalion_check(game: Game, bid: str, shaken: list[str], dice) -> list[Change]:
    """19.822: two or more of its companies have risen three levels: the battalion checks."""
    out: list[Change] = []
    state = _battalion_state(game, bid, dice, out)
    if state is None or state.broken:
        return out
    why = f"{', '.join(shaken)} at +{BROKEN_AT} levels or more"
    if state.hq_value is None:
        out.append(battalion_change(game, bid, {"broken": True},
                          (f"{bid} checks morale ({why}): its HQ has no value left, the battalion is broken "
                           f"-- its companies may not rally (MW4 19.814, 19.822)",)))
        return out
    r = dice.roll(f"battalion morale {bid} (passes on 1-{state.hq_value})", 1, 10).total
    if r <= state.hq_value:
        out.append(battalion_change(game, bid, {}, (f"{bid} checks morale ({why}): {r}, passed (MW4 19.822)",)))
    else:
        out.append(battalion_change(game, bid, {"broken": True},
                          (f"{bid} checks morale ({why}): {r} against HQ value {state.hq_value}, the "
                           f"battalion is broken -- its companies may not rally (MW4 19.822)",)))
    return out


def replace_hq(game: Game, bid: str, where: Hex | None, dice) -> list[Change]:
    """19.814: the HQ is replaced at once on a unit of the battalion, its value rolled four
    columns to the right; off the table its companies can no longer rally."""
    out: list[Change] = []
    state = _battalion_state(game, bid, dice, out)
    children = {b.id for b in game.battalions if b.parent == bid}      # a brigade's battalions (19.831)
    left = [u for u in game.units.values() if (u.battalion == bid or u.battalion in children) and u.on_map]
    if not left:
        out.append(battalion_change(game, bid, {"hq_unit": None},
                          (f"{bid}'s HQ is lost and no unit of the battalion is left to take it (MW4 19.814)",)))
        return out
    near = min(left, key=lambda u: (u.battalion != bid, u.company is not None,
                                    hex_distance(u.hex, where) if where else 0, u.id))
    values: dict = {"hq_unit": near.id}
    lines = [f"{bid}'s HQ is lost: {near.id} takes over as HQ (MW4 19.814)"]
    if children:
        values["broken"] = True
        lines.append(f"{bid} is a brigade/regiment: its new HQ starts broken and must rally (MW4 19.831)")
    if state is not None and state.hq_column:
        cols = [k for k, _ in hq_columns(game)]
        place = cols.index(state.hq_column) + REPLACEMENT_SHIFT
        if place < len(cols):
            value, line = roll_hq_value(game, bid, cols[place], dice, "replacement HQ, four columns right")
            values.update(hq_value=value, hq_column=cols[place])
            lines.append(line)
        else:
            values.update(hq_value=None, hq_column=None, no_rally=True)
            lines.append(f"{bid}: four columns right of {state.hq_column} is off the table -- the HQ is "
                         f"replaced, but its companies can no longer rally (MW4 19.814)")
    out.append(battalion_change(game, bid, values, tuple(lines)))
    return out


def may_rally(game: Game, company_id: str) -> str | None:
    """Why the company may not rally now (a broken battalion, 19.822; an HQ replaced off the
    table, 19.814), or None."""
    bid = next((c.battalion for c in game.companies if c.id == company_id), None)
    state = game.rule_state.battalion(bid) if bid else None
    if state is not None and state.no_rally:
        return f"{bid}'s companies can no longer rally: its HQ was replaced off the table (MW4 19.814)"
    if state is not None and state.broken:
        return f"{bid} is broken: its companies may not rally until it rallies (MW4 19.822)"
    return None


def rally_commands(game: Game, dice) -> tuple[list[Change], set[str]]:
    """Companies under a Rally command roll on the Removal column (19.14 RC, 19.813): success
    takes the panic markers off its units and its risen panic level down one.  Also returns
    the units whose markers came off, which roll no removal of their own."""
    out: list[Change] = []
    cleared: set[str] = set()
    for comp in game.companies:
        if game.commands.get((game.turn, comp.id), (None,))[0] != "rally":
            continue
        refused = may_rally(game, comp.id)
        if refused:
            out.append(company_change(game, comp.id, {}, (f"{comp.id} under Rally: {refused}",)))
            continue
        need = panic_row(game, company_level(game, comp.id))["removal"]
        members = [u for u in game.units.values() if u.company == comp.id]
        mods = panic_die_modifiers(game, members[0]) if members else ()
        r = dice.roll(f"rally {comp.id} (Removal column, rallies on 1-{need})", 1, 10, mods).total
        if r > need:
            out.append(company_change(game, comp.id, {}, (f"{comp.id} fails to rally ({r}; MW4 19.14 RC)",)))
            continue
        rise = rise_of(game, comp.id)
        losses = game.rule_state.company(comp.id).losses
        lines = [f"{comp.id} rallies on {r} (MW4 19.14 RC)"]
        if rise:
            lines.append(f"{comp.id}: panic level back to +{rise - 1} levels (MW4 19.813)")
        out.append(company_change(game, comp.id, {"losses": losses, "panic_rise": max(0, rise - 1)}, tuple(lines)))
        for u in game.units.values():
            if u.company == comp.id and u.marks.panicked and u.status == "on_map":
                cleared.add(u.id)
                out.append(Change("unit", u.id, {"panicked": False}, (f"{u.id}: panic removed by the rally",)))
    return out, cleared


def _parent_blocks_rally(game: Game, b, hq) -> str | None:
    """19.826: with a brigade/regiment HQ on the map, a battalion HQ rallies only stacked with or
    next to it, and only while that HQ is neither broken nor suppressed."""
    if not b.parent:
        return None
    top = game.units.get(hq_unit(game, b.parent) or "")
    if top is None or not top.on_map:
        return None                                  # no brigade HQ present: it rallies as usual
    state = game.rule_state.battalion(b.parent)
    if state is not None and state.broken:
        return f"its brigade/regiment {b.parent} is broken"
    if top.marks.suppression:
        return f"its brigade/regiment HQ {top.id} is suppressed"
    if hq is None or not hq.on_map or hex_distance(hq.hex, top.hex) > 1:
        return f"its HQ is not with or next to {top.id}, its brigade/regiment HQ"
    return None


def battalion_rallies(game: Game, dice) -> list[Change]:
    """In the Indirect Fire phase each broken battalion's HQ tries to rally (19.824): 1d10,
    +2 while the HQ is suppressed (19.825), at or under its HQ value."""
    out = []
    for b in game.battalions:
        state = game.rule_state.battalion(b.id)
        if state is None or not state.broken:
            continue
        if state.hq_value is None:
            out.append(battalion_change(game, b.id, {}, (f"{b.id} stays broken: its HQ has no value (MW4 19.814)",)))
            continue
        hq = game.units.get(hq_unit(game, b.id) or "")
        blocked = _parent_blocks_rally(game, b, hq)
        if blocked:
            out.append(battalion_change(game, b.id, {}, (f"{b.id} stays broken: {blocked} (MW4 19.826)",)))
            continue
        mods = (("HQ suppressed, MW4 19.825", SUPPRESSED_HQ),) if hq is not None and hq.marks.suppression else ()
        r = dice.roll(f"battalion rally {b.id} (rallies on 1-{state.hq_value})", 1, 10, mods).total
        if r <= state.hq_value:
            out.append(battalion_change(game, b.id, {"broken": False},
                              (f"{b.id} rallies on {r}: its companies may rally again (MW4 19.824)",)))
        else:
            out.append(battalion_change(game, b.id, {}, (f"{b.id} stays broken ({r}; MW4 19.824)",)))
    return out


# ------------------------------------------------------------------ panic checks (13.0)
def panic_number(game: Game, u) -> tuple[int, str]:
    """The highest 1d10 on which the unit panics when it tries to move or fire (13.0)."""
    level, row = _panic_row(game, u)
    return row[_strength(u)], f"panic level {level}%, {_strength(u).upper() if _strength(u) != 'full' else 'full strength'}"


def removal_number(game: Game, u) -> int:
    return _panic_row(game, u)[1]["removal"]


def _panic_row(game: Game, u) -> tuple[int, dict]:
    """The Panic Table row for the unit's level, with its company's rise (19.812)."""
    level = unit_panic_level(game, u)
    return level, panic_row(game, level)


def panic_die_modifiers(game: Game, u) -> tuple[tuple[str, int], ...]:
    """At night some armies' panic dice count lower (19.75 Arab units -3, 19.76 Israeli -1):
    the modifiers for this unit's rolls, from night.toml by the catalogue's nation."""
    if not game.night or "night" not in game.rules.tables:
        return ()
    nation = game.unit_type(u)["nation"]
    for key, entry in game.rules.tables["night"].section("entry").items():
        if entry.get("panic_die") and nation in (entry.get("nations") or ()):
            rule = "MW4 19.75" if entry["panic_die"] == -3 else "MW4 19.76"
            return ((f"night, {key} units, {rule}", entry["panic_die"]),)
    return ()
