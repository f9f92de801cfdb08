"""Each bundled rule system implements the core's protocol (umpire/core/rulesystem.py), and the
hooks only MechWar 4 needed, which left the protocol in issue 17, are MechWar 4's own methods."""

import pytest

from umpire.core.rulesystem import RuleSystem
from umpire.core.ruleset import load_ruleset, system_class
from umpire.rules.mechwar4 import RuleSystem as MechWar4


@pytest.mark.parametrize("name", ["mechwar4", "lnlt", "warblog", "hcm", "wardogs"])
def test_each_bundled_rule_system_is_a_rule_system(name):
    cls = system_class(load_ruleset(name))
    assert issubclass(cls, RuleSystem) and cls.name == name
    for hook in ("first_player", "sight", "spot", "check_move", "victory"):   # every system answers
        assert getattr(cls, hook) is not getattr(RuleSystem, hook), (name, hook)
    assert cls.phases is RuleSystem.phases and load_ruleset(name).phases     # its ruleset.toml's [[phases]]


def test_mechwar_4_keeps_the_hooks_it_alone_needed():
    for name in ("fire_sheet", "split_problem", "defilade_problem", "stance_problem", "formation",
                 "form_column_problem", "panic_number", "overrun_initiative", "indirect_support", "mine_sheet"):
        assert hasattr(MechWar4, name) and not hasattr(RuleSystem, name), name
