"""A counter in words, as the viewer knows it: the map's stack tooltips and the order of battle's
contact rows say the same thing.

An own unit reads "A2 — M1 Abrams platoon (3/3)"; an enemy in sight "C1 — BRDM-2 reconnaissance
section, in sight (1/1)"; a ghost (a contact no longer seen) "C2 — T-72 tank platoon, last seen
turn 2 at 1412, strength not seen". A strength the side never saw is said so, never shown as
empty brackets.
"""

from __future__ import annotations

from ..core.knowledge import UnitMark


def strength_words(mark: UnitMark) -> str:
    """"(3/3)", or what the viewer knows of the strength of an enemy it could not count."""
    if mark.strength:
        return f"({mark.strength})"
    return "" if mark.knowledge in ("own", "truth") else "strength not seen"


def when_seen(mark: UnitMark, number) -> str:
    """For a contact: in sight now, or when and where last seen ("" for own units)."""
    if mark.knowledge == "seen":
        return "in sight"
    if mark.knowledge == "last_known":
        return f"last seen turn {mark.turn_seen} at {number(mark.hex)}"
    return ""


def counter_line(mark: UnitMark, number) -> str:
    """One counter in a line; `number` gives a hex's number (the map's)."""
    what = mark.type_label or "not identified"
    when = when_seen(mark, number)
    strength = strength_words(mark)
    text = f"{mark.label} — {what}" + (f", {when}" if when else "")
    if strength.startswith("("):
        return f"{text} {strength}"
    return f"{text}, {strength}" if strength else text
