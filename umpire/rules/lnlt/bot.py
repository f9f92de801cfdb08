"""Lock 'n Load Tactical's autoplay driver: in the Operations phase a side, at its impulse,
now and then lets a leader activate the hexes next to his (4.0), melees a weak enemy next to
it (or close assaults a vehicle, or overruns it with one), fires its guns and then its small
arms at what it sees in range, tries to spot a hex in cover, or moves a unit towards the enemy
(vehicles giving rides and dropping their passengers off); now and then it passes.  In the
Rally phase its medics treat the wounded and Shaken and its units pick up weapons lying where
they stand (3.0 steps 4-5); the Rally and
Administrative phases then go on by themselves.  It drives the same actions a player uses; its
choices come from the autoplay's seeded generator, so `umpire replay` re-runs them."""

from __future__ import annotations

from ...core.engine import perform
from ..botkit import attempt, random_path
from ...core.hexgrid import hex_distance
from .lead import open_hexes
from .medic import patients
from .pickup import handle, lying
from .state import good_order, kind, sight_of, vehicle
from .weapons import PORTAGE, carried, ordnance_of


class Bot:
    def __init__(self, system) -> None:
        self.system = system
        self.answered: set = set()         # (turn, mover, hex) where the other side chose whether to fire
        self.tried: set = set()            # (turn, unit, weapon) pick-ups already thought of

    def act(self, location, game, rng, report, moves_per_phase: int = 4, turns: int | None = None) -> bool:
        if game.active_side is None:
            if game.phase == "rally" and (self._pick_up(location, game, rng, report) or
                                          self._treat(location, game, rng, report)):
                return True
            if game.phase == self.system.phases()[-1].key and turns is not None and turns <= game.turn < game.turns:
                return False
            report(perform(location, "next_phase", {}, self.system).summary)
            return True
        paused = [u for u in game.units.values() if u.paused and u.on_map]
        if paused:
            return self._opportunity(location, game, rng, paused[0], report)
        side = game.active_side
        ready = [u for u in game.units.values() if u.side == side and u.on_map and good_order(u) and not u.carried_by
                 and kind(game, u) != "support_weapon" and not (u.moved or u.fired or u.acted)]
        due = [u for u in game.units.values() if u.side == side and u.status == "off_map"
               and any(u.id in r.units and r.turn <= game.turn for r in game.reinforcements)]
        rng.shuffle(ready)
        hexes = open_hexes(game, side)
        if hexes is not None:                    # a leader's impulse: its hexes act (4.0)
            ready, due = [u for u in ready if u.hex in hexes], []
        order = (self._move, self._melee, self._fire, self._spot) if due and rng.random() < 0.6 else \
            (self._lead, self._melee, self._call, self._gun, self._fire, self._spot, self._move)
        if (ready or due) and rng.random() < 0.85:
            for how in order:
                if how(location, game, rng, side, ready, report):
                    return True
        report(perform(location, "pass", {"side": side}, self.system, side=side).summary)
        return True

    def _pick_up(self, location, game, rng, report) -> bool:
        """3.0 step 5: a unit with room picks up a weapon lying in its hex, now and then."""
        for u in sorted(game.units.values(), key=lambda u: u.id):
            if not (u.on_map and good_order(u) and not u.carried_by and PORTAGE.get(kind(game, u), 0)
                    > len(carried(game, u))):
                continue
            for w in lying(game, u):
                key = (game.turn, u.id, w.id)
                if key in self.tried:
                    continue
                self.tried.add(key)
                params = {"side": u.side, "unit": u.id, "do": "pick_up", "weapon": handle(w, u.side)}
                if rng.random() < 0.8 and attempt(location, "weapons", params, self.system, u.side, report):
                    return True
        return False

    def _treat(self, location, game, rng, report) -> bool:
        """3.0 step 4: a medic treats the first wounded or Shaken unit of its hex, once a turn."""
        for m in sorted(game.units.values(), key=lambda u: u.id):
            if kind(game, m) != "medic" or not m.on_map or m.marks.healed == game.turn:
                continue
            sick = patients(game, m)
            key = (game.turn, m.id, "heal")
            if sick and key not in self.tried:
                self.tried.add(key)
                params = {"side": m.side, "unit": m.id, "patient": sick[0].id}
                if attempt(location, "heal", params, self.system, m.side, report):
                    return True
        return False

    def _opportunity(self, location, game, rng, mover, report) -> bool:
        """5.3: the other side may fire at a unit paused mid-move, then the mover halts."""
        key = (game.turn, mover.id, mover.hex)
        if key not in self.answered:
            self.answered.add(key)
            enemy = next(s for s in game.side_ids() if s != mover.side)
            seen = game.contacts.get((enemy, mover.id))
            able = [u for u in game.units.values() if u.side == enemy and good_order(u) and not (u.moved or u.fired)]
            for u in sorted(able, key=lambda u: u.id):
                if seen is not None and seen.status == "seen" and rng.random() < 0.7 and \
                        self.system.assault_sheet(game, [u.id], mover.hex, "fire").legal:
                    if self._attack(location, game, enemy, [u.id], mover.hex, "fire", report):
                        return True
        report(perform(location, "halt", {"unit": mover.id}, self.system, side=mover.side).summary)
        return True

    def _seen(self, game, side):
        return sorted({c.hex for c in game.contacts.values() if c.side == side and c.status == "seen"},
                      key=lambda h: (h.q, h.r))

    def _attack(self, location, game, side, units, h, kind, report) -> bool:
        params = {"units": units, "hex": game.map.number(h), "kind": kind}
        return attempt(location, "assault", params, self.system, side, report)

    def _melee(self, location, game, rng, side, ready, report) -> bool:
        for h in self._seen(game, side):
            near = [u.id for u in ready if hex_distance(u.hex, h) == 1 and not vehicle(game, u)]
            if near and rng.random() < 0.3:
                sheet = self.system.assault_sheet(game, near, h, "melee")
                if sheet.legal and sheet.odds in ("2-1", "3-1", "4-1", "5-1"):
                    return self._attack(location, game, side, near, h, "melee", report)
                if self.system.assault_sheet(game, near[:1], h, "close_assault").legal:   # 17.1
                    return self._attack(location, game, side, near[:1], h, "close_assault", report)
            tracks = [u.id for u in ready if hex_distance(u.hex, h) == 1 and vehicle(game, u)]
            if tracks and rng.random() < 0.3 and self.system.assault_sheet(game, tracks[:1], h, "overrun").legal:
                return self._attack(location, game, side, tracks[:1], h, "overrun", report)          # 15.3
        return False

    def _lead(self, location, game, rng, side, ready, report) -> bool:
        """Now and then a leader activates the hexes next to his (4.0)."""
        if open_hexes(game, side) is not None or rng.random() > 0.2:
            return False
        for u in ready:
            if game.unit_type(u)["kind"] == "leader" and any(v.hex != u.hex and hex_distance(v.hex, u.hex) == 1
                                                             for v in ready):
                params = {"side": side, "unit": u.id}
                return attempt(location, "lead", params, self.system, side, report)
        return False

    def _gun(self, location, game, rng, side, ready, report) -> bool:
        """Ordnance fires at what it sees, nearest first (14.1)."""
        for u in ready:
            if ordnance_of(game, u)[0] is None or rng.random() > 0.8:
                continue
            for h in sorted(self._seen(game, side), key=lambda h: hex_distance(h, u.hex)):
                if self.system.assault_sheet(game, [u.id], h, "ordnance").legal:
                    return self._attack(location, game, side, [u.id], h, "ordnance", report)
        return False

    def _fire(self, location, game, rng, side, ready, report) -> bool:
        seen = self._seen(game, side)
        for u in ready:
            group = [v.id for v in ready if v.hex == u.hex]
            for h in sorted(seen, key=lambda h: hex_distance(h, u.hex)):
                if self.system.assault_sheet(game, group, h, "fire").legal and rng.random() < 0.8:
                    return self._attack(location, game, side, group, h, "fire", report)
        return False

    def _call(self, location, game, rng, side, ready, report) -> bool:
        """Now and then a leader calls the artillery on an enemy hex he sees (18.2)."""
        from .artillery import missions_left
        if rng.random() > 0.25 or not any(a.side == side and a.from_turn <= game.turn and missions_left(game, a)
                                          for a in game.artillery):
            return False
        sight = self.system.sight(game.map)
        for u in ready:
            if game.unit_type(u)["kind"] != "leader":
                continue
            for h in self._seen(game, side):
                if hex_distance(h, u.hex) >= 3 and sight.degrading(u.hex, h) is not None:
                    params = {"side": side, "unit": u.id, "hex": game.map.number(h)}
                    return attempt(location, "fire_mission", params, self.system, side, report)
        return False

    def _spot(self, location, game, rng, side, ready, report) -> bool:
        if rng.random() > 0.3:
            return False
        sight = self.system.sight(game.map)
        for u in ready[:3]:
            ours = {v.hex for v in game.units.values() if v.on_map and v.side == side}
            cover = [h for h in game.map.hexes() if 2 <= hex_distance(h, u.hex) <= 6 and h not in ours
                     and sight_of(game.map, game.rules, h) != "open" and sight.degrading(u.hex, h) is not None]
            if cover:
                params = {"side": side, "unit": u.id, "fire": True,    # and fire (10.1.4)
                          "hex": game.map.number(sorted(cover, key=lambda h: (h.q, h.r))[rng.randrange(len(cover))])}
                if attempt(location, "spot_attempt", params, self.system, side, report):
                    return True
        return False

    def _move(self, location, game, rng, side, ready, report) -> bool:
        goals = [u.hex for u in game.units.values() if u.on_map and u.side != side]
        late = [u for u in game.units.values() if u.side == side and u.status == "off_map"]
        for u in (late + ready)[:6]:
            path = self._path(game, rng, u, goals)
            if path:
                params = {"unit": u.id, "path": [game.map.number(h) for h in path]}
                mates = [v.id for v in ready if v.hex == u.hex and v.id != u.id and u.on_map]
                watched = [h for h in path[1:-1] if h in self.system.check_move(game, u.id, path, {}).watchers]
                riders = [v.id for v in game.units.values() if v.carried_by == u.id]
                if vehicle(game, u) and riders and rng.random() < 0.6:
                    params["dismount"] = riders                          # they get off at the end (16.1)
                elif vehicle(game, u) and mates and rng.random() < 0.6 and \
                        self.system.check_move(game, u.id, path, {"mount": mates[:1]}).legal:
                    params["mount"] = mates[:1]                          # a ride toward the enemy (16.1)
                elif mates and rng.random() < 0.5 and self.system.check_move(game, u.id, path, {"with": mates}).legal:
                    params["with"] = mates                               # the hex moves as one stack (6.0)
                elif watched and rng.random() < 0.5:
                    params["until"] = game.map.number(watched[0])      # a pause for opportunity fire (5.3)
                if attempt(location, "move", params, self.system, side, report):
                    return True
        return False

    def _path(self, game, rng, u, goals):
        return random_path(game, rng, self.system, u, goals, 3)
