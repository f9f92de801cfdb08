"""Wardogs autoplay driver: in a movement phase a side stands a fallen unit up, takes a VTOL
aircraft up, or moves one of its units toward the enemy it sees and the objectives -- a unit in
flight first, lest it stall (p. 10); in the defensive measures phase a mine layer sows a field
in its hex (p. 18); otherwise it passes.  Its declarations (declare.bot_shots) fire at any enemy
it sees, building sections too.  Its choices come from the autoplay's seeded generator, so
`umpire replay` re-runs them."""

from __future__ import annotations

from ...core.engine import perform
from ..botkit import attempt, random_path
from .declare import bot_shots
from .defensive import uses_left
from .minelaying import carries
from .movement import least_flight
from .state import is_infantry

MOVE_PHASES = {"movement": False, "infantry": True}


class Bot:
    def __init__(self, system) -> None:
        self.system = system

    def act(self, location, game, rng, report, moves_per_phase: int = 4, turns: int | None = None) -> bool:
        """One action; False when the bot stops: at the end of turn `turns`."""
        if game.active_side is None:
            if game.phase == self.system.phases()[-1].key and turns is not None and turns <= game.turn < game.turns:
                return False
            report(perform(location, "next_phase", {}, self.system).summary)
            return True
        side = game.active_side
        if game.phase == "declare" and side not in game.rule_state.declarations:     # fire's choice (WB)
            return bool(report(perform(location, "declare_fire", {"side": side, "shots": bot_shots(game, side, rng)}, self.system, side=side).summary) or True)
        if game.phase in MOVE_PHASES and self._move(location, game, rng, side, report, MOVE_PHASES[game.phase]):
            return True
        if game.phase == "defensive" and self._lay_mines(location, game, side, report):
            return True
        report(perform(location, "pass", {"side": side}, self.system, side=side).summary)
        return True

    def _lay_mines(self, location, game, side, report) -> bool:
        """p. 18: a mine layer with fields left sows one where its route ended this turn (its own
        hex), once a turn -- the field is secret to its side."""
        layers = sorted((u for u in game.units.values() if u.side == side and u.on_map and not u.carried_by
                         and not u.acted and carries(game, u) and uses_left(game, u, "mine_layer") > 0),
                        key=lambda u: u.id)
        return any(attempt(location, "lay_mines", {"side": side, "unit": u.id}, self.system, side, report)
                   for u in layers[:1])

    def _move(self, location, game, rng, side, report, infantry: bool) -> bool:
        mine = sorted((u for u in game.units.values() if u.side == side and u.on_map and not u.carried_by
                       and not u.moved and not u.acted and is_infantry(game, u) == infantry), key=lambda u: u.id)
        down = [u for u in mine if u.marks.fallen and u.mp_spent + 2 <= game.unit_type(u)["mp"]]
        if down and attempt(location, "stand_up", {"side": side, "unit": down[0].id}, self.system, side, report):
            return True
        grounded = [u for u in mine if game.unit_type(u)["flight"] == "full" and game.unit_type(u)["vtol"]
                    and not u.marks.flying and not u.marks.fallen]
        if grounded and attempt(location, "take_off", {"side": side, "unit": grounded[0].id}, self.system, side, report):
            return True
        goals = [c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"]
        goals += [o.hex for v in game.victory if v.side == side for o in v.objectives]
        movers = [u for u in mine if not u.marks.fallen]
        rng.shuffle(movers)
        movers.sort(key=lambda u: not u.marks.flying)          # flyers first: they must move (p. 10)
        for u in movers[:3]:
            reach = least_flight(game, u) + 2 if u.marks.flying else 3     # p. 10: a flyer must go far enough
            path = random_path(game, rng, self.system, u, goals, reach)
            if path and attempt(location, "move", {"unit": u.id, "path": [game.map.number(h) for h in path]},
                                self.system, side, report):
                return True
        return False
