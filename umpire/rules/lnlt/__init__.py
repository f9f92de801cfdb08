"""Lock 'n Load Tactical (../shared/rules/lock-n-load-tactical-player-aid.txt): the procedures
that walk the tables in resources/rulesets/lnlt.  A first part: leg units.

The turn (3.0, 4.0, 9.0): a Rally phase (initiative, rally attempts), an Operations phase of
alternating impulses that three passes in a row end (`Phase.passes_to_end`), and an
Administrative phase.  Fire and melee are attacks on a hex (the core's `assault` action);
spotting attempts are the rule system's own action (`rule_action` "spot").

    tables.py    the transcribed tables: damage check calculation and result, melee, mines
    state.py     a unit's counters (Shaken, wounded, Ops Complete), leaders, target modifiers
    spotting.py  lines of sight through degrading and blocking terrain, spotting (10.1, 10.3)
    artillery.py off-board fire missions: spotting round, drift, fire for effect (18.2)
    movement.py  movement, streams, stacking (6.0, 10.5.1, 1.3)
    combat.py    direct fire, melee and the damage check (5.0, 5.2, 8.0)
    rally.py     initiative, rally, the Administrative phase (3.0, 9.0)
    bot.py       the autoplay driver

Off-board artillery (18.2) is the rule action "fire_mission" (artillery.py: standard, loose and
concentrated missions).
Not yet here (issue 8 notes): vehicles and ordnance (14.1, 15.x), the line and walking barrage
missions (18.2), mortar weapon teams (18.1), heroes (11.2), support weapons (1.6), assault, double-time, low crawl
and stealth movement (6.1-6.4), smoke and fire (7.0, 10.5.6), mines (21.4), helicopters.
"""

from __future__ import annotations

from ...core.errors import UmpireError
from ...core.rulesystem import Phase, RuleSystem as CoreRuleSystem, Table
from . import artillery, combat, rally, spotting
from .movement import check_move
from .state import factors, good_order, shaken, strength_text

PHASES = (
    Phase("rally", "Rally phase", "LnLT 3.0"),
    Phase("operations", "Operations phase", "LnLT 4.0", alternating=True, passes_to_end=3),
    Phase("administrative", "Administrative phase", "LnLT 9.0"),
)


class RuleSystem(CoreRuleSystem):
    name = "lnlt"
    opportunity_rule = "LnLT 5.3"

    def phases(self):
        return PHASES

    def commands(self):
        return {}

    def first_player(self, game, dice):
        """4.0: the side with the initiative (rolled in the Rally phase) acts first."""
        side = game.rule_state.get("initiative", game.first_player)
        return side, [f"{game.side(side).name} has the initiative and acts first (4.0)"]

    def sight(self, game_map, night: bool = False):
        return spotting.Sight(game_map, self.ruleset)

    def spot(self, game, roll):
        return spotting.spot(game, self.sight(game.map))

    def check_move(self, game, unit_id, path, how=None):
        return check_move(game, unit_id, path, how)

    def formation(self, game, company_id):
        return [], [u.id for u in game.units.values() if u.company == company_id], \
            "Lock 'n Load activates hexes, not companies (4.0)"

    def form_column_problem(self, game, unit_id):
        return "Lock 'n Load has no column formation", ""

    def fire_sheet(self, game, firer_id, target_id, mode="main", overrun=False, element=None):
        return combat.refuse("Lock 'n Load fires at a hex: use an attack (fire or melee, 5.0)", "LnLT 5.0")

    def resolve_fire(self, sheet, die):
        raise NotImplementedError("Lock 'n Load fires at hexes")

    def fire_effect(self, result):
        return 0, 0

    def panic_number(self, game, unit):
        return 0, ""

    def overrun_initiative(self, game, mover, defenders, dice):
        raise NotImplementedError("Lock 'n Load overruns are not here yet")

    def victory(self, game, final=False):
        return Objectives.evaluate(game, final)

    # ------------------------------------------------------------------ optional hooks
    def phase_start(self, game, key, dice):
        if key == "rally":
            return rally.initiative(game, dice) + rally.rally(game, dice)
        if key == "administrative":
            return rally.administrative(game)
        return []

    def offers(self):
        return frozenset({"attack"})

    def attack_kinds(self):
        return combat.KINDS

    def assault_sheet(self, game, unit_ids, target, kind="fire"):
        return combat.attack_sheet(game, self.sight(game.map), unit_ids, target, kind)

    def resolve_assault(self, game, sheet, dice):
        return combat.resolve(game, sheet, dice)

    def rule_actions(self):
        return {"spot": "Spotting attempt (10.1)", "fire_mission": "Artillery fire mission (18.2)"}

    def rule_action(self, game, name, params, dice):
        if name == "spot":
            return spotting.attempt(game, self.sight(game.map), params, dice)
        if name == "fire_mission":
            return artillery.fire_mission(game, self.sight(game.map), params, dice)
        raise UmpireError(f"Lock 'n Load has no action {name!r}")

    def unit_marks(self, game, unit):
        return " ".join(x for x in ("S" if shaken(unit) else "", "W" if unit.marks.get("wounded") else "",
                                    "Mv" if unit.moved else "", "Fd" if unit.fired else "",
                                    "OC" if unit.marks.get("ops_complete") else "") if x)

    def strength_text(self, game, unit):
        return strength_text(game, unit)

    def forces_table(self, game, units):
        n = game.map.number
        rows = [(u.id, game.unit_type(u)["label"], n(u.hex) if u.hex else u.status.replace("_", " "),
                 factors(game, u), "Good Order" if good_order(u) else ("Shaken" if u.on_map else ""),
                 "wounded" if u.marks.get("wounded") else "",
                 ", ".join(x for x, on in (("moved", u.moved), ("fired", u.fired),
                                          ("ops complete", u.marks.get("ops_complete"))) if on))
                for u in sorted(units, key=lambda u: u.id)]
        return Table("Our forces", ("Unit", "Type", "Hex", "FP-range-morale", "State", "Wounds", "This turn"), rows,
                     "No units left.")

    def orders_form(self, game, side):
        mine = [u for u in sorted(game.units.values(), key=lambda u: u.id)
                if u.side == side and u.status in ("on_map", "off_map")]
        form = [Table(f"Impulses for turn {game.turn + 1} (LnLT 4.0)", ("Unit", "Move to", "Fire at / melee",
                                                                       "Spot hex"),
                      [(u.id, "", "", "") for u in mine], "No units.")]
        guns = [a for a in game.artillery if a.side == side and artillery.missions_left(game, a)]
        if guns:
            form.append(Table("Fire missions (standard / loose / concentrated, LnLT 18.2)",
                              ("Support", "Missions left", "Leader", "Hex", "Mission"),
                              [(f"{a.label} ({a.strength} FP)", str(artillery.missions_left(game, a)), "", "", "")
                               for a in guns], ""))
        return form

    def unit_details(self, game, unit, umpire):
        t = game.unit_type(unit)
        rows = [("Type", t["label"]), ("Side", game.side(unit.side).name),
                ("Firepower / range / morale", factors(game, unit)),
                ("Movement", f"{t['movement']} MP"),
                ("Position", game.map.number(unit.hex) if unit.hex else unit.status.replace("_", " ")),
                ("State", ("Shaken — no fire, no advance toward a seen enemy (5.0)" if shaken(unit) else "Good Order")
                 + (", wounded (11.1.2)" if unit.marks.get("wounded") else ""))]
        if t["lm"]:
            rows.append(("Leadership", f"LM {t['lm']} (11.1)"))
        if umpire and unit.on_map:
            rows.append(("Spotting", "unseen by the enemy" if unit.face_down else "spotted by the enemy"))
        return rows

    def bot(self):
        from .bot import Bot
        return Bot(self)


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
