"""What makes a player trust the printout (issue 19), read on the PDF: each quarter of the map
its own picture under its own title, a key naming only what the map shows, objectives as the
side knows them, headings never alone at a page's foot, the orders form's notes box, and the
folder made for the reports."""

import sqlite3

import pytest
from pypdf import PdfReader

from umpire.actions import new_game, system_for
from umpire.core.errors import UmpireError
from umpire.core.store.db import open_game
from umpire.reports import write_reports
from umpire.reports.maps import DPI
from reportkit import report, text_of, words


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "p.umpire", seed="pages")


def pages_of(pdf) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(str(pdf)).pages]


def section(text: str, start: str, end: str) -> str:
    return text.split(start, 1)[1].split(end, 1)[0]


def test_each_quarter_of_the_map_is_its_own_picture_under_its_own_title(game, tmp_path):
    pdf = report(game, "nato", tmp_path / "n")
    pages = pages_of(pdf)
    title = "Kaltenbach Gap — US Task Force 2-32 — turn 1 of 12"
    parts = ["Whole map", "North-west quarter: hexes 0101 to", "North-east quarter: hexes", "South-west quarter: hexes",
             "South-east quarter: hexes"]
    for page, part in zip(pages[1:6], parts):               # pages 2 to 6, one part each, under the title
        assert f"{title} {part}" in page and sum(x in page for x in parts) == 1, page[:160]
    assert pages[4].split("hexes ")[1].startswith("01")         # the south-west quarter starts in column 01
    reader = PdfReader(str(pdf))
    assert DPI >= 150                                           # print resolution, not a screen's
    for page in reader.pages[2:6]:
        (img,) = page.images
        w_pt = float(page.mediabox.width) - 24 * 72 / 25.4     # the page less its margins
        # drawn for the page at print resolution: not a crop of one picture blown up
        assert img.image.width >= 0.8 * w_pt / 72 * DPI or img.image.height >= 0.8 * 1000 * DPI / 200, img.image.size
    assert len({page.images[0].data for page in reader.pages[1:6]}) == 5


def test_a_small_map_that_prints_readably_whole_has_no_quarters(tmp_path):
    """Xom Lang's 16x12 map prints its hexes 7 mm across the middle of a page: four quarters
    of it would repeat most of it four times over."""
    from pathlib import Path

    from umpire.core.scenario import load_scenario
    from umpire.reports.maps import READABLE_HEX_PT

    xom = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"
    path = new_game(load_scenario(xom), tmp_path / "x.umpire", seed="pages")
    pages = pages_of(report(path, "umpire", tmp_path / "u"))
    maps = [p for p in pages if "Ambush at Xom Lang — Umpire — turn 1 of 6 Whole map" in p]
    assert len(maps) == 1 and not any("quarter: hexes" in p for p in pages)
    # Osterby's 24x18 prints at 14 points a hex: it keeps its quarters
    from umpire.core.layout import Layout
    from umpire.reports.maps import _fit, _parts
    from umpire.reports.pdf import map_areas

    grid = load_scenario(xom.with_name("osterby-bridges.toml")).map.grid
    size = Layout.for_grid(grid, 1.0).bounds(grid)
    assert _fit(*size, map_areas("a4"))[1] < READABLE_HEX_PT and len(_parts(size, map_areas("a4"))) == 5


def test_the_map_key_names_only_what_the_readers_map_shows(game, tmp_path):
    """NATO's secret minefield is on NATO's map and the umpire's, and so in their keys; the
    Soviets never found it: no word of it in theirs.  Their key has no contact row before they
    see anything, and its state marks are the rule system's words for its own counters."""
    keys = {}
    for viewer in ("nato", "warpac", "umpire"):
        keys[viewer] = section(text_of(report(game, viewer, tmp_path / viewer)), "Map key", "Kaltenbach Gap —")
    assert "Minefield" in keys["nato"] and "Minefield" in keys["umpire"] and "MINE" in keys["nato"]
    assert "Minefield" not in keys["warpac"] and "MINE" not in keys["warpac"]
    assert "a unit of US Task Force 2-32 (ours)" in keys["nato"]
    assert "Black flag, a name and points one of our objectives" in keys["warpac"]
    assert "Dark corner" in keys["umpire"] and "Dark corner" not in keys["nato"]   # face-down: the umpire's
    with sqlite3.connect(game) as conn:
        conn.execute("DELETE FROM contact WHERE side_id = 'warpac'")
        conn.execute("UPDATE unit SET marks = json_set(marks, '$.suppression', 2) WHERE id = 'Recon 1'")
    key = section(text_of(report(game, "warpac", tmp_path / "w2")), "Map key", "Kaltenbach Gap —")
    assert "a contact" not in key and "Faded counter" not in key
    assert "S2 after a counter's strength suppressed, level 2 (MW4 7.4)" in key


def test_the_key_and_objectives_do_not_change_with_what_the_side_never_saw(game, tmp_path):
    """Move the unseen NATO units off the Soviet objectives and rename them, suppress them,
    drop NATO's minefield: the Soviet report's text is the same; the umpire's changes."""
    g = open_game(game)
    seen = {uid for (side, uid) in g.contacts if side == "warpac"}
    before = text_of(report(game, "warpac", tmp_path / "a"))
    umpire_before = text_of(report(game, "umpire", tmp_path / "ua"))
    assert "Kaltenbach 1012 10 unknown: none of ours there, no enemy seen there" in before
    far = g.map.grid.parse("4001")
    with sqlite3.connect(game) as conn:
        for u in g.units.values():
            if u.side == "nato" and u.id not in seen and u.on_map:
                conn.execute("UPDATE unit SET q = ?, r = ?, marks = json_set(marks, '$.suppression', 3) WHERE id = ?",
                             (far.q, far.r, u.id))
        conn.execute("DELETE FROM overlay WHERE kind = 'minefield'")
    after = text_of(report(game, "warpac", tmp_path / "b"))
    assert after == before
    assert text_of(report(game, "umpire", tmp_path / "ub")) != umpire_before        # the file did change


def test_an_objective_is_held_as_far_as_the_side_has_seen(game, tmp_path):
    g = open_game(game)
    # the contact says where the side saw it; where the unit truly is does not enter
    on_it = next(u for u in g.units.values() if u.side == "nato" and u.on_map and ("warpac", u.id) not in g.contacts
                 and g.map.number(u.hex) != "1012")
    h = g.map.grid.parse("1012")
    with sqlite3.connect(game) as conn:
        conn.execute("INSERT INTO contact (side_id, unit_id, label, status, q, r, turn, detail, type_label, role, "
                     "strength, seen_by) VALUES ('warpac', ?, 'C9', 'seen', ?, ?, 1, 'vehicle', 'M1 tank platoon', "
                     "'armour', '3/3', '[\"Recon 1\"]')", (on_it.id, h.q, h.r))
    text = text_of(report(game, "warpac", tmp_path / "seen"))
    assert "Kaltenbach 1012 10 held by the enemy: C9 seen there now" in text
    assert not words(text, on_it.id)
    with sqlite3.connect(game) as conn:
        conn.execute("UPDATE contact SET status = 'last_known' WHERE label = 'C9'")
    text = text_of(report(game, "warpac", tmp_path / "last"))
    assert "Kaltenbach 1012 10 held by the enemy as last seen: C9 on turn 1" in text
    nato = text_of(report(game, "nato", tmp_path / "nato"))
    assert "Hill 204 1206 5 held by us (" in nato


def test_no_heading_is_left_alone_at_the_foot_of_a_page(game, tmp_path):
    """Tables of every length one after another: each heading is on the page of its first row."""
    from umpire.reports.content import Table, side_report
    from umpire.reports.pdf import write_pdf
    rep = side_report(open_game(game), "nato", system_for(game))
    rep.tables = [Table(f"Section {k}", ("Unit", "Hex"), [(f"S{k} row {i}", f"{i:04d}") for i in range(n)],
                        f"S{k} has none.") for k, n in enumerate([0, 3, 7, 11, 2, 0, 40, 5, 9, 1, 13, 30, 4, 0, 6] * 3)]
    write_pdf(rep, [], tmp_path / "keep.pdf")
    pages = pages_of(tmp_path / "keep.pdf")
    for k, t in enumerate(rep.tables):
        first = t.rows[0][0] if t.rows else t.empty
        on = [i for i, p in enumerate(pages) if words(p, f"Section {k}")]
        assert on and first in pages[on[0]], f"Section {k} heading alone on page {on[0] + 1}"
    events = [i for i, p in enumerate(pages) if "Events of turn 1" in p]
    assert len(events) == 1


def test_the_orders_form_has_a_notes_box_on_its_page(game, tmp_path):
    pages = pages_of(report(game, "nato", tmp_path / "n"))
    last = pages[-1]
    assert "Notes for the umpire (intentions, conditions, questions)" in last
    assert "Orders for turn 2" in "".join(pages[-2:]) and "Fire plots" in "".join(pages[-2:])


def test_the_reports_folder_is_made_parents_too_and_bad_input_makes_none(game, tmp_path):
    out = tmp_path / "campaign" / "turn 1"
    written = write_reports(open_game(game), system_for(game), ["warpac", "nato"], out)
    assert sorted(p.name for p in out.iterdir()) == ["turn01-nato.pdf", "turn01-warpac.pdf"] == sorted(
        p.name for p in written)
    with pytest.raises(UmpireError, match="unknown side"):
        write_reports(open_game(game), system_for(game), ["nobody"], tmp_path / "never" / "made")
    assert not (tmp_path / "never").exists()
    (tmp_path / "notes").write_text("a file")
    with pytest.raises(UmpireError, match="not a folder"):
        write_reports(open_game(game), system_for(game), ["nato", "warpac"], tmp_path / "notes")
    with pytest.raises(UmpireError, match="cannot make the folder"):
        write_reports(open_game(game), system_for(game), ["nato"], tmp_path / "notes" / "turn 1")
    with pytest.raises(UmpireError, match="a .pdf file holds one report, not 2"):
        write_reports(open_game(game), system_for(game), ["nato", "warpac"], tmp_path / "both.pdf")
    assert not (tmp_path / "both.pdf").exists()
