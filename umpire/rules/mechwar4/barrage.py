"""The MechWar 4 Indirect Fire phase (4.1 D, 14.14): this turn's plotted fire, side by side,
and the counterbattery it draws.

For each fire: fire for effect (7.11; close air support always comes, our reading of 15.0),
scatter (7.17 on the sample chart, more when the target hex is unspotted, 7.13, less for
continuous fire on the same hex, 7.12; 15.1 for air strikes) unless the umpire placed the
impact, then what lands (impact.py).  A gun that fires may be spotted by the enemy's
counterbattery and draw its fire in the same phase, which may spot the counterbattery gun in
turn (7.81-7.88; off-board guns only with the optional 19.2): see counterbattery.py.  The
phase is worked out as one moment: a gun put out of action by an earlier fire of the phase
still fires and spots.  A zone plotted again for next turn stays as a barrage (7.14).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import DIRECTIONS, Hex
from ...core.oob import Artillery
from .supports import all_supports, damage, unavailable
from .counterbattery import Gun, detect, detectable, fired_from, strike_off_board, tasks
from .impact import Fire, barrage_detail, environment, fire_for_effect, land, markers, scatters, zone
from .indirect import indirect_support, spotted


def resolve_plots(game: Game, dice, sight=None) -> list[Change]:
    """This turn's fire and counterbattery.  Last turn's impact markers and smoke come off first
    (7.14, 18.21)."""
    out: list[Change] = [Change("overlay", kind, {"clear": True}) for kind in ("impact", "smoke", "barrage")]
    supports = all_supports(game)
    for a in supports.values():
        m = game.support_used.get(a.id, {}).get("multiplied") or {}
        if m.get("turn") == game.turn:
            out.append(Change("note", a.id, {}, (
                f"{a.id} fires a multiple this turn: die {m['die']}, {a.concentrations * m['die']}({a.strength}H) "
                f"concentrations (rolled in turn {m.get('rolled', game.turn - 1)}, hidden until now; MW4 14.33)",)))
    plots = sorted((p for p in game.plots if p.turn == game.turn), key=lambda p: (p.side, p.support, p.concentration))
    watch = tasks(game, plots)
    used: set[Gun] = set()
    queue: list = [(p, None, None) for p in plots if p.pattern != "counterbattery"]
    while queue:
        plot, shooter, target = queue.pop(0)
        if plot is not None:
            gun = Gun(plot.side, plot.support, plot.concentration, plot.support in game.units)
            a = supports.get(plot.support) or (indirect_support(game, plot.support) if gun.on_map else None)
            if a is None:
                continue
            why = _cancelled(game, plot.support) if gun.on_map else \
                unavailable(game, plot.support, plot.concentration, game.turn)
            if why:
                out.append(Change("note", gun.name, {}, (f"{gun.name}: its plotted fire is cancelled, {why} this "
                                                         "turn (MW4 7.15)" if gun.on_map else f"{gun.name}: {why}",)))
                continue
            changes, ffe = _fire(game, dice, sight, a, gun.name, plot.target, plot.pattern, plot, _losses(game, gun))
        else:
            gun = shooter
            a = indirect_support(game, gun.support) if gun.on_map else supports[gun.support]
            name = f"{gun.name} (counterbattery)"
            if target.on_map:
                changes, ffe = _fire(game, dice, sight, a, name, game.units[target.support].hex, "tight", None,
                                     _losses(game, gun), strike=gun.n)
            else:
                changes, ffe = strike_off_board(game, dice, a, name, target, _losses(game, gun))
                if a.kind == "air":                    # the strike is flown
                    changes.append(_flown(game, a.id, gun.n))
        out.extend(changes)
        if not ffe or not detectable(game, gun):
            continue
        if gun.on_map:
            out.append(fired_from(game.units[gun.support]))
        queue.extend((None, s, t) for s, t in detect(game, dice, gun, watch, used, out))
    return out


def _losses(game: Game, gun: Gun) -> int:
    """An on-map gun's steps lost (7.16), an off-board concentration's damage (19.2)."""
    return game.units[gun.support].steps_lost if gun.on_map else damage(game, gun.support, gun.n)


def _cancelled(game: Game, uid: str) -> str | None:
    """Why an on-map gun's plotted fire does not come (7.15), or None."""
    u = game.units.get(uid)
    if u is None:
        return None
    if u.status != "on_map":
        return "it is gone"
    return "it panicked" if u.marks.panicked else ("it was fired at" if u.marks.fired_on else None)


def _fire(game: Game, dice, sight, a: Artillery, name: str, target: Hex, pattern: str, plot, losses: int,
          strike: int | None = None) -> tuple[list[Change], bool]:
    """One fire: whether it comes, where it lands and what it does there (`strike`: the air
    strike flown when there is no plot)."""
    out: list[Change] = []
    seen = (lambda side, h: sight is None or spotted(game, sight, side, h))
    if a.kind == "air":
        out.append(_flown(game, a.id, plot.concentration if plot else strike))
    ffe, notes = fire_for_effect(game, dice, a, name)
    out.extend(notes)
    impact = target
    if ffe:
        impact, line = _scatter(game, dice, a, name, target, plot, seen)
        strength = f"{a.strength}H {pattern}"
        if losses:
            strength += (f"; {max(1, a.strength - losses)}H on hard and protected targets, -{losses} on soft, "
                         + ("for its losses (7.16)" if a.id in game.units else "for its damage (7.16, 19.2)"))
        out.append(Change("note", name, {}, (line.format(strength=strength),)))
        fire = Fire(name, a.side, a.strength, pattern, a.kind, losses)
        out.extend(land(game, fire, impact, dice))
        if pattern not in ("smoke", "fascam"):     # their own markers show them (18.0, 16.0)
            out.extend(markers(game, sight, fire, impact, target, seen))
            if game.option("environment") == "on":
                out.extend(environment(game, fire, impact, dice))
            if plot is not None and a.kind not in ("rocket", "air") and _fired_again(game, plot):
                out.extend(_barrage(game, fire, impact))
        if pattern == "fascam":
            used = dict(game.support_used.get(a.id, {}))
            used["fascam"] = used.get("fascam", 0) + 1
            out.append(_use(game, a.id, used))
    if plot is not None:
        out.append(Change("plot", (plot.turn, plot.side, plot.support, plot.concentration),
                          {"outcome": {"ffe": ffe, "q": impact.q, "r": impact.r}}))
    return out, ffe


def _fired_again(game: Game, plot) -> bool:
    """The same concentration is plotted on the same hex next turn (7.14)."""
    return any(p.turn == plot.turn + 1 and p.side == plot.side and p.support == plot.support
               and p.concentration == plot.concentration and p.target == plot.target and p.pattern == plot.pattern
               for p in game.plots)


def _barrage(game: Game, fire: Fire, impact: Hex) -> list[Change]:
    """7.14: the impact zone stays until the next Indirect Fire phase and strikes units that
    enter it; marked for the firing side (and the umpire)."""
    detail = barrage_detail(fire)
    hexes = zone(game, impact, fire.pattern)
    return [Change("overlay", "barrage", {"q": h.q, "r": h.r, "side": fire.side, "secret": True, "detail": detail},
                   (f"  the barrage stays on {', '.join(game.map.number(x) for x in hexes)} until the next "
                    "Indirect Fire phase: fired on again next turn (MW4 7.14)",) if h == impact else ())
            for h in hexes]


def _flown(game: Game, support: str, strike: int) -> Change:
    used = dict(game.support_used.get(support, {}))
    used["strikes"] = sorted(set(used.get("strikes", [])) | {strike})
    return _use(game, support, used)


def _use(game: Game, support: str, used: dict) -> Change:
    game.support_used[support] = used          # the phase's later fires read it before it is applied
    return Change("support", support, {"used": used})


def _scatter(game: Game, dice, a: Artillery, name: str, target: Hex, plot, seen) -> tuple[Hex, str]:
    """Where it lands, and the journal line ({strength} to fill in)."""
    n = game.map.number
    if plot is not None and plot.impact:
        h = Hex(plot.impact["q"], plot.impact["r"])
        return h, f"{name}: fire for effect ({{strength}}), lands in {n(h)} -- placed by the umpire: " \
                  f"{plot.impact['reason']}"
    chart = game.rules.tables["artillery"].section("entry")["artillery" if a.kind == "air" else a.kind]
    mods = []
    if a.kind != "air" and not seen(a.side, target):
        mods.append((chart["unspotted"], f"{chart['unspotted']:+d} unspotted, 7.13"))
    if a.kind != "air" and plot is not None and _continuous(game, plot):
        mods.append((chart["continuous"], f"{chart['continuous']:+d} continuous fire, 7.12"))
    drifts, _r, why = scatters(game, dice, a, name, tuple(mods))
    if not drifts:
        return target, f"{name}: fire for effect on {n(target)} ({{strength}}; MW4 7.11)"
    way = dice.roll(f"scatter direction {name}", 1, 6).total
    moved = target + DIRECTIONS[chart["directions"][way - 1]]
    h = moved if game.map.contains(moved) else target
    return h, f"{name}: fire for effect ({{strength}}), scatters to {n(h)} (direction roll {way}; {why})"


def _continuous(game: Game, plot) -> bool:
    """The same concentration fired for effect on the same hex last turn (7.12)."""
    return any(p.turn == plot.turn - 1 and p.side == plot.side and p.support == plot.support
               and p.concentration == plot.concentration and p.target == plot.target and p.pattern != "smoke"
               and (p.outcome or {}).get("ffe") for p in game.plots)
