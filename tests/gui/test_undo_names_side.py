"""Edit → Undo names a side as the scenario names it, never by its id (a tester read "Undo
Orders (warpac)")."""

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from windowkit import window_on


def test_undo_orders_names_the_side(qtbot, tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "o.umpire", seed="names")
    perform(path, "orders", {"side": "warpac", "turn": 1, "commands": {"1 MRC": "bound"}}, system_for(path), side="warpac")
    w = window_on(qtbot, tmp_path, path)
    assert w.play.act_undo.text().replace("&", "") == "Undo Orders (Soviet 1st Motor Rifle Battalion)"
    assert "warpac" not in w.play.act_undo.text()
