"""What the enemy learns of commanders (HCM 3.2, 3.6, 4.1, 7.2): a lifted commander spots
nothing and is forgotten; placed again he is a new unidentified marker under a new label; placed
with his side's hidden units he stays hidden with them.  The leak tests compare what a side
reads -- its contacts and its report's bytes -- with and without what it has not seen."""

from __future__ import annotations

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.witness import side_journal
from umpire.reports.content import side_report

from statekit import set_state

from .hcmkit import act, game, hcm_game, to_phase

BLUE = [dict(id="B", type="medium_infantry", hex="0103", facing="SE"),
        dict(id="K", type="commander", hex="0203", on_table=True, initiative=5)]
RED = [dict(id="R", type="medium_infantry", hex="0603", facing="NW", on_table=True),
       dict(id="S", type="medium_infantry", hex="0705", facing="NW"),
       dict(id="L", type="commander", hex="0603", on_table=True, initiative=5)]


def red_lines(loc) -> str:
    g = game(loc)
    return "\n".join(x for e in side_journal(g, "red", journal(loc), system_for(loc)) for x in [e.head, *e.lines])


def test_3_2_7_2_commanders_lifted_do_not_make_the_spotting_rolls(tmp_path):
    """3.2 comes before 7.2's spotting: Blue's lifted commander K is off the table and rolls
    for nothing; B, on the map, still rolls for Red's markers.  Red rolls for nothing of K."""
    loc = hcm_game(tmp_path, BLUE, RED)
    to_phase(loc, "a_command", 5, 3)               # Blue 5, Red 3: Blue phasing, K lifted
    g = game(loc)
    assert g.units["K"].status == "off_map"
    rolls = [r["purpose"] for a in journal(loc) for r in a.rolls if "spots the marker" in r["purpose"]]
    blue_rolls = [p for p in rolls if p.startswith("Blue spots")]
    assert blue_rolls and all("from B:" in p for p in blue_rolls)        # B alone, not "B, K"
    assert not any("(K)" in p for p in rolls)                              # nobody rolls for K


def test_3_2_a_lifted_commander_is_forgotten_by_the_enemy(tmp_path):
    """3.2, 7.2: Red identified K; when K is lifted, Red's identification of him and his place
    on the table go (command.lift): placed again he is not known."""
    from umpire.rules.hcm import command
    loc = hcm_game(tmp_path, BLUE, RED)
    g = game(loc)
    g.rule_state = g.rule_state.but(identified={"red": ("B", "K")}, on_table=("K", "L", "R"))
    out = command.lift(g, "blue")
    state = next(c for c in out if c.what == "game").values
    assert state["identified"] == {"red": ("B",)} and "K" not in state["on_table"]


def identified_k(tmp_path, blue, name="K"):
    """A game in which Red has identified Blue's commander (a 5-6 of 7.2 before play)."""
    loc = hcm_game(tmp_path, blue, RED)
    set_state(loc, identified={"red": [name]})
    act(loc, "spot")
    return loc


def test_3_6_a_commander_placed_again_is_a_new_marker_under_a_new_label(tmp_path):
    """3.6, 4.1: Red identified K (its contact C1, "Commander"); K is lifted (Red loses sight of C1) and placed
    elsewhere: Red's contact is a Marker under a new label with a new-contact line, never C1
    'seen now' -- Red cannot tell the marker is the commander it had seen."""
    loc = identified_k(tmp_path, BLUE)
    first = game(loc).contacts[("red", "K")]
    assert first.type_label == "Commander"
    to_phase(loc, "a_command", 5, 3, 1, 1, 1, 1)   # Blue phasing: K lifted
    assert game(loc).contacts[("red", "K")].status == "last_known"
    to_phase(loc, "a_placement")
    act(loc, "place_commander", unit="K", hex="0404")
    c = game(loc).contacts[("red", "K")]
    assert (c.status, c.type_label, c.strength) == ("seen", "Marker", "")
    assert c.label != first.label
    assert f"Red spots a new contact: Marker in 0404 ({c.label})" in red_lines(loc)


def test_4_1_a_commander_placed_with_a_hidden_stand_stays_hidden(tmp_path):
    """4.1 (Umpire's reading, docs/hcm.md): K joins the hidden stand B at 0103: the judge keeps
    him on his map with it; Red has no contact there and no new-contact line."""
    loc = hcm_game(tmp_path, BLUE, RED)
    to_phase(loc, "a_command", 5, 3, 1, 1, 1, 1)
    to_phase(loc, "a_placement")
    act(loc, "place_commander", unit="K", hex="0103")
    g = game(loc)
    assert g.units["K"].hex == g.map.grid.parse("0103") and g.units["K"].face_down
    assert g.contacts[("red", "K")].status == "last_known"                    # where it was lifted
    assert "0103" not in red_lines(loc).split("lifted")[-1]


def report_bytes(loc, side: str) -> bytes:
    g = game(loc)
    rep = side_report(g, side, system_for(loc))
    text = [t.title + repr(t.rows) for t in rep.tables] + list(rep.events) + \
        [repr(sorted((m.label, m.hex, m.type_label, m.strength, m.knowledge) for m in rep.view.units))]
    return "\n".join(text).encode()


def test_leak_red_reads_the_same_wherever_k_hides_with_a_hidden_stand(tmp_path):
    """The bytes of Red's report do not change when K is placed with one hidden stand or the
    other (B at 0103, or C at 0105): Red has seen neither."""
    blue = BLUE + [dict(id="C", type="medium_infantry", hex="0105", facing="SE")]
    reads = []
    for i, where in enumerate(("0103", "0105")):
        loc = hcm_game(tmp_path / str(i), blue, RED)
        to_phase(loc, "a_command", 5, 3, 1, 1, 1, 1, 1, 1)
        to_phase(loc, "a_placement")
        act(loc, "place_commander", unit="K", hex=where)
        reads.append(report_bytes(loc, "red"))
    assert reads[0] == reads[1]


def test_leak_red_reads_the_same_whoever_the_placed_commander_is(tmp_path):
    """3.2, 3.6: Red had identified Blue's commander; lifted and placed again, he is a new marker --
    Red's report is the same byte for byte whether he is K or a commander of another name and
    better values, placed in the same hex."""
    reads = []
    for i, name in enumerate(("K", "Maj Zed")):
        blue = BLUE[:1] + [dict(BLUE[1], id=name, initiative=4 + i)]
        loc = identified_k(tmp_path / str(i), blue, name)
        to_phase(loc, "a_command", 5, 3, 1, 1, 1, 1)
        to_phase(loc, "a_placement")
        act(loc, "place_commander", unit=name, hex="0404")
        reads.append(report_bytes(loc, "red"))
    assert reads[0] == reads[1]
    contacts = reads[0][reads[0].index(b"Contacts"):].split(b"\n")[0]
    # the commander Red saw stays where it last saw him, under his old label, detached; the new
    # marker is a label of its own that says nothing of him (core: past_contact)
    assert b"('C1', 'Commander', '0203', '?', 'last known'" in contacts
    assert b"('C2', 'Marker', '0404', '?', 'seen now'" in contacts
