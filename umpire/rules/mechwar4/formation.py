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

from ...core.changes import Change
from ...core.game import Game
from .state import company_change
from .traits import doctrine_of
from ...core.hexgrid import hex_distance


def formation(game: Game, company_id: str) -> tuple[list[str], list[str], str]:
    """(units that may act together now, ready units left out, a line saying why)."""
    company = next((c for c in game.companies if c.id == company_id), None)
    if company is None:
        return [], [], f"no company {company_id!r}"
    side_id = next(b.side for b in game.battalions if b.id == company.battalion)
    doctrine_key = doctrine_of(game, side_id)
    units = [u for u in game.units.values() if u.company == company_id and u.on_map and not u.carried_by]
    ready = [u for u in units if not (u.moved or u.fired or u.acted)]
    if doctrine_key is None:
        return [], [u.id for u in ready], (f"{game.side(side_id).name} has no formation doctrine in this "
                                          "scenario: one unit at a time (MW4 4.1)")
    doctrine = game.rules.tables["formation"].section("entry")[doctrine_key]
    spacing, size = doctrine["spacing"], doctrine["size"]
    groups = linked_groups(units, spacing)
    best = max(groups, key=lambda g: sum(1 for u in g if u in ready), default=[])
    members = [u.id for u in best if u in ready][:size]
    out = [u.id for u in ready if u.id not in members]
    why = (f"{', '.join(members) or 'no unit'} in formation: linked within {spacing} hexes "
           f"({doctrine['label']}, MW4 4.1)")
    if out:
        why += f"; not with them: {', '.join(out)}"
    return members, out, why


def linked_groups(units: list, spacing: int) -> list[list]:
    """The units split into groups linked by a chain of neighbours within `spacing` hexes."""
    groups: list[list] = []
    left = list(units)
    while left:
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
    return groups


def formation_checks(game: Game) -> list[Change]:
    """After the Direct Fire/Movement phase, each company of a side with a doctrine is checked:
    out of formation (its units not one linked group) its panic level rises one level until
    it closes up again; a company that lost a unit since the last check has one game turn to
    close up before the penalty (MW4 4.1).  Companies of one unit on the map are left alone."""
    out: list[Change] = []
    for company in game.companies:
        side_id = next(b.side for b in game.battalions if b.id == company.battalion)
        key = doctrine_of(game, side_id)
        if key is None:
            continue
        spacing = game.rules.tables["formation"].section("entry")[key]["spacing"]
        units = [u for u in game.units.values() if u.company == company.id and u.on_map and not u.carried_by]
        state = game.rule_state.company(company.id)
        losses = game.rule_state.company(company.id).losses
        together = len(units) < 2 or len(linked_groups(units, spacing)) == 1
        values: dict = {}
        line = ""
        if together and (state.formation_penalty or state.grace_until is not None):
            values = {"formation_penalty": False, "grace_until": None}
            line = f"{company.id} is back in formation: its panic level is restored (MW4 4.1)"
        elif not together and not state.formation_penalty:
            if state.grace_until is None and losses > state.losses_checked:
                values = {"grace_until": game.turn + 1}
                line = (f"{company.id} is out of formation after losses: it has until turn {game.turn + 1} "
                        "to close up (MW4 4.1)")
            elif state.grace_until is None or game.turn >= state.grace_until:
                values = {"formation_penalty": True, "grace_until": None}
                line = f"{company.id} is out of formation: panic level +1 level until it closes up (MW4 4.1)"
        if losses != state.losses_checked:
            values["losses_checked"] = losses
        if values:
            out.append(company_change(game, company.id, values, (line,) if line else ()))
    return out
