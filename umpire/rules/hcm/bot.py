"""Hex Command Mechanized's autoplay driver.  In its movement phase a side moves a few units
toward the enemy it sees and the objectives; in its placement phase it puts each commander with
one of its units (3.6); in the fire and melee phases it attacks an enemy unit it sees -- by the
core's attack on a hex when the rules offer it (fire 3.7 and melee 3.8), else by the rule
system's own actions that aim at an enemy unit, whatever is registered; then it passes.  In a group's activation (4.6) it does all of these with the group's units.
Phases no side plays (initiative, commanders lifted, rally) it moves on from.
Its choices come from the autoplay's seeded generator, so `umpire replay` re-runs them."""

from __future__ import annotations

from ...core.engine import perform
from ...core.hexgrid import hex_distance
from ..botkit import attempt, random_path
from .state import firing_now, is_commander, is_dummy, melee_now, moving_now, placing_now

AIMED = ("fire", "melee")       # the kinds of action the bot tries at enemy units, when registered


class Bot:
    def __init__(self, system) -> None:
        self.system = system

    def act(self, location, game, rng, report, moves_per_phase: int = 4, turns: int | None = None) -> bool:
        if game.active_side is None:
            last = game.phase == self.system.phases()[-1].key
            if last and turns is not None and turns <= game.turn < game.turns:
                return False
            report(perform(location, "next_phase", {}, self.system).summary)
            return True
        side = game.active_side
        # Only this phase's moves count against the cap: a unit that fired in the other half's
        # fire phase (3.7) has not used its move.  Reinforcements due (3.4) come on whatever the cap.
        busy = sum(1 for u in game.units.values() if u.side == side and u.moved)
        if moving_now(game) and self._move(location, game, rng, side, report, busy < moves_per_phase):
            return True
        if placing_now(game) and self._place(location, game, rng, side, report):
            return True
        if (firing_now(game) or melee_now(game)) and (self._attack(location, game, rng, side, report)
                                                       or self._aim(location, game, rng, side, report)):
            return True
        report(perform(location, "pass", {"side": side}, self.system, side=side).summary)
        return True

    def _move(self, location, game, rng, side, report, more: bool = True) -> bool:
        """A few units drift toward the enemy seen and the objectives (`more` false: the phase's
        cap is reached); a reinforcement due (HCM 3.4) always tries to come on first."""
        goals = [c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"]
        goals += [o.hex for v in game.victory if v.side == side for o in v.objectives]
        movers = [u for u in sorted(game.units.values(), key=lambda u: u.id)
                  if u.side == side and not u.moved and not u.acted and not u.carried_by
                  and (u.on_map or u.status == "off_map") and not is_commander(game, u)
                  and self.system.act_problem(game, u.id, "move") is None]
        rng.shuffle(movers)
        due = [u for u in movers if u.status == "off_map"]
        for u in due + ([u for u in movers if u.status != "off_map"][:6] if more else []):
            path = random_path(game, rng, self.system, u, goals, 3)
            if path and (len(path) > 1 or u.status == "off_map"):
                params = {"unit": u.id, "path": [game.map.number(h) for h in path]}
                if attempt(location, "move", params, self.system, side, report):
                    return True
        return False

    def _place(self, location, game, rng, side, report) -> bool:
        """3.6: each commander goes to one of its side's units, where no commander stands."""
        chiefs = [u for u in sorted(game.units.values(), key=lambda u: u.id)
                  if u.side == side and is_commander(game, u) and not u.moved
                  and (u.on_map or u.status == "off_map")]
        troops = [u.hex for u in sorted(game.units.values(), key=lambda u: u.id)
                  if u.side == side and u.on_map and not u.carried_by and not is_commander(game, u)
                  and not is_dummy(game, u)]
        for c in chiefs:
            rng.shuffle(troops)
            for h in troops[:4]:
                if h == c.hex:
                    continue
                path = [game.map.number(h)] if not c.on_map else [game.map.number(c.hex), game.map.number(h)]
                if attempt(location, "move", {"unit": c.id, "path": path}, self.system, side, report):
                    return True
        return False

    def _attack(self, location, game, rng, side, report) -> bool:
        """Fire and melee as the core's attack on a hex, when the rules offer it: a unit
        at a seen enemy within its reach, singled out, the phase's kind of attack."""
        kinds = self.system.attack_kinds() if "attack" in self.system.offers() else ()
        if not kinds:
            return False
        wanted = [k for k in kinds if "melee" in k] if melee_now(game) and not firing_now(game) else list(kinds[:1])
        seen = [c for c in game.contacts.values() if c.side == side and c.status == "seen"]
        shooters = [u for u in sorted(game.units.values(), key=lambda u: u.id)
                    if u.side == side and u.on_map and not u.carried_by and not u.fired
                    and not is_commander(game, u) and not is_dummy(game, u)
                    and self.system.act_problem(game, u.id, "fire") is None]
        rng.shuffle(shooters)
        for kind in wanted:
            for u in shooters[:4]:
                reach = max(1, game.unit_type(u)["gun_range"] + 1)
                near = sorted((c for c in seen if hex_distance(c.hex, u.hex) <= reach),
                              key=lambda c: (hex_distance(c.hex, u.hex), c.label))
                for c in near[:2]:
                    params = {"units": [u.id], "hex": game.map.number(c.hex), "kind": kind}
                    if attempt(location, "assault", {**params, "at": c.unit}, self.system, side, report) or \
                            attempt(location, "assault", params, self.system, side, report):
                        return True
        return False

    def _aim(self, location, game, rng, side, report) -> bool:
        specs = [s for k, s in self.system.actions().items() if k in AIMED]
        seen = [c for c in game.contacts.values() if c.side == side and c.status == "seen"]
        if not specs or not seen:
            return False
        shooters = [u for u in sorted(game.units.values(), key=lambda u: u.id)
                    if u.side == side and u.on_map and not u.carried_by and not u.fired and not u.acted
                    and not is_commander(game, u) and not is_dummy(game, u)
                    and self.system.act_problem(game, u.id, "fire") is None]
        rng.shuffle(shooters)
        for spec in specs:
            if not spec.is_open(game):
                continue
            enemy = [f for f in spec.fields if f.kind == "enemy" and f.required]
            others = [f for f in spec.fields if f.required and f.key != "unit" and f.kind != "enemy"]
            if len(enemy) != 1 or others:
                continue
            for u in shooters[:5]:
                near = sorted((c for c in seen if hex_distance(c.hex, u.hex) <= max(1, game.unit_type(u)["gun_range"] + 1)),
                              key=lambda c: (hex_distance(c.hex, u.hex), c.label))
                if near and attempt(location, spec.name, {"unit": u.id, enemy[0].key: near[0].unit},
                                    self.system, side, report):
                    return True
        return False
