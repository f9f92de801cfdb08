"""Hidden units and zones of control (HCM 3.5.5 with 4.1, zones.py's reading): a stand still on
the judge's map holds no zone -- a Blue move that it would have stopped goes on, and Blue's
journal reads the same byte for byte as with no Red unit near; a hidden vehicle holds its zone,
since whoever enters its front identifies it (4.1, 7.2).  A blocking unit falling back (3.4) is
neither refused nor stopped by a hidden enemy's zone, and one met in its path comes onto the table."""

from __future__ import annotations

import umpire.rules.hcm.spotting as sp
from umpire.core.engine import journal
from umpire.core.witness import side_journal

from .hcmkit import act, game, hcm_game, to_phase, towards


def blue_reads(loc) -> str:
    g = game(loc)
    return "\n".join(x for e in side_journal(g, "blue", journal(loc)) for x in (e.head, *e.lines))


def blue_moves_north(tmp_path, red):
    loc = hcm_game(tmp_path, [dict(id="T", type="medium_tank", hex="0507", facing="N", on_table=True)], [red])
    to_phase(loc, "a_movement", 6, 1)
    act(loc, "move", side="blue", unit="T", path=towards(game(loc), "0507", "N", "N", "N", "NE"))
    g = game(loc)
    return blue_reads(loc), g.map.number(g.units["T"].hex), g


def test_a_hidden_stand_stops_no_mover_and_blue_reads_the_same(tmp_path, monkeypatch):
    """3.5.5, 4.1: Red's hidden stand faces the path; Blue's tank goes on to 0603 and its journal is
    the one it reads with the stand far away (before: cut short at 0504, telling of a hidden enemy)."""
    monkeypatch.setattr(sp, "spotting_rolls", lambda game, sight, dice, absent=frozenset(): [])
    near = blue_moves_north(tmp_path / "a", dict(id="R", type="medium_infantry", hex="0503", facing="S"))
    far = blue_moves_north(tmp_path / "b", dict(id="R", type="medium_infantry", hex="1001", facing="S"))
    assert near[1] == far[1] == "0603"
    assert near[0] == far[0]
    assert "R" not in near[2].rule_state.on_table


def test_the_same_stand_on_the_table_stops_the_move(tmp_path):
    """3.5.5: set up on the table, the stand's front stops the tank in 0504."""
    _, end, _ = blue_moves_north(tmp_path, dict(id="R", type="medium_infantry", hex="0503", facing="S",
                                                on_table=True))
    assert end == "0504"


def test_a_hidden_vehicle_holds_its_zone_and_is_identified(tmp_path):
    """4.1, 7.2: a hidden vehicle is shown to an enemy next to it, so its zone stops the mover and
    the mover's side has it as a contact in the same move."""
    text, end, g = blue_moves_north(tmp_path, dict(id="R", type="medium_tank", hex="0503", facing="S"))
    assert end == "0504"
    assert any(c.side == "blue" and c.unit == "R" and c.status == "seen" for c in g.contacts.values())
    assert "Blue spots a new contact: Medium tank" in text


def test_falling_back_into_a_hidden_enemy_stops_short_and_shows_it(tmp_path):
    """3.4 with 4.1: Red's blocker falls back towards 0303, where a Blue stand waits hidden.  The
    fall back is not refused (a refusal named the hidden enemy's hex): it stops in 0202 and the
    stand comes onto the table, so Red learns of it by spotting."""
    from umpire.rules.hcm import blocking

    from .gamekit import make_game
    loc = make_game(tmp_path, [("B1", "medium_tank", None), ("B2", "medium_infantry", "0303")],
                    [("R1", "medium_infantry", "0202")], rules="hcm")
    while not (game(loc).turn == 2 and game(loc).phase in blocking.BLOCKING and game(loc).active_side == "red"):
        act(loc, "next_phase")
    assert "B2" not in game(loc).rule_state.on_table
    r = act(loc, "fall_back", side="red", unit="R1", path=["0202", "0303", "0404"])
    g = game(loc)
    assert g.map.number(g.units["R1"].hex) == "0202" and g.units["R1"].marks.fell_back_turn == 2
    assert "B2" in g.rule_state.on_table and "met in 0303 (4.1)" in " ".join(r.log)
