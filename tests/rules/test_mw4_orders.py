"""Command orders (MW4 19.1, 19.14, 6.913) from orders files and their enforcement."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, state_digest, undo
from umpire.core.errors import UmpireError
from umpire.rules.mechwar4.orders_file import read_orders
from umpire.core.store.db import open_game


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "o.umpire")


def orders_file(tmp_path, text, name="orders.toml"):
    p = tmp_path / name
    p.write_text(text)
    return read_orders(p)


def give(game, orders):
    return perform(game, "orders", orders.params(), system_for(game), side=orders.side)


def test_orders_are_applied_and_kept_per_turn(game, tmp_path):
    o = orders_file(tmp_path, 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n"B/2-32" = "bound"\n')
    res = give(game, o)
    g = open_game(game)
    assert g.commands[(1, "A/2-32")] == ("overwatch", None) and g.commands[(1, "B/2-32")][0] == "bound"
    assert any("Overwatch (OC)" in line for line in res.log)


def test_ordering_the_enemy_is_refused_and_nothing_applied(game, tmp_path):
    before = state_digest(game)
    o = orders_file(tmp_path, 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "bound"\n"1 MRC" = "rally"\n')
    with pytest.raises(UmpireError, match="is not one of US Task Force 2-32's companies"):
        give(game, o)
    assert state_digest(game) == before and len(journal(game)) == 1


@pytest.mark.parametrize("text,words", [
    ('side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "charge"\n', "unknown command 'charge'"),
    ('side = "nato"\nturn = 1\n[commands]\n"Z/9" = "bound"\n', "'Z/9' is not one of US Task Force 2-32's companies"),
    ('side = "nato"\nturn = 1\n[commands]\n"B/2-32" = "ambush"\n', "needs an ambush hex"),
    ('side = "nato"\nturn = 1\n[commands]\n"B/2-32" = "ambush"\n[ambush]\n"B/2-32" = "1030"\n',
     "not in the company's line of sight"),
])
def test_bad_orders_refused_with_reasons(game, tmp_path, text, words):
    with pytest.raises(UmpireError, match=words):
        give(game, orders_file(tmp_path, text))


@pytest.mark.parametrize("text,words", [
    ('side = "nato"\n[commands]\n"A/2-32" = "bound"\n', "turn must be"),
    ('side = "nato"\nturn = 1\ncolour = "red"\n', "unknown key"),
    ('side = "nato\nturn = 1\n', "not a valid orders file"),
])
def test_malformed_orders_files(tmp_path, text, words):
    with pytest.raises(UmpireError, match=words) as info:
        orders_file(tmp_path, text)
    assert "orders.toml" in info.value.one_line()


def test_6_9131_ambush_hex_in_sight_on_turn_1(game, tmp_path):
    o = orders_file(tmp_path, 'side = "nato"\nturn = 1\n[commands]\n"B/2-32" = "ambush"\n[ambush]\n"B/2-32" = "1313"\n')
    give(game, o)
    code, h = open_game(game).commands[(1, "B/2-32")]
    assert code == "ambush" and open_game(game).map.number(h) == "1313"


def test_19_14_overwatch_company_does_not_move(game, tmp_path):
    give(game, orders_file(tmp_path, 'side = "warpac"\nturn = 1\n[commands]\n"Tank Co" = "overwatch"\n'))
    with pytest.raises(UmpireError, match="Overwatch.*MW4 19.14"):
        perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game))
    perform(game, "move", {"unit": "Recon 1", "path": ["2224", "2223"]}, system_for(game))   # independent


def test_19_14_bound_company_that_stays_put_is_noted(game, tmp_path):
    give(game, orders_file(tmp_path, 'side = "warpac"\nturn = 1\n[commands]\n"Tank Co" = "bound"\n'))
    perform(game, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(game))
    perform(game, "pass", {}, system_for(game))
    res = perform(game, "pass", {}, system_for(game))
    assert any("Bound (BC) command, but T2, T3 did not act" in line for line in res.log)


def test_19_14_no_bounding_overwatch_for_a_single_unit(game, tmp_path, sample_scenario):
    # every sample company has several units: check the rule on a company cut down to one
    import sqlite3
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET company_id = NULL WHERE id IN ('T2', 'T3')")
    with pytest.raises(UmpireError, match="single unit"):
        give(game, orders_file(tmp_path, 'side = "warpac"\nturn = 1\n[commands]\n"Tank Co" = "bounding_overwatch"\n'))


def test_orders_can_be_undone(game, tmp_path):
    before = state_digest(game)
    give(game, orders_file(tmp_path, 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n'))
    undo(game)
    assert state_digest(game) == before and open_game(game).commands == {}


def test_fire_plots_arrive_in_the_orders_file_and_are_checked_with_it(game, tmp_path):
    """Issue 6 (6): [[fire]] in an orders file, the same checks as `plot`, all or nothing."""
    perform(game, "move", {"unit": "Recon 1", "path": [f"22{r:02d}" for r in range(24, 14, -1)]}, system_for(game))
    good = orders_file(tmp_path, 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n'
                                 '[[fire]]\nsupport = "US DS"\nconcentration = 1\ntarget = "2215"\npattern = "tight"\n')
    res = give(game, good)
    g = open_game(game)
    assert "1 fire mission" in res.summary and [(p.support, g.map.number(p.target)) for p in g.plots] == \
        [("US DS", "2215")]
    bad = orders_file(tmp_path, 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "bound"\n'
                                '[[fire]]\nsupport = "US DS"\nconcentration = 3\ntarget = "2215"\n', "bad.toml")
    with pytest.raises(UmpireError, match="concentrations 1 to 2"):
        give(game, bad)
    g = open_game(game)
    assert g.commands[(1, "A/2-32")][0] == "overwatch" and len(g.plots) == 1      # nothing of it applied
    assert "[[fire]]" in str(pytest.raises(UmpireError, orders_file, tmp_path, 'side = "nato"\nturn = 1\nfire = 3\n',
                                           "odd.toml").value)


def test_an_orders_file_sets_a_counterbattery_task_without_a_target(game, tmp_path):
    """MW4 7.81: a [[fire]] entry with pattern counterbattery names the gun only."""
    text = ('side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n'
            '[[fire]]\nsupport = "2-32 Mortars"\npattern = "counterbattery"\n')
    res = give(game, orders_file(tmp_path, text, "cb.toml"))
    g = open_game(game)
    assert "1 fire mission" in res.summary
    assert [(p.support, p.pattern) for p in g.plots] == [("2-32 Mortars", "counterbattery")]
