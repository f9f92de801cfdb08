"""Lock 'n Load Tactical Hit & Run (6.7): a mounted unit's move, fire, move under a Hit & Run
marker.  The aid prints only H&R's modifiers and marker; the procedure tested is our reading
(docs/lnlt.md): half the MF, fire at -2 on the DFT, half the MF again."""

import pytest

from umpire.core.engine import undo
from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt


def _sheet(loc, who, where, how="fire"):
    from umpire.actions import system_for
    g = game(loc)
    return system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), how)


def test_6_7_hit_and_run_moves_half_fires_at_minus_2_then_moves_half_again(tmp_path):
    """6.7: the motorcycle squad (MF 10) may go 5 MP: six hexes are refused, three taken; it
    fires with the DFT's -2 for H&R movement, its impulse still open, then moves up to 5 MP again
    -- and no more after that."""
    loc = lnlt(tmp_path, [("M", "us_motorcycle_squad", "0103")], [("X", "nva_squad", "0703")])
    blue_first(loc)
    with pytest.raises(UmpireError, match=r"of 5 MP"):
        act(loc, "move", side="blue", unit="M", path=["0103", "0203", "0303", "0403", "0503", "0603", "0604"],
            pace="hit_and_run")
    act(loc, "move", side="blue", unit="M", path=["0103", "0203", "0303", "0403"], pace="hit_and_run")
    g = game(loc)
    assert g.units["M"].marks.hit_run and g.units["M"].marks.assault == "move" and g.active_side == "blue"
    mods = dict(_sheet(loc, "M", "0703").modifiers)
    assert mods["Hit & Run movement (6.7)"] == -2
    with pytest.raises(UmpireError, match="6.1"):        # it fires before its second half
        act(loc, "move", side="blue", unit="M", path=["0403", "0404"])
    act(loc, "assault", 6, 1, side="blue", units=["M"], hex="0703", kind="fire")
    g = game(loc)
    assert g.units["M"].fired and g.units["M"].marks.assault == "fire" and g.active_side == "blue"
    act(loc, "move", side="blue", unit="M", path=["0403", "0303", "0203", "0103"])
    g = game(loc)
    assert g.map.number(g.units["M"].hex) == "0103" and g.units["M"].marks.hit_run
    assert g.units["M"].marks.assault is None and g.active_side == "red"


def test_6_7_only_mounted_units_hit_and_run(tmp_path):
    loc = lnlt(tmp_path, [("S", "us_squad", "0103")], [("X", "nva_squad", "0703")])
    blue_first(loc)
    with pytest.raises(UmpireError, match=r"mounted units \(6.6, 6.7\)"):
        act(loc, "move", side="blue", unit="S", path=["0103", "0203"], pace="hit_and_run")


def test_6_7_a_hit_and_run_target_its_marker_spotting_and_the_administrative_phase(tmp_path):
    """6.7 on the DFT: a mounted unit marked H&R is -1 to hit (not the standing +1); on the OFT
    +1; the marker spots it in brush (10.1 step 1) and bars its opportunity fire (5.3); the
    Administrative phase takes the marker off (9.0); undo takes the move back."""
    terrain = "\n".join("." * 10 if r != 2 else "....bb...." for r in range(6))
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("T", "us_m48", "0104")],
               [("H", "nva_horse_squad", "0703")], terrain=terrain)
    blue_first(loc)
    act(loc, "pass", side="blue")
    act(loc, "move", side="red", unit="H", path=["0703", "0603", "0503"], pace="hit_and_run")
    g = game(loc)
    assert g.units["H"].marks.hit_run
    assert g.contacts[("blue", "H")].status == "seen"            # brush, but marked (10.1)
    mods = dict(_sheet(loc, "A", "0503").modifiers)
    assert mods["mounted target marked Hit & Run (6.6, 6.7)"] == -1 and "mounted target not moving (6.6)" not in mods
    assert dict(_sheet(loc, "T", "0503", "ordnance").modifiers)["target marked Hit & Run (6.7)"] == 1
    from umpire.actions import system_for
    assert "HR" in system_for(loc).unit_marks(g, g.units["H"])
    undo(loc)
    assert not game(loc).units["H"].marks.hit_run and game(loc).map.number(game(loc).units["H"].hex) == "0703"
    act(loc, "move", side="red", unit="H", path=["0703", "0603", "0503"], pace="hit_and_run")
    for _ in range(6):
        g = game(loc)
        if g.phase == "administrative" or g.turn > 1:
            break
        act(loc, "pass", side=g.active_side)
    g = game(loc)
    assert not g.units["H"].marks.hit_run
