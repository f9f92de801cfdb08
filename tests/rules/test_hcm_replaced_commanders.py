"""Two commanders lifted and placed again (HCM 3.2, 3.6, 4.1) -- issue 20, item 3: the enemy keeps
what it last knew of each under its old label, where it last saw him (the core's detached
past_contact), and meets two new markers under labels never given before; its journal keeps the
label each line was written with.  Which new marker is which commander it cannot tell: Red's
journal and report are the same byte for byte whichever commander went where."""

from __future__ import annotations

from umpire.actions import system_for
from umpire.core.engine import journal, undo
from umpire.core.knowledge import build_view
from umpire.core.store import models as m
from umpire.core.witness import labels_at, side_journal

from statekit import set_state

from .hcmkit import act, game, hcm_game, to_phase
from .test_hcm_commander_sight import report_bytes

BLUE = [dict(id="B", type="medium_infantry", hex="0103", facing="SE"),
        dict(id="K1", type="commander", hex="0203", on_table=True, initiative=5),
        dict(id="K2", type="commander", hex="0205", on_table=True, initiative=6)]
RED = [dict(id="R", type="medium_infantry", hex="0603", facing="NW", on_table=True)]


def red_text(loc) -> str:
    return "\n".join(x for e in side_journal(game(loc), "red", journal(loc), system_for(loc)) for x in (e.head, *e.lines))


def replaced(tmp_path, first: str, second: str) -> str:
    """Red has identified K1 and K2 (7.2); Blue, phasing, has them lifted (3.2) and places
    `first` in 0404, then `second` in 0406 (3.6)."""
    loc = hcm_game(tmp_path, BLUE, RED)
    set_state(loc, identified={"red": ["K1", "K2"]})
    act(loc, "spot")
    to_phase(loc, "a_command", 5, 3, 1, 1, 1, 1, 1, 1)
    assert game(loc).rule_state.opener == "blue" and game(loc).units["K1"].status == "off_map"
    to_phase(loc, "a_placement")
    act(loc, "place_commander", unit=first, hex="0404")
    act(loc, "place_commander", unit=second, hex="0406")
    return loc


def test_3_6_the_old_contacts_stay_where_they_were_seen_the_new_markers_have_new_labels(tmp_path):
    loc = replaced(tmp_path, "K1", "K2")
    g = game(loc)
    view = {mk.label: (g.map.number(mk.hex), mk.type_label, mk.knowledge) for mk in build_view(g, "red").units
            if mk.side == "blue"}
    old = {p.label: p for p in g.past_contacts if p.side == "red"}
    assert {(view[x][0], view[x][1], view[x][2]) for x in old} == {("0203", "Commander", "last_known"),
                                                                 ("0205", "Commander", "last_known")}
    new = {g.contacts[("red", k)].label for k in ("K1", "K2")}
    assert not new & set(old)                                       # labels never given twice
    assert {view[x] for x in new} == {("0404", "Marker", "seen"), ("0406", "Marker", "seen")}


def test_leak_red_cannot_tell_which_commander_went_where(tmp_path):
    a = replaced(tmp_path / "a", "K1", "K2")
    b = replaced(tmp_path / "b", "K2", "K1")                         # the other way round
    assert game(a).units["K1"].hex != game(b).units["K1"].hex
    assert red_text(a) == red_text(b)
    assert report_bytes(a, "red") == report_bytes(b, "red")


def test_a_line_keeps_the_label_it_was_written_with(tmp_path):
    """The witness names a unit by the label the side knew it by when the line was journaled
    (labels_at): a line from before the lift says the old label, one from after the new."""
    loc = replaced(tmp_path, "K1", "K2")
    g = game(loc)
    past = next(p for p in g.past_contacts if p.side == "red" and p.unit == "K1")
    now = g.contacts[("red", "K1")].label
    assert labels_at(g, "red", past.until - 1)["K1"] == past.label and labels_at(g, "red", past.until)["K1"] == now

    def row(seq):
        return m.ActionRow(seq=seq, turn=1, kind="note", side_id="red", params={}, rolls=[], changes=[],
                           log=["R watches K1 in the distance"], readers={}, summary="R watches K1", undone=False)
    said = [e.head for e in side_journal(g, "red", [row(past.until - 1), row(past.until + 1)], system_for(loc))]
    assert said == [f"R watches {past.label}", f"R watches {now}"]


def test_undoing_the_placement_takes_the_new_label_back(tmp_path):
    loc = replaced(tmp_path, "K1", "K2")
    before = {p.label for p in game(loc).past_contacts}
    undo(loc)                                                         # K2's placement
    g = game(loc)
    assert len(g.past_contacts) == len(before) - 1 and g.contacts[("red", "K2")].status == "last_known"
    assert g.contacts[("red", "K2")].label in before                 # his old label, as it stood
