"""MechWar 4 counterbattery (7.81-7.88), and the optional off-board counterbattery of 19.2.

A gun that fires indirect -- an on-map artillery or mortar unit (7.81); with 19.2 also an
off-board concentration -- may be spotted by each enemy side that has units on a
counterbattery task: on a 1, or one more in six for each time running an on-map gun fired from
the same hex (7.88).  A spotted on-map gun stays spotted while it stays put (7.87); a spotted
off-board concentration until its side displaces it (19.22).  The enemy's counterbattery
units that have not fired this turn then fire at it at once (7.82-7.83): on-map guns within
their range at an on-map gun; with 19.2, off-board concentrations and air strikes on the task
at either.  Our readings: allocation is automatic, every unused counterbattery unit on the
first gun spotted (7.84's choosing and 7.85's holding back are not offered); an off-board
battery is struck when the fire for effect comes and does not scatter (off the map a scatter
misses), on the Anti-Personnel CRT if soft, buttoned up if protected (19.21); each step of
damage is a factor less, three silence the concentration for the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.changes import Change
from ...core.game import Game
from ...core.hexgrid import hex_distance
from .supports import all_supports, unavailable
from .impact import fire_for_effect, scatters
from .worksheet import STEPS, SUPPRESSION, FireSheet, read_table, resolve
from .traits import support_traits

SILENCED = 3            # steps of damage that silence an off-board concentration (our reading)


@dataclass(frozen=True)
class Gun:
    """What counterbattery spots or fires with: an on-map unit, or one off-board concentration
    or air strike (19.2)."""

    side: str
    support: str            # the unit id, or the support id
    n: int = 1
    on_map: bool = True

    @property
    def name(self) -> str:
        return self.support if self.on_map else f"{self.support} #{self.n}"


def tasks(game: Game, plots) -> dict[str, list[Gun]]:
    """Each side's guns on a counterbattery task this turn, able to fire."""
    out: dict[str, list[Gun]] = {}
    for p in plots:
        if p.pattern != "counterbattery":
            continue
        u = game.units.get(p.support)
        if u is not None:
            if u.on_map and not u.marks.panicked and not u.marks.fired_on:
                out.setdefault(p.side, []).append(Gun(p.side, u.id))
        elif game.option("offboard_counterbattery") == "on" and not unavailable(game, p.support, p.concentration,
                                                                                 game.turn):
            out.setdefault(p.side, []).append(Gun(p.side, p.support, p.concentration, False))
    return out


def detectable(game: Game, gun: Gun) -> bool:
    """Whose firing counterbattery may spot: on-map artillery and mortars (7.81); off-board
    artillery only with 19.2 (air strikes are not spotted)."""
    if gun.on_map:
        return game.unit_type(game.units[gun.support])["role"] in ("artillery", "mortar")
    a = all_supports(game)[gun.support]
    return game.option("offboard_counterbattery") == "on" and a.kind != "air"


def fired_from(u) -> Change:
    """Where an on-map gun fired from, and how many times from there (7.88)."""
    here = (u.hex.q, u.hex.r)
    times = u.marks.fired_from[2] + 1 if u.marks.fired_from and tuple(u.marks.fired_from[:2]) == here else 1
    u.marks = u.marks.but(fired_from=(*here, times))    # the spotting roll below reads it at once
    return Change("unit", u.id, {"fired_from": [*here, times]})


def detect(game: Game, dice, gun: Gun, watch: dict[str, list[Gun]], used: set[Gun], out: list[Change]
           ) -> list[tuple[Gun, Gun]]:
    """Each enemy side's spotting roll against a gun that just fired; (shooter, target) pairs
    for the counterbattery fire it draws."""
    pairs = []
    for side, shooters in sorted(watch.items()):
        if side == gun.side:
            continue
        need = 1
        if gun.on_map and game.option("counterbattery_spotting") == "growing":
            need = min(6, game.units[gun.support].marks.fired_from[2])
        r = dice.roll(f"counterbattery spotting of {gun.name} by {game.side(side).name} (on 1-{need})", 1, 6).total
        if r > need:
            out.append(Change("note", gun.name, {}, (f"  {game.side(side).name}'s counterbattery does not spot "
                                                     f"{gun.name} ({r}; MW4 7.81)",)))
            continue
        out.append(_spotted(game, gun, side, r, "MW4 7.88" if need > 1 else "MW4 7.81"))
        for s in shooters:
            if s in used or (s.on_map and not gun.on_map):      # on-map guns cannot reach off the map
                continue
            if s.on_map and gun.on_map:
                u, t = game.units[s.support], game.units[gun.support]
                spec = game.unit_type(u)
                if not (spec.get("min_range") or 0) <= hex_distance(u.hex, t.hex) <= spec["range"]:
                    continue
            used.add(s)
            pairs.append((s, gun))
    return pairs


def _spotted(game: Game, gun: Gun, side: str, r: int, rule: str) -> Change:
    who = game.side(side).name
    if gun.on_map:
        u = game.units[gun.support]
        u.marks = u.marks.but(cb_q=u.hex.q, cb_r=u.hex.r)
        return Change("unit", u.id, {"cb_q": u.hex.q, "cb_r": u.hex.r},
                      (f"  {who}'s counterbattery spots {u.id} in {game.map.number(u.hex)} ({r}; {rule}); it stays "
                       "spotted while it stays there (MW4 7.87)",))
    used = dict(game.support_used.get(gun.support, {}))
    used["spotted"] = sorted(set(used.get("spotted", [])) | {gun.n})
    game.support_used[gun.support] = used
    return Change("support", gun.support, {"used": used},
                  (f"  {who}'s counterbattery spots {gun.name} off the map ({r}; {rule}, 19.2); it stays spotted "
                   "until it displaces (MW4 19.22)",))


def strike_off_board(game: Game, dice, a, name: str, target: Gun, losses: int) -> tuple[list[Change], bool]:
    """Counterbattery fire at a spotted off-board concentration (19.2, 19.21): whether it comes
    (7.11; air strikes always), a scatter misses, then the battery as a soft or protected target."""
    out: list[Change] = []
    came, notes = fire_for_effect(game, dice, a, name)
    if not came:
        return notes, False
    missed, r, _rule = scatters(game, dice, a, name)
    if missed:
        return [Change("note", name, {}, (f"{name}: fire for effect at {target.name}, but it scatters off the "
                                          f"battery ({r}; MW4 7.17, 19.2)",))], True
    kind = support_traits(all_supports(game)[target.support]).target
    h = max(1, a.strength - losses)
    if kind == "protected":
        r = dice.roll(f"{name} on {target.name}: buttoned up, S2 on 1-{h}", 1, 6).total
        result, how = ("S2" if r <= h else "S1"), f"protected, buttoned up: die {r}"
    else:
        sheet = FireSheet(name, target.name, True)
        read_table(game, sheet, "anti_personnel", a.strength, -losses)
        r = dice.roll(f"{name} on {target.name} ({a.strength}H on the Anti-Personnel CRT)", 1, 6).total
        result, how = resolve(sheet, r), f"soft, Anti-Personnel CRT: die {r}"
    used = dict(game.support_used.get(target.support, {}))
    hurt = dict(used.get("damage", {}))
    hurt[str(target.n)] = hurt.get(str(target.n), 0) + STEPS.get(result, 0)
    used["damage"] = hurt
    if SUPPRESSION.get(result, 0):
        used["suppressed"] = {**used.get("suppressed", {}), str(target.n): game.turn}
    steps = hurt[str(target.n)]
    if steps >= SILENCED:
        used["silenced"] = sorted(set(used.get("silenced", [])) | {target.n})
    game.support_used[target.support] = used
    after = ("silenced for the rest of the game" if steps >= SILENCED else
             f"{steps} step{'s' if steps != 1 else ''} of damage, a factor less each" if steps else "no damage")
    base = all_supports(game)[target.support]
    line = (f"{name} on {target.name} off the map ({kind}, 19.21; {how}): {result} -- {after} "
            f"({max(1, base.strength - steps)}H left; MW4 19.2)")
    out.append(Change("support", target.support, {"used": used}, (f"  {line}",)))
    return out, True
