"""Hex Command Mechanized: melee arithmetic (HCM 3.8, 3.8.1-3.8.5), free of the game state.

Each attacker fights the defender on its own (3.8 c): 1d6 each plus modifiers; the higher wins and
the loser is captured (3.8 e); a tie costs each a figure and pushes each back a hex (3.8 d).
Vehicles do not roll: against a vehicle or emplaced gun they ram (3.8.1), against infantry each
causes a casualty (3.8 k); infantry swarming a vehicle damage it (3.8.2).

Readings where the text leaves a choice (tested in tests/rules/test_hcm_melee.py):
* The melee modifiers chart is not printed: resources/rulesets/hcm/melee.toml is a sample.  The
  printed ones are code: a commander +1 (3.7.18), SMG +1 (2.2.1), -1 for each hit marker (3.7.5).
* "A structure class heavier than the weight class of the vehicle" (3.8 k, 3.8.1): the terrain
  chart gives no structure classes; buildings (heavy ground that is neither wood nor hill) and
  works that stop vehicles count as Heavy structures, so they shelter their infantry from VL, L
  and M vehicles, not from H and VH.  A trench is no structure: a vehicle heavier than Light
  overrunning one levels it (3.8.1).
* Swarming (3.8.2): heavy (H, VH) vehicles take one incremental block, medium one block as it
  shows, light (VL, L) two blocks as they show; an open-topped vehicle is captured or destroyed
  at the swarmers' choice, whatever its weight.
* Ramming (3.8.1): the damage allocation chart is missing (sample); a wheeled rammer damages only
  wheeled vehicles (its own blocks still roll).
* Advance after melee (3.8.5): 1d6 of 4-6, +1 with a commander; section 7 makes it compulsory on
  a pass -- we follow 3.8.5: the advance is offered, the player may decline it.  The optional CVS
  reading (1d10 above the commander's Aggressiveness) is used when the scenario sets
  `advance_cvs`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core.ruleset import load_table, rulesets_dir
from .damage import weight_index
from .fire import Modifier

ADVANCE_ON = 4                     # HCM 3.8.5: 4-6


@lru_cache(maxsize=None)
def tables() -> tuple[dict, dict]:
    t = load_table(Path(rulesets_dir()) / "hcm" / "melee.toml", ())
    mods = {e["applies"]: e["value"] for e in t.section("modifier").values()}
    ram = {e["difference"]: e for e in t.section("ramming").values()}
    return mods, ram


def modifiers(infantry_class: str, hits: int = 0, commander: int = 0, smg: bool = False, cover: int = 0,
              mounted: bool = False) -> list[Modifier]:
    """What is added to one side's 1d6 in a melee (3.8 c)."""
    sample, _ = tables()
    out = []
    cls = sample.get(f"class_{infantry_class}", 0)
    if cls:
        out.append(Modifier(f"{infantry_class} infantry (sample chart)", cls, "3.8 c"))
    if smg:
        out.append(Modifier("SMG squad, +1 combat", 1, "2.2.1"))
    if hits:
        out.append(Modifier(f"{hits} hit marker{'s' if hits > 1 else ''}, -1 combat each", -hits, "3.7.5"))
    if commander:
        out.append(Modifier("commander with it", commander, "3.7.18"))
    if cover:
        out.append(Modifier(f"defending in cover ({cover}, sample chart)", cover * sample.get("defender_cover", 0),
                            "3.8 c"))
    if mounted and sample.get("cavalry_mounted"):
        out.append(Modifier("mounted cavalry (sample chart)", sample["cavalry_mounted"], "3.8 c"))
    return [m for m in out if m.value]


def contest(attacker: int, defender: int) -> str:
    """HCM 3.8 d, e: "attacker" or "defender" wins, or "tie"."""
    return "tie" if attacker == defender else ("attacker" if attacker > defender else "defender")


def may_retreat(own_move: int, enemy_move: int, hits: int, terrain_allows: bool) -> str | None:
    """HCM 3.8.4: why the unit may not retreat before melee (None: it may)."""
    if own_move < enemy_move + 1:
        return f"its movement {own_move} is not at least one more than the attacker's {enemy_move} (HCM 3.8.4)"
    if hits:
        return "it has a hit marker (HCM 3.8.4)"
    if not terrain_allows:
        return "the terrain behind it does not let it in (HCM 3.8.4)"
    return None


def advances(d6: int, commander: int = 0) -> bool:
    """HCM 3.8.5: 4-6 on 1d6, +1 for a commander."""
    return d6 + commander >= ADVANCE_ON


def advances_cvs(d10: int, aggressiveness: int) -> bool:
    """HCM 3.8.5 optional: 1d10 above the commander's Aggressiveness."""
    return d10 > aggressiveness


def structure_shelters(heavy_structure: bool, vehicle_weight: str) -> bool:
    """HCM 3.8 k, 3.8.1: a structure heavier than the vehicle (our reading: buildings and works are
    Heavy structures) spares its infantry the casualty: a hit marker instead, and stops the vehicle."""
    return heavy_structure and weight_index(vehicle_weight) < weight_index("H")


def swarm(vehicle_weight: str, open_topped: bool) -> tuple[str, int, bool]:
    """HCM 3.8.2: ("capture", 0, False) for an open-topped vehicle, else ("damage", blocks,
    incremental)."""
    if open_topped:
        return "capture", 0, False
    w = weight_index(vehicle_weight)
    if w >= weight_index("H"):
        return "damage", 1, True
    if w == weight_index("M"):
        return "damage", 1, False
    return "damage", 2, False


def ram(rammer: str, target: str, rammer_wheeled: bool = False, target_wheeled: bool = False) -> tuple[int, int]:
    """HCM 3.8.1: (blocks on the target, blocks on the rammer) from the sample allocation chart;
    a wheeled rammer damages only wheeled vehicles."""
    _, rows = tables()
    diff = weight_index(rammer) - weight_index(target)
    row = rows[max(min(rows), min(max(rows), diff))]
    on_target = row["target_blocks"] if (not rammer_wheeled or target_wheeled) else 0
    return on_target, row["rammer_blocks"]
