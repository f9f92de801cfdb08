"""Scenario files changed one line at a time, and the one-line refusal they must get (the core's
scenario tests on the toy, MechWar 4's on its own sample)."""

from pathlib import Path

import pytest

from umpire.core.errors import ScenarioError
from umpire.core.scenario import load_scenario


def variant(tmp_path: Path, text: str, old: str, new: str, count: int = 1) -> Path:
    assert old in text, f"test setup: {old!r} not in the sample"
    p = tmp_path / "variant.toml"
    p.write_text(text.replace(old, new, count), encoding="utf-8")
    return p


def refused(path: Path) -> ScenarioError:
    """The loader's refusal of the file: one line, naming it -- and one problem, for one change:
    reading on past a refused entry must not find the same mistake again further down."""
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    err = info.value
    msg = err.one_line()
    assert "\n" not in msg
    assert str(path) in msg
    assert err.lines() == [msg], err.lines()
    return err
