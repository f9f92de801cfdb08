"""Hex Command Mechanized: small-arms fire and what hits do to infantry (HCM 3.7.2, 3.7.4-3.7.6,
3.7.15, 3.7.19, 1.1.3, 2.2.1, 2.3.6), free of the game state.

A stand is a squad of four figures (the core's four steps: a figure lost is a step lost).  Small
arms roll 1d6 against the Small Arms chart (not printed: resources/rulesets/hcm/small_arms.toml
is a labelled sample) for the firer's class against the target's, at range 0-4.

Readings where the text leaves a choice (each tested in tests/rules/test_hcm_fire.py):
* Which hit removes a figure: 3.7.2 ("when two hit markers exist, the next hit removes a
  figure"), 3.7.5, 1.1.3 and the summary all come to the third hit; that hit places no marker
  (the summary), so the two markers stay and every further hit while they are there removes
  another figure, until a rally takes one off (3.9).
* Rout at "2 figures" (3.7.19, the summary) or "two stands" (3.7.5): a squad is one stand, so we
  read figures -- a squad down to 2 figures or fewer routs, and its hit markers are removed
  (3.7.5).  A routed squad that is hit again is eliminated (3.7.19).  The rout move itself (its
  move distance away at once, 3.7.19) is made as the hit is dealt (rout.py, fire_effects.py).
* SMG squads (2.2.1): range 0-2 only, their combat +1 (one less needed on the die).
* A vehicle's machine guns fire once, as one stand of Medium infantry, at range 0-2 (3.7.6: "a
  stand of infantry", no class given); a half-track fires as Light infantry with anti-tank
  ability (2.3.6).
* Cover: each cover benefit of the target is one more needed on the die (our reading: the
  printed rules give cover a point elsewhere, 3.7.11).
* HE (3.7.15): a direct hit removes a figure from the stand and then places its hit markers (two
  for heavy cannon) one at a time by the rule above; a weapon without HE only places the marker.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.ruleset import load_table, rulesets_dir
from .fire import Modifier, commander_modifier

CLASSES = ("L", "M", "H")          # HCM 2.2.1
SMALL_ARMS_RANGE = 4               # HCM 1.1.1
SHORT_RANGE = 2                    # SMG 2.2.1, vehicle MG 3.7.6
FIGURES = 4                        # a squad of four figures (1)
ROUT_AT = 2                        # HCM 3.7.19: 2 figures or fewer left
MARKERS_BEFORE_LOSS = 2            # HCM 3.7.2: with two markers on, the next hit takes a figure


@lru_cache(maxsize=None)
def chart() -> dict[tuple[str, str], list[int]]:
    table = load_table(Path(rulesets_dir()) / "hcm" / "small_arms.toml", ())
    return {(e["firer"], e["target"]): e["needs"] for e in table.section("entry").values()}


def infantry_class(weight: str, who: str) -> str:
    w = str(weight).upper()
    if w not in CLASSES:
        raise UmpireError(f"{who}: infantry class {weight!r} is not L, M or H (HCM 2.2.1)")
    return w


def needs(firer: str, target: str, range_: int, *, smg: bool = False, short: bool = False, hit_markers: int = 0,
          commander: int = 0, cover: int = 0, combat_damage: int = 0, who: str = "firer",
          commander_cvs: bool = False) -> tuple[int, list[Modifier]]:
    """The 1d6 a small-arms shot needs (HCM 3.7.2), and the modifiers that made it.  `short`: a
    weapon reaching only 0-2 hexes (a vehicle's MG, 3.7.6).  Out of range is refused."""
    firer, target = infantry_class(firer, who), infantry_class(target, "target")
    longest = SHORT_RANGE if smg or short else SMALL_ARMS_RANGE
    if not 0 <= range_ <= longest:
        rule = "2.2.1" if smg else ("3.7.6" if short else "1.1.1")
        raise UmpireError(f"{who}: range {range_} is beyond its reach of 0-{longest} hexes (HCM {rule})")
    mods = []
    if smg:
        mods.append(Modifier("SMG squad, +1 combat", -1, "2.2.1"))
    if hit_markers:
        mods.append(Modifier(f"{hit_markers} hit marker{'s' if hit_markers > 1 else ''} on the firer, -1 combat each",
                             hit_markers, "3.7.5"))
    if combat_damage:
        mods.append(Modifier(f"C damage on the firing vehicle, -{combat_damage} combat (our reading)", combat_damage,
                             "2.3.3"))
    if commander:
        mods.append(commander_modifier(commander, commander_cvs))
    if cover:
        mods.append(Modifier(f"target in cover ({cover}, our reading)", cover, "3.7.2"))
    return chart()[(firer, target)][range_] + sum(m.value for m in mods), mods


@dataclass(frozen=True)
class Stand:
    """An infantry stand as hits see it: figures left, hit markers on it, routed or not."""

    figures: int
    hits: int = 0
    routed: bool = False


@dataclass(frozen=True)
class Outcome:
    stand: Stand
    eliminated: bool
    lines: tuple[str, ...]

    @property
    def routs(self) -> bool:
        return self.stand.routed and not self.eliminated


def take_hit(stand: Stand, markers: int = 1, figures: int = 0, why: str = "hit") -> Outcome:
    """One hit on a stand (HCM 3.7.2, 3.7.5, 3.7.15, 3.7.19): `figures` removed outright (HE), then
    `markers` hit markers placed one at a time, the third hit taking a figure instead."""
    if stand.routed:
        return Outcome(stand, True, (f"{why} on a routed squad: eliminated (HCM 3.7.19)",))
    left, hits, lines = stand.figures, stand.hits, []
    for _ in range(figures):
        left -= 1
        lines.append(f"{why}: a figure removed, {max(left, 0)} left (HCM 3.7.15)")
    for _ in range(markers):
        if left <= 0:
            break
        if hits >= MARKERS_BEFORE_LOSS:
            left -= 1
            lines.append(f"{why}: a third hit, a figure removed instead of a marker, {max(left, 0)} left (HCM 3.7.2)")
        else:
            hits += 1
            lines.append(f"{why}: a red hit marker placed, {hits} on it (HCM 3.7.5)")
    if left <= 0:
        return Outcome(Stand(0, 0, False), True, tuple(lines) + ("no figures left: eliminated",))
    if left <= ROUT_AT:
        lines.append(f"{left} figure{'s' if left > 1 else ''} left: the squad routs, its hit markers removed, and "
                     "runs its move away at once (HCM 3.7.5, 3.7.19)")
        return Outcome(Stand(left, 0, True), False, tuple(lines))
    return Outcome(Stand(left, hits, False), False, tuple(lines))


def he_effect(he: bool, he_markers: int) -> tuple[int, int]:
    """HCM 3.7.15: (figures removed, hit markers placed) by a direct hit on infantry: HE removes a
    figure and places its markers (two for heavy cannon); without HE only one marker."""
    return (1, he_markers) if he else (0, 1)


def apc_passengers_marked(firer_anti_vehicle: bool) -> bool:
    """HCM 3.7.4: small arms hitting an APC mark its passengers only if the firer is anti-vehicle."""
    return firer_anti_vehicle


def vehicle_mg_class(halftrack: bool) -> str:
    """HCM 3.7.6: a vehicle's MGs fire as one stand of infantry (our reading: Medium); a
    half-track as Light infantry with anti-tank ability (2.3.6)."""
    return "L" if halftrack else "M"
