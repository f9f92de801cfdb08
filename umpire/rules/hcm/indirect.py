"""Hex Command Mechanized: indirect fire (HCM 3.7.13, 3.7.14, 4.3), free of the game state.

A spotter -- any unit or commander of the firing side that sees the target hex -- is needed
(3.7.14).  1d6 of 5 or 6 lands the round on the hex; otherwise a second 1d6 picks the neighbouring
hex it lands in, counted clockwise.  Rockets never aim true: they always take the second roll
(4.3).  Field and self-propelled artillery cannot fire indirect at a range under 5 (3.7.13);
mortars can.

Readings where the text leaves a choice (tested in tests/rules/test_hcm_indirect.py):
* The clockwise count starts, for 1, at the neighbour toward the top edge of the map (north on a
  flat-topped map, north-east on a pointy-topped one) and goes clockwise to 6.
* The minimum range is counted as all ranges are (the neighbouring hex is 0).
* A round landing on a hex hits one item there (3.7.15: "one infantry item for each hit"); with
  two items, 1d6 picks: 1-3 the first by id, 4-6 the second (3.7.2's random roll).  Infantry take
  the HE effect (a figure and the gun's hit markers); a vehicle rolls damage blocks for the gun's
  weight against its own (2.3.3).
"""

from __future__ import annotations

from ...core.hexgrid import Hex, neighbour

ON_TARGET = 5                      # HCM 3.7.14: 5 or 6 hits the hex
MIN_RANGE = 5                      # HCM 3.7.13: field and SP artillery
TOP = {"flat": 2, "pointy": 1}     # core.hexgrid's index of the direction toward the top edge


def minimum_range(role: str) -> int:
    """HCM 3.7.13: 5 for field and self-propelled artillery, none for mortars."""
    return 0 if role == "mortar" else MIN_RANGE


def scatter_hex(target: Hex, d6: int, orientation: str = "flat") -> Hex:
    """The neighbour a stray round lands in: 1 toward the top of the map, then clockwise (our
    reading).  core.hexgrid numbers directions counter-clockwise, so clockwise counts down."""
    if not 1 <= d6 <= 6:
        raise ValueError(f"a scatter die shows 1 to 6, not {d6}")
    return neighbour(target, (TOP[orientation] - (d6 - 1)) % 6)


def lands(target: Hex, dice, orientation: str = "flat", rockets: bool = False) -> tuple[Hex, list[str]]:
    """Where the round lands, and the journal lines saying how (3.7.14, 4.3)."""
    lines = []
    if rockets:
        lines.append("rockets cannot hit a chosen hex: the round scatters (HCM 4.3)")
    else:
        roll = dice.d6("indirect fire on target (5-6 hits)")
        if roll >= ON_TARGET:
            return target, [f"1d6 = {roll}: on target (HCM 3.7.14)"]
        lines.append(f"1d6 = {roll}: off target (HCM 3.7.14)")
    d = dice.d6("scatter, clockwise from the top of the map")
    return scatter_hex(target, d, orientation), lines + [f"scatter 1d6 = {d}: the round lands in neighbour {d} "
                                                          "counted clockwise from the top (HCM 3.7.14)"]


def pick_item(count: int, d6: int) -> int:
    """Which of the items in a hex a round hits: 1-3 the first, 4-6 the second (our reading)."""
    if count <= 1:
        return 0
    return min(count - 1, (d6 - 1) * count // 6)
