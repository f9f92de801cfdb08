import os
from pathlib import Path

import pytest

# GUI tests and renders run without a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "scenarios" / "kaltenbach-gap.toml"


@pytest.fixture(scope="session")
def sample_path() -> Path:
    return SAMPLE


@pytest.fixture(scope="session")
def sample_text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def sample_scenario():
    from umpire.core.scenario import load_scenario

    return load_scenario(SAMPLE)


@pytest.fixture()
def game_path(tmp_path, sample_scenario) -> Path:
    from umpire.core.store.db import create_game

    return Path(create_game(sample_scenario, tmp_path / "game.umpire"))
