"""Wardogs lock-on (Wardogs p. 12-13, Table 3), free of the game state.

Before any weapon fires, the attacker rolls one d10 for the target; modified, it must come out at
or under the target's thermal signature (p. 7 step 7, p. 12).  There is no range limit on a lock;
the attacker needs a line of sight, or a weapon able to fire indirect, which ignores sight and
full cover at +2 (Table 3).  A lock holds for the whole turn: every weapon with arc and range to
the target may then fire (p. 12).

Table 3 is scrambled in the text; our reading of it (pairing its rows with its numbers in print
order) is documented in resources/rulesets/wardogs/lockon.toml and tested in
tests/rules/test_wardogs_lockon.py.  Readings of ours beyond the table:
* A thermal signature is at least 1 before modifiers (p. 6): a lower one is read as 1.
* Forest counts +2 for each forest hex on the line, the target's own hex included.
* A unit that went through a forest fire is +5 to its signature for 3 turns, and the smoke of a
  burning hex is a smoke dispenser's +3 to lock on to a unit in it (p. 16; fires.py).
* A natural d10 of 1 is not an automatic success, nor 10 a failure: the text names none.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...core.errors import UmpireError
from ...core.ruleset import load_table, rulesets_dir


@lru_cache(maxsize=None)
def modifiers() -> dict[str, dict]:
    """Table 3 as data (our reading), by condition."""
    return load_table(Path(rulesets_dir()) / "wardogs" / "lockon.toml", ()).section("entry")


@dataclass(frozen=True)
class Situation:
    """What Table 3 asks about one attacker locking on to one target this turn."""
    signature: int                   # the target's thermal signature (p. 6)
    hexes_moved: int = 0             # how far the target moved this turn (Marks.hexes_moved)
    has_sight: bool = True           # the attacker sees the target (WA's sight, p. 12-13)
    indirect: bool = False           # the attacker fires an indirect-capable weapon
    smoke: bool = False              # target in a smoke cloud, or chaff in its hex
    submerged: bool = False          # target submerged in deep lake / ocean
    flare_distance: int | None = None   # hexes from a decoy flare to attacker or target (nearest)
    flare_underwater: bool = False
    forest_hexes: int = 0            # forest hexes on the line: the target's own and between
    partial_cover: bool = False
    infantry_vs_infantry: bool = False
    heat: int = 0                    # added to the signature: went through the flames (p. 16, +5)


def moved_modifier(hexes: int) -> tuple[str, int]:
    """Table 3's row for how far the target moved this turn."""
    if hexes < 0:
        raise UmpireError(f"lock-on: a target cannot have moved {hexes} hexes (Wardogs p. 13, Table 3)")
    for row in modifiers().values():
        low, high = row.get("moved_min"), row.get("moved_max")
        if low is not None and hexes >= low and (high is None or hexes <= high):
            return row["label"], row["modifier"]
    raise UmpireError(f"lock-on: no Table 3 row for a target that moved {hexes} hexes (Wardogs p. 13)")


def flare_modifier(distance: int, underwater: bool) -> tuple[str, int] | None:
    """Table 3's decoy flare row at this distance, or None beyond two hexes."""
    for row in modifiers().values():
        if row.get("distance") == distance:
            return row["label"], row["underwater"] if underwater else row["modifier"]
    return None


def applicable(s: Situation) -> list[tuple[str, int]]:
    """(label, modifier) of every Table 3 row that applies, in the table's order."""
    rows = modifiers()
    out: list[tuple[str, int]] = []
    if s.smoke:
        out.append((rows["smoke"]["label"], rows["smoke"]["modifier"]))
    if s.submerged:
        out.append((rows["submerged"]["label"], rows["submerged"]["modifier"]))
    if s.flare_distance is not None:
        flare = flare_modifier(s.flare_distance, s.flare_underwater)
        if flare:
            out.append(flare)
    if s.forest_hexes:
        out.append((f"{rows['forest']['label']} ({s.forest_hexes})", rows["forest"]["modifier"] * s.forest_hexes))
    out.append(moved_modifier(s.hexes_moved))
    if s.partial_cover:
        out.append((rows["partial_cover"]["label"], rows["partial_cover"]["modifier"]))
    if s.indirect:
        out.append((rows["indirect"]["label"], rows["indirect"]["modifier"]))
    if s.infantry_vs_infantry:
        out.append((rows["infantry_vs_infantry"]["label"], rows["infantry_vs_infantry"]["modifier"]))
    return out


def may_try(s: Situation) -> None:
    """A lock needs sight of the target or indirect fire (p. 7 step 6, p. 12); else one line."""
    if not s.has_sight and not s.indirect:
        raise UmpireError("lock-on: the attacker has no line of sight and no indirect weapon (Wardogs p. 7, p. 12)")


@dataclass(frozen=True)
class Lock:
    die: int
    total: int
    signature: int
    mods: tuple[tuple[str, int], ...]
    heat: int = 0

    @property
    def target_number(self) -> int:
        return self.signature + self.heat

    @property
    def locked(self) -> bool:
        return self.total <= self.target_number

    def describe(self) -> str:
        mods = "".join(f" {m:+d} {label.lower()}" for label, m in self.mods if m)
        verdict = "locked on" if self.locked else "no lock"
        against = f"{self.target_number} ({self.signature} +{self.heat} through the flames, p. 16)" if self.heat else str(self.signature)
        return f"lock-on d10 {self.die}{mods} = {self.total} against signature {against}: {verdict} (Wardogs p. 12, Table 3)"


def lock_on(s: Situation, die: int) -> Lock:
    """The lock-on with this d10 (p. 12): modified result at or under the signature locks."""
    may_try(s)
    if not 1 <= die <= 10:
        raise UmpireError(f"lock-on: a d10 shows 1 to 10, not {die} (Wardogs p. 12)")
    mods = tuple(applicable(s))
    signature = max(1, s.signature)          # p. 6: never below 1 before modifiers
    return Lock(die, die + sum(m for _, m in mods), signature, mods, s.heat)
