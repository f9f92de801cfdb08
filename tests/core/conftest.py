"""The core's tests play the toy rule system (tests/toy), never a real game's rules: here the
sample scenario, its text and a game made from it are Toy Skirmish's (tests/toy/skirmish.toml).
tests/test_structure.py checks that no file here reaches for a bundled rule system or scenario."""

from pathlib import Path

import pytest

from conftest import TOY_SCENARIO


@pytest.fixture(scope="session")
def sample_path() -> Path:
    return TOY_SCENARIO


@pytest.fixture(scope="session")
def sample_text() -> str:
    return TOY_SCENARIO.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def sample_scenario():
    from umpire.core.scenario import load_scenario

    return load_scenario(TOY_SCENARIO)


@pytest.fixture()
def game_path(tmp_path, sample_scenario) -> Path:
    from umpire.core.store.db import create_game

    return Path(create_game(sample_scenario, tmp_path / "game.umpire"))


@pytest.fixture(autouse=True)
def _steady_movers():
    """MechWar 4's steadied panic roll (tests/conftest.py) has no place here: the core's tests
    roll every die as it falls."""

