"""Rule-system data: the strict loader, and values transcribed from the MechWar 4 text."""

import pytest

from umpire.core.errors import RulesetError
from umpire.core.ruleset import available_rulesets, load_ruleset, load_table

CLASSES = ("truck", "vehicle", "foot", "helicopter")


@pytest.fixture(scope="module")
def mw4():
    return load_ruleset("mechwar4")


def test_installed(mw4):
    assert "mechwar4" in available_rulesets()
    assert mw4.movement_classes == CLASSES


def test_panic_levels_mw4_13_0(mw4):
    """MW4 13.0: Seasoned 0%, First Line 10%, Second Line 20%, Reserve 30%, Green 40%."""
    levels = {k: v["panic_level"] for k, v in mw4.tables["quality"].section("entry").items()}
    assert levels == {"seasoned": 0, "first_line": 10, "second_line": 20, "reserve": 30, "green": 40}
    assert not mw4.tables["quality"].sample


def test_mine_superiorities_mw4_16_11(mw4):
    """MW4 16.11: hasty -2, preventative +1, defensive +7."""
    assert {k: v["net_superiority"] for k, v in mw4.mine_types.items()} == \
        {"hasty": -2, "preventative": 1, "defensive": 7}


def test_los_facts_follow_the_text(mw4):
    t = mw4.terrain_types
    for k in ("light_woods", "heavy_woods", "town"):     # MW4 5.11 blocking, 10.42 +1 level
        assert t[k]["blocks_los"] and t[k]["blocking_height"] == 1
    assert not t["clear"]["blocks_los"]
    f = mw4.hexside_features
    for k in ("slope", "crest", "rail_embankment"):      # MW4 10.41 level-1 obstructions
        assert f[k]["obstruction_level"] == 1
    assert f["road"]["move"]["vehicle"] == 0.5           # MW4 10.14
    assert mw4.overlays["smoke"]["blocks_los"]           # MW4 18.11


def test_samples_are_labelled(mw4):
    samples = {t.name for t in mw4.sample_tables()}
    assert samples == {"terrain", "units", "observation", "camouflage", "victory", "crt", "attenuation", "panic",
                       "battalion_hq", "artillery"}
    assert all(t.note for t in mw4.sample_tables())


def test_symbols_unique(mw4):
    symbols = [v["symbol"] for v in mw4.terrain_types.values()]
    assert len(symbols) == len(set(symbols))


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
