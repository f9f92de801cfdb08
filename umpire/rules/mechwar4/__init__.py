"""MechWar 4: the procedures that walk the tables in resources/rulesets/mechwar4.  The course of
play (MW4 2.0) is the sequence of play (4.0, 4.1): the phases in ruleset.toml, entered through
`phase_start`."""

from __future__ import annotations

import dataclasses

from ...core.hexgrid import Hex, hex_distance
from ...core.los import Eye
from ...core.ruleset import Ruleset
from ...core.rulesystem import RuleSystem as CoreRuleSystem
from ...core.terrain import GameMap
from .los import Mw4Map
from .ammunition import ammunition
from .fire import fire_sheet, split_problem
from .morale import panic_number, removal_number
from .special import exposed, mine_sheet, rider_sheet
from .breaching import plows_at_phase_end, spared
from .engineers import works_at_phase_end
from .electronic import command_problem as jammed_command, jammers_at_phase
from .worksheet import STEPS, SUPPRESSION, FireSheet, resolve, settle
from .formation import formation, formation_checks
from .barrage import resolve_plots
from .impact import barrage_attack
from .indirect import indirect_support, plot_problem
from .initiative import roll_initiative
from . import details, morale, report, state, traits
from .actions import hooks
from ...core.changes import Change
from .movement import MoveCheck, check_move, defilade_problem, form_column_problem
from .kept_pairs import KeptPairs
from .spotting import Spotter
from .orders_file import before_play, read_orders
from .supports import all_supports
from .victory import VictoryReport, evaluate




# MW4 19.14 command summary: what each command lets a company's units do when activated.
#   moves    must | may | never
#   status   whether its units may change status (form column) -- Rally forbids it
#   fires    False: its units may not fire (Rally); absent: they may
#   watches  a standing order that stops an enemy move for opportunity fire (6.5): "sight" --
#            any hex its units see (Overwatch; the units of a Bounding Overwatch company that
#            have not moved); "zone" -- the ambush hex and the hexes next to it (6.9131)
COMMANDS = {
    "bound": {"label": "Bound (BC)", "rule": "MW4 19.14", "moves": "must", "status": True, "watches": None},
    "overwatch": {"label": "Overwatch (OC)", "rule": "MW4 19.14", "moves": "never", "status": True,
                  "watches": "sight"},
    "bounding_overwatch": {"label": "Bounding Overwatch (BOC)", "rule": "MW4 19.14", "moves": "may",
                           "status": True, "watches": "sight"},
    "withdraw": {"label": "Withdraw (WC)", "rule": "MW4 19.14", "moves": "may", "status": True, "watches": None},
    "rally": {"label": "Rally (RC)", "rule": "MW4 19.14", "moves": "never", "status": False, "watches": None,
              "fires": False},
    "regroup": {"label": "Regroup (RGC)", "rule": "MW4 19.14", "moves": "never", "status": True, "watches": None},
    "ambush": {"label": "Ambush", "rule": "MW4 6.913", "moves": "never", "status": True, "watches": "zone"},
}


class RuleSystem(CoreRuleSystem):
    """MechWar 4 (see core.rulesystem for what each method is for)."""

    name = "mechwar4"
    Marks, State = state.Marks, state.State        # its own state, typed (core.rulestate)
    Traits = traits.Traits                          # what its scenarios add to their records (core.traits)
    opportunity_rule = "MW4 6.5"
    sequence_rule = "MW4 4.1"
    pause_rule, go_on_rule = "MW4 6.52", "6.53"
    mine_rules = {"stops": "MW4 16.13", "destroyed": "MW4 16.11", "leaving": "MW4 16.14"}

    # ------------------------------------------------------------------ its actions, and its part in the core's
    def actions(self):
        from .actions import ACTIONS
        return ACTIONS

    def act_problem(self, game, uid, doing):
        return hooks.act_problem(game, uid, doing)

    def hold_problem(self, game, uid):
        return hooks.hold_problem(game, uid)

    def activation_goes_on(self, game):
        return hooks.activation_goes_on(game)

    def pass_problem(self, game, side):
        return hooks.pass_problem(game, side)

    def move_starts(self, ctx, uid, check):
        return hooks.move_starts(ctx, uid, check)

    def move_stop(self, game, uid, check):
        return hooks.move_stop(game, uid, check, self.commands())

    def move_ends(self, ctx, uid, start, entered, paused, check):
        return hooks.move_ends(ctx, uid, start, entered, paused, check)

    def halts(self, ctx, uid):
        hooks.close_overwatch(ctx)

    def marks_after_move(self, game, uid, check, paused, left):
        return hooks.marks_after_move(game, uid, check, paused, left)

    def mine_type(self, game, h):
        """FASCAM fired again on a hex lays a stronger field over it: "hasty +2" (19.43)."""
        kinds = [o.detail for o in game.map.overlays if o.kind == "minefield" and o.hex == h]
        return max(kinds, key=lambda k: int(k.partition(" +")[2] or 0), default=None)

    def mine_attack(self, game, unit_id, mine_type, leaving, dice):
        """The mined hex attacks the unit like a shot, priced by mine_sheet (16.0-16.14) -- but a
        plow going in and units in column in a breached field (16.2, 16.19)."""
        if spared(game, game.units[unit_id], leaving):
            return []
        sheet = mine_sheet(game, unit_id, mine_type, leaving)
        if sheet is None:
            return []
        u = game.units[unit_id]
        die = dice.roll(f"mine attack on {unit_id} in {game.map.number(u.hex)}", 1, 6).total
        result = resolve(sheet, die)
        settled, _lines = settle(sheet, dice)
        return [Change("attack", unit_id, {"result": result if settled is None else settled},
                       tuple(sheet.text(unit_id)))]

    def apply_change(self, ctx, change, indent=""):
        """A result dealt to a unit as a shot deals it ("attack"): losses, suppression, the
        passengers' fate, a wreck, the company's morale (6.0, 9.13, 19.5, 19.812)."""
        from .actions.fire import apply_result
        if change.what != "attack":
            raise ValueError(f"unknown change {change.what!r}")
        from sqlalchemy import select
        from ...core.store import models as m
        if ctx.game.units[change.key].status != "on_map":
            return                  # destroyed by an earlier attack of the same step
        ctx.log.add(change.lines, change.reader, indent)
        rows = {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
        apply_result(ctx, rows, change.key, change.values["result"])

    def bot(self):
        from .bot import Bot
        return Bot(self)

    def paces(self):
        return (("normal", "&Normal", "One hex a phase (MW4 8.1)"),
                ("double", "&Double Time", "Two hexes, for a level of fatigue (MW4 8.161-8.162)"),
                ("charge", "&Charge", "Three hexes, for fatigue level 3; fresh units only (MW4 8.163)"))

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._sight: tuple[object, Mw4Map] | None = None
        self._kept = KeptPairs()        # each side's pairs between passes: a move re-judges its own

    def sight(self, game_map: GameMap, night: bool = False) -> Mw4Map:
        """The map prepared for line-of-sight questions.  The last one is kept while the map's
        terrain, hexsides and overlays are the same (each action reads the game afresh)."""
        if game_map.static_key is not None:
            ground = game_map.static_key
        else:
            ground = (hash(frozenset(game_map.terrain.items())), hash(frozenset(game_map.elevation.items())),
                      hash(frozenset((side, tuple(sorted(kinds))) for side, kinds in game_map.hexsides.items())))
        # only overlays that block sight matter here (smoke); impacts, wrecks and mines do not
        blocking = tuple(sorted(o.hex for o in game_map.overlays if self.ruleset.overlays[o.kind]["blocks_los"]))
        key = (game_map.grid, night, ground, blocking)
        if self._sight is None or self._sight[0] != key:
            self._sight = (key, Mw4Map(game_map, self.ruleset, night))
        return self._sight[1]

    def spotter(self, game) -> Spotter:
        return Spotter(game, self.sight(game.map, game.night))

    def spot(self, game, roll):
        """Each side's sightings now: {side: {unit id: (observer ids, rule)}} (core.engine)."""
        spotter = self.spotter(game)
        out = {}
        for side in game.side_ids():
            rep = self._kept.report(spotter, side, roll)
            out[side] = {uid: (s.observers, s.rule) for uid, s in rep.seen.items()}
        return out

    def watchers(self, game, where, unit=None):
        return self.spotter(game).watchers(where, unit)

    def check_move(self, game, unit_id: str, path, how: dict | None = None) -> MoveCheck:
        """Price and check a path (MW4 8.0), and note who could fire on each hex entered (6.5).
        `how`: pace, column, mount, dismount, exit (see movement.check_move)."""
        check = check_move(game, unit_id, path, how)
        if not check.legal:
            return check
        sight = self.sight(game.map, game.night)
        mover = game.units[unit_id]
        # who may fire at it as it enters each hex: not yet moved or fired this turn (6.13, 6.51)
        enemies = [v for v in game.units.values() if v.on_map and not v.carried_by and v.side != mover.side
                   and game.unit_type(v)["attack"] > 0 and not v.moved and not v.fired]
        watchers = {}
        # a unit going on after a pause: who saw it where it paused too (for standing orders)
        for step in check.steps[(0 if mover.paused else 1):]:
            who = tuple(v.id for v in enemies if hex_distance(v.hex, step.hex) <= game.unit_type(v)["range"]
                        and sight.line_of_sight(Eye(v.hex), Eye(step.hex)).clear)
            if who:
                watchers[step.hex] = who
        return dataclasses.replace(check, watchers=watchers)

    def form_column_problem(self, game, unit_id: str) -> tuple[str, str] | None:
        return form_column_problem(game, unit_id)

    def defilade_problem(self, game, unit_id: str, facing) -> tuple[str, str] | None:
        return defilade_problem(game, unit_id, facing)

    def formation(self, game, company_id: str) -> tuple[list[str], list[str], str]:
        """Which of a company's ready units may act together now (MW4 4.1 simplified formation
        doctrine), which may not, and why."""
        return formation(game, company_id)

    # ------------------------------------------------------------------ fire (MW4 6.0, 13.0)
    def fire_sheet(self, game, firer_id: str, target_id: str, mode: str = "main", overrun: bool = False,
                   element: str | None = None, short_halt: bool = False) -> FireSheet:
        return fire_sheet(game, self.sight(game.map, game.night), firer_id, target_id, mode, overrun, element,
                          short_halt)

    def split_problem(self, game, unit_id: str, elements: list[str]) -> str | None:
        """Why the unit may not split its fire into these elements (MW4 6.93), or None."""
        return split_problem(game, game.units[unit_id], elements)

    def rider_sheet(self, game, sheet: FireSheet, rider_id: str) -> FireSheet | None:
        """The shot at a tank, read again for the infantry riding on it (9.2)."""
        return rider_sheet(game, sheet, rider_id)

    def exposed_passenger(self, game, passenger_id: str) -> bool:
        """A passenger that does not share its carrier's losses (9.13) but takes the shot as a
        soft target: riding on a tank (9.2), or having fired from hatches or an open top this
        turn (9.52, 9.54, 9.55)."""
        return exposed(game, game.units[passenger_id])

    def mine_sheet(self, game, unit_id: str, mine_type: str, leaving: bool = False) -> FireSheet:
        return mine_sheet(game, unit_id, mine_type, leaving)

    def settle_fire(self, sheet: FireSheet, dice) -> tuple[str, list[str]]:
        """A parenthesised result and the defender's roll it needs (MW4 6.0)."""
        return settle(sheet, dice)

    def resolve_fire(self, sheet: FireSheet, die: int) -> str:
        return resolve(sheet, die)

    def after_fire(self, game, unit, sheet: FireSheet, dice) -> list[tuple[str, dict, str]]:
        """What firing does to the firer afterwards: ammunition depletion (6.84)."""
        return ammunition(game, unit, sheet, dice)

    def unit_lost(self, game, unit, dice, where=None) -> list[Change]:
        """A unit is destroyed: its company's morale (19.812; none for independent units,
        19.823), its battalion's (19.822), and a lost HQ's replacement (19.814)."""
        return morale.unit_lost(game, unit, dice, where)

    def game_start(self, game, dice) -> list[Change]:
        """Before play: each rated battalion's HQ value (19.821)."""
        return morale.game_start(game, dice)

    def command_problem(self, game, company_id: str, code: str) -> str | None:
        """Why a company may not take this command (19.14 BOC; 19.822, 19.814 for Rally)."""
        side = next((b.side for c in game.companies if c.id == company_id
                     for b in game.battalions if b.id == c.battalion), None)
        if why := jammed_command(game, side, code):          # 19.917
            return why
        if code == "bounding_overwatch" and sum(1 for u in game.units.values() if u.company == company_id) < 2:
            return f"{company_id} has a single unit: no Bounding Overwatch (MW4 19.14)"
        if code == "rally":
            return morale.may_rally(game, company_id)
        return None

    def fire_effect(self, result: str) -> tuple[int, int]:
        """(steps lost, suppression levels) for a CRT result."""
        return STEPS.get(result, 0), SUPPRESSION.get(result, 0)

    def panic_number(self, game, unit) -> tuple[int, str]:
        return panic_number(game, unit)

    def panic_die_modifiers(self, game, unit) -> tuple[tuple[str, int], ...]:
        """Added to the unit's panic die rolls (19.75, 19.76 at night)."""
        return morale.panic_die_modifiers(game, unit)

    def phase_start(self, game, key: str, dice) -> list[Change]:
        """What entering a phase does.  Panic and Suppression Removal: companies out of formation
        take a panic level (4.1), suppression comes off (7.4), companies under Rally roll to rally
        (19.14 RC), then each panic marker left comes off on the Panic Table's removal roll (13.0,
        4.1 C).  Indirect Fire: broken battalions'
        HQs try to rally (19.824).  Every phase begins with no company activated and nobody open
        to overwatch fire (4.1, 6.91)."""
        fresh = [Change("game", "state", {"active_company": None, "activation_units": (), "overwatch_targets": ()})]
        if key == "indirect_fire":      # jammers (19.915), rallies, then the artillery in the phase's last step (14.14)
            return fresh + jammers_at_phase(game, dice) + morale.battalion_rallies(game, dice) + resolve_plots(game, dice,
                                                                                self.sight(game.map, game.night))
        if key == "regroup":            # 15.73: acquired for the rest of the Indirect Fire phase only
            return fresh + [Change("overlay", "acquired", {"clear": True})]
        if key != "panic_removal":
            return fresh
        checks = formation_checks(game)      # 4.1: the formations as the movement left them
        out: list[Change] = fresh + works_at_phase_end(game) + plows_at_phase_end(game, dice) + checks  # 19.612, 16.2
        for c in checks:
            if c.values:               # the removal rolls below see it
                cid = c.key[1]
                companies = {**game.rule_state.companies, cid: game.rule_state.company(cid).but(**c.values)}
                game.rule_state = game.rule_state.but(companies=companies)
        for u in game.units.values():
            if u.marks.suppression:
                out.append(Change("unit", u.id, {"suppression": 0}, (f"{u.id}: suppression removed (MW4 7.4)",)))
        rallied, cleared = morale.rally_commands(game, dice)
        out.extend(rallied)
        for u in game.units.values():
            if u.marks.panicked and u.status == "on_map" and u.id not in cleared:
                need = removal_number(game, u)
                mods = morale.panic_die_modifiers(game, u)
                r = dice.roll(f"panic removal {u.id} (removed on 1-{need})", 1, 10, mods).total
                if r <= need:
                    out.append(Change("unit", u.id, {"panicked": False}, (f"{u.id}: panic removed on {r} (MW4 13.0)",)))
                else:
                    out.append(Change("unit", u.id, {}, (f"{u.id}: still panicked ({r}; MW4 13.11)",)))
        return out

    def state_problems(self, game):
        """Its records name companies, battalions and units the game has, and hexes on its map."""
        st, units = game.rule_state, game.units
        companies, battalions = {c.id for c in game.companies}, {b.id for b in game.battalions}
        if st.active_company is not None and st.active_company not in companies:
            yield "game_info: rule_state", f"unknown active company {st.active_company!r}"
        for uid in (*st.activation_units, *st.overwatch_targets):
            if uid not in units:
                yield "game_info: rule_state", f"unknown unit {uid!r}"
        for cid in st.companies:
            if cid not in companies:
                yield "game_info: rule_state", f"morale of unknown company {cid!r}"
        for bid in st.battalions:
            if bid not in battalions:
                yield "game_info: rule_state", f"morale of unknown battalion {bid!r}"
        for u in units.values():
            m = u.marks
            for what, h in (("counterbattery hex", m.cb_spotted),
                            ("fired-from hex", Hex(*m.fired_from[:2]) if m.fired_from else None)):
                if h is not None and not game.map.contains(h):
                    yield f"unit {u.id!r}", f"{what} {h.q}, {h.r} is off the map"

    def new_turn(self, game) -> list[Change]:
        """A movement phase without spending MP rests one level of fatigue (8.164); fired-at
        marks last the turn (7.15), and so does a short halt (19.31)."""
        out = []
        for u in game.units.values():
            fatigue = u.marks.fatigue
            if fatigue and u.status == "on_map" and u.mp_spent == 0:
                fatigue -= 1
                out.append(Change("unit", u.id, {"fatigue": fatigue}, (f"{u.id} rests: fatigue level {fatigue} (MW4 8.164)",)))
            if u.marks.fired_on:
                out.append(Change("unit", u.id, {"fired_on": False}))
            if u.marks.short_halt:
                out.append(Change("unit", u.id, {"short_halt": False}))        # 19.31: that move's
        return out

    MARK_WORDS = (("C", "in column (MW4 8.1)"), (r"F(\d)", "fatigue level {0} (MW4 8.16)"),
                  (r"S(\d+)", "suppressed, level {0} (MW4 7.4)"), ("P", "panicked (MW4 13.0)"),
                  ("Df", "in defilade (MW4 10.5)"), ("Ub", "takes H fire unbuttoned (MW4 7.32)"),
                  (r"out \(missiles\)", "missiles used up (MW4 6.87)"), ("missiles spent", "missiles used up"),
                  ("low", "ammunition low (MW4 6.87)"), ("out", "out of ammunition (MW4 6.87)"))

    def unit_marks(self, game, unit) -> str:
        """C column, F1-F3 fatigue, S1.. suppression, P panic, Df defilade, Ub takes H fire
        unbuttoned (8.1, 8.16, 7.4, 13.0, 10.5, 7.32), ammunition low or out (6.87)."""
        m = unit.marks
        return " ".join(x for x in ("C" if m.in_column else "", f"F{m.fatigue}" if m.fatigue else "",
                                    f"S{m.suppression}" if m.suppression else "", "P" if m.panicked else "",
                                    "Df" if m.defilade is not None else "", "Ub" if m.unbuttoned else "",
                                    report.ammunition(game, unit)) if x)

    def forces_table(self, game, units):
        return report.forces_table(game, units, COMMANDS)

    def orders_form(self, game, side):
        return report.orders_form(game, side, COMMANDS)


    def first_player(self, game, dice) -> tuple[str, list[str]]:
        """MW4 4.2: each side rolls 1d6 and adds a tenth of its panic level; the lower total
        acts first, a tie going to the lower panic level (and a full tie to a new roll)."""
        panic = {s.id: traits.panic_level(game, traits.side_quality(game, s.id)) for s in game.sides}
        names = {s.id: s.name for s in game.sides}
        first, lines = roll_initiative(panic, names, dice, "first player", "MW4 4.2")
        return first, lines + [f"{game.side(first).name} acts first: the lower roll plus a tenth of its "
                               f"panic level (MW4 4.2)"]

    def overrun_initiative(self, game, mover, defenders, dice) -> tuple[str, list[str]]:
        """MW4 12.0: the overrunning unit's side and the defenders' roll as in 4.2, each adding
        a tenth of its panic level -- the mover's own, the defenders' best (our reading) -- and
        the lower fires first.  Returns the side that fires first."""
        levels = {mover.side: morale.unit_panic_level(game, mover),
                  defenders[0].side: min(morale.unit_panic_level(game, d) for d in defenders)}
        names = {s: game.side(s).name for s in levels}
        return roll_initiative(levels, names, dice, "overrun fire initiative", "MW4 12.0")

    def indirect_support(self, game, uid: str):
        """An on-map H class unit as a support that may be plotted (MW4 7.0, 7.13), or None."""
        return indirect_support(game, uid)

    def stance_problem(self, game, uid: str) -> str | None:
        """Only hard and protected units button up, or choose not to (MW4 7.3)."""
        if game.unit_type(game.units[uid])["target"] not in ("hard", "protected"):
            return f"{uid} is a soft target: only hard and protected units button up (MW4 7.3)"
        return None

    def barrage_attack(self, game, uid: str, overlay, dice) -> list[Change]:
        """A unit entering a barrage's zone (MW4 7.14)."""
        return barrage_attack(game, uid, overlay, dice)

    def plot_problem(self, game, side: str, support, target, pattern: str, turn: int) -> str | None:
        """Why a fire mission may not be plotted (MW4 7.21, 14.13), or None."""
        return plot_problem(game, self.sight(game.map, game.night), side, support, target, pattern, turn)

    def commands(self) -> dict[str, dict]:
        return COMMANDS

    def status_note(self, game):
        """The company activated now and its units still to act (4.1)."""
        company = game.rule_state.active_company
        if not company:
            return ""
        waiting = [x for x in game.rule_state.activation_units if not (game.units[x].moved or game.units[x].acted)]
        return f"{company} activated" + (f" ({', '.join(waiting)} to act)" if waiting else "")

    def plotted_fire(self, game):
        """Off-board support, or units on the map that plot (7.0, 7.13, 14.0)."""
        return bool(all_supports(game)) or any(u.on_map and indirect_support(game, u.id) is not None
                                               for u in game.units.values())

    def plot_zone(self, game, pattern, centre):
        """A loose pattern strikes the six hexes around its centre too (7.21); counterbattery
        strikes guns off the map (19.2)."""
        if pattern == "counterbattery":
            return None
        return frozenset([centre] + (game.map.on_map_neighbours(centre) if pattern == "loose" else []))

    def unit_details(self, game, unit, umpire):
        return details.unit_details(game, unit, umpire)

    def formation_status(self, game, kind, formation_id):
        return details.formation_status(game, kind, formation_id)

    def orders_this_turn(self, game, side):
        return before_play(game, self.phases()[0].key)    # turn 1's orders, ambush too, before play (6.9131)

    def read_orders(self, path) -> tuple[str, dict]:
        orders = read_orders(path)
        return orders.side, orders.params()

    def victory(self, game, final: bool = False) -> VictoryReport:
        return evaluate(game, final)
