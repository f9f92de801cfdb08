"""War Blog's autoplay driver: in its player turn a side attacks what it sees next to it when the
odds are fair, fires its guns at what it sees in range, flies its air units (fighters into the
air superiority box when the enemy holds it or nobody does, strike squadrons at what it sees),
moves units towards the enemy and the objectives, and ends its turn.  It drives the same actions a player uses; its choices come
from the autoplay's seeded generator, so `umpire replay` re-runs them."""

from __future__ import annotations

from ...core.engine import perform
from ..botkit import attempt, random_path
from ...core.hexgrid import hex_distance
from . import superiority as air
from .combat import ODDS
from .movement import movement_left
from .state import depressions, whole

FAIR = ODDS.index("1-1")


class Bot:
    def __init__(self, system) -> None:
        self.system = system

    def act(self, location, game, rng, report, moves_per_phase: int = 4, turns: int | None = None) -> bool:
        """One action; False when the bot stops: it would begin turn `turns` + 1 (the last turn of
        the scenario is played to its end)."""
        if game.active_side is None:
            report(perform(location, "next_phase", {}, self.system).summary)
            return True
        side = game.active_side
        if self._exploit(location, game, rng, side, report):
            return True
        busy = sum(1 for u in game.units.values() if u.side == side and (u.moved or u.acted or u.fired))
        if busy < moves_per_phase * 2 and (self._attack(location, game, rng, side, report)
                                           or self._air(location, game, rng, side, report)
                                           or self._fire(location, game, rng, side, report)
                                           or self._move(location, game, rng, side, report)):
            return True
        last = game.phase == self.system.phases()[-1].key
        if last and turns is not None and turns <= game.turn < game.turns:
            return False
        report(perform(location, "pass", {"side": side}, self.system, side=side).summary)
        return True

    def _exploit(self, location, game, rng, side, report) -> bool:
        """3.5: a winner advances into the hex it emptied (three times in four); a fast one may go
        on a hex toward the enemy, once."""
        for u in sorted(game.units.values(), key=lambda u: u.id):
            ex = u.marks.exploit_in(game.turn)
            if u.side != side or not u.on_map or ex is None or not ex.stage:
                continue
            params = {"side": side, "unit": u.id}
            if ex.stage == "further":
                steps = game.map.on_map_neighbours(u.hex)
                if not steps or rng.random() < 0.5:
                    continue                     # it stays, free to fight again
                params["hex"] = game.map.number(rng.choice(steps))
            elif rng.random() < 0.25:
                continue
            if attempt(location, "exploit", params, self.system, side, report):
                return True
        return False

    def _ready(self, game, side):
        return [u for u in game.units.values() if u.side == side and u.on_map and movement_left(game, u.id) >= 1
                and whole(depressions(u)) < 7 and game.unit_type(u)["strength"] > 0]

    def _attack(self, location, game, rng, side, report) -> bool:
        targets = sorted({c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"},
                         key=lambda h: (h.q, h.r))
        rng.shuffle(targets)
        ready = [u for u in self._ready(game, side) if not u.fired]
        for h in targets[:4]:
            near = [u.id for u in ready if hex_distance(u.hex, h) == 1]
            if not near:
                continue
            kind = "attrition" if rng.random() < 0.15 else "assault"
            sheet = self.system.assault_sheet(game, near, h, kind)
            if not sheet.legal or (kind == "assault" and ODDS.index(sheet.column) < FAIR and rng.random() < 0.8):
                continue
            return self._send(location, game, side, near, h, kind, report)
        return False

    def _fire(self, location, game, rng, side, report) -> bool:
        guns = [u for u in self._ready(game, side) if game.unit_type(u)["range"] and not u.moved]
        seen = [c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"]
        for g in guns:
            inside = sorted({h for h in seen if hex_distance(g.hex, h) <= game.unit_type(g)["range"]},
                            key=lambda h: (h.q, h.r))
            if inside and rng.random() < 0.7:
                if self._send(location, game, side, [g.id], rng.choice(inside), "ranged", report):
                    return True
        return False

    def _air(self, location, game, rng, side, report) -> bool:
        """9.1, 9.2: a patrol to win or hold the box, or a strike at a hex it sees."""
        pool = [u for u in air.air_units(game, side) if air.ready(game, u)
                and game.unit_type(u).get("air_lift") != "transport"]          # 1.36: transports lift
        if not pool or rng.random() > 0.6:
            return False
        fighters = [u for u in pool if game.unit_type(u)["air_combat"] >= game.unit_type(u)["strength"]]
        if fighters and air.holder(game) != side:
            params = {"side": side, "units": [fighters[0].id]}
            return attempt(location, "air_patrol", params, self.system, side, report)
        seen = sorted({c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"},
                      key=lambda h: (h.q, h.r))
        strikers = [u for u in pool if u not in fighters]
        if seen and strikers:
            params = {"side": side, "unit": strikers[0].id, "hex": game.map.number(rng.choice(seen))}
            return attempt(location, "air_strike", params, self.system, side, report)
        return False

    def _send(self, location, game, side, units, h, kind, report) -> bool:
        params = {"units": units, "hex": game.map.number(h), "kind": kind}
        return attempt(location, "assault", params, self.system, side, report)

    def _move(self, location, game, rng, side, report) -> bool:
        goals = [u.hex for u in game.units.values() if u.on_map and u.side != side]
        goals += [game.map.grid.parse(k) for k, o in game.rule_state.objectives.items()
                  if o.holder != side]
        movers = [u for u in game.units.values() if u.side == side and not u.moved and not u.fired
                  and (u.on_map or u.status == "off_map") and game.unit_type(u)["kind"] != "air"]
        rng.shuffle(movers)
        for u in movers[:6]:
            path = self._path(game, rng, u, goals)
            if path:
                params = {"unit": u.id, "path": [game.map.number(h) for h in path]}
                if attempt(location, "move", params, self.system, side, report):
                    return True
        return False

    def _path(self, game, rng, u, goals):
        return random_path(game, rng, self.system, u, goals, 4)

