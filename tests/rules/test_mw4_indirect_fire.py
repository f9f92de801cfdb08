"""Off-board artillery plots and their resolution (MW4 7.0-7.6, 14.0) on the sample charts:
plots are checked whole and kept secret; in the Indirect Fire phase each mission rolls for
effect, may scatter, and attacks every unit in its impact zone."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from dicekit import dice
from statekit import set_marks

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3


@pytest.fixture()
def game(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "i.umpire", seed="indirect")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    return path


def plot(path, side, *missions, turn=1):
    return perform(path, "plot", {"side": side, "turn": turn, "missions": list(missions)}, system_for(path),
                   side=side)


def test_14_13_7_21_plots_are_checked_whole(game):
    with pytest.raises(UmpireError) as e:
        plot(game, "warpac", {"support": "Sov MRL", "concentration": 1, "target": "1109", "pattern": "tight"},
             {"support": "US DS", "concentration": 1, "target": "2215"},
             {"support": "Sov Regt Arty", "concentration": 1, "target": "0101"})
    text = str(e.value)
    assert "rockets fire a loose pattern only (MW4 7.21)" in text
    assert "'US DS' is neither an off-board support nor an on-map indirect-fire unit of Soviet" in text
    assert "spotted hexes (MW4 14.13)" in text and "nothing kept" in text
    assert open_game(game).plots == []
    with pytest.raises(UmpireError, match="plotted twice"):
        plot(game, "nato", {"support": "US DS", "concentration": 1, "target": "2215"},
             {"support": "US DS", "concentration": 1, "target": "2214"})


def test_a_plot_is_kept_secret_replaced_and_undone(game):
    res = plot(game, "nato", {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "tight"})
    assert res.summary == "US Task Force 2-32 plots 1 fire mission for turn 1"
    g = open_game(game)
    assert [(p.support, g.map.number(p.target)) for p in g.plots] == [("US DS", "2215")]
    plot(game, "nato", {"support": "US DS", "concentration": 2, "target": "2214", "pattern": "loose"})
    g = open_game(game)
    assert [(p.concentration, p.pattern) for p in g.plots] == [(2, "loose")]      # replaced whole
    undo(game)
    assert [p.concentration for p in open_game(game).plots] == [1]


def test_7_11_7_31_fire_for_effect_on_the_impact_hex_in_the_indirect_fire_phase(game):
    sys_ = system_for(game)
    plot(game, "nato", {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "tight"})
    while open_game(game).phase == "fire_move":
        perform(game, "pass", {}, sys_)
    perform(game, "next_phase", {}, sys_, typed=dice(1, 6, 1))     # on to Indirect Fire: FFE 1, no scatter
    g = open_game(game)
    assert g.phase == "indirect_fire"
    log = "\n".join(journal(game)[-1].log)
    assert "US DS #1: fire for effect on 2215 (10H tight; MW4 7.11)" in log
    assert "Recon 1 buttons up against 10H tight: S2 (MW4 7.31)" in log
    assert g.units["Recon 1"].marks.suppression == 2
    stored, replayed = replay(game, lambda _g: system_for(game), load_scenario)
    assert stored == replayed


def test_7_17_no_effect_and_scatter(game):
    sys_ = system_for(game)
    plot(game, "nato", {"support": "US DS", "concentration": 1, "target": "2215"},
         {"support": "US DS", "concentration": 2, "target": "2215"})
    while open_game(game).phase == "fire_move":
        perform(game, "pass", {}, sys_)
    # #1: no effect (6); #2: effect (1), scatters (1) in direction roll 3 (the sample diagram)
    perform(game, "next_phase", {}, sys_, typed=dice(6, 1, 1, 3))
    log = "\n".join(journal(game)[-1].log)
    assert "US DS #1: no fire for effect (6; MW4 7.11)" in log
    assert "US DS #2: fire for effect (10H tight), scatters to" in log and "MW4 7.17" in log


def test_each_side_learns_only_its_own_of_an_impact(game, qapp, tmp_path):
    """Issue 6 (4): NATO's own impact marker where it sees it; the Soviets a 'shelled' marker in
    Recon 1's hex with the weight -- neither sees the other's, checked on the side pictures."""
    from umpire.core.knowledge import build_view
    from umpire.render.picture import render_view
    sys_ = system_for(game)
    before = {}
    for side in ("nato", "warpac"):
        g = open_game(game)
        render_view(build_view(g, side), g.rules, str(tmp_path / f"{side}-0.png"), 10)
        before[side] = (tmp_path / f"{side}-0.png").read_bytes()
    plot(game, "nato", {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "tight"})
    while open_game(game).phase == "fire_move":
        perform(game, "pass", {}, sys_)
    perform(game, "next_phase", {}, sys_, typed=dice(1, 6, 6))
    g = open_game(game)
    nato = [o for o in build_view(g, "nato").map.overlays if o.kind == "impact"]
    warpac = [o for o in build_view(g, "warpac").map.overlays if o.kind == "impact"]
    assert [(g.map.number(o.hex), o.detail) for o in nato] == [("2215", "our US DS #1: tight 10H, turn 1")]
    assert [(g.map.number(o.hex), o.detail) for o in warpac] == [("2215", "shelled, 10H, turn 1")]
    assert all(o.side == "nato" for o in nato) and all(o.side == "warpac" for o in warpac)
    # the pictures: each side's changed with its own marker; dropping the enemy's changes nothing
    import sqlite3
    for side in ("nato", "warpac"):
        render_view(build_view(open_game(game), side), g.rules, str(tmp_path / f"{side}-1.png"), 10)
    with sqlite3.connect(game) as conn:
        conn.execute("DELETE FROM overlay WHERE kind = 'impact' AND side_id = 'warpac'")
    render_view(build_view(open_game(game), "nato"), g.rules, str(tmp_path / "nato-2.png"), 10)
    assert (tmp_path / "nato-2.png").read_bytes() == (tmp_path / "nato-1.png").read_bytes()
    assert (tmp_path / "warpac-1.png").read_bytes() != before["warpac"]


def test_18_0_smoke_fills_its_hex_for_everyone_until_the_next_indirect_fire_phase(game):
    sys_ = system_for(game)
    with pytest.raises(UmpireError, match="MW4 7.21"):
        plot(game, "warpac", {"support": "Sov MRL", "concentration": 1, "target": "2215", "pattern": "smoke"},
             turn=2)
    plot(game, "nato", {"support": "US DS", "concentration": 1, "target": "2215", "pattern": "smoke"})
    while open_game(game).phase == "fire_move":
        perform(game, "pass", {}, sys_)
    perform(game, "next_phase", {}, sys_, typed=dice(1, 6))
    g = open_game(game)
    from umpire.core.knowledge import build_view
    for side in ("nato", "warpac"):
        assert [g.map.number(o.hex) for o in build_view(g, side).map.overlays if o.kind == "smoke"] == ["2215"]
    assert g.units["Recon 1"].marks.suppression == 0                          # smoke strikes nobody
    sheet = sys_.fire_sheet(g, "A3", "Recon 1")
    assert sheet.legal and ("terrain", "-2 for smoke in its hex (the best one only)", "MW4 18.12, 10.25") in sheet.lines
    perform(game, "end_turn", {}, sys_)
    while open_game(game).phase != "indirect_fire":
        g = open_game(game)
        perform(game, "pass" if g.active_side else "next_phase", {}, sys_)
    assert not [o for o in open_game(game).map.overlays if o.kind == "smoke"]     # lifted (18.21)


def move_mortars_up(game):
    import sqlite3
    g = open_game(game)
    h = g.map.grid.parse("2210")
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = '2-32 Mortars'", (h.q, h.r))


def test_7_13_on_map_mortars_plot_within_range_with_a_spotter(game):
    move_mortars_up(game)
    res = plot(game, "nato", {"support": "2-32 Mortars", "target": "2215", "pattern": "tight"})
    assert "1 fire mission" in res.summary                        # A3 spots 2215 for it (5.4)
    with pytest.raises(UmpireError) as e:
        plot(game, "nato", {"support": "TOW 1", "target": "2215"},
             {"support": "2-32 Mortars", "target": "2210", "pattern": "tight"})
    text = str(e.value)
    assert "'TOW 1' is neither an off-board support nor an on-map indirect-fire unit" in text     # not H class
    g = open_game(game)
    if (g.unit_type(g.units["2-32 Mortars"]).get("min_range") or 0) > 0:
        assert "MW4 7.13" in text                                # its own hex: under its minimum range


def test_7_15_7_16_on_map_fire_cancelled_when_fired_at_and_weaker_for_losses(game):
    sys_ = system_for(game)
    move_mortars_up(game)
    plot(game, "nato", {"support": "2-32 Mortars", "target": "2215", "pattern": "tight"})
    set_marks(game, "2-32 Mortars", fired_on=True)
    while open_game(game).phase == "fire_move":
        perform(game, "pass", {}, sys_)
    perform(game, "next_phase", {}, sys_)
    log = "\n".join(journal(game)[-1].log)
    assert "2-32 Mortars: its plotted fire is cancelled, it was fired at this turn (MW4 7.15)" in log
    assert not any(r["purpose"].startswith("fire for effect 2-32") for r in journal(game)[-1].rolls)


def test_7_15_a_fresh_mortar_fires_for_effect_with_its_h_strength(game):
    import sqlite3
    sys_ = system_for(game)
    move_mortars_up(game)
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE unit SET steps_lost = 1 WHERE id = '2-32 Mortars'")
    plot(game, "nato", {"support": "2-32 Mortars", "target": "2215", "pattern": "tight"})
    while open_game(game).phase == "fire_move":
        perform(game, "pass", {}, sys_)
    perform(game, "next_phase", {}, sys_, typed=dice(1, 6, 6))
    g = open_game(game)
    h = g.unit_type(g.units["2-32 Mortars"])["attack"] - 1                        # 7.16
    log = "\n".join(journal(game)[-1].log)
    assert (f"2-32 Mortars: fire for effect on 2215 ({h + 1}H tight; {h}H on hard and protected targets, -1 on "
            "soft, for its losses (7.16); MW4 7.11)") in log
    assert f"Recon 1 buttons up against {h}H tight: S1 (MW4 7.31)" in log
