import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# GUI tests and renders run without a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The windows the tests open -- the CLI's in a program of its own too -- keep their settings (recent
# files, the docks' layout) in a folder of the run's, never in the umpire's own ~/.config/Umpire.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="umpire-test-settings-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], True)

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "scenarios" / "kaltenbach-gap.toml"     # MechWar 4's: the shells' and rules' tests play it
TOY = ROOT / "tests" / "toy"                            # the toy rule system: the core's tests play it
TOY_SCENARIO = TOY / "skirmish.toml"


def _prepend(variable: str, *paths: Path) -> None:
    os.environ[variable] = os.pathsep.join([*map(str, paths), *filter(None, [os.environ.get(variable)])])


# The toy rule system plugs in as a club's own would: Umpire finds its data folder through
# $UMPIRE_RULESETS and imports its package `toy` by name.  pytest puts tests/ on this process's
# import path; the programs the tests start (the CLI, a second writer) find it, and this tree's
# umpire before any other installed, through PYTHONPATH.
_prepend("UMPIRE_RULESETS", TOY / "rulesets")
_prepend("PYTHONPATH", ROOT, ROOT / "tests")


@pytest.fixture(scope="session")
def sample_path() -> Path:
    return SAMPLE


@pytest.fixture(scope="session")
def sample_text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


@pytest.fixture()
def sample_scenario():
    """Kaltenbach Gap, loaded afresh for each test (14 ms once its ruleset is cached): a test that
    plays a game made from it must not meet what another test did to a shared copy (a session-wide
    one once gave a game an overlay its kept scenario text does not have, and the chain and rerun
    verifies then rightly refused that game)."""
    from umpire.core.scenario import load_scenario

    return load_scenario(SAMPLE)


@pytest.fixture()
def game_path(tmp_path, sample_scenario) -> Path:
    from umpire.core.store.db import create_game

    return Path(create_game(sample_scenario, tmp_path / "game.umpire"))


def pytest_configure(config):
    config.addinivalue_line("markers", "move_panic: roll the real panic check before each move (MW4 13.0)")


@pytest.fixture(autouse=True)
def _steady_movers(request, monkeypatch):
    """MechWar 4's: every move rolls a panic check first (MW4 13.0).  Tests that play MechWar 4
    -- the rules', the shells', the reports' -- would fail at random on it, so in-process tests
    see a 10 on that one roll -- never a panic at full strength on the Panic Table -- unless
    marked `move_panic`.  The check itself is tested in tests/rules/test_mw4_move_panic.py with
    real and typed dice.  The dice are still rolled and journaled, so replays see the same rolls.
    It touches only rolls "... before moving ...", which no other rule system makes; the core's
    tests (tests/core/conftest.py) turn it off."""
    if request.node.get_closest_marker("move_panic"):
        return
    from umpire.core import dice as dice_module

    real_roll = dice_module.Dice.roll

    def roll(self, purpose, count=1, sides=6, modifiers=()):
        if self._replay is None and self._typed is None and " before moving " in purpose:
            self._typed = lambda _p, c, _s: [10] * c
            try:
                return real_roll(self, purpose, count, sides, modifiers)
            finally:
                self._typed = None
        return real_roll(self, purpose, count, sides, modifiers)

    monkeypatch.setattr(dice_module.Dice, "roll", roll)


@pytest.fixture(autouse=True)
def _umpire_says_go_ahead(monkeypatch, request):
    """The window's tests answer its questions the way they were written to: before Pass, Next
    Phase and End Turn the umpire is asked about units that have not acted (gui/leaving.py) and
    says go ahead -- a modal box would wait forever offscreen.  test_leaving.py asks for real."""
    name = request.module.__name__
    if "PySide6" not in sys.modules or name.endswith("test_leaving"):
        return
    from umpire.gui import leaving

    monkeypatch.setattr(leaving, "ask", lambda window, text: (True, False))
