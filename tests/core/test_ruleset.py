"""Rule-system data: the strict loader, on tables of its own and on the toy rule system's, and
where rule systems are found (the bundled ones, then $UMPIRE_RULESETS).  MechWar 4's transcribed
values are tested in tests/rules/test_mw4_tables.py."""

import os

import pytest

from umpire.core.errors import RulesetError
from umpire.core.ruleset import available_rulesets, load_ruleset, load_table

CLASSES = ("truck", "vehicle", "foot", "helicopter")


@pytest.fixture(scope="module")
def toy():
    return load_ruleset("toy")


def test_installed(toy):
    """The toy is found through $UMPIRE_RULESETS (tests/conftest.py), beside the bundled ones."""
    assert "toy" in available_rulesets()
    assert toy.movement_classes == ("foot", "vehicle") and toy.procedures == "toy"
    assert toy.path.parent.name == "rulesets" and toy.path.parent.parent.name == "toy"
    assert toy.sample_tables() == []


def test_symbols_unique(toy):
    symbols = [v["symbol"] for v in toy.terrain_types.values()]
    assert len(symbols) == len(set(symbols)) == 4


def test_a_tables_costs_read_no_as_may_not_enter(toy):
    assert toy.terrain_types["marsh"]["move"] == {"foot": 3, "vehicle": None}
    assert toy.hexside_features["road"]["move"]["vehicle"] == 0.5
    assert toy.options["visibility"]["values"] == ["clear", "haze"]


def _folder(tmp_path, name, procedures):
    """A rule system's folder of its own: its ruleset.toml and one table."""
    (tmp_path / name).mkdir(parents=True)
    (tmp_path / name / "ruleset.toml").write_text(
        f'[ruleset]\nname = "{name}"\ntitle = "Club rules"\nversion = "1"\nrules_text = "ours"\n'
        f'procedures = "{procedures}"\nmovement_classes = ["foot"]\ntables = ["units.toml"]\n'
        '[[phases]]\nkey = "fight"\nlabel = "Fighting"\nrule = "1.0"\nalternating = true\n')
    (tmp_path / name / "units.toml").write_text('[table]\ntitle = "Units"\nsample = false\n[fields]\nlabel = "text"\n'
                                                '[entry.band]\nlabel = "Band"\n')


def test_more_folders_of_rule_systems_come_after_the_bundled(tmp_path, monkeypatch):
    from umpire.core.ruleset import rulesets_dir, ruleset_folders, system_class
    bundled = sorted(p.name for p in rulesets_dir().iterdir() if (p / "ruleset.toml").is_file())
    _folder(tmp_path / "a", "club", "toy")
    _folder(tmp_path / "b", "other", "no_such_package_for_umpire")
    _folder(tmp_path / "b", bundled[0], "toy")            # a bundled name: the bundled one wins
    monkeypatch.setenv("UMPIRE_RULESETS", f"{tmp_path / 'a'}{os.pathsep}{tmp_path / 'b'}")
    load_ruleset.cache_clear()
    try:
        assert ruleset_folders() == [rulesets_dir(), tmp_path / "a", tmp_path / "b"]
        assert available_rulesets() == sorted({*bundled, "club", "other"})
        club = load_ruleset("club")
        assert club.path == tmp_path / "a" / "club" and club.unit_types == {"band": {"label": "Band"}}
        assert system_class(club).__module__ == "toy"
        assert load_ruleset(bundled[0]).path == rulesets_dir() / bundled[0]
        with pytest.raises(RulesetError, match="package 'no_such_package_for_umpire', are not installed") as info:
            system_class(load_ruleset("other"))
        assert "ruleset.toml" in info.value.one_line() and "\n" not in info.value.one_line()
    finally:
        load_ruleset.cache_clear()


GOOD = """
[table]
title = "T"
sample = false
[fields]
label = "text"
cost = "costs"
kind = "choice(a|b)"
[entry.x]
label = "X"
cost = { truck = 1, vehicle = 1, foot = 1, helicopter = "no" }
kind = "a"
"""


def _table(tmp_path, text):
    p = tmp_path / "t.toml"
    p.write_text(text)
    return load_table(p, CLASSES)


def test_good_table(tmp_path):
    t = _table(tmp_path, GOOD)
    assert t.section("entry")["x"]["cost"]["helicopter"] is None


@pytest.mark.parametrize("old,new,words", [
    ('kind = "a"\n', 'kind = "a"\ncolour = "red"\n', "unknown field 'colour'"),
    ('label = "X"\n', "", "missing field 'label'"),
    ('kind = "a"', 'kind = "c"', "expected one of a, b"),
    ("truck = 1,", "truck = -1,", "must be a number >= 0"),
    ("truck = 1, ", "", "no cost for movement class 'truck'"),
    ("helicopter = \"no\"", "helicopter = \"no\", boat = 1", "unknown movement class 'boat'"),
    ('cost = "costs"', 'cost = "money"', "unknown type 'money'"),
    ("[entry.x]", "[thing.x]", "unknown section [thing]"),
    ('title = "T"', 'title = "T', "not valid TOML"),
])
def test_bad_tables_refused(tmp_path, old, new, words):
    assert old in GOOD
    with pytest.raises(RulesetError) as info:
        _table(tmp_path, GOOD.replace(old, new, 1))
    assert words in info.value.one_line() and "t.toml" in info.value.one_line()


def test_unknown_ruleset():
    with pytest.raises(RulesetError, match="unknown rule system 'chess'"):
        load_ruleset("chess")


def test_ints_and_rows_field_types(tmp_path):
    from umpire.core.errors import RulesetError
    from umpire.core.ruleset import load_table
    ok = tmp_path / "t.toml"
    ok.write_text('[table]\ntitle = "T"\nsample = true\nnote = "n"\n[fields]\nby = "ints"\ncells = "rows"\n'
                  '[entry.a]\nby = [1, -2]\ncells = [["-", "D1"], ["S1", "D2"]]\n')
    t = load_table(ok, ())
    assert t.section("entry")["a"]["by"] == [1, -2]
    ragged = tmp_path / "r.toml"
    ragged.write_text(ok.read_text().replace('["S1", "D2"]', '["S1"]'))
    with pytest.raises(RulesetError, match="same number of cells"):
        load_table(ragged, ())
    words = tmp_path / "w.toml"
    words.write_text(ok.read_text().replace("[1, -2]", '["one"]'))
    with pytest.raises(RulesetError, match="list of whole numbers"):
        load_table(words, ())


def test_the_sequence_of_play_is_data_in_ruleset_toml():
    """The toy lists its phases in ruleset.toml; its rule system answers with them."""
    from umpire.rules import rule_system

    toy = load_ruleset("toy")
    assert [(p.key, p.alternating, p.spots) for p in toy.phases] == [
        ("movement", True, True), ("combat", True, False), ("end", False, False)]
    assert toy.phases[0].rule == "Toy 2, 3" and toy.phases[0].player is None
    assert rule_system(toy).phases() is toy.phases

@pytest.mark.parametrize("phases, problem", [
    ("", "missing [[phases]]"),
    ('[[phases]]\nkey = "a"\nlabel = "A"\n', "missing field 'rule'"),
    ('[[phases]]\nkey = "a"\nlabel = "A"\nrule = "1"\nplayer = 2\n', "expected 0 or 1"),
    ('[[phases]]\nkey = "a"\nlabel = "A"\nrule = "1"\nwho = "me"\n', "unknown field 'who'"),
    ('[[phases]]\nkey = "a"\nlabel = "A"\nrule = "1"\n[[phases]]\nkey = "a"\nlabel = "B"\nrule = "2"\n',
     "phase 'a' is given twice"),
])
def test_a_bad_sequence_of_play_is_refused_in_one_line(tmp_path, monkeypatch, phases, problem):
    _folder(tmp_path, "club", "toy")
    head = tmp_path / "club" / "ruleset.toml"
    head.write_text(head.read_text().split("[[phases]]")[0] + phases)
    monkeypatch.setenv("UMPIRE_RULESETS", str(tmp_path))
    load_ruleset.cache_clear()
    try:
        with pytest.raises(RulesetError) as info:
            load_ruleset("club")
    finally:
        load_ruleset.cache_clear()
    line = info.value.one_line()
    assert problem in line and "ruleset.toml" in line and "\n" not in line


@pytest.mark.parametrize("shape", ["../{0}", "{0}/../{0}", "/etc", "a b", ""])
def test_a_rule_system_is_named_never_given_as_a_path(shape):
    """A scenario from elsewhere naming rules = "../../somewhere" reads no folder outside the
    installed rule systems: it is refused by name, listing those installed."""
    installed = available_rulesets()
    with pytest.raises(RulesetError, match="is not a rule system's name .installed: ") as e:
        load_ruleset(shape.format(installed[0]))
    assert all(name in str(e.value) for name in installed)


def test_an_installed_folder_of_any_name_is_a_rule_system_name(tmp_path, monkeypatch):
    """A club's rule system in a folder named "Club Rules" (a space) is installed: it is found
    by its name, not refused as a path."""
    import shutil

    source = load_ruleset(available_rulesets()[0]).path
    shutil.copytree(source, tmp_path / "Club Rules")
    monkeypatch.setenv("UMPIRE_RULESETS", str(tmp_path))
    load_ruleset.cache_clear()
    try:
        assert "Club Rules" in available_rulesets()
        assert load_ruleset("Club Rules").path == tmp_path / "Club Rules"
        with pytest.raises(RulesetError, match="is not a rule system's name"):
            load_ruleset("Club Rules/../Club Rules")
    finally:
        load_ruleset.cache_clear()
