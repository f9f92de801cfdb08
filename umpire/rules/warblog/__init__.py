"""War Blog (the rules text warblog-print-and-play-rules.txt (not bundled with Umpire)): the procedures that walk the
tables in resources/rulesets/warblog.

The turn is two player turns (7.0): the scenario's first player moves, attacks and fires with
its units in any order, then the other (`Phase.player`).  Attacks are on a hex by every unit
that joins in (the core's `assault` action): assault, attrition or ranged fire.  The modules:

    combat.py    the arithmetic and its worked examples (11.1-11.6, 4.0, 6.0, 3.1, 9.3, 8.1)
    state.py     a unit's counters (depressions, turns standing still), defences, zones, leaders
    movement.py  movement, zones of control, streams, rivers, stacking (3.0-3.2, 2.1-2.6, 4.0)
    battle.py    an attack's worksheet; resolve.py its results (11.2, 11.5, 11.6)
    outcome.py   what a result does to each unit: depressions, retreats, morale (4.0, 6.0, 11.2)
    spotting.py  contact and reconnaissance (3.2, 3.6); turn.py recovery, digging in, objectives
    air.py       the air pool, air strikes and air defence (9.0, 9.1, 1.14)
    superiority.py  the air superiority box and its air combat (9.2, 9.3)
    siege.py     sieges of fortified hexes (11.4)
    hearts.py    hearts and minds, destroying objectives (8.3, 8.2): the scenario's [warblog]
    mines.py     minefields and engineers laying and clearing them (2.4.6)
    exploit.py   advancing after a won assault (3.5)
    signals.py   signals units jamming the enemy's orders (1.12)
    drones.py    drones' reconnaissance (1.45, 3.6); bridges.py bridges laid (1.27)
    bot.py       the autoplay driver
"""

from __future__ import annotations

from ...core.rulesystem import RuleSystem as CoreRuleSystem, Table
from ...core.changes import apply
from . import actions, battle, evasion, hearts, mines, refugees, resolve, signals, spotting, state, superiority, turn
from .movement import check_move, movement_left
from .state import depressions, features, strength_text, works


WORKS = {"dug_in": "dug in", "entrenched": "entrenched", "fortified": "fortified"}
# what a unit type's own rule does, for its details (the figures are figures.toml's samples)
SPECIAL = {
    "mountain": lambda g: f"mountains cost it {state.figure(g, 'mountain_infantry_mountain'):g}, mountain peaks "
                          f"{state.figure(g, 'mountain_infantry_peaks'):g} (1.19)",
    "radar": lambda g: f"adds {state.figure(g, 'radar'):g} to its side's air defence anywhere on the map (1.28)",
    "signals": lambda g: f"jams enemy units within {state.figure(g, 'signals_radius'):g} hexes, 1% a strength point (1.12)",
    "medical": lambda g: "units in its hex recover a depression more each turn (1.22)",
    "bridging": lambda g: "lays a bridge over a river beside it (1.27)",
    "grounded": lambda g: "cannot move; destroyed if forced to retreat (1.39)",
    "drone": lambda g: "reconnoitres a hex and the six around it (3.6); flies no air superiority (1.45)",
    "helicopter": lambda g: "strikes from the air pool; flies no air superiority (1.26)",
    "ballistic": lambda g: "strikes any hex its side sees; no air defence reaches it (1.11)",
}


class RuleSystem(CoreRuleSystem):
    name = "warblog"
    Marks, State = state.Marks, state.State        # its own state, typed (core.rulestate)


    def first_player(self, game, dice):
        return game.first_player, []

    def sight(self, game_map, night: bool = False):
        return spotting.Sight(game_map, self.ruleset)

    def spot(self, game, roll):
        return spotting.spot(game)

    def watchers(self, game, where, unit=None):
        return spotting.watchers(game, where, unit)

    def check_move(self, game, unit_id, path, how=None):
        return check_move(game, unit_id, path, how)

    def victory(self, game, final=False):
        return turn.standing(game, final)

    # ------------------------------------------------------------------ optional hooks
    def game_start(self, game, dice):
        return turn.objectives_at_start(game) + hearts.at_start(game)

    def phase_start(self, game, key, dice):
        side = player_side(game, key)
        return (refugees.wake(game) + hearts.turn_start(game, side, dice) + spotting.reconnoitre(game, side, dice)
                + signals.jam(game, side, dice))                        # 1.12: jammed orders

    mine_rules = {"stops": "War Blog 2.4.6"}

    def mine_attack(self, game, unit_id, mine_type, leaving, dice):
        return mines.attack(game, unit_id, mine_type, leaving, dice)

    def scenario_data(self):
        return hearts.KEYS

    from .scenario_fields import FIELDS as SCENARIO_FIELDS    # [warblog] described for the editor

    def scenario_problems(self, scenario):
        return hearts.problems(scenario) + refugees.problems(scenario)

    def move_ends(self, ctx, unit_id, start, entered, paused, check):
        apply(ctx, refugees.wake(ctx.game))          # 1.33: an enemy near latent refugees
        return None

    def phase_end(self, game, key, dice):
        return turn.end_of_player_turn(game, player_side(game, key))

    def offers(self):
        return frozenset({"attack"})

    def attack_kinds(self):
        return battle.KINDS

    def assault_sheet(self, game, unit_ids, target, kind="assault", aim=None):
        if aim and battle.raid(game, unit_ids, aim):       # 1.13: special forces single out a command unit
            return battle.attack_sheet(game, unit_ids, target, kind, only=aim) if kind in ("assault", "attrition") \
                else battle.refuse("special forces single out a command unit by assault or attrition (1.13)", "WB 1.13")
        if aim:                                 # 1.21: insurgents single out a unit
            return evasion.strike_sheet(game, [game.units[x] for x in unit_ids], target, aim)
        return battle.attack_sheet(game, unit_ids, target, kind)

    def resolve_assault(self, game, sheet, dice):
        summary, changes = resolve.resolve(game, sheet, dice)
        return summary, changes + refugees.wake(game, attacked=sheet.target)      # 1.33: combat in the city

    def may_act_now(self, game, unit):
        """The window's reminder before Pass and End Turn (core.idle): a unit that won an assault
        and may still advance into the hex it emptied (3.5) could act, though it has moved and
        attacked -- a pass took the advance away without a word."""
        spec = actions.ACTIONS["exploit"]
        if unit.on_map and unit.side == game.active_side and spec.is_open(game) and spec.fits_unit(game, unit):
            return True
        return super().may_act_now(game, unit)

    def roster_place(self, game, unit):
        """An air unit off the map waits in the air pool or flies in the superiority box (9.0,
        9.2): the order of battle said "off map" for both, and for a reinforcement to come."""
        if game.unit_type(unit)["kind"] == "air" and unit.status == "off_map":
            return "air box" if unit.marks.box else "air pool"
        return super().roster_place(game, unit)

    def actions(self):
        # air strikes and patrols, mines, the advance after combat; a side's orders file (issue 23)
        return {**actions.ACTIONS, "orders": _orders_file().ORDERS}

    def read_orders(self, path):                  # air and engineers by file (WB 7.0, 9.2, 2.4.6)
        return _orders_file().read_orders(path)

    def orders_wait(self, game, side, params):
        return _orders_file().orders_wait(game, side, params)

    def orders_this_turn(self, game, side):
        return _orders_file().orders_this_turn(game, side)

    MARK_WORDS = ((r"D(1)", "{0} depression point (4.0)"), (r"D(\d+(?:\.\d+)?)", "{0} depression points (4.0)"), ("DI", "dug in (2.4)"),
                  ("En", "entrenched (2.4)"), ("Z", "entered an enemy zone of control this turn (3.2)"),
                  ("Box", "in the air superiority box (9.2)"), ("Flown", "flew this turn (9.0)"),
                  ("Ex", "advancing after combat (3.5)"))

    def unit_marks(self, game, unit) -> str:
        d = depressions(unit)
        w = works(game, unit)
        ex = unit.marks.exploit_in(game.turn)
        return " ".join(x for x in (f"D{d:g}" if d else "", {"dug_in": "DI", "entrenched": "En"}.get(w or "", ""),
                                    "Z" if unit.marks.zoc else "", "Box" if unit.marks.box else "",
                                    "Flown" if unit.marks.flew == game.turn else "",
                                    "Ex" if ex is not None and ex.stage else "") if x)

    def strength_text(self, game, unit) -> str:
        return strength_text(game, unit)

    def forces_table(self, game, units) -> Table:
        n = game.map.number
        rows = [(u.id, game.unit_type(u)["label"], n(u.hex) if u.hex else _off_map(game, u),
                 strength_text(game, u), f"{depressions(u):g}" if depressions(u) else "",
                 WORKS.get(works(game, u) or "", ""), f"{movement_left(game, u.id):g}" if u.on_map else "")
                for u in sorted(units, key=lambda u: u.id)]
        return Table("Our forces", ("Unit", "Type", "Hex", "Factors", "Depressions", "Defences", "MP left"), rows,
                     "No units left.")

    def orders_form(self, game, side):
        mine = [u for u in sorted(game.units.values(), key=lambda u: u.id)
                if u.side == side and u.status in ("on_map", "off_map") and game.unit_type(u)["kind"] != "air"]
        form = [Table(f"Moves and attacks for turn {game.turn + 1} (War Blog 7.1)",
                      ("Unit", "Move to", "Attack hex", "Kind (assault / attrition / ranged / siege)"),
                      [(u.id, "", "", "") for u in mine], "No units.")]
        planes = sorted(superiority.air_units(game, side), key=lambda u: u.id)
        if planes:
            form.append(Table("Air units (War Blog 9.0-9.3)", ("Air unit", "Now", "Strike hex", "Patrol / recall"),
                              [(u.id, _off_map(game, u), "", "") for u in planes], ""))
        return form

    def unit_details(self, game, unit, umpire):
        t = game.unit_type(unit)
        n = game.map.number
        rows = [("Type", t["label"]), ("Side", game.side(unit.side).name),
                ("Factors", f"{strength_text(game, unit)} (strength-defence-movement)"),
                ("Position", n(unit.hex) if unit.hex else _off_map(game, unit))]
        if t["kind"] == "air":
            rows.append(("Air combat", f"{t.get('air_combat') or 0} (9.3)"))
        if t["range"]:
            rows.append(("Range", f"{t['range']} hexes (11.5)"))
        if t["leader"]:
            rows.append(("Command", f"+{10 * t['leader']}% within 2 hexes (1.29)"))
        rows += [("Special", special(game)) for flag, special in SPECIAL.items() if t.get(flag)]
        d = depressions(unit)
        rows.append(("Depressions", f"{d:g}" + (f" — {'; '.join(x for x in _limits(d))}" if _limits(d) else "")
                     + " (4.0)" if d else "none"))
        rows.append(("Defences", WORKS.get(works(game, unit) or "", "none") + " (2.4)"))
        if unit.hex is not None and features(game, unit.hex):
            rows.append(("Features", ", ".join(features(game, unit.hex)) + " (2.3: no effect on play)"))
        if unit.on_map:
            rows.append(("Movement left", f"{movement_left(game, unit.id):g} of {t['movement']}"
                         + (" — stopped in an enemy zone of control (3.2)" if unit.marks.zoc else "")))
        if umpire and unit.on_map:
            rows.append(("Spotting", "unseen by the enemy" if unit.face_down else "seen by the enemy"))
        return rows

    def bot(self):
        from .bot import Bot
        return Bot(self)


def _off_map(game, u) -> str:
    """Where an off-map unit is: an air unit in the pool or the superiority box (9.0, 9.2)."""
    if game.unit_type(u)["kind"] == "air" and u.status == "off_map":
        return "air superiority box" if u.marks.box else "air pool"
    return u.status.replace("_", " ")


def player_side(game, key: str) -> str:
    """Whose player turn the phase is: the scenario's first player, then the other (7.0)."""
    order = game.side_ids()
    player = next(p.player for p in game.rules.phases if p.key == key)
    return order[(order.index(game.first_player) + player) % len(order)]


def _limits(d: float) -> list[str]:
    from .combat import depression_limits
    return depression_limits(int(d))


def _orders_file():
    """The side's orders file (issue 23): imported here rather than with the modules above."""
    from . import orders_file
    return orders_file
