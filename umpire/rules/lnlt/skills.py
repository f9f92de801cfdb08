"""Lock 'n Load Tactical hero skills (12.0): the skill counter a new hero draws (the DCT's Hero
Creation: "pick a Skill") and the "skill-related modifiers" of the Direct Fire Table.  The aid
names no skill, so skills.toml's counters are labelled samples: each has a DFT modifier, counted
in any fire the hero takes part in (only against an adjacent target when `adjacent_only`).  The
skill drawn is the hero's side's to know: its line is journaled for that side alone (damage.py)."""

from __future__ import annotations

from ...core.game import Game, UnitState


def table(game: Game) -> dict:
    return game.rules.tables["skills"].section("entry") if "skills" in game.rules.tables else {}


def draw(game: Game, hid: str, dice) -> tuple[str | None, tuple[str, ...]]:
    """12.0: the new hero draws a skill counter at random -- a die of as many sides as there are
    skills, in the table's order; returns its key and the line that says so."""
    skills = table(game)
    if not skills:
        return None, ()
    keys = list(skills)
    r = dice.roll(f"skill counter for {hid} (1-{len(keys)})", 1, len(keys)).total
    return keys[r - 1], (f"  {hid} draws the skill counter {skills[keys[r - 1]]['label']} ({r}): "
                         f"{effect(skills[keys[r - 1]])} (12.0, a sample skill)",)


def effect(s: dict) -> str:
    if not s["dft"]:
        return "no fire modifier"
    return f"{s['dft']:+d} on the DFT" + (" against an adjacent target" if s["adjacent_only"] else "")


def modifiers(game: Game, units: list[UnitState], rng: int) -> list[tuple[str, int]]:
    """12.0: the DFT modifiers of the firing heroes' skills at this range."""
    out = []
    for u in units:
        s = table(game).get(u.marks.skill or "")
        if s and s["dft"] and (rng == 1 or not s["adjacent_only"]):
            out.append((f"{u.id}'s skill, {s['label']} (12.0)", s["dft"]))
    return out


def details(game: Game, u: UnitState) -> list[tuple[str, str]]:
    """The inspector's row for a hero's skill (its own side's and the umpire's view)."""
    s = table(game).get(u.marks.skill or "")
    return [("Skill", f"{s['label']}: {effect(s)} (12.0, a sample)")] if s else []
