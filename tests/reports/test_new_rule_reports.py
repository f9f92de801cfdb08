"""Side reports for Lock 'n Load's vehicles and War Blog's air power (issue 8), read on the PDF
bytes: the side hit reads that it came under attack and where, never the enemy's unit names;
the wreck of a vehicle the enemy never saw is not on the enemy's map."""

import sqlite3
import sys
from pathlib import Path

from reportkit import images_of, report, text_of, words

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from gamekit import act, game, make_game  # noqa: E402


def test_an_air_strike_reads_as_an_attack_by_an_unseen_enemy(tmp_path):
    extra = '[[battalion]]\nid = "Air"\nside = "blue"\nunits = [ { id = "Harriers", type = "strike_sqn" } ]\n'
    loc = make_game(tmp_path, [("Eyes", "recce_coy", "0402")], [("I", "infantry_bn", "0503")], extra=extra)
    act(loc, "air_strike", 1, 10, side="blue", unit="Harriers", hex="0503")
    red = text_of(report(loc, "red", tmp_path / "r"))
    assert "Our units came under enemy attack. Result: an air strike on 0503, 1 of 1 unit hit" in red
    assert not words(red, "Harriers") and not words(red, "Eyes")
    blue = text_of(report(loc, "blue", tmp_path / "b"))
    assert words(blue, "Harriers") and "air pool" in blue


ARTILLERY = '[[artillery]]\nid = "Guns"\nside = "red"\nlabel = "Red guns"\nconcentrations = 1\nstrength = 6\n'


def test_the_wreck_of_a_vehicle_the_enemy_never_saw_stays_off_its_map(tmp_path):
    """Red's guns fall on a hex of woods where an unseen, already Shaken US tank stands; Shaken
    again it is abandoned: the umpire's report shows its marker, Red's nothing of it, text or
    map."""
    terrain = "\n".join(["..........", "..........", "....W.....", "..........", "..........", ".........."])
    loc = make_game(tmp_path, [("T", "us_m48", "0503")], [("L", "nva_leader", "0103")], terrain=terrain,
                    rules="lnlt", cols=10, extra=ARTILLERY)
    assert ("red", "T") not in game(loc).contacts
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'T'", ('{"shaken": true}',))
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    # no drift (1 - LM 1); 0503: 6 + 6 = 12 against 1 + TM 2 + armour 2 = 5: DC+7; 6 + 7 = 13 over
    # morale 7: Shaken, and Shaken again is abandoned; its crew gets out Shaken
    act(loc, "fire_mission", 1, 1, 6, 1, 6, side="red", unit="L", hex="0503")
    g = game(loc)
    wreck = [o for o in g.map.overlays if o.kind in ("wreck", "abandoned")]
    assert g.units["T"].status == "destroyed" and wreck and wreck[0].secret
    red = report(loc, "red", tmp_path / "red")
    umpire = text_of(report(loc, "umpire", tmp_path / "u"))
    assert ("Wreck" in umpire or "Abandoned" in umpire) and words(umpire, "T")
    text = text_of(red)
    assert "Wreck" not in text and "Abandoned vehicle" not in text and not words(text, "T")
    far = game(loc).map.grid.parse("0106")
    with sqlite3.connect(loc) as conn:        # take the marker away, the unseen crew elsewhere
        conn.execute("DELETE FROM overlay WHERE kind IN ('wreck', 'abandoned')")
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'T crew'", (far.q, far.r))
    without = report(loc, "red", tmp_path / "without")
    assert text_of(without) == text and images_of(without) == images_of(red)


def test_a_side_reads_nothing_of_its_dropped_weapon_taken_out_of_its_sight(tmp_path):
    """LnLT 1.6 notes, 3.0: the US M60 lies in woods where an unseen NVA squad stands; the squad
    picks it up.  The US report -- its forces table still showing the M60 lying there, its
    map, its events -- is the same, byte for byte in its text and images, before and after;
    the NVA report names its new counter, never the US id."""
    woods = "\n".join(["..........", "..........", ".....W....", "..........", "..........", ".........."])
    loc = make_game(tmp_path, [("A", "us_squad", "0103"), ("Gun", "us_m60", "0103", "A")],
                    [("X", "nva_squad", "0603")], terrain=woods, rules="lnlt", cols=10)
    h = game(loc).map.grid.parse("0603")
    with sqlite3.connect(loc) as conn:          # dropped there by a squad since gone
        conn.execute("UPDATE unit SET status = 'dropped', carried_by = NULL, q = ?, r = ? WHERE id = 'Gun'",
                     (h.q, h.r))
    before = report(loc, "blue", tmp_path / "before")
    assert "lying on the ground" in text_of(before)
    act(loc, "weapons", side="red", unit="X", do="pick_up", weapon="us_m60")
    after = report(loc, "blue", tmp_path / "after")
    assert text_of(after) == text_of(before) and images_of(after) == images_of(before)
    red = text_of(report(loc, "red", tmp_path / "red"))
    assert words(red, "X-captured") and "captured" in red and not words(red, "Gun")


def test_hearts_and_minds_scores_stay_out_of_the_sides_reports(tmp_path):
    """War Blog 8.3: where the unseen red irregulars stand moves the village's score; Blue's
    report -- text and map, the village marked on it -- is the same either way, and names no
    score; the umpire's gives it."""
    extra = '[[warblog.hearts_and_minds]]\nhex = "0604"\nfavours = "red"\nlimit = 5\nstart = 2\n'
    reports = []
    for where in ("0604", "0806"):
        loc = make_game(tmp_path / where, [("T", "tank_bn", "0101")], [("I", "irregulars", where)], extra=extra)
        act(loc, "pass", 50, side="blue")
        act(loc, "pass", side="red")
        reports.append(report(loc, "blue", tmp_path / where / "blue"))
        umpire = text_of(report(loc, "umpire", tmp_path / where / "u"))
        assert "Hearts & minds 0604" in umpire
    assert game(loc).rule_state.hearts["0604"].score == 3              # nobody there: it crept
    assert text_of(reports[0]) == text_of(reports[1]) and images_of(reports[0]) == images_of(reports[1])
    assert "Hearts & minds 0604:" not in text_of(reports[0])


def test_passengers_inside_a_vehicle_stay_out_of_the_enemys_report(tmp_path):
    """LnLT 16.1, 10.1: the NVA squad next to a US M113 sees the vehicle, not the squad and M60
    inside it: its report names an M113 contact and no rifle squad or machine gun."""
    loc = make_game(tmp_path, [("M", "us_m113", "0404"), ("B", "us_squad", "0404", "M"),
                               ("G", "us_m60", "0404", "B")], [("X", "nva_squad", "0503")], rules="lnlt", cols=10)
    red = text_of(report(loc, "red", tmp_path / "red"))
    assert "M113" in red and "US rifle squad" not in red and "M60" not in red
