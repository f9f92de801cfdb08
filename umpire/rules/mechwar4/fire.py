"""MechWar 4 direct fire (MW4 6.0 fire routine) with a worksheet for every shot, and the panic
check before it (13.0).

The worksheet is built before any die is rolled, so a shell can show it with the odds of each
result; `resolve` then reads the rolled die on the same sheet.  The steps, with their rules:

1. range: hexes to the target, counting its hex and not the firer's; beyond the printed
   range there is no shot (6.0 step 1); the target must be observed with a clear LOS (6.41);
2. target type: hard, protected or soft (6.0 step 2);
3. attack strength less 2 a suppression level for hard firers, 3 for protected and soft ones
   (7.51, 7.52, 7.6); plus the Range Attenuation Table (step 3; not for H class, 6.43);
   less the target's defense strength: the attack superiority (not for H class, 6.43);
4. the table: Anti-Armor by the firer's state (full, D1, D2) for hard and protected targets,
   the D2 table for on-map H class (6.43); Anti-Personnel for soft targets with -1 for a D1
   firer and -2 for a D2 firer (6.7);
5. the die: 1d6 plus the best terrain benefit only (6.6, 10.25; see `covering_terrain`) --
   none for a soft target that moved this turn (8.4) nor for H class fire at a hard target
   (10.22) -- and +2 against a unit in column (8.14); kept within 1-6.

Dual-class units fire their M weapons at hard and protected targets and their R weapons at
soft ones (a simplification of 6.87-6.88: the catalogue does not give both strengths yet).

Two other weapons a unit may choose (`mode`):
* "mg" -- tanks, tank destroyers and APCs fire their machine guns at a soft target as a 2R3
  attack instead of their main armament (6.44);
* R class fire at a vehicle (6.10) is suppressive: 3 hexes at most, attack less defense on
  the Anti-Personnel table with terrain, and any effect only suppresses (S1);
* "infantry_h" -- infantry attacks a vehicle close in with a 6H direct-fire H attack (6.45):
  -3 at 1 hex (the worked example); the rule's closing note allows 2 hexes at -3 too, read
  here as the same -3; -1 a step lost (7.16) and -3 a suppression level (7.6); on the D2
  table, no defense deducted, terrain ignored.
The tables are samples (crt.toml, attenuation.toml, panic.toml): the text does not print them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.errors import RulesetError
from ...core.game import Game, UnitState
from ...core.hexgrid import Hexside, hex_distance
from ...core.los import Eye, crossing_plan
from .morale import panic_row, unit_panic_level

STEPS = {"D1": 1, "D2": 2, "D3": 3}
MODES = ("main", "mg", "infantry_h")
MG_ROLES = ("armour", "anti_tank", "recon", "mechanized", "transport")     # tanks, TDs, APCs (6.44)
SUPPRESSION = {"S1": 1, "S2": 2}
RESULTS = ("-", "S1", "S2", "D1", "D2", "D3")


@dataclass
class FireSheet:
    firer: str
    target: str
    legal: bool
    reason: str = ""
    rule: str = ""
    lines: list[tuple[str, str, str]] = field(default_factory=list)     # (what, value, rule)
    table: str = ""
    column: str = ""
    die_modifier: int = 0
    cells: tuple[str, ...] = ()          # the result for each die face 1-6, modifiers applied
    roll: int | None = None
    result: str | None = None
    g_fire: bool = False                 # a G class shot: ammunition depletion follows (6.84)

    @property
    def odds(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for cell in self.cells:
            out[cell] = out.get(cell, 0.0) + 1 / 6
        return out

    def odds_text(self) -> str:
        order = {r: i for i, r in enumerate(RESULTS)}
        return ", ".join(f"{r} {p:.0%}" for r, p in sorted(self.odds.items(), key=lambda x: order.get(x[0], 9)))

    def text(self, target_label: str | None = None) -> list[str]:
        """The worksheet as an umpire writes it: one line per step, each with its rule.  A side
        reading it names the target by its own contact label."""
        head = f"Fire: {self.firer} at {target_label or self.target}"
        if not self.legal:
            return [f"{head}: no shot -- {self.reason}" + (f" ({self.rule})" if self.rule else "")]
        out = [head] + [f"  {what}: {value}" + (f" ({rule})" if rule else "") for what, value, rule in self.lines]
        out.append(f"  table: {self.table}, column {self.column}; die modifier {self.die_modifier:+d}")
        out.append(f"  odds: {self.odds_text()}")
        if self.roll is not None:
            modified = max(1, min(6, self.roll + self.die_modifier))
            out.append(f"  1d6 = {self.roll}, modified {modified}: {self.result}")
        return out


def _state(u: UnitState) -> str:
    return {0: "full", 1: "d1"}.get(u.steps_lost, "d2")


ELEMENT_SHARE = {"d1": 2, "d2": 1}     # a full platoon is three D2 elements, or a D1 and a D2 (6.93)


def split_problem(game: Game, f: UnitState, elements: list[str]) -> str | None:
    """Why a platoon may not fire as these elements (6.93), or None.  A full vehicular platoon
    fires as one D1 and one D2 or as three D2s; our reading: a D1 platoon as two D2s."""
    t = game.unit_type(f)
    if t["move_class"] not in ("vehicle", "truck") or t["steps"] < 3:
        return f"{f.id} is not a vehicular platoon: it does not split its fire"
    bad = [e for e in elements if e not in ELEMENT_SHARE]
    if bad:
        return f"unknown element {bad[0]!r} (d1, d2)"
    room = t["steps"] - f.steps_lost
    if sum(ELEMENT_SHARE[e] for e in elements) > room:
        return (f"{f.id} at {_state(f).upper() if f.steps_lost else 'full strength'} has no room for "
                f"{' + '.join(e.upper() for e in elements)}")
    return None


def fire_sheet(game: Game, sight, firer_id: str, target_id: str, mode: str = "main",
               overrun: bool = False, element: str | None = None) -> FireSheet:
    """The worksheet of one firer's shot at one target, before the die (MW4 6.0); `mode` picks
    a secondary weapon (6.44 machine guns, 6.45 infantry anti-tank attack).  `overrun`: a shot
    of an overrun firefight in one hex (12.0-12.4): range 0, no line of sight needed, earlier
    fire and moves do not matter, panicked units fire, terrain only as 12.1 allows.  `element`
    ("d1" or "d2"): one element of a vehicular platoon's split fire, on that strength (6.93)."""
    f, t = game.units.get(firer_id), game.units.get(target_id)
    # reasons name the target only as "the target": a side's view must not read the enemy's ids
    if f is None or t is None:
        return FireSheet(firer_id, target_id, False, f"no unit {firer_id if f is None else target_id!r}")
    no = lambda reason, rule="": FireSheet(firer_id, target_id, False, reason, rule)   # noqa: E731
    ft, tt = game.unit_type(f), game.unit_type(t)
    if not f.on_map or f.carried_by:
        return no(f"{f.id} is not on the map to fire")
    if ft["attack"] <= 0 or ft["weapons_class"] == "none":
        return no(f"{f.id} has no attack strength", "MW4 6.42")
    if f.panicked and not overrun:                  # 12.4: the overrun may fire
        return no(f"{f.id} is panicked", "MW4 6.11")
    if f.fired and not overrun:                     # 12.2
        return no(f"{f.id} has already fired this turn", "MW4 6.13")
    if f.moved and not overrun:
        return no(f"{f.id} has moved this turn: a unit moves or fires", "MW4 4.1")
    if f.side == t.side:
        return no("the target is on the same side")
    if not t.on_map or t.carried_by:
        return no("the target is not on the map")
    if mode not in MODES:
        return no(f"unknown weapon {mode!r} (main, mg, infantry_h)")
    state = _state(f)
    if element is not None:
        problem = split_problem(game, f, [element])
        if problem:
            return no(problem, "MW4 6.93")
        state = element
    d = hex_distance(f.hex, t.hex)
    reach = {"main": ft["range"], "mg": 3, "infantry_h": 2}[mode]
    if mode == "mg" and (ft["role"] not in MG_ROLES or ft["move_class"] == "foot" or tt["target"] != "soft"):
        return no("machine guns: tanks, tank destroyers and APCs, at soft targets", "MW4 6.44")
    if mode == "infantry_h" and (ft["move_class"] != "foot" or tt["target"] not in ("hard", "protected")):
        return no("the close-in H attack is infantry's, against vehicles", "MW4 6.45")
    if d > reach and tt["target"] != "helicopter":           # flak reaches by its own table (17.31)
        return no(f"the target is {d} hexes away; {f.id} reaches {reach}", "MW4 6.0 step 1")
    if overrun and d != 0:
        return no("an overrun firefight is fought in one hex", "MW4 12.0")
    heli = {u.id: game.unit_type(u)["move_class"] == "helicopter" for u in (f, t)}
    next_to_heli = tt["target"] == "helicopter" and d <= 1           # 17.32: adjacent, always
    if not overrun and not next_to_heli and not sight.line_of_sight(Eye(f.hex, heli[f.id], True), Eye(t.hex, heli[t.id], t.fired)).clear:
        return no(f"no clear line of sight from {f.id} to the target", "MW4 6.41")
    target = tt["target"]
    if target == "helicopter":
        return _anti_helicopter(game, f, t, d, mode, no)
    wc = ft["weapons_class"]
    if wc == "dual":        # G at vehicles while its missiles last, else its conventional weapon (6.87, 6.88)
        wc = "G" if target in ("hard", "protected") and not f.g_spent and mode == "main" else \
            ("R" if ft["move_class"] == "foot" else "M")
    elif wc == "G" and mode == "main":
        if f.g_spent:
            return no(f"{f.id} has spent its missiles", "MW4 6.84")
        if target not in ("hard", "protected"):
            return no("G class fires only at vehicles", "MW4 6.85")
    if wc == "G" and mode == "main" and d < ft.get("min_range", 0):
        return no(f"{f.id}'s missiles need {ft['min_range']} hexes at least", "MW4 6.86")
    sheet = FireSheet(firer_id, target_id, True, g_fire=wc == "G" and mode == "main")
    add = sheet.lines.append
    if element is not None:
        add(("split fire", f"one {element.upper()} element of the platoon", "MW4 6.93"))
    add(("range", f"{d} hexes (of {reach})", "MW4 6.0 step 1"))
    add(("target type", target, "MW4 6.0 step 2"))
    if mode == "infantry_h":
        return _infantry_h(game, f, sheet, d)
    attack = ft["attack"]
    if mode == "mg":
        attack, wc = 2, "R"
        add(("attack strength", "2 (machine guns, 2R3)", "MW4 6.44"))
    else:
        add(("attack strength", f"{attack} ({ft['weapons_class']} class" +
             (f", firing as {wc}" if wc != ft["weapons_class"] else "") + ")", "MW4 3.4"))
    if wc == "H" and f.steps_lost and target in ("hard", "protected"):
        attack = max(1, attack - f.steps_lost)
        add(("losses", f"-{f.steps_lost} H for steps lost, at least 1: {attack}", "MW4 7.16"))
    if f.suppression:
        per = 2 if ft["target"] == "hard" else 3
        attack -= per * f.suppression
        add(("firer suppressed", f"S{f.suppression}: -{per * f.suppression}", "MW4 7.51" if per == 2 else "MW4 7.52, 7.6"))
    h_class = wc == "H"
    suppressive = wc == "R" and target in ("hard", "protected")       # 6.10
    if suppressive and d > 3:
        return no(f"R class fire at vehicles reaches 3 hexes; the target is {d} away", "MW4 6.10")
    if suppressive:
        superiority = attack - tt["defense"]
        add(("attack superiority", f"{attack} - defense {tt['defense']} = {superiority:+d}: suppressive fire at a "
             "vehicle, on the Anti-Personnel CRT; any effect is S1", "MW4 6.10"))
    elif not h_class:
        rows = game.rules.tables["attenuation"].section("entry")
        row = rows.get(f"{target}_{wc}")
        if row is None:
            raise RulesetError(f"no row for {target} targets and {wc} class", file="attenuation.toml")
        mod = row["by_range"][min(d, len(row["by_range"]) - 1)]
        attack += mod
        add(("range attenuation", f"{mod:+d} at {d} hexes: {attack}", "MW4 6.0 step 3"))
        superiority = attack - tt["defense"]
        add(("attack superiority", f"{attack} - defense {tt['defense']} = {superiority:+d}", "MW4 6.0 step 3"))
    else:
        superiority = attack
        add(("attack superiority", f"{attack}: H class, no attenuation and no defense deducted", "MW4 6.43"))
    die_mod = 0
    if suppressive:
        key = "anti_personnel"
    elif target in ("hard", "protected"):
        key = "anti_armor_d2" if h_class or f.in_column else f"anti_armor_{state}"
        if f.in_column and not h_class:
            add(("firer in column", "fires on the D2 table", "MW4 8.14"))
    else:
        key = "anti_personnel"
        firer_mod = {"full": 0, "d1": -1, "d2": -2}["d2" if f.in_column else state]
        if firer_mod:
            die_mod += firer_mod
            add(("firer's losses", f"{firer_mod:+d} against a soft target", "MW4 6.7"))
    options = overrun_terrain(game, t) if overrun else covering_terrain(game, sight, f, t, h_class)
    if overrun and not options:
        add(("terrain", "ignored in an overrun", "MW4 12.1"))
    elif options and target == "soft" and t.moved and not overrun:
        add(("terrain", "none: a soft target that moved loses its cover", "MW4 8.4"))
    elif options and h_class and target == "hard":
        add(("terrain", "none for H class fire at a hard target", "MW4 10.22"))
    elif options:
        best = min(options)
        die_mod += best[0]
        others = f"; not also {', '.join(o[1] for o in options if o is not best)}" if len(options) > 1 else ""
        add(("terrain", f"{best[0]:+d} for {best[1]} (the best one only{others})", f"{best[2]}, 10.25"))
    if t.in_column:
        die_mod += 2
        add(("target in column", "+2", "MW4 8.14"))
    _read_table(game, sheet, key, superiority, die_mod)
    if suppressive:         # 6.10: whatever the table says, a vehicle is only suppressed
        sheet.cells = tuple("-" if c == "-" else "S1" for c in sheet.cells)
    return sheet


def mine_sheet(game: Game, unit_id: str, mine_type: str, leaving: bool) -> FireSheet:
    """A mine attack on a unit entering or leaving a mined hex (16.11-16.14): the mined hex's
    net attack superiority on the CRT, whatever the unit -- terrain, defense and target type
    ignored (16.12).  Our reading: every unit is attacked on the Anti-Armor CRT's full
    strength column set, as the text names no table."""
    kind = game.rules.mine_types[mine_type]
    sheet = FireSheet(f"{kind['label'].lower()} mines", unit_id, True)
    sheet.lines.append(("mine attack", f"{unit_id} {'leaves' if leaving else 'enters'} a "
                        f"{kind['label'].lower()} mined hex", "MW4 16.14" if leaving else "MW4 16.0, 16.13"))
    sheet.lines.append(("attack superiority", f"{kind['net_superiority']:+d}; terrain, defense and target type "
                        "ignored", "MW4 16.11, 16.12"))
    _read_table(game, sheet, "anti_armor_full", kind["net_superiority"], 0)
    return sheet


def overrun_terrain(game: Game, t: UnitState) -> list[tuple[int, str, str]]:
    """In an overrun terrain is ignored but for an improved position, as defilade, and the
    woods or town modifier for infantry (12.1)."""
    out: list[tuple[int, str, str]] = []
    if t.improved:
        out.append((-3, "an improved position (as defilade)", "MW4 12.1"))
    terrain = game.rules.terrain_types[game.map.terrain[t.hex]]
    if game.unit_type(t)["move_class"] == "foot" and terrain["cover"] < 0:
        out.append((terrain["cover"], f"infantry in {terrain['label'].lower()}", "MW4 12.1"))
    return out


def covering_terrain(game: Game, sight, f: UnitState, t: UnitState, h_class: bool) -> list[tuple[int, str, str]]:
    """Every terrain benefit the target could claim against this firer (MW4 10.2-10.3), as
    (die modifier, what, rule); the caller keeps the best one only (10.25).
    * the target's hex: woods, town... from the Terrain Effects Chart (10.21);
    * defilade, -3: a hilltop hex, or behind a slope, crest or embankment hexside the line of
      fire crosses into its hex -- a slope only shields the unit above it, a crest or an
      embankment either side (10.21, 10.24); none when fired on from higher ground (10.45),
      and crests never against H class fire (10.22);
    * fired on down a slope into its lower hex: -2 for hard targets, -1 for protected and
      soft ones, none for vehicles when the firer is two or more levels higher (10.31, 10.32).
    """
    rules, elev = game.rules, sight.elev
    out: list[tuple[int, str, str]] = []
    terrain = rules.terrain_types[game.map.terrain[t.hex]]
    if terrain["cover"]:
        out.append((terrain["cover"], terrain["label"].lower(), "MW4 6.6, 10.21"))
    here, there = elev[t.hex], elev[f.hex]
    entry = crossing_plan(t.hex - f.hex).entry_side
    side = Hexside(entry.a + f.hex, entry.b + f.hex) if entry is not None else None
    feats = game.map.features(side) if side is not None else {}
    if there <= here:                                               # 10.45
        if all(elev.get(n, here) < here for n in game.map.on_map_neighbours(t.hex)):
            out.append((-3, "a hilltop (defilade)", "MW4 10.21"))
        for kind, high in feats.items():
            if rules.hexside_features[kind]["obstruction_level"] <= 0:
                continue
            if rules.hexside_features[kind]["draw"] == "slope" and high != t.hex:
                continue                         # below a slope: 10.31 below, not defilade
            if kind == "crest" and h_class:
                continue                         # 10.22
            out.append((-3, f"behind a {rules.hexside_features[kind]['label'].lower()} hexside (defilade)",
                        "MW4 10.21, 10.24"))
    for kind, high in feats.items():
        if rules.hexside_features[kind]["draw"] == "slope" and high is not None and high != t.hex:
            vehicle = game.unit_type(t)["move_class"] != "foot"
            if vehicle and there - here >= 2:
                continue                         # 10.31: no help to vehicles against fire from far above
            mod = -2 if game.unit_type(t)["target"] == "hard" else -1
            out.append((mod, "fire down a slope into its hex", "MW4 10.31, 10.32"))
    return out


FLAK_BANDS = (2, 5, 10, 20)        # the table's range columns: 0-2, 3-5, 6-10, 11-20 hexes (17.31)


def _anti_helicopter(game: Game, f: UnitState, t: UnitState, d: int, mode: str, no) -> FireSheet:
    """MW4 17.31-17.34: the firer's flak strength at the range, less the helicopter's defense,
    on the CRT by the firer's state; no terrain; only D results count against a helicopter."""
    ft, tt = game.unit_type(f), game.unit_type(t)
    if ft["weapons_class"] == "G" or mode != "main":
        return no("G class units and secondary weapons do not fire at helicopters", "MW4 17.31")
    rows = game.rules.tables["flak"].section("entry")
    key = ft.get("flak") or "others"
    if key not in rows:
        raise RulesetError(f"{f.type}: flak row {key!r} is not in the Flak table (known: {', '.join(rows)})",
                           file="units.toml")
    band = next((i for i, top in enumerate(FLAK_BANDS) if d <= top), None)
    strength = rows[key]["by_band"][band] if band is not None else 0
    if strength <= 0:
        return no(f"the helicopter is {d} hexes away: out of {f.id}'s flak reach "
                  f"({rows[key]['label']} row)", "MW4 17.31")
    sheet = FireSheet(f.id, t.id, True)
    add = sheet.lines.append
    add(("range", f"{d} hexes", "MW4 6.0 step 1"))
    add(("target type", "helicopter", "MW4 17.3"))
    add(("flak strength", f"{strength} ({rows[key]['label']} row, {_band_text(band)} hexes)", "MW4 17.31"))
    superiority = strength - tt["defense"]
    add(("attack superiority", f"{strength} - defense {tt['defense']} = {superiority:+d}", "MW4 17.31"))
    add(("terrain", "none for or against a helicopter", "MW4 17.31, 17.32"))
    _read_table(game, sheet, "anti_armor_d2" if f.in_column else f"anti_armor_{_state(f)}", superiority, 0)
    # 17.34: only losses touch a helicopter; panic and suppression results are ignored
    sheet.cells = tuple(c if c in STEPS else "-" for c in sheet.cells)
    return sheet


def _band_text(band: int) -> str:
    low = 0 if band == 0 else FLAK_BANDS[band - 1] + 1
    return f"{low}-{FLAK_BANDS[band]}"


def _infantry_h(game: Game, f: UnitState, sheet: FireSheet, d: int) -> FireSheet:
    """MW4 6.45: 6H, -3 at 1 (or 2) hexes, -1 a step lost (7.16), -3 a suppression level (7.6);
    the D2 table, no defense deducted, no terrain."""
    add = sheet.lines.append
    strength = 6
    add(("attack strength", "6H close-in attack on a vehicle", "MW4 6.45"))
    if d >= 1:
        strength -= 3
        add(("range", f"-3 at {d} hex{'es' if d > 1 else ''}", "MW4 6.45"))
    if f.steps_lost:
        strength -= f.steps_lost
        add(("losses", f"-{f.steps_lost} for the firer's steps lost", "MW4 7.16"))
    if f.suppression:
        strength -= 3 * f.suppression
        add(("firer suppressed", f"S{f.suppression}: -{3 * f.suppression}", "MW4 7.6"))
    add(("attack superiority", f"{strength:+d}: H class, no defense deducted, terrain ignored", "MW4 6.43, 6.45"))
    _read_table(game, sheet, "anti_armor_d2", strength, 0)
    return sheet


def _read_table(game: Game, sheet: FireSheet, key: str, superiority: int, die_mod: int) -> None:
    table = game.rules.tables["crt"].section("entry")[key]
    cols = table["columns"]
    col = max((i for i, c in enumerate(cols) if c <= superiority), default=None)
    sheet.table, sheet.die_modifier = table["label"], die_mod
    if col is None:
        sheet.column = f"below {cols[0]:+d} (no effect)"
        sheet.cells = ("-",) * 6
    else:
        upper = f" to {cols[col + 1] - 1:+d}" if col + 1 < len(cols) else " and more"
        sheet.column = f"{cols[col]:+d}{upper}"
        sheet.cells = tuple(table["rows"][max(1, min(6, face + die_mod)) - 1][col] for face in range(1, 7))
    bad = [c for c in sheet.cells if c not in RESULTS]
    if bad:
        raise RulesetError(f"unknown result {bad[0]!r} in {key} (known: {', '.join(RESULTS)})", file="crt.toml")


def resolve(sheet: FireSheet, die: int) -> str:
    sheet.roll = die
    sheet.result = sheet.cells[die - 1]
    return sheet.result


def ammunition(game: Game, u: UnitState, sheet: FireSheet, dice) -> list[tuple[str, dict, str]]:
    """After a G shot: 1d6 at or under the unit's rating spends its missiles (6.84); a unit
    without another weapon leaves the map, a dual one fires conventionally from then on (6.87)."""
    rating = game.unit_type(u).get("ammo", 0)
    if not sheet.g_fire or not rating:
        return []
    r = dice.roll(f"ammunition depletion {u.id} (spent on 1-{rating})", 1, 6).total
    if r > rating:
        return [(u.id, {}, f"{u.id} ammunition: {r}, missiles left (MW4 6.84)")]
    if game.unit_type(u)["weapons_class"] == "dual":
        return [(u.id, {"g_spent": True}, f"{u.id} ammunition: {r}, missiles spent; it fires its other "
                                           "weapons from now on (MW4 6.84, 6.87)")]
    return [(u.id, {"g_spent": True, "status": "removed", "q": None, "r": None},
             f"{u.id} ammunition: {r}, missiles spent; it leaves the map (MW4 6.84)")]


def panic_number(game: Game, u: UnitState) -> tuple[int, str]:
    """The highest 1d10 on which the unit panics when it tries to move or fire (13.0)."""
    level, row = _panic_row(game, u)
    return row[_state(u)], f"panic level {level}%, {_state(u).upper() if _state(u) != 'full' else 'full strength'}"


def removal_number(game: Game, u: UnitState) -> int:
    return _panic_row(game, u)[1]["removal"]


def _panic_row(game: Game, u: UnitState) -> tuple[int, dict]:
    """The Panic Table row for the unit's level, with its company's rise (19.812)."""
    level = unit_panic_level(game, u)
    return level, panic_row(game, level)
