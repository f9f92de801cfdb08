"""Toy Skirmish's autoplay driver: in the Movement phase a side rallies a shaken unit or moves one
toward the enemy and the objectives, in the Combat phase attacks a hex it sees next to its units,
and passes when it has done enough; it calls the next phase when no side acts.  Its choices come
from the autoplay's seeded generator, so `umpire replay` re-runs them."""

from __future__ import annotations

from umpire.core.engine import perform
from umpire.core.hexgrid import hex_distance
from umpire.rules.botkit import attempt, random_path


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
        busy = sum(1 for u in game.units.values() if u.side == side and (u.moved or u.fired or u.acted))
        if busy < moves_per_phase and (self._attack(location, game, rng, side, report) if game.phase == "combat"
                                       else self._move(location, game, rng, side, report)):
            return True
        report(perform(location, "pass", {"side": side}, self.system, side=side).summary)
        return True

    def _attack(self, location, game, rng, side, report) -> bool:
        ready = [u for u in game.units.values() if u.side == side and u.on_map and not u.fired
                 and not u.marks.shaken and game.unit_type(u)["strength"]]
        targets = sorted({c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"},
                         key=lambda h: (h.q, h.r))
        rng.shuffle(targets)
        for h in targets:
            near = sorted(u.id for u in ready if hex_distance(u.hex, h) == 1)
            if near and attempt(location, "assault", {"units": near, "hex": game.map.number(h), "kind": "attack"},
                                self.system, side, report):
                return True
        return False

    def _move(self, location, game, rng, side, report) -> bool:
        shaken = [u for u in game.units.values() if u.side == side and u.on_map and u.marks.shaken
                  and not (u.moved or u.acted)]
        if shaken and attempt(location, "rally", {"side": side, "unit": shaken[0].id},
                              self.system, side, report):
            return True
        goals = [c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"]
        goals += [o.hex for v in game.victory if v.side == side for o in v.objectives]
        movers = sorted((u for u in game.units.values() if u.side == side and not u.moved and not u.acted
                         and not u.carried_by and u.status in ("on_map", "off_map")), key=lambda u: u.id)
        rng.shuffle(movers)
        for u in movers[:4]:
            path = random_path(game, rng, self.system, u, goals, 3)
            if path and attempt(location, "move", {"unit": u.id, "path": [game.map.number(h) for h in path]},
                                self.system, side, report):
                return True
        return False
