"""MechWar 4 simplified formation doctrine (MW4 4.1): a company's units standing close enough
together are activated as one -- each may then move or fire in the same activation, though
each can still draw opportunity fire on its own.

The spacing comes from the side's doctrine in formation.toml (NATO: two hexes between
units, so 3 apart; Soviet: one hex between, so 2).  Units are in formation when they are
linked by a chain of neighbours within that spacing; the largest such group of the company
counts, and at most `size` of its units that have not yet acted go.  The text also asks for
units "of the same type"; here the scenario's company is the grouping (4.1 lets an HQ
marker group a company's units the same way).
"""

from __future__ import annotations

from ...core.game import Game
from ...core.hexgrid import hex_distance


def formation(game: Game, company_id: str) -> tuple[list[str], list[str], str]:
    """(units that may act together now, ready units left out, a line saying why)."""
    company = next((c for c in game.companies if c.id == company_id), None)
    if company is None:
        return [], [], f"no company {company_id!r}"
    side_id = next(b.side for b in game.battalions if b.id == company.battalion)
    doctrine_key = game.side(side_id).doctrine
    units = [u for u in game.units.values() if u.company == company_id and u.on_map and not u.carried_by]
    ready = [u for u in units if not (u.moved or u.fired or u.acted)]
    if doctrine_key is None:
        return [], [u.id for u in ready], (f"{game.side(side_id).name} has no formation doctrine in this "
                                          "scenario: one unit at a time (MW4 4.1)")
    doctrine = game.rules.tables["formation"].section("entry")[doctrine_key]
    spacing, size = doctrine["spacing"], doctrine["size"]
    groups: list[list] = []
    left = list(units)
    while left:                       # linked groups: a chain of units each within spacing
        group = [left.pop(0)]
        grew = True
        while grew:
            grew = False
            for u in list(left):
                if any(hex_distance(u.hex, g.hex) <= spacing for g in group):
                    group.append(u)
                    left.remove(u)
                    grew = True
        groups.append(group)
    best = max(groups, key=lambda g: sum(1 for u in g if u in ready), default=[])
    members = [u.id for u in best if u in ready][:size]
    out = [u.id for u in ready if u.id not in members]
    why = (f"{', '.join(members) or 'no unit'} in formation: linked within {spacing} hexes "
           f"({doctrine['label']}, MW4 4.1)")
    if out:
        why += f"; not with them: {', '.join(out)}"
    return members, out, why
