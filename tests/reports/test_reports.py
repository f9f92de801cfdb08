"""Turn reports (issue 7): each side's PDF is built from its own view only -- checked on the
produced bytes (the PDF's text, metadata, outline and map image) -- and the umpire's holds
the truth."""

import re
import sqlite3

import pytest
from pypdf import PdfReader

from umpire.actions import new_game, system_for
from umpire.core.engine import perform
from umpire.core.store.db import open_game
from reportkit import images_of, report, text_of, words

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3


@pytest.fixture()
def game(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "r.umpire", seed="reports")
    sys_ = system_for(path)
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, sys_)
    perform(path, "plot", {"side": "nato", "turn": 1, "missions": [
        {"support": "US DS", "concentration": 1, "target": "2315", "pattern": "tight"}]}, sys_, side="nato")
    perform(path, "plot", {"side": "warpac", "turn": 2, "missions": [
        {"support": "Sov Regt Arty", "concentration": 2, "target": "2215", "pattern": "smoke"}]}, sys_, side="warpac")
    return path


def test_a_side_report_names_nothing_it_has_not_seen(game, tmp_path):
    g = open_game(game)
    pdf = report(game, "warpac", tmp_path / "w")
    text = text_of(pdf)
    seen = {uid for (side, uid) in g.contacts if side == "warpac"}
    unseen = [u for u in g.units.values() if u.side == "nato" and u.id not in seen]
    assert len(unseen) >= 10
    for u in unseen:
        assert not words(text, u.id), u.id                                       # no id, no name
    labels_seen = {c.type_label for (side, _u), c in g.contacts.items() if side == "warpac"}
    for label in {g.unit_type(u)["label"] for u in unseen} - labels_seen:
        assert label not in text, label
    # NATO's secret minefield (a quarter map's title "hexes 1414 to 4030" names its corners, not it)
    told = re.sub(r"hexes \d{4} to \d{4}", "", text)
    assert "1414" not in told and "1514" not in told
    assert "2315" not in text and "US DS" not in text                           # NATO's plot
    assert not PdfReader(str(pdf)).outline                                      # no bookmarks
    # its own things are there: its units, its plot, the blank orders form
    assert "Recon 1" in text and "Sov Regt Arty #2" in text and "Orders for turn 2" in text
    assert "Reinforcements due Turn Units Entry 4 T4, T5, T6 3030" in text          # its own, still to come
    assert "Reinforcements due None due." in text_of(report(game, "nato", tmp_path / "n"))
    assert "For Soviet 1st Motor Rifle Battalion only" in text


def test_the_enemys_hidden_changes_leave_a_side_report_byte_for_byte_alike(game, tmp_path):
    """Move every unit the Soviets have not seen, drop NATO's plots and its minefield: the
    Soviet report's text and map image do not change."""
    before = report(game, "warpac", tmp_path / "a")
    g = open_game(game)
    seen = {uid for (side, uid) in g.contacts if side == "warpac"}
    far = g.map.grid.parse("0101")
    with sqlite3.connect(game) as conn:
        for u in g.units.values():
            if u.side == "nato" and u.id not in seen and u.on_map:
                conn.execute("UPDATE unit SET q = ?, r = ?, steps_lost = 1, marks = json_set(marks, '$.suppression', 2) "
                             "WHERE id = ?", (far.q, far.r, u.id))
        conn.execute("DELETE FROM plot WHERE side_id = 'nato'")
        conn.execute("DELETE FROM overlay WHERE kind = 'minefield'")
    after = report(game, "warpac", tmp_path / "b")
    assert text_of(after) == text_of(before)
    assert images_of(after) == images_of(before)
    assert len(images_of(before)) == 5 and len(set(images_of(before))) == 5      # whole map, four quarters apart


def test_the_umpires_report_holds_the_truth_and_the_dice(game, tmp_path):
    text = text_of(report(game, "umpire", tmp_path / "u"))
    g = open_game(game)
    for u in g.units.values():
        assert words(text, u.id), u.id
    assert "hidden" in text and "dice:" in text and "What US Task Force 2-32 knows" in text
    assert "2315" in text and "Sov Regt Arty #2" in text                         # every side's plots
    assert "Umpire's copy: the truth" in text


def test_a_side_that_saw_nothing_is_told_so_plainly(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "quiet.umpire", seed="quiet")
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM contact WHERE side_id = 'warpac'")
    text = text_of(report(path, "warpac", tmp_path / "q"))
    assert "No enemy unit has been seen." in text
    # all it is told of the turn is its own battalion's HQ value, rolled before play (MW4 19.821)
    events = text.split("Events of turn 1")[1].split("Orders for turn 2")[0]
    assert "The umpire tells us: 1 MRB: HQ value" in events and "TF 2-32" not in events


def test_paper_sizes_fonts_and_long_tables(game, tmp_path):
    from reportlab.lib.pagesizes import A4, LETTER
    for paper, size in (("a4", A4), ("letter", LETTER)):
        reader = PdfReader(str(report(game, "nato", tmp_path / paper, paper)))
        first = reader.pages[0].mediabox
        assert (round(float(first.width)), round(float(first.height))) == (round(size[0]), round(size[1]))
        fonts = reader.pages[0]["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            descendant = font.get("/DescendantFonts")
            desc = (descendant[0].get_object() if descendant else font).get("/FontDescriptor")
            assert desc is not None and ("/FontFile2" in desc.get_object()), font        # embedded TrueType
    # 300 rows: the table runs over pages, its header on each
    from umpire.reports.content import Table, side_report
    from umpire.reports.pdf import write_pdf
    g = open_game(game)
    rep = side_report(g, "nato", system_for(game))
    rep.tables = [Table("Our forces", ("Unit", "Hex"), [(f"Unit {i}", f"{i:04d}") for i in range(300)], "")]
    write_pdf(rep, [], tmp_path / "long.pdf")
    pages = [p.extract_text() for p in PdfReader(str(tmp_path / "long.pdf")).pages]
    with_rows = [p for p in pages if "Unit 1" in p or "Unit 2" in p]
    assert len(with_rows) >= 3 and all(re.search(r"Unit\s+Hex", p) for p in with_rows)
    assert "Unit 299" in "".join(pages)


def test_a_past_turns_report_is_replayed_from_the_journal(game, tmp_path):
    from umpire.core.engine import replay_to_turn
    from umpire.core.scenario import load_scenario
    from umpire.rules import rule_system
    sys_ = system_for(game)
    perform(game, "end_turn", {}, sys_)
    g = open_game(game)
    if g.active_side != "warpac":
        perform(game, "pass", {}, sys_)
    perform(game, "move", {"unit": "Recon 1", "path": ["2215", "2216"]}, sys_, typed=lambda *a: [10])
    assert open_game(game).turn == 2
    (tmp_path / "past").mkdir()
    past = replay_to_turn(game, 1, tmp_path / "past" / "p.umpire", lambda g: rule_system(g.rules), load_scenario)
    g = open_game(past)
    assert g.turn == 1 and g.map.number(g.units["Recon 1"].hex) == "2215"
    text = text_of(report(past, "warpac", tmp_path / "w1"))
    assert "Turn 1 of 12" in text and "Recon 1 moves 2224(0)" in text and "2216(0)" not in text


def test_a_side_reads_the_fire_it_came_under_without_the_firers_name(game, tmp_path):
    sys_ = system_for(game)
    if open_game(game).active_side != "nato":
        perform(game, "pass", {}, sys_)
    perform(game, "fire", {"firers": ["A3"], "target": "Recon 1"}, sys_,
            typed=lambda purpose, count, sides: [10] if "panic" in purpose else None)
    text = text_of(report(game, "warpac", tmp_path / "f"))
    labels = {uid: c.label for (side, uid), c in open_game(game).contacts.items() if side == "warpac"}
    source = labels.get("A3", "an enemy unit not identified")
    assert f"Recon 1 came under fire from {source}:" in text
    assert ("A3" in labels) or not words(text, "A3")
