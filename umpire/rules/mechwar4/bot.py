"""MechWar 4's autoplay driver (`umpire autoplay`): company commands each turn (MW4 19.1;
Rally for shaken companies), company activations where its side has a formation doctrine
(4.1), direct fire at what its side observes (6.0, 6.3), opportunity fire at a paused mover
(6.5) and overwatch fire back (6.91), split fire (6.93), overruns of an adjacent enemy and
fighting on or leaving (12.0), off-board fire plotted at what its side sees (14.0), moves
(double time for infantry, dismounting and mounting, leaving column), forming column,
halting, passing and the phases.  It drives the same actions a player uses; its choices come
from the autoplay's seeded generator, so `umpire replay` re-runs them.
"""

from __future__ import annotations

import random

from ...core.engine import perform
from ...core.errors import UmpireError
from ...core.hexgrid import Hex, hex_distance
from .actions.overrun import in_overrun
from ...core.store.db import open_game
from .traits import doctrine_of, support_traits

# commands the bot picks from; ambush needs a hex chosen before the game, so it is left out
BOT_COMMANDS = ("bound", "bound", "bounding_overwatch", "withdraw", "overwatch")


def _random_path(rng: random.Random, game, unit, system, how: dict) -> list[Hex] | None:
    if unit.status == "off_map":
        group = next((r for r in game.reinforcements if unit.id in r.units), None)
        if group is None or game.turn < group.turn:
            return None
        start = [rng.choice(group.entry)]
    else:
        start = [unit.hex]
    shortest = 1 if unit.status == "off_map" or how else 2    # an entry or a mount may stay put
    # the bot drifts toward the enemy (it knows the truth: it is a test driver, not a player)
    enemy = [u.hex for u in game.units.values() if u.on_map and u.side != unit.side]
    for _ in range(6):                              # a few tries at a legal random walk
        path = list(start)
        for _ in range(rng.randint(1, 4)):
            steps = [n for n in game.map.on_map_neighbours(path[-1]) if n not in path]
            if not steps:
                break
            if enemy and rng.random() < 0.6:
                goal = min(enemy, key=lambda h: hex_distance(h, path[-1]))
                steps = [min(steps, key=lambda n: hex_distance(n, goal))]
            path.append(rng.choice(steps))
        while len(path) >= shortest:                # cut it back until the engine accepts it
            if system.check_move(game, unit.id, path, how).legal:
                return path
            path.pop()
    return None


def _how(rng: random.Random, game, unit) -> dict:
    """Extras for a move, now and then: double time, dismounting, mounting, leaving column."""
    t = game.unit_type(unit)
    how: dict = {}
    if t["move_class"] == "foot" and unit.marks.fatigue == 0 and rng.random() < 0.3:
        how["pace"] = "double"
    riders = [v.id for v in game.units.values() if v.carried_by == unit.id]
    if riders and rng.random() < 0.25:
        how["dismount"] = riders
    elif not riders and t["carries"] and unit.on_map and rng.random() < 0.5:
        walkers = [v.id for v in game.units.values() if v.on_map and v.hex == unit.hex and v.side == unit.side
                   and not v.carried_by and game.unit_type(v)["move_class"] == "foot" and not v.moved]
        if walkers:
            how["mount"] = walkers[:t["carries"]]
    if unit.marks.in_column and rng.random() < 0.3:
        how["column"] = False
    return how


def _plot_fire(location: str, game, system, rng: random.Random, report) -> None:
    """Now and then a side plots fire at contacts it sees (MW4 14.0): its off-board
    concentrations, air strikes a turn ahead (7.7), its on-map guns or a counterbattery task
    for them (7.81); and tries a multiple when the scenario gives one (14.33)."""
    from .supports import all_supports
    for side in game.side_ids():
        for a in game.artillery:
            if a.side == side and support_traits(a).multiples and rng.random() < 0.2:
                try:
                    report(perform(location, "multiply", {"side": side, "support": a.id}, system, side=side).summary)
                except UmpireError:
                    pass
        if any(p.side == side and p.turn == game.turn for p in game.plots):
            continue
        seen = sorted({game.map.number(c.hex) for (s, _t), c in game.contacts.items() if s == side and c.status == "seen"})
        if not seen or rng.random() < 0.5:
            continue
        guns = [a for a in all_supports(game).values() if a.side == side and a.kind != "air"]
        guns += [system.indirect_support(game, u.id) for u in game.units.values() if u.side == side and u.on_map
                 and not u.carried_by and system.indirect_support(game, u.id)]
        missions = []
        for a in guns:
            for n in range(1, a.concentrations + 1):
                if a.id in game.units and rng.random() < 0.4:
                    missions.append({"support": a.id, "pattern": "counterbattery"})
                    continue
                pattern = "loose" if a.kind == "rocket" or rng.random() < 0.3 else \
                    rng.choice(["tight", "tight", "tight", "smoke", "fascam"])
                mission = {"support": a.id, "concentration": n, "target": rng.choice(seen), "pattern": pattern}
                if rng.random() < 0.5 and not system.plot_problem(game, side, a, game.map.grid.parse(
                        mission["target"]), pattern, game.turn):
                    missions.append(mission)
        _send_plot(location, system, report, side, game.turn, missions)
        strikes = [(a, n) for a in all_supports(game).values() if a.side == side and a.kind == "air"
                   for n in range(1, a.concentrations + 1)
                   if n not in game.support_used.get(a.id, {}).get("strikes", [])]
        if strikes and game.turn < game.turns and rng.random() < 0.3:
            a, n = strikes[0]
            _send_plot(location, system, report, side, game.turn + 1,
                       [{"support": a.id, "concentration": n, "target": rng.choice(seen), "pattern": "tight"}])


def _send_plot(location: str, system, report, side: str, turn: int, missions: list) -> None:
    if missions:
        try:
            report(perform(location, "plot", {"side": side, "turn": turn, "missions": missions}, system,
                           side=side).summary)
        except UmpireError:
            pass


def _give_orders(location: str, game, system, rng: random.Random, report) -> None:
    _plot_fire(location, game, system, rng, report)
    armour = sorted(u.id for u in game.units.values() if u.on_map and not system.stance_problem(game, u.id))
    if armour and rng.random() < 0.2:             # a side changes how one vehicle takes H fire (7.32)
        uid = rng.choice(armour)
        report(perform(location, "h_fire_stance", {"unit": uid, "unbuttoned": not game.units[uid].marks.unbuttoned},
                       system, side=game.units[uid].side).summary)
        game = open_game(location)
    game = open_game(location)
    for side in game.side_ids():
        mine = [c.id for c in game.companies
                if next(b.side for b in game.battalions if b.id == c.battalion) == side]
        if not mine or any((game.turn, c) in game.commands for c in mine):
            continue
        commands = {}
        for c in mine:
            code = rng.choice(BOT_COMMANDS)
            if code == "bounding_overwatch" and sum(1 for u in game.units.values() if u.company == c) < 2:
                code = "bound"
            shaken = any(u.marks.panicked for u in game.units.values() if u.company == c) or \
                game.rule_state.company(c).panic_rise >= 2
            if shaken and rng.random() < 0.6:
                code = "rally"           # 19.14 RC; refused (and replaced) for a broken battalion
            if system.command_problem(game, c, code):
                code = "overwatch"
            commands[c] = code
        report(perform(location, "orders", {"side": side, "turn": game.turn, "commands": commands}, system,
                       side=side).summary)


def _try_fire(location, game, system, rng, side: str, report, target: str | None = None) -> bool:
    """Fire at an observed enemy unit (or at `target`, a paused mover) with the units that have a
    shot, now and then joined by a second firer (MW4 6.3)."""
    seen = [t for (s, t), c in game.contacts.items() if s == side and c.status == "seen"
            and (target is None or t == target)]
    firers = [u for u in game.units.values() if u.side == side and u.on_map and not u.carried_by and not u.paused
              and not (u.moved or u.fired or u.acted or u.marks.panicked) and game.unit_type(u)["attack"] > 0
              and (not game.rule_state.active_company or u.id in game.rule_state.activation_units)]
    rng.shuffle(seen)
    if target is None and len(seen) >= 2 and rng.random() < 0.3 and _try_split(location, game, system, rng, firers,
                                                                                seen, report):
        return True
    for t in seen[:3]:
        shots = [u.id for u in firers if system.fire_sheet(game, u.id, t).legal]
        if shots:
            rng.shuffle(shots)
            chosen = shots[:2] if len(shots) > 1 and rng.random() < 0.3 else shots[:1]
            try:
                report(perform(location, "fire", {"firers": chosen, "target": t}, system).summary)
                return True
            except UmpireError:
                continue
    return False


def _try_split(location, game, system, rng, firers, seen, report) -> bool:
    """A vehicular platoon splits its fire: a D1 element and a D2 at two targets (MW4 6.93)."""
    for u in firers:
        if system.split_problem(game, u.id, ["d1", "d2"]):
            continue
        a, b = seen[0], seen[1]
        if system.fire_sheet(game, u.id, a, element="d1").legal and system.fire_sheet(game, u.id, b, element="d2").legal:
            shots = [{"element": "d1", "target": a}, {"element": "d2", "target": b}]
            try:
                report(perform(location, "split_fire", {"unit": u.id, "shots": shots}, system).summary)
                return True
            except UmpireError:
                return False
    return False


def _try_overrun(location, game, system, rng, u, report) -> bool:
    """Now and then a vehicle next to an enemy unit its side sees drives onto it (MW4 12.0)."""
    if not u.on_map or game.unit_type(u)["move_class"] not in ("vehicle", "truck"):
        return False
    for (side, tid), c in game.contacts.items():
        if side == u.side and c.status == "seen" and c.hex in game.map.on_map_neighbours(u.hex):
            params = {"unit": u.id, "path": [game.map.number(u.hex), game.map.number(c.hex)], "overrun": True}
            try:
                report(perform(location, "move", params, system).summary)
                return True
            except UmpireError:
                return False
    return False


def _fight_on_or_leave(location, game, system, rng, held, report) -> None:
    """A unit held in an overrun fights on, or leaves to a free next hex (MW4 12.0)."""
    free = [h for h in game.map.on_map_neighbours(held.hex)
            if not any(v.on_map and v.hex == h and v.side != held.side for v in game.units.values())]
    if free and rng.random() < 0.6:
        params = {"unit": held.id, "then": "leave", "to": game.map.number(rng.choice(free))}
    else:
        params = {"unit": held.id, "then": "stay"}
    report(perform(location, "overrun", params, system).summary)


def _try_move(location, game, system, rng, u, report) -> bool:
    how = _how(rng, game, u)
    for extras in (how, {}):
        path = _random_path(rng, game, u, system, extras)
        if path:
            try:
                params = {"unit": u.id, "path": [game.map.number(h) for h in path], **extras}
                report(perform(location, "move", params, system).summary)
                return True
            except UmpireError:
                continue
    if u.on_map and not u.marks.in_column and rng.random() < 0.3:
        try:
            report(perform(location, "form_column", {"unit": u.id}, system).summary)
            return True
        except UmpireError:
            pass
    return False


class Bot:
    """One action a call (RuleSystem.bot's protocol); False once the game is as far as asked."""

    def __init__(self, system) -> None:
        self.system = system
        self.opportunity: set = set()     # (turn, mover, hex) where it already chose whether to fire

    def act(self, location, game, rng, report, moves_per_phase: int = 4, turns: int | None = None) -> bool:
        system, opportunity = self.system, self.opportunity
        turns = game.turns if turns is None else turns
        if game.turn > turns or (game.turn == turns and game.phase == "regroup"):
            return False
        if game.active_side is None:
            if game.turn >= game.turns and game.phase == "regroup":
                return False
            report(perform(location, "next_phase", {}, system).summary)
            return True
        _give_orders(location, game, system, rng, report)
        game = open_game(location)
        side = game.active_side
        if side is None:          # another program ended the phase meanwhile: decide on the new one
            return True
        held = in_overrun(game)
        if held is not None:
            _fight_on_or_leave(location, game, system, rng, held, report)
            return True
        paused = [u for u in game.units.values() if u.paused]
        if paused:               # the other side may fire at it (6.5), then the mover halts
            mover = paused[0]
            enemy = next(s for s in game.side_ids() if s != mover.side)
            fired_here = (game.turn, mover.id, mover.hex) in opportunity
            opportunity.add((game.turn, mover.id, mover.hex))
            if not fired_here and rng.random() < 0.6 and _try_fire(location, game, system, rng, enemy, report,
                                                                   target=mover.id):
                return True
            answered = (game.turn, mover.id, "overwatch") in opportunity
            opportunity.add((game.turn, mover.id, "overwatch"))
            if game.rule_state.overwatch_targets and not answered and rng.random() < 0.5 and _try_fire(
                    location, game, system, rng, mover.side, report, target=game.rule_state.overwatch_targets[0]):
                return True              # overwatch fire at the opportunity firer (6.91)
            if game.units[mover.id].paused:
                report(perform(location, "halt", {"unit": mover.id}, system).summary)
            return True
        if game.rule_state.active_company:  # a formation activation: its units act, then it ends
            ready = [game.units[x] for x in game.rule_state.activation_units if game.units[x].on_map
                     and not (game.units[x].moved or game.units[x].acted or game.units[x].carried_by)]
            if not (_try_move(location, game, system, rng, ready[0], report) if ready else False) and \
                    not (ready and rng.random() < 0.5 and _try_fire(location, game, system, rng, side, report)):
                report(perform(location, "end_activation", {}, system).summary)
            return True
        acted = sum(1 for u in game.units.values() if u.side == side and (u.moved or u.acted))
        candidates = [u for u in game.units.values() if u.side == side and not u.moved and not u.fired
                      and not u.acted and not u.carried_by and u.status in ("on_map", "off_map")]
        rng.shuffle(candidates)
        done = False
        if acted < moves_per_phase and doctrine_of(game, side) and candidates and rng.random() < 0.3:
            company = candidates[0].company
            if company:
                try:
                    report(perform(location, "activate", {"company": company}, system).summary)
                    return True
                except UmpireError:
                    pass
        if acted < moves_per_phase and rng.random() < 0.4:
            done = _try_fire(location, game, system, rng, side, report)
        if not done and acted < moves_per_phase and rng.random() < 0.15:
            done = any(_try_overrun(location, game, system, rng, u, report) for u in candidates[:8])
        if not done and acted < moves_per_phase:
            done = any(_try_move(location, game, system, rng, u, report) for u in candidates[:8])
        if not done:
            report(perform(location, "pass", {}, system).summary)
        return True
