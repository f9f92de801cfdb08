"""A rule system's traits (core.traits): the keys it declares on each kind of scenario record are
read besides the core's and kept on the record, any other key is refused in one line naming the
file, the place and the key, and so is a value of the wrong type."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import Field

from umpire.core.errors import ScenarioError
from umpire.core.rulesystem import RuleSystem
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, open_game
from umpire.core.traits import KINDS, NoTraits, TraitError, TraitModel, read_traits

ROOT = Path(__file__).resolve().parents[2]
OSTERBY = ROOT / "scenarios" / "osterby-bridges.toml"          # War Blog: declares no traits


class Battery(TraitModel):
    rounds: Annotated[int, Field(ge=0, le=9)] = 0
    heavy: bool = False
    aim: Literal["near", "far", "wide"] = "near"
    callsign: str | None = None


def test_only_the_values_that_differ_from_the_defaults_are_kept():
    assert read_traits(Battery, {"rounds": 0, "heavy": True, "aim": "near"}) == {"heavy": True}
    assert read_traits(Battery, {}) == {} and read_traits(NoTraits, {}) == {}


@pytest.mark.parametrize("data,key,problem", [
    ({"rounds": 10}, "rounds", "rounds must be a whole number from 0 to 9, got 10"),
    ({"rounds": "3"}, "rounds", "rounds must be a whole number from 0 to 9, got '3'"),
    ({"rounds": True}, "rounds", "rounds must be a whole number from 0 to 9, got True"),
    ({"heavy": 1}, "heavy", "heavy must be true or false, got 1"),
    ({"aim": "up"}, "aim", "aim must be near, far or wide, got 'up'"),
    ({"callsign": 7}, "callsign", "callsign must be text, got 7"),
    ({"calibre": 155}, "calibre", "unknown key 'calibre'"),
])
def test_a_value_of_the_wrong_type_is_refused_with_its_key(data, key, problem):
    with pytest.raises(TraitError) as info:
        read_traits(Battery, data)
    assert (info.value.key, info.value.problem) == (key, problem)


def test_a_rule_system_declares_none_by_default():
    family = RuleSystem.Traits
    assert all(family.model(kind) is NoTraits for kind in KINDS)
    assert list(family.problems(None, "side", None)) == [] and family.first_marks(None, None) == {}


# ---------------------------------------------------------------- in a scenario

def variant(tmp_path: Path, text: str, old: str, new: str) -> Path:
    assert old in text, f"test setup: {old!r} not in the scenario"
    p = tmp_path / "variant.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def refused(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert "\n" not in info.value.one_line()
    return info.value


def test_the_keys_a_rule_system_declares_are_kept_on_the_record(sample_scenario):
    """MechWar 4's keys on Kaltenbach Gap's records; a record that gives none keeps none."""
    sc = sample_scenario
    assert sc.side("nato").traits == {"quality": "first_line", "doctrine": "nato"}
    assert {b.id: b.traits for b in sc.battalions} == {"TF 2-32": {"hq_rating": "C"}, "1 MRB": {"hq_rating": "D"}}
    assert {u.id: u.traits for u in sc.units if u.traits} == {"Scout 1": {"quality": "seasoned"},
                                                             "Scout 2": {"quality": "seasoned"}}
    assert sc.artillery[0].traits == {"multiples": 2, "fascam": 2} and sc.air[0].traits == {}
    assert sc.reinforcements[0].traits == {"formation": "column"}


def test_the_game_file_keeps_them(tmp_path, sample_scenario):
    game = open_game(create_game(sample_scenario, tmp_path / "g.umpire"))
    assert [s.traits for s in game.sides] == [s.traits for s in sample_scenario.sides]
    assert game.units["Scout 1"].traits == {"quality": "seasoned"} and game.units["T1"].traits == {}
    assert game.artillery[0].traits == {"multiples": 2, "fascam": 2}


@pytest.mark.parametrize("old,new,place,problem", [
    ('doctrine = "nato"', 'doctrine = "nato"\nmorale = 3', "[[side]] #1", "unknown key 'morale'"),
    ('quality = "first_line"', 'qualty = "first_line"', "[[side]] #1",
     "unknown key 'qualty' (did you mean 'quality'?)"),
    ('hq_rating = "D"', 'hq_rating = "D"\nhq_ratng = "C"', "[[battalion]]",
     "unknown key 'hq_ratng' (did you mean 'hq_rating'?)"),
    ('{ id = "TOW 1", type = "us_tow", hex = "1508" }', '{ id = "TOW 1", type = "us_tow", hex = "1508", camouflage = true }',
     '[[battalion]] "TF 2-32" units', "unknown key 'camouflage' (did you mean 'camouflaged'?)"),
    ('fascam = 2', 'fascam = 2\nshells = 4', "[[artillery]]", "unknown key 'shells'"),
])
def test_an_undeclared_key_is_refused_in_one_line(tmp_path, sample_path, sample_text, old, new, place, problem):
    path = variant(tmp_path, sample_text, old, new)
    err = refused(path)
    assert err.one_line() == f"{path}:{err.line}: {place}: {problem}"
    assert problem.split("'")[1] in path.read_text().splitlines()[err.line - 1]     # the line names the key


def test_a_key_one_rule_system_declares_is_anothers_unknown_key(tmp_path):
    """War Blog rates no troop quality: MechWar 4's `quality` on its side is refused."""
    path = variant(tmp_path, OSTERBY.read_text(encoding="utf-8"), 'name = "Blue Force"',
                   'name = "Blue Force"\nquality = "seasoned"')
    err = refused(path)
    assert err.one_line() == f"{path}:{err.line}: [[side]] #1: unknown key 'quality'"


@pytest.mark.parametrize("old,new,place,problem", [
    ('hq_rating = "D"', "hq_rating = 4", '[[battalion]] "1 MRB"', "hq_rating must be text, got 4"),
    ('{ id = "TOW 1", type = "us_tow", hex = "1508" }', '{ id = "TOW 1", type = "us_tow", hex = "1508", camouflaged = "yes" }',
     '[[battalion]] "TF 2-32" unit "TOW 1"', "camouflaged must be true or false, got 'yes'"),
    ('formation = "column"', 'formation = "line"', "[[reinforcement]] #1", "formation must be column or free, got 'line'"),
    ("multiples = 2", 'multiples = "two"', '[[artillery]] "US DS"', "multiples must be a whole number from 0 to 99, got 'two'"),
])
def test_a_value_of_the_wrong_type_is_refused_in_one_line(tmp_path, sample_text, old, new, place, problem):
    path = variant(tmp_path, sample_text, old, new)
    err = refused(path)
    assert err.one_line() == f"{path}:{err.line}: {place}: {problem}"
