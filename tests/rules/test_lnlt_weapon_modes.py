"""Lock 'n Load Tactical support weapons' modes (1.6; 3.0 step 5: a Good Order unit changes the
mode of a weapon it carries in the Rally phase).  The modes are samples (modes.toml): the M60
on its bipod (3 firepower, 8 hexes) or its tripod (4, 12)."""

import pytest

from umpire.actions import system_for
from umpire.core.engine import journal, undo
from umpire.core.errors import UmpireError
from umpire.core.witness import side_journal

from .gamekit import act, game, make_game


def lnlt(tmp_path, us, nva, **kw):
    return make_game(tmp_path, us, nva, rules="lnlt", cols=14, **kw)


def fire(loc, units, target):
    g = game(loc)
    return system_for(loc).assault_sheet(g, units, g.map.grid.parse(target), "fire")


def test_1_6_a_squad_sets_its_m60_on_the_tripod_in_the_rally_phase(tmp_path):
    """3.0 step 5: at 4 hexes the squad fires 5 + the bipod's 3 = 8; set on its tripod, 5 + 4 =
    9; at 10 hexes, beyond the squad's 5 and the bipod's 8, only the tripod's 4 (1.6: the weapon
    without the squad's own).  Undo sets it back on its bipod."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("G", "us_m60", "0103", "A")],
               [("X", "nva_squad", "0503"), ("Y", "nva_squad", "1103")])
    assert game(loc).phase == "rally"
    assert "3-8 (bipod)" in system_for(loc).strength_text(game(loc), game(loc).units["G"])
    res = act(loc, "weapons", side="blue", unit="A", do="change_mode", weapon="G", mode="tripod")
    assert "A sets G (M60 machine gun) to its tripod mode: firepower 4, range 12 (3.0 step 5, 1.6)" in res.log
    act(loc, "next_phase")
    assert fire(loc, ["A"], "0503").firepower == 9
    far = fire(loc, ["A"], "1103")
    assert far.legal and far.firepower == 4
    undo(loc)
    undo(loc)
    assert game(loc).units["G"].marks.mode is None
    act(loc, "next_phase")
    assert fire(loc, ["A"], "0503").firepower == 8 and not fire(loc, ["A"], "1103").legal


def test_1_6_a_change_of_mode_is_refused_with_its_reason(tmp_path):
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("G", "us_m60", "0103", "A"), ("L", "us_law", "0103", "A")],
               [("X", "nva_squad", "0503")])
    with pytest.raises(UmpireError, match=r"L \(M72 LAW\) has one mode only \(1.6\)"):
        act(loc, "weapons", side="blue", unit="A", do="change_mode", weapon="L", mode="tripod")
    with pytest.raises(UmpireError, match=r"G's modes are bipod, tripod"):
        act(loc, "weapons", side="blue", unit="A", do="change_mode", weapon="G", mode="pintle")
    with pytest.raises(UmpireError, match="already in its bipod mode"):
        act(loc, "weapons", side="blue", unit="A", do="change_mode", weapon="G", mode="bipod")
    act(loc, "next_phase")
    with pytest.raises(UmpireError, match="only in the Rally phase"):
        act(loc, "weapons", side=game(loc).active_side, unit="A" if game(loc).active_side == "blue" else "X",
            do="change_mode", weapon="G", mode="tripod")


def test_1_6_the_form_offers_the_carried_weapons_modes_and_the_enemy_reads_nothing(tmp_path):
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("G", "us_m60", "0103", "A")], [("X", "nva_squad", "0303")])
    spec = system_for(loc).actions()["weapons"]
    fields = {f.key: f for f in spec.fields_for(game(loc), "blue", "A")}
    assert "change_mode" in fields["do"].choices and fields["mode"].choices == ("", "bipod", "tripod")
    assert {f.key: f for f in spec.fields_for(game(loc), "red", "X")}["mode"].choices == ("",)
    act(loc, "weapons", side="blue", unit="A", do="change_mode", weapon="G", mode="tripod")
    g = game(loc)
    red = "\n".join(line for e in side_journal(g, "red", journal(loc), system_for(loc)) for line in (e.head, *e.lines))
    blue = "\n".join(line for e in side_journal(g, "blue", journal(loc), system_for(loc)) for line in (e.head, *e.lines))
    assert "tripod" in blue and "tripod" not in red and "M60" not in red
