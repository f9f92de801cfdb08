"""Wardogs hit resolution and damage application (Wardogs p. 15-16, Table 7), free of the game.

Fire is simultaneous (p. 7 step 8, p. 15): every damage die of every attacker is read against the
armour rating (AR) the target had at the START of the turn, and the damage is applied only when
all attacks on it are resolved.  Our reading of Table 7 (scrambled in the text, see
resources/rulesets/wardogs/damage.toml): a die under the AR misses; equal to it hits for -1 AR and
a stability check; over it hits for -1 AR, a stability check and a penetration roll.

Damage application, our readings of p. 16:
* Shields take hits first (p. 16): each hit takes 1 from the shields while any are left, then
  from the armour.  Penetration reaches the internals, which both protect, only once the shields
  are down: a penetrating die that finds the shields still up is spent on them.  Shields come back
  to their full rating at the start of each turn (p. 16) unless the power plant is damaged
  (Table 8, 11: "shields are down") -- see `shields_at_turn_start`.
* AR never goes below 0.  A target whose AR was 0 at the start of the turn is combat ineffective
  and each penetration it takes rolls twice on Table 8/9 (p. 16).
* Infantry die on any penetration (p. 16); infantry have AR 0 (p. 6).
* A structure section has no internals table: our reading, it is destroyed by any penetration,
  and its neighbours then lose 1 AR each (p. 16; see structures.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.errors import UmpireError
from .weapons import range_modifier, table


def result_of(modified: int, armour: int) -> dict:
    """Table 7's row for one modified damage die against the turn's armour rating."""
    against = "less" if modified < armour else "equal" if modified == armour else "greater"
    return table().section("result")[against]


@dataclass(frozen=True)
class Die:
    face: int
    modified: int
    hit: bool
    penetrates: bool

    def word(self) -> str:
        what = "penetrates" if self.penetrates else "hits" if self.hit else "misses"
        return f"{self.face}" + (f"->{self.modified}" if self.modified != self.face else "") + f" {what}"


TURRET_DAMAGED = -2      # Table 9, 7: "-2 to hit with all turret weapons"


def resolve_dice(faces: list[int], band: str, armour: int, extra: int = 0) -> list[Die]:
    """Each damage die with Table 6's range modifier (and `extra`: a damaged turret's -2), read on
    Table 7 against the turn's AR.  The damage die is the roll "to hit" (p. 15, Hit Resolution;
    Table 7's "hit or miss"): Umpire's reading of where Table 9's -2 to hit applies."""
    if armour < 0:
        raise UmpireError(f"armour rating {armour} is below 0 (Wardogs p. 6)")
    mod = range_modifier(band) + extra
    out = []
    for f in faces:
        row = result_of(f + mod, armour)
        out.append(Die(f, f + mod, row["hit"], row["penetration"]))
    return out


@dataclass(frozen=True)
class Outcome:
    """What all of a turn's hits on one target come to (p. 16)."""
    shields: int
    armour: int
    penetrations: int = 0          # Table 8/9 rolls to make (doubled at AR 0)
    stability_check: bool = False
    killed: bool = False           # infantry, or a structure section, taking a penetration
    lines: tuple[str, ...] = field(default=())


def apply_hits(dice: list[Die], shields: int, armour: int, armour_at_start: int, kind: str) -> Outcome:
    """Apply every die of the turn at one target, in order, after all were rolled (p. 15-16).
    kind: "infantry", "structure", "mecha" or a vehicle kind (the penetration table is chosen later)."""
    penetrations, stability, lines = 0, False, []
    for d in dice:
        if not d.hit:
            continue
        stability = True
        if shields > 0:
            shields -= 1
            lines.append(f"die {d.word()}: the shields take it, {shields} left (Wardogs p. 16)")
            continue
        armour = max(0, armour - 1)
        if d.penetrates:
            rolls = 2 if armour_at_start == 0 else 1
            penetrations += rolls
            lines.append(f"die {d.word()}: AR {armour}, {rolls} penetration roll{'s' if rolls > 1 else ''}"
                         + (" (AR 0 at the turn's start: doubled, p. 16)" if rolls > 1 else "") + " (Wardogs p. 16, Table 7)")
        else:
            lines.append(f"die {d.word()}: AR {armour} (Wardogs p. 15, Table 7)")
    killed = penetrations > 0 and kind in ("infantry", "structure")
    if killed:
        lines.append(("the squad is wiped out by penetration" if kind == "infantry" else
                      "the building section is destroyed") + " (Wardogs p. 16)")
        penetrations = 0
    return Outcome(shields, armour, penetrations, stability and kind != "structure", killed, tuple(lines))


def shields_up(marks) -> int:
    """The shields a unit has now: none while its power plant is damaged or destroyed (Table 8,
    11: "shields are down"), whatever the turn's end restored."""
    from .penetration import state_of
    return 0 if state_of(marks.damage, "power_plant") else marks.shields


def shields_at_turn_start(rating: int, power_plant: str | None) -> int:
    """Shields restored to full each turn while there is power (p. 16); a damaged or destroyed power
    plant leaves them down (Table 8, 11-12)."""
    return 0 if power_plant in ("damaged", "destroyed") else rating
