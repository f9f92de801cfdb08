"""Scenario files: human-readable TOML that a club organizer writes by hand.

`load_scenario(path)` returns a fully checked `Scenario` or raises `ScenarioError` naming
the file, the line, the place and the problem -- every problem of the file, one line each
(`lines()`; the reader, core/scenario_reader.py, says when it reads on).  The format is documented with an example
in docs/scenario-format.md; the order of battle is flat with references (side -> battalion ->
company -> unit), so a broken reference is a clear error rather than a nesting mistake.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from pathlib import Path
from typing import Any

from .errors import RulesetError, ScenarioError, UmpireError
from .limits import COUNT, INT64, POINTS, STRENGTH, TURNS, shown, too_big
from .oob import (AirSupport, Artillery, Battalion, Company, Minefield, Objective, Reinforcement, Scenario,
                  Side, Unit, Victory, Zone)
from .ruleset import load_ruleset, system_class
from .scenario_map import read_map
from .scenario_oob import read_oob
from .scenario_reader import ReadingStops, ScenarioReader, suggest
from .terrain import Overlay
from .textpos import line_of, unclosed
from .zones import ZONE_PARTS, is_edge_hex, resolve_zone

__all__ = ["load_scenario", "AirSupport", "Artillery", "Battalion", "Company", "Minefield", "Objective",
           "Reinforcement", "Scenario", "Side", "Unit", "Victory", "Zone"]


_TOP = {"scenario", "map", "side", "battalion", "company", "zone", "reinforcement", "artillery",
        "air", "minefield", "victory", "options"}


# A rule system's checks of a scenario beyond the format: fn(scenario) -> [(place, needle in the
# text, problem)].  The rules package registers its own here, so that the core imports none.
RULE_CHECKS: list = []


def load_scenario(path: str | Path, text: str | None = None) -> Scenario:
    """The scenario of a file, or ScenarioError: its first problem, carrying every problem found
    (`lines()`), so that an organizer fixes them all in one go.  `text`: the file's contents as
    an editor holds them, not yet saved (the scenario editor's live problems list)."""
    path = Path(path)
    try:
        raw = path.read_bytes() if text is None else text.encode("utf-8")
    except OSError as e:
        raise ScenarioError(f"cannot read: {e.strerror}", file=str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("not a text file (it is not UTF-8)", file=str(path)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _syntax_error(e, text, path) from None
    except ValueError:          # tomllib's int() gives up on an integer of over 4300 digits
        raise ScenarioError("a number too long to read (over 4300 digits)", file=str(path)) from None
    rd = ScenarioReader(path, text)
    try:
        sc = _read_scenario(rd, data, raw)
    except ScenarioError as e:      # a problem that leaves nothing to go on with ends the reading
        rd.problems.append(e)
    except ReadingStops:            # the problems noted leave nothing to go on with
        pass
    except UmpireError:             # the rule system's own data is broken: say so as it is
        raise
    except Exception:
        # Reading on past a refused entry leaves a part out (a unit, a zone), which a later
        # step may trip over: the problems noted already are what is wrong with the file.
        if not rd.problems:
            raise
    if rd.problems:
        raise rd.refusal()
    return sc


def _syntax_error(e: tomllib.TOMLDecodeError, text: str, path: Path) -> ScenarioError:
    """tomllib names where it gave up: for a bracket or string left open, the end of the file or
    the next table.  Where it was opened, before that, is where the organizer must look."""
    at = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
    gave_up = (int(at.group(1)), int(at.group(2))) if at else None      # None: at the end of the file
    culprit = unclosed(text)
    if culprit is not None and (gave_up is None or culprit[:2] < gave_up):
        line, _column, what = culprit
        return ScenarioError(f"syntax error: {what} (the TOML reader says: {e})", file=str(path), line=line)
    return ScenarioError(f"syntax error: {e}", file=str(path), line=gave_up[0] if gave_up else None)


def _read_scenario(rd: ScenarioReader, data: dict, raw: bytes) -> Scenario:
    head = rd.keys(data.get("scenario"), {"title", "rules", "description", "turns", "first_player",
                                          "night", "special_rules"},
                   {"title", "rules", "turns"}, "[scenario]", anchor="[scenario]")
    try:
        rules = load_ruleset(rd.text_of(head, "rules", "[scenario]"))
        rd.rules, rd.family = rules, system_class(rules).Traits
    except RulesetError as e:
        if e.file:      # the rule system's own data is broken: say so as it is
            raise
        rd.fail(e.problem, place="[scenario] rules", needle="rules =")
    for key in data:            # a table named after the rule system holds its own data (read below)
        if key not in _TOP and key != rules.name:
            rd.note(f"unknown section [{key}]{suggest(key, _TOP)}", needle=f"{key}")
    before = len(rd.problems)
    game_map = read_map(data.get("map"), rules, rd.fail, rd.note, folder=rd.path.parent)
    rd.stop_if_any(since=before)    # the units and zones are not checked against a broken map
    sc = Scenario(path=rd.path, source=rd.text, digest=hashlib.sha256(raw).hexdigest(), title="", rules=rules,
                  description="", turns=TURNS[1], first_player="", night=False, special_rules=(), map=game_map)
    _read_head(rd, head, sc)
    read_oob(rd, data, sc)
    with rd.going_on():
        _read_options(rd, data, sc)
    with rd.going_on():
        sc.first_player = head.get("first_player", sc.sides[0].id)
        if sc.first_player not in {s.id for s in sc.sides}:
            rd.unless_refused(sc.first_player, "side")
            rd.fail(f"first_player {sc.first_player!r} is not a side", place="[scenario]",
                    needle="first_player")
    _read_zones(rd, data, sc)
    _check_deployment(rd, sc)
    _read_reinforcements(rd, data, sc)
    _read_support(rd, data, sc)
    _read_minefields(rd, data, sc)
    _read_victory(rd, data, sc)
    if rules.name in data:      # [<rules>]: the rule system's own scenario data, checked by it below
        if not isinstance(data[rules.name], dict):
            rd.fail(f"[{rules.name}] must be a table", needle=f"{rules.name}")
        sc.rule_data = data[rules.name]
    if not rd.problems:     # the rule system checks a whole scenario, not one with parts refused
        for check in RULE_CHECKS:        # its own checks (its counters' capacities...)
            for place, needle, problem in check(sc):
                rd.note(problem, place=place, needle=needle)
    # the keys read above are checked within their ranges; a number anywhere else (a name, a
    # label, the rule system's table) would still reach the game file, whose integers stop at 64 bits
    said = {p.line for p in rd.problems}      # a number refused above by its range is not said twice
    for key, value in too_big(data):
        needle = str(value)[:12]
        if line_of(rd.text, needle) not in said:
            rd.note(f"{shown(value)} is too large a number (a game file holds whole numbers up to {INT64})",
                    place=key, needle=needle)
    return sc


def _read_head(rd: ScenarioReader, head: dict, sc: Scenario) -> None:
    """[scenario]'s title, turns...: each problem noted, the scenario read on (with as many turns as
    a game may have, so that no turn later in the file is refused for want of a number here)."""
    with rd.going_on():
        sc.title = rd.text_of(head, "title", "[scenario]")
    with rd.going_on():
        sc.description = rd.text_of(head, "description", "[scenario]", "")
    with rd.going_on():
        sc.turns = rd.int_of(head, "turns", "[scenario]", TURNS)
    with rd.going_on():
        special = head.get("special_rules", [])
        if not isinstance(special, list) or not all(isinstance(x, str) for x in special):
            rd.fail("special_rules must be a list of strings, one rule each", place="[scenario]",
                    needle="special_rules")
        sc.special_rules = tuple(special)
    with rd.going_on():
        if not isinstance(head.get("night", False), bool):
            rd.fail("night must be true or false", place="[scenario]", needle="night =")
        sc.night = head.get("night", False)


def _read_zones(rd: ScenarioReader, data: dict, sc: Scenario) -> None:
    side_ids = {s.id for s in sc.sides}
    seen = set()
    for z in rd.list_of_tables(data, "zone"):
        with rd.going_on(z, "zone"):
            rd.keys(z, {"id", "side", "label", "hexes", "area", "south_of", "north_of", "edge", "within"},
                    {"id", "side"}, "[[zone]]", anchor="[[zone]]")
            zid = rd.text_of(z, "id", "[[zone]]")
            place, anchor = f'[[zone]] "{zid}"', f'id = "{zid}"'
            if zid in seen:
                rd.fail(f"duplicate zone id {zid!r}", place=place, needle=anchor)
            seen.add(zid)
            if z["side"] not in side_ids:
                rd.unless_refused(z["side"], "side")
                rd.fail(f"unknown side {z['side']!r}", place=place, needle="side =", after=anchor)
            try:
                hexes = resolve_zone(sc.map.grid, z)
            except ValueError as e:
                rd.fail(f"zone outside the map or malformed: {e}", place=place, needle=anchor)
            sc.zones.append(Zone(zid, z["side"], z.get("label", zid), hexes))


def _check_deployment(rd: ScenarioReader, sc: Scenario) -> None:
    """A unit set up on the map must stand in the zone its company, battalion or side names."""
    zones = {z.id: z for z in sc.zones}
    for owner, kind in ([(s, "side") for s in sc.sides] + [(b, "battalion") for b in sc.battalions]
                        + [(c, "company") for c in sc.companies]):
        if owner.deploy is not None and owner.deploy not in zones and not rd.was_refused(owner.deploy, "zone"):
            rd.note(f"deploy names unknown zone {owner.deploy!r}", place=f'[[{kind}]] "{owner.id}"',
                    needle=f'"{owner.deploy}"')
    comp = {c.id: c for c in sc.companies}
    bat = {b.id: b for b in sc.battalions}
    for u in sc.units:
        if u.hex is None:
            continue
        zid = ((comp[u.company].deploy if u.company else None) or bat[u.battalion].deploy
               or sc.side(u.side).deploy)
        if zid in zones and u.hex not in zones[zid].hexes:      # an unknown zone is said above
            rd.note(f"set up in {sc.map.number(u.hex)}, outside its deployment zone {zid!r}",
                    place=f'unit "{u.id}"', needle=f'"{u.id}"')


def _read_reinforcements(rd: ScenarioReader, data: dict, sc: Scenario) -> None:
    units = {u.id: u for u in sc.units}
    companies = {c.id for c in sc.companies}
    arriving: set[str] = set()
    for i, r in enumerate(rd.list_of_tables(data, "reinforcement"), start=1):
        with rd.going_on():
            place = f"[[reinforcement]] #{i}"
            rd.keys(r, {"side", "turn", "entry", "units"} | rd.declared("reinforcement"),
                    {"side", "turn", "entry", "units"}, place, anchor="[[reinforcement]]")
            if r["side"] not in {s.id for s in sc.sides}:
                rd.unless_refused(r["side"], "side")
                rd.fail(f"unknown side {r['side']!r}", place=place, needle="[[reinforcement]]")
            turn = rd.int_of(r, "turn", place, TURNS, anchor="[[reinforcement]]")
            if turn > sc.turns:
                rd.fail(f"turn {turn} is after the last turn ({sc.turns})", place=place, needle="turn =")
            entry = tuple(rd.hex_of(sc.map, n, place) for n in rd.texts_of(r, "entry", place, "[[reinforcement]]"))
            for h in entry:
                if not is_edge_hex(sc.map.grid, h):
                    rd.fail(f"entry hex {sc.map.number(h)} is not on a map edge", place=place,
                            needle=f'"{sc.map.number(h)}"')
            ids: list[str] = []
            for ref in rd.texts_of(r, "units", place, "[[reinforcement]]"):
                members = [u.id for u in sc.units if u.company == ref] if ref in companies else [ref]
                for uid in members:
                    u = units.get(uid)
                    if u is None and rd.was_refused(ref, "unit", "company"):
                        continue            # a unit or company refused above: said there
                    if u is None:
                        rd.fail(f"{ref!r} is neither a unit nor a company", place=place, needle=f'"{ref}"')
                    if u.side != r["side"]:
                        rd.fail(f"{uid} belongs to side {u.side!r}, not {r['side']!r}", place=place,
                                needle=f'"{ref}"')
                    if u.hex is not None:
                        rd.fail(f"{uid} is already set up on the map at {sc.map.number(u.hex)}; "
                                "a reinforcement starts off the map", place=place, needle=f'"{ref}"')
                    if uid in arriving:
                        rd.fail(f"{uid} arrives in two reinforcements", place=place, needle=f'"{ref}"')
                    arriving.add(uid)
                    ids.append(uid)
            group = Reinforcement(r["side"], turn, entry, tuple(ids),
                                  rd.traits(r, "reinforcement", place, "[[reinforcement]]"))
            rd.trait_problems("reinforcement", group, place, "[[reinforcement]]")
            sc.reinforcements.append(group)


def _read_support(rd: ScenarioReader, data: dict, sc: Scenario) -> None:
    side_ids = {s.id for s in sc.sides}
    for a in rd.list_of_tables(data, "artillery"):
        with rd.going_on(a):
            rd.keys(a, {"id", "side", "label", "concentrations", "strength", "kind", "from_turn"}
                    | rd.declared("artillery"), {"id", "side", "concentrations", "strength"}, "[[artillery]]",
                    anchor="[[artillery]]")
            place, anchor = f'[[artillery]] "{a["id"]}"', f'id = "{a["id"]}"'
            if a["side"] not in side_ids:
                rd.unless_refused(a["side"], "side")
                rd.fail(f"unknown side {a['side']!r}", place=place, needle=anchor)
            kind = a.get("kind", "artillery")
            if kind not in ("artillery", "rocket", "mortar"):
                rd.fail(f"kind must be artillery, rocket or mortar, got {kind!r}", place=place, needle=anchor)
            support = Artillery(
                a["id"], a["side"], a.get("label", a["id"]),
                rd.int_of(a, "concentrations", place, COUNT, anchor=anchor),
                rd.int_of(a, "strength", place, STRENGTH, anchor=anchor), kind,
                rd.int_of(a, "from_turn", place, (1, sc.turns), default=1, anchor=anchor),
                rd.traits(a, "artillery", place, anchor))
            rd.trait_problems("artillery", support, place, anchor)
            sc.artillery.append(support)
    for a in rd.list_of_tables(data, "air"):
        with rd.going_on(a):
            rd.keys(a, {"id", "side", "label", "strikes", "strength", "from_turn"} | rd.declared("air"),
                    {"id", "side", "strikes", "strength"}, "[[air]]", anchor="[[air]]")
            place, anchor = f'[[air]] "{a["id"]}"', f'id = "{a["id"]}"'
            if a["side"] not in side_ids:
                rd.unless_refused(a["side"], "side")
                rd.fail(f"unknown side {a['side']!r}", place=place, needle=anchor)
            support = AirSupport(
                a["id"], a["side"], a.get("label", a["id"]),
                rd.int_of(a, "strikes", place, COUNT, anchor=anchor),
                rd.int_of(a, "strength", place, STRENGTH, anchor=anchor),
                rd.int_of(a, "from_turn", place, (1, sc.turns), default=1, anchor=anchor),
                rd.traits(a, "air", place, anchor))
            rd.trait_problems("air", support, place, anchor)
            sc.air.append(support)


def _read_options(rd: ScenarioReader, data: dict, sc: Scenario) -> None:
    """[options]: the rule system's optional rules the scenario plays (its options table)."""
    opts = data.get("options", {})
    if not isinstance(opts, dict):
        rd.fail("[options] must be a table of option = value", place="[options]", needle="[options]")
    known = sc.rules.options
    for key, value in opts.items():
        with rd.going_on():
            if key not in known:
                rd.fail(f"unknown option {key!r}{suggest(key, known)}" + (f" (known: {', '.join(known)})" if known
                        else f": {sc.rules.title} has no optional rules"), place="[options]", needle=key,
                        after="[options]")
            if str(value) not in known[key]["values"]:
                rd.fail(f"{key} = {value!r}: choose one of {', '.join(known[key]['values'])} ({known[key]['rule']})",
                        place="[options]", needle=key, after="[options]")
            sc.options[key] = str(value)


def _read_minefields(rd: ScenarioReader, data: dict, sc: Scenario) -> None:
    for i, m in enumerate(rd.list_of_tables(data, "minefield"), start=1):
        with rd.going_on():
            place = f"[[minefield]] #{i}"
            rd.keys(m, {"side", "type", "hexes", "secret"}, {"side", "type", "hexes"}, place,
                    anchor="[[minefield]]")
            if m["side"] not in {s.id for s in sc.sides}:
                rd.unless_refused(m["side"], "side")
                rd.fail(f"unknown side {m['side']!r}", place=place, needle="[[minefield]]")
            if m["type"] not in sc.rules.mine_types:
                rd.fail(f"unknown minefield type {m['type']!r} (known: {', '.join(sc.rules.mine_types)})",
                        place=place, needle=f'"{m["type"]}"')
            hexes = tuple(rd.hex_of(sc.map, n, place) for n in rd.texts_of(m, "hexes", place, "[[minefield]]"))
            secret = m.get("secret", True)
            sc.minefields.append(Minefield(m["side"], m["type"], hexes, bool(secret)))
            for h in hexes:
                sc.map.overlays.append(Overlay(h, "minefield", m["side"], bool(secret), m["type"]))


def _read_victory(rd: ScenarioReader, data: dict, sc: Scenario) -> None:
    for i, v in enumerate(rd.list_of_tables(data, "victory"), start=1):
        with rd.going_on():
            _read_one_victory(rd, v, f"[[victory]] #{i}", sc)


def _read_one_victory(rd: ScenarioReader, v: Any, place: str, sc: Scenario) -> None:
    rd.keys(v, {"side", "text", "objectives", "points_for_units", "exit"}, {"side", "text"}, place,
            anchor="[[victory]]")
    if v["side"] not in {s.id for s in sc.sides}:
        rd.unless_refused(v["side"], "side")
        rd.fail(f"unknown side {v['side']!r}", place=place, needle="[[victory]]")
    objectives = []
    for o in v.get("objectives", []):
        rd.keys(o, {"hex", "label", "points"}, {"hex", "points"}, f"{place} objective",
                anchor="[[victory]]")
        objectives.append(Objective(rd.hex_of(sc.map, o["hex"], place), o.get("label", ""),
                                    rd.int_of(o, "points", place, POINTS)))
    exit_hexes, exit_points = frozenset(), 0
    if "exit" in v:
        # units leave the map only where the scenario says, for its points
        spec = v["exit"]
        if not isinstance(spec, dict) or "points" not in spec:
            rd.fail("exit needs a zone (edge, hexes, area...) and points per unit", place=place, needle="exit")
        rd.keys(spec, set(ZONE_PARTS) | {"points"}, {"points"}, f"{place} exit", anchor="[[victory]]")
        exit_points = rd.int_of(spec, "points", f"{place} exit", POINTS)
        try:
            exit_hexes = resolve_zone(sc.map.grid, {k: x for k, x in spec.items() if k != "points"})
        except ValueError as e:
            rd.fail(f"exit zone outside the map or malformed: {e}", place=place, needle="exit")
        outside = [sc.map.number(h) for h in sorted(exit_hexes) if not is_edge_hex(sc.map.grid, h)]
        if outside:
            rd.fail(f"exit hexes must be on the map edge: {', '.join(outside[:5])}", place=place, needle="exit")
    sc.victory.append(Victory(v["side"], v["text"], tuple(objectives),
                              bool(v.get("points_for_units", False)), exit_hexes, exit_points))
