"""Hex Command Mechanized: a melee declared against a commander (HCM 3.10 c, 3.8, 4.1).

3.10 c says a commander is captured two ways: with his force, when it loses a melee, or when he
is caught with no friendly unit in his hex.  He is never a melee's defender himself.  Our reading:
* no unit of his side with him (a dummy counts as one, as for command.lone_captures: who is a
  dummy is his side's secret): the attacker catches him -- captured, no dice;
* his units with him, and the attacking side has identified him: refused, nothing spent -- it
  melees one of his units, and he is captured if that unit loses (melee_actions.captured);
* his units with him, and the attacking side knows him only as a marker (4.1): a refusal would
  tell it what the marker is, so the melee goes ahead blind, like a shot at a marker that can do
  nothing (fire_sheet.no_effect): the attacker's melee of the turn is spent (3.8 h), the umpire
  alone reads why, and the side reads "no result".
What the attacking side reads names the commander only by its contact label, and says "commander"
or cites 3.10 c only where the side has identified him.
"""

from __future__ import annotations

from ...core.acting import UMPIRE_ONLY
from ...core.changes import Change
from . import command
from .state import is_commander, units_at

CAUGHT, REFUSED, BLIND = "caught", "refused", "blind"
WITH_HIS_UNITS = ("a commander with his units is not fought alone: melee one of them, and he is captured "
                  "if it loses")


def case(game, d) -> str:
    """CAUGHT: no unit of his side in his hex; else REFUSED, which a side that knows him only as
    a marker meets BLIND (module docstring)."""
    friends = [x for x in units_at(game, d.hex, d.side) if x.id != d.id and not is_commander(game, x)]
    return CAUGHT if not friends else REFUSED


def identified(game, side: str, d) -> bool:
    known = game.contacts.get((side, d.id))
    return known is not None and known.type_label == game.unit_type(d)["label"]


def umpire_lines() -> tuple[str, ...]:
    """Why a blind melee (a marker with his units) has no result: the umpire's lines alone -- a
    line the side read here and at no other marker would tell it what this one is."""
    return (f"  (umpire) {WITH_HIS_UNITS}: no result (HCM 3.10 c)",
            "  (umpire) at a marker: the melee is spent against what is there (HCM 4.1, 3.8 h)")


def resolve(game, attackers: tuple[str, ...], d, label: str, blind: bool) -> tuple[str, list[Change]]:
    """The melee's outcome: the attacker's melee spent (3.8 h) and, caught alone, the commander
    captured (3.10 c); what the attacking side reads in its own words (module docstring)."""
    spent = [Change("unit", a, {"melee_turn": game.turn}) for a in attackers]
    where = game.map.number(d.hex)
    if case(game, d) != CAUGHT:
        return f"Melee at {where}: no result", spent + [Change("note", "", {}, (f"  {label}: no result",))]
    said = f"  {label} is captured" + ("" if blind else ": caught with no unit of his own in his hex (HCM 3.10 c)")
    return (f"Melee at {where}: {label} is captured",
            spent + [Change("note", "", {}, (said,))]
            + command.capture(game, d.id, f"caught alone at {where} by {', '.join(attackers)}"))


def kept(lines: tuple[str, ...]) -> dict[int, str]:
    """The sheet's lines only the umpire reads: those marked "(umpire)"."""
    return {i: UMPIRE_ONLY for i, x in enumerate(lines) if x.lstrip().startswith("(umpire)")}
