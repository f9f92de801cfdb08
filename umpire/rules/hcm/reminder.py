"""Which units could still fire in a fire phase (HCM 3.7): the answer the window's reminder
before Pass and Next Phase asks of the rule system (RuleSystem.may_act_now).

The core's answer -- a unit that has neither moved, fired nor acted -- is wrong twice over in
HCM's fire phases: a unit that moved in its movement phase may still fire (3.7), and a Very Light
or Light gun that has fired once has its second shot to come (1.1.4), while a unit with no
enemy in sight that it could shoot at has nothing to do.  So a unit counts here when at least
one shot is open to it now: the fire worksheet (fire_sheet.py) of some enemy unit its side sees
is legal -- the same check the fire action makes, so the reminder never names a unit whose
every shot would be refused.  A reminder, not a rule: the engine judges each shot all the same.
Indirect fire (3.7.13) is left out: a gun with no target of its own may still shoot at a hex a
spotter sees, but counting every such gun would name it in each fire phase of the game.
"""

from __future__ import annotations

from ...core.game import Game, UnitState
from .fire_sheet import fire_sheet
from .state import kind

NOT_FIRERS = ("commander", "dummy")     # 3.10 e, 7.2: commanders and dummies fire at nothing


def could_still_fire(game: Game, unit: UnitState) -> bool:
    """HCM 3.7, 1.1.4: some enemy unit the side sees now that `unit` may legally shoot at."""
    if not unit.on_map or unit.carried_by or kind(game, unit) in NOT_FIRERS:
        return False
    seen = [c.unit for (side, _), c in game.contacts.items() if side == unit.side and c.status == "seen"]
    return any(fire_sheet(game, unit.id, target).legal for target in seen if target in game.units)
