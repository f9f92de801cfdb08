"""Activation by numbered groups (HCM 4.6, 3.1 option 2): the order each side's groups act in,
who goes first in each group, and which units may act while a group is active.

Each side numbers its groups (companies: "groups of platoons") before play: State.activation,
side -> company ids in order.  In group 1 one side's first group acts to its end, then the
other's; then the groups numbered 2, and so on.  Who goes first in each number is decided
either by a roll for every number (`[hcm] group_initiative = "each"`, the default) or once for
the turn by the initiative winner (`"once"`, the option 4.6 offers to save rolls).

Readings:
* The roll "on the Initiative value of the commanders in question": each side rolls 1d10 for
  its group's commander (command.force_commander); the one that beats his Initiative by more
  goes first (roll less Initiative; a tie is rolled again).  A side with no group of that
  number leaves the other to act alone.
* Artillery floats (4.6): a company whose units all fire indirect (units.toml `indirect`) takes
  no number, and neither does a unit outside any company; they may act in any group, and
  `act_problem` never holds them back.
* The whole turn's sequence is rolled as the turn begins (`sequence`): the turn's order is then
  fixed, and a commander placed in one group is not placed again (command.place, 4.6's note).
"""

from __future__ import annotations

from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from .command import cvs, force_commander
from .orders import company_side

Step = tuple[str, str]          # (side, company) in the order they act


def floats(game: Game, company: str | None) -> bool:
    """Artillery and units outside any company float outside the numbering (4.6)."""
    if company is None:
        return True
    units = [u for u in game.units.values() if u.company == company and game.unit_type(u)["kind"] != "commander"]
    return bool(units) and all(game.unit_type(u)["indirect"] for u in units)


def numbered(game: Game, side: str) -> list[str]:
    """The side's companies that need a number (4.6): all but the floating ones."""
    ids = [c.id for c in game.companies if company_side(game, c.id) == side]
    return [c for c in ids if not floats(game, c)]


def check_order(game: Game, side: str, companies: list[str]) -> list[str]:
    """The side's activation order, checked: each of its companies that needs a number, once."""
    mine = numbered(game, side)
    for c in companies:
        if company_side(game, c) is None:
            raise UmpireError(f"activation order: no company {c!r} (HCM 4.6)")
        if company_side(game, c) != side:
            raise UmpireError(f"activation order: {c} is not a company of {game.side(side).name} (HCM 4.6)")
        if floats(game, c):
            raise UmpireError(f"activation order: {c} is artillery: it floats and takes no number (HCM 4.6)")
    if len(set(companies)) != len(companies):
        raise UmpireError("activation order: a company is numbered twice (HCM 4.6)")
    missing = [c for c in mine if c not in companies]
    if missing:
        raise UmpireError(f"activation order: {', '.join(missing)} must be given a number too (HCM 4.6)")
    return list(companies)


def first_in_group(game: Game, side_a: str, side_b: str, company_a: str, company_b: str, dice) -> tuple[str, list[str]]:
    """HCM 4.6: who of the two groups of the same number acts first -- each side's 1d10 against
    its group commander's Initiative, the larger margin first, ties rolled again."""
    lines = []
    for _ in range(20):
        margins = {}
        for side, company in ((side_a, company_a), (side_b, company_b)):
            c = force_commander(game, company)
            value = cvs(c).initiative if c is not None else 7
            roll = dice.roll(f"{company}: group initiative (HCM 4.6)", 1, 10).total
            margins[side] = roll - value
            lines.append(f"{company}: 1d10 = {roll} against Initiative {value} (HCM 4.6)")
        if margins[side_a] != margins[side_b]:
            return max(margins, key=margins.get), lines
        lines.append("a tie: rolled again (HCM 4.6)")
    return side_a, lines + ["still tied after 20 rolls: the first side goes first"]


def sequence(game: Game, dice) -> tuple[list[Step], list[str]]:
    """The turn's activation sequence (4.6) and the lines saying how it was decided."""
    sides = game.side_ids()[:2]
    orders = {s: list(game.rule_state.activation.get(s, ())) for s in sides}
    once = game.rule_state.scenario.get("group_initiative", "each") == "once"
    winner = game.rule_state.opener or game.rule_state.phasing or game.first_player
    steps: list[Step] = []
    lines: list[str] = []
    for n in range(max((len(v) for v in orders.values()), default=0)):
        here = [(s, orders[s][n]) for s in sides if n < len(orders[s])]
        if len(here) == 2 and not once:
            first, said = first_in_group(game, here[0][0], here[1][0], here[0][1], here[1][1], dice)
            lines += said
        else:
            first = winner if len(here) == 2 else here[0][0]
        here.sort(key=lambda step: step[0] != first)
        lines.append(f"Group {n + 1}: " + ", then ".join(c for _, c in here) + " (HCM 4.6)")
        steps += here
    return steps, lines


def act_problem(game: Game, unit: UnitState, steps: list[Step], now: int) -> str | None:
    """Why the unit may not act while step `now` of the sequence is active (4.6), or None."""
    if not steps or now < 0 or now >= len(steps) or floats(game, unit.company):
        return None
    side, company = steps[now]
    if unit.company == company:
        return None
    return f"group {now + 1} is {company}'s: {unit.id} acts with its own group (HCM 4.6)"
