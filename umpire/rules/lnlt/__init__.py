"""Lock 'n Load Tactical (the rules text lock-n-load-tactical-player-aid.txt (not bundled with Umpire)): the procedures
that walk the tables in resources/rulesets/lnlt.  A first part: leg units.

The turn (3.0, 4.0, 9.0): a Rally phase (initiative, rally attempts), an Operations phase of
alternating impulses that three passes in a row end (`Phase.passes_to_end`), and an
Administrative phase.  Fire and melee are attacks on a hex (the core's `assault` action);
spotting attempts and the other unit actions are the rule system's own (actions.py).

    tables.py    the transcribed tables: damage check calculation and result, melee, mines
    state.py     a unit's counters (Shaken, wounded, Ops Complete), leaders, target modifiers
    spotting.py  lines of sight through degrading and blocking terrain, spotting (10.1, 10.3);
                 units riding in (not on) a vehicle are never seen, nor seen with (16.1)
    artillery.py off-board fire missions: spotting round, drift, fire for effect (18.2)
    movement.py  movement, streams, stacking (6.0, 10.5.1, 1.3)
    combat.py    direct fire, melee and the damage check (5.0, 5.2, 8.0)
    rally.py     initiative, rally, the Administrative phase (3.0, 9.0)
    actions.py   its unit actions described for the shells: spotting attempts, fire missions...
    bot.py       the autoplay driver

    damage.py    the damage check, morale checks, a struck vehicle's crew and passengers (15.4)
    ordnance.py  the Ordnance Fire Table and close assault on vehicles (14.1, 17.1)
    smoke.py     laying smoke and its lifting (7.0, 9.0)
    overrun.py   vehicles overrunning leg units (15.3)
    melee.py     melee (8.0); sniper.py snipers (11.4, 5.5)
    weapons.py   support weapons: portage, fire, melee, ordnance (1.6)
    pickup.py    support weapons picked up, dropped, handed over, captured (3.0, 1.6)
    lead.py      a leader's impulse: its hex and the hexes next to it act (4.0)
    medic.py     medics healing in the Rally phase (3.0, 11.3)
    airsupport.py  air strikes and their aircraft as anti-aircraft targets (19.1, 19.1.1)
    guided.py    an ATGM shot held for opportunity fire at its firer (14.1)
    helicopter.py  helicopters and rubber boats (19.2.1, 19.2.8, 19.4, 23.3.1)
    starshell.py star shells, fires and their spread (20.2, 10.5.6, 10.5.6.1)
    skills.py    heroes' skill counters (12.0)

Off-board artillery (18.2) is the action "fire_mission" (artillery.py: standard, loose and
concentrated missions).  Attacks: fire, ordnance, melee, close_assault, overrun; fire and ordnance may
single out one vehicle of the hex (the attack's `at`, 17.2).
Mortar weapon teams (18.1) fire with the better of 2d6 at every unit of the hex.
Assault movement and fire (6.1, 6.1.1) are an impulse in two halves: the core's
`impulse_goes_on` keeps the side acting between them and `impulse_end` lets a pass close it.
Scouts (11.6) move by stealth (6.4), spot 2 better and call artillery.
Support weapons (1.6) are counters carried by units (weapons.py); in the Rally phase they are
picked up, dropped, handed over and captured (pickup.py: the free action "weapons").  At night (the scenario's
`night`) fire beyond 2 hexes is harder, less so with thermal sights (20.1, 20.1.5, 10.1.2).
Hit & Run (6.7) is a pace of mounted units (movement.py).  See docs/lnlt-coverage.md for what is
not here.
"""

from __future__ import annotations

from ...core.rulesystem import RuleSystem as CoreRuleSystem, Table
from . import (actions, airsupport, artillery, combat, guided, damage, lead, pickup, rally, skills, smoke, spotting,
               starshell, state, weapons)
from .movement import check_move
from ...core.changes import Change
from .state import (SMC, aircraft, factors, good_order, gun, gun_text, passengers, pending_assault, shaken, strength_text,
                    vehicle)



def _arriving(game, u) -> str:
    """An off-map unit's state in its side's forces: when and where it arrives, if it does."""
    due = [r for r in game.reinforcements if u.id in r.units and u.status == "off_map"]
    return (f"arrives turn {due[0].turn} at {', '.join(game.map.number(h) for h in due[0].entry)}" if due
            else "")


class RuleSystem(CoreRuleSystem):
    name = "lnlt"
    Marks, State = state.Marks, state.State        # its own state, typed (core.rulestate)

    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        check_tables(ruleset)
    opportunity_rule = "LnLT 5.3"
    pause_rule = "LnLT 5.3"            # a move paused so that the enemy may fire at it
    mine_rules = {"stops": "LnLT 21.4.1", "destroyed": "LnLT 21.4.1"}


    def first_player(self, game, dice):
        """4.0: the side with the initiative (rolled in the Rally phase) acts first."""
        side = game.rule_state.initiative or game.first_player
        return side, [f"{game.side(side).name} has the initiative and acts first (4.0)"]

    def sight(self, game_map, night: bool = False):
        return spotting.Sight(game_map, self.ruleset)

    def spot(self, game, roll):
        return spotting.spot(game, self.sight(game.map))

    def watchers(self, game, where, unit=None):
        return spotting.watchers(game, self.sight(game.map), where, unit)

    def check_move(self, game, unit_id, path, how=None):
        return check_move(game, unit_id, path, how)

    def victory(self, game, final=False):
        return Objectives.evaluate(game, final)

    # ------------------------------------------------------------------ optional hooks
    def phase_start(self, game, key, dice):
        if key == "rally":
            # an umpire who ended the last turn early skipped its Administrative phase: its
            # housekeeping (spotting lapses, markers off, smoke thins) is done now (9.0)
            skipped = self._housekeeping(game, dice) if game.turn > 1 and \
                game.rule_state.administered != game.turn - 1 else []
            return skipped + rally.initiative(game, dice) + rally.rally(game, dice)
        if key == "administrative":
            return self._housekeeping(game, dice)
        if key == "operations":
            return artillery.walk_barrages(game, dice)      # before any impulse (18.2)
        return []

    def _housekeeping(self, game, dice):
        # 9.0 step 2: smoke, star shells, and the fire spread check (10.5.6.1, a sample rule)
        return rally.administrative(game) + smoke.administrative(game) + starshell.administrative(game) + \
            starshell.spread(game, dice) + \
            pickup.found_gone(game) + \
            [Change("game", "state", {"administered": game.turn if game.phase == "administrative" else game.turn - 1})]

    def scenario_problems(self, scenario):
        """16.1, 1.6: what a vehicle carries fits its capacity, what a unit carries its portage."""
        from .movement import CAPACITY, SQUAD_SHARE
        types, vehicles = self.ruleset.unit_types, self.ruleset.tables["vehicles"].section("entry")
        out = []
        aircraft_types = {k for k, v in vehicles.items() if v.get("aircraft")}
        for u in scenario.units:
            if u.type in aircraft_types:       # 19.1.1: an air strike brings it, over its target
                out.append((f'unit "{u.id}"', f'"{u.id}"', f"{u.id} is a {types[u.type]['label'].lower()}: an air "
                            "strike puts one over its target (19.1); a scenario gives [[air]] support instead"))
        for carrier in scenario.units:
            load = [u for u in scenario.units if u.carried_by == carrier.id]
            kind = types[carrier.type]["kind"]
            arms = [u for u in load if types[u.type]["kind"] == "support_weapon"]
            riders = [u for u in load if u not in arms]
            where = (f'unit "{carrier.id}"', f'"{carrier.id}"')
            if len(arms) > weapons.PORTAGE.get(kind, 0):
                out.append((*where, f"{carrier.id} carries {len(arms)} support weapons; a {kind.replace('_', ' ')} "
                                    f"carries {weapons.PORTAGE.get(kind, 0)} (1.6)"))
            if riders and kind == "vehicle":
                squads, smc = CAPACITY.get(vehicles[carrier.type]["transport"], (0, 0))
                if sum(SQUAD_SHARE.get(types[u.type]["kind"], 0) for u in riders) > squads or \
                        sum(1 for u in riders if types[u.type]["kind"] in SMC) > smc:
                    out.append((*where, f"{carrier.id} carries more than its {vehicles[carrier.type]['transport']} "
                                        "capacity (16.1)"))
            elif riders:
                out.append((*where, f"{carrier.id} is not a vehicle: it carries support weapons only (1.6, 16.1)"))
        return out

    def impulse_goes_on(self, game, side):
        # 6.1: an assault's second half; 4.0: units of a leader's hexes still to act; 19.1.1: an
        # aircraft over its target, its strike still to fall
        return bool(pending_assault(game, side)) or lead.open_hexes(game, side) is not None \
            or bool(airsupport.inbound(game, side)) or bool(guided.holding(game, side))      # 14.1

    def halts(self, ctx, uid):
        """19.1: an aircraft halted over its target lets its strike fall (airsupport.deliver); 14.1:
        an ATGM firer halted resolves its shot (guided.resolve)."""
        from ...core.changes import apply
        u = ctx.game.units[uid]
        if aircraft(ctx.game, u):
            apply(ctx, airsupport.deliver(ctx.game, u, ctx.dice))
        elif u.marks.guiding is not None:             # 14.1: the ATGM shot in flight resolves
            apply(ctx, guided.resolve(ctx.game, u, ctx.dice))

    def impulse_end(self, game, side):
        ending = [Change("unit", u.id, {"assault": None},
                         (f"{u.id} does not finish its assault (6.1)",)) for u in pending_assault(game, side)]
        return (ending + lead.end(game, side)) or None

    def paces(self):
        return (("normal", "&Normal", "The unit's movement factor (6.0)"),
                ("assault", "&Assault Movement", "Half its MPs, then it may fire at -2 in the same impulse; or, "
                 "after assault fire, half its MPs (6.1, 6.1.1; vehicles 15.2)", ("leg", "tracked", "offroad", "road")),
                ("stealth", "&Stealth Movement", "Scouts and units able to: assault movement, unseen in "
                 "cover for moving (6.4)"),
                ("double", "&Double Time", "With a Good Order leader in the stack: 2 MPs more (6.2)"),
                ("low_crawl", "&Low Crawl", "One hex that does not take all its MF; not spotted for moving, "
                 "opportunity fire only if the hex is spotted (6.3)"),
                ("hit_and_run", "&Hit && Run", "Mounted units: half their MF, fire at -2, then half again, under "
                 "a Hit & Run marker (6.7)"))

    def offers(self):
        return frozenset({"attack", "mount", "stack_move", "pace"})

    def may_act_now(self, game, unit):
        """The window's reminder before Pass, Next Phase, End Turn (core.idle): off the map a unit
        acts only by entering, a reinforcement due by this turn (its move).  The unit actions'
        `fits` say what a unit could do were it on the map (smoke, 7.0): they named a squad due
        on turn 3 among the units that "could still act" on turn 1."""
        if not unit.on_map:
            return (unit.status == "off_map" and not (unit.moved or unit.acted) and self.moves_now(game)
                    and any(unit.id in r.units and r.turn <= game.turn for r in game.reinforcements))
        return super().may_act_now(game, unit)

    def attack_kinds(self):
        return combat.KINDS

    def assault_sheet(self, game, unit_ids, target, kind="fire", aim=None):
        return combat.attack_sheet(game, self.sight(game.map), unit_ids, target, kind, aim)

    def resolve_assault(self, game, sheet, dice):
        return combat.resolve(game, sheet, dice)

    def actions(self):
        # spotting attempts, fire missions, smoke, leading, weapons, medics; a side's orders file (issue 23)
        return {**actions.ACTIONS, "orders": _orders_file().ORDERS}

    def read_orders(self, path):                  # the Rally phase's choices by file (LnLT 3.0)
        return _orders_file().read_orders(path)

    def mine_attack(self, game, unit_id, mine_type, leaving, dice):
        return damage.mines_vs_vehicle(game, game.units[unit_id], leaving, dice)

    MARK_WORDS = (("S", "Shaken"), ("W", "wounded (LnLT 11.1.2)"), ("Im", "immobilized"), ("Mv", "moved this turn"), ("HR", "Hit & Run (LnLT 6.7)"),
                  ("Fd", "fired this turn"), ("OC", "operations complete this turn"))

    def unit_marks(self, game, unit):
        return " ".join(x for x in ("S" if shaken(unit) else "", "W" if unit.marks.wounded else "",
                                    "Im" if unit.marks.immobilized else "", "Mv" if unit.moved else "",
                                    "HR" if unit.moved and unit.marks.hit_run else "", "Fd" if unit.fired else "",
                                    "OC" if unit.marks.ops_complete else "") if x)

    def strength_text(self, game, unit):
        return strength_text(game, unit)

    def forces_table(self, game, units):
        rows = [(u.id, game.unit_type(u)["label"], game.whereabouts(u),
                 factors(game, u), ("lying on the ground" if u.status == pickup.DROPPED else
                                    "Good Order" if good_order(u) else ("Shaken" if u.on_map else _arriving(game, u)))
                 + (", captured" if u.marks.captured else "")
                 + (f", {'with' if game.unit_type(u)['kind'] == 'support_weapon' else 'aboard'} {u.carried_by}"
                    if u.carried_by else ""),
                 "wounded" if u.marks.wounded else "",
                 ", ".join(x for x, on in (("moved", u.moved), ("fired", u.fired),
                                          ("ops complete", u.marks.ops_complete)) if on))
                for u in sorted(units, key=lambda u: u.id)]
        return Table("Our forces", ("Unit", "Type", "Hex", "FP-range-morale", "State", "Wounds", "This turn"), rows,
                     "No units left.")

    def orders_form(self, game, side):
        # a support weapon is fired, carried and handed over by its unit (1.6): no row of its own
        # (the form gave "1st Sqd LAW" a Move to, a Fire at and a Spot hex)
        mine = [u for u in sorted(game.units.values(), key=lambda u: u.id)
                if u.side == side and u.status in ("on_map", "off_map")
                and not (u.carried_by and game.unit_type(u)["kind"] == "support_weapon")]
        form = [Table(f"Impulses for turn {game.turn + 1} (LnLT 4.0)", ("Unit", "Move to", "Fire at / melee",
                                                                       "Spot hex"),
                      [(u.id, "", "", "") for u in mine], "No units.")]
        guns = [a for a in game.artillery if a.side == side and artillery.missions_left(game, a)]
        if guns:
            form.append(Table("Fire missions (standard / loose / concentrated / line / walking, LnLT 18.2)",
                              ("Support", "Missions left", "Leader", "Hex", "Mission", "To hex / direction"),
                              [(f"{a.label} ({a.strength} FP)", str(artillery.missions_left(game, a)), "", "", "", "")
                               for a in guns], ""))
        return form

    def unit_details(self, game, unit, umpire):
        t = game.unit_type(unit)
        rows = [("Type", t["label"]), ("Side", game.side(unit.side).name),
                ("Firepower / range / morale", factors(game, unit)),
                ("Movement", f"{t['movement']} MP"),
                ("Position", game.whereabouts(unit)),
                ("State", ("Shaken — no fire, no advance toward a seen enemy (5.0)" if shaken(unit) else "Good Order")
                 + (", wounded (11.1.2)" if unit.marks.wounded else ""))]
        if t["lm"]:
            rows.append(("Leadership", f"LM {t['lm']} (11.1)"))
        rows += skills.details(game, unit)             # 12.0
        v, g = vehicle(game, unit), gun(game, unit)
        if v:
            rows.append(("Armour", (f"hull {'/'.join(map(str, v['hull']))}" + (
                f", turret {'/'.join(map(str, v['turret_armour']))}" if "turret_armour" in v else "")
                + " (front/side/rear)") if v["armoured"] else "unarmoured"))
            aboard = [p.id for p in passengers(game, unit)]
            if v["transport"] != "none":
                rows.append(("Passengers", f"{v['transport']} (16.1): " + (", ".join(aboard) or "none aboard")))
            if unit.marks.facing is not None:
                rows.append(("Facing", game.map.grid.direction_name(unit.marks.facing)))
        if g:
            rows.append(("Ordnance", gun_text(g) + " (14.1)"))
        if unit.carried_by:
            rows.append(("Carried by" if t["kind"] == "support_weapon" else "Aboard", unit.carried_by))
        if unit.status == pickup.DROPPED:
            rows.append(("On the ground", f"lying in {game.map.number(unit.hex)}: a Good Order unit there may pick "
                                          "it up in the Rally phase (3.0, 1.6)"))
        if unit.marks.captured:
            rows.append(("Captured", "taken from the enemy" + (": its first attack without effect gives it up (1.6)"
                                                              if unit.marks.untried else "")))
        arms = [w.id for w in weapons.carried(game, unit)]
        if arms:
            rows.append(("Support weapons", ", ".join(arms) + " (1.6)"))
        if umpire and unit.on_map:
            rows.append(("Spotting", "unseen by the enemy" if unit.face_down else "spotted by the enemy"))
        return rows

    def bot(self):
        from .bot import Bot
        return Bot(self)


def check_tables(rules) -> None:
    """The counters' tables must agree (a club typing its module's counters over the samples):
    every vehicle has its armour, every crew, hero and gun a unit type -- one line naming the
    file and the entry otherwise, before any play."""
    from ...core.errors import RulesetError
    units = rules.unit_types

    def fail(table: str, key: str, problem: str) -> None:
        raise RulesetError(problem, file=str(rules.tables[table].path), place=f"[entry.{key}]")
    vehicles = rules.tables["vehicles"].section("entry")
    for key, t in units.items():
        if t["kind"] == "vehicle" and key not in vehicles:
            fail("units", key, f"vehicle {key!r} has no entry in vehicles.toml (its armour, 15.0)")
        if t.get("hero") and t["hero"] not in units:
            fail("units", key, f"its hero {t['hero']!r} is not a unit type")
    for key, v in vehicles.items():
        if key not in units or units[key]["kind"] != "vehicle":
            fail("vehicles", key, f"{key!r} is not a vehicle in units.toml")
        if v["crew"] not in units:
            fail("vehicles", key, f"its crew {v['crew']!r} is not a unit type")
        if len(v["hull"]) != 3 or len(v.get("turret_armour", [0, 0, 0])) != 3:
            fail("vehicles", key, "armour takes three values: front, side, rear (14.1)")
        faces = {f"{part}_{side}" for part in ("hull", "turret") for side in ("front", "side", "rear")}
        odd = [x for x in v.get("red_armour", []) if x not in faces]
        if odd:
            fail("vehicles", key, f"red_armour {odd[0]!r} is none of {', '.join(sorted(faces))} (14.1)")
    for key, m in rules.tables["modes"].section("entry").items():
        if key not in units or units[key]["kind"] != "support_weapon":
            fail("modes", key, f"{key!r} is not a support weapon in units.toml (1.6)")
        if not len(m["modes"]) == len(m["firepower"]) == len(m["range"]) or len(m["modes"]) < 2:
            fail("modes", key, "modes, firepower and range need one value per mode, two modes at least (1.6)")
    medics = rules.tables["medics"].section("entry")
    for key, t in units.items():
        if t["kind"] == "medic" and key not in medics:
            fail("units", key, f"medic {key!r} has no entry in medics.toml (its healing number, 11.3)")
    for key, g in rules.tables["ordnance"].section("entry").items():
        if key not in units:
            fail("ordnance", key, f"{key!r} is not a unit type in units.toml")
        if not len(g["bands"]) == len(g["to_hit"]) == len(g["penetration"]):
            fail("ordnance", key, "bands, to_hit and penetration need one value per range band (14.1)")


class Objectives:
    """Victory by objective hexes held at the end (the scenario's [[victory]] points): a hex
    counts for a side when only its units stand in it.  The series' scenarios set their own
    conditions; this is the common case."""

    def __init__(self, points, lines, final):
        self.points, self.lines, self.final = points, lines, final

    @classmethod
    def evaluate(cls, game, final=False):
        points, lines = {s: 0 for s in game.side_ids()}, []
        for v in game.victory:
            for o in v.objectives:
                here = {u.side for u in game.units.values() if u.on_map and u.hex == o.hex}
                label = f"{o.label} ({game.map.number(o.hex)})" if o.label else game.map.number(o.hex)
                if here == {v.side}:
                    points[v.side] += o.points
                    lines.append(f"{label}: held by {game.side(v.side).name}, {o.points} points")
                else:
                    lines.append(f"{label}: not held by {game.side(v.side).name}")
        return cls(points, lines, final)

    def text(self, game):
        head = "Final result" if self.final else f"Situation after turn {game.turn}"
        score = ", ".join(f"{game.side(s).name} {p}" for s, p in self.points.items())
        best = max(self.points.values(), default=0)
        top = [s for s, p in self.points.items() if p == best]
        result = f"{game.side(top[0]).name} wins" if len(top) == 1 else "drawn"
        return "\n".join([f"{head}: {score} — {result} (objectives held)"] + [f"  {x}" for x in self.lines])


def _orders_file():
    """The side's orders file (issue 23): imported here rather than with the modules above."""
    from . import orders_file
    return orders_file
