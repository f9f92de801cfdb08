"""War Blog air power and hidden information: what a side reads of its own air strikes and air
patrols is built from what it has seen.  The enemy's air defence (1.14, 9.1) and its fighters in
the air superiority box (9.2) answer the strike; the striking side reads the strike's result,
the umpire the whole worksheet.  Checked on the produced bytes, the project's way
(tests/test_side_leaks.py): the unseen enemy is moved and renamed, the side's journal and its
report must not change."""

import shutil

from reportkit import images_of, report, text_of
from test_side_leaks import hide_the_unseen
from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .gamekit import act, make_game
from .test_warblog_air import air


def made_for(path, side, folder):
    """What is made for `side` from the game file: its journal and its report (text, images)."""
    entries = [(e.number, e.turn, e.head, e.lines, e.undone, e.own)
               for e in side_journal(open_game(path), side, journal(path))]
    pdf = report(path, side, folder)
    return {"journal": entries, "pdf text": text_of(pdf), "pdf images": images_of(pdf)}


def strike_game(folder, ad: list[tuple], *faces):
    """Blue's squadron strikes the Red battalion in 0503 (seen: Blue's recce company is next to
    it, 3.2); `ad`, Red's air defence, is out of Blue's sight.  `faces`: the typed dice."""
    loc = make_game(folder, [("Eyes", "recce_coy", "0402")], [("I", "infantry_bn", "0503")] + ad,
                    extra=air("blue", ("Jets", "strike_sqn")))
    g = open_game(loc)
    assert all(("blue", uid) not in g.contacts for uid, *_ in ad), "the air defence must be unseen"
    return loc, act(loc, "air_strike", *faces, side="blue", unit="Jets", hex="0503")


def test_unseen_air_defence_that_misses_tells_the_striker_nothing(tmp_path):
    """1.14, 9.1: a battery two hexes from the target (range 3) fires and misses (70 is out of its
    2 in 70); the same strike with the battery moved out of range and renamed rolls the same hit
    and damage.  Blue's journal and report are the same byte for byte; the umpire reads the
    battery's line."""
    near, res = strike_game(tmp_path / "near", [("AD 2", "air_defence_bty", "0703")], 70, 1, 10)
    assert "air defence 2 (AD 2 2): a chance of 2 in 70 (1.14)" in "\n".join(res.log)
    far, res_far = strike_game(tmp_path / "far", [("Flak", "air_defence_bty", "0806")], 1, 10)
    assert not any("air defence" in x for x in res_far.log), "moved out of range, the battery must not fire"
    assert res.summary == res_far.summary
    assert made_for(near, "blue", tmp_path / "r1") == made_for(far, "blue", tmp_path / "r2")
    # control: the umpire's report does tell them apart
    assert "AD 2" in text_of(report(near, "umpire", tmp_path / "u1"))


def test_air_defence_effect_is_the_strikes_result_not_the_guns(tmp_path):
    """1.14: two batteries (2 + 2) give 4 in 70; a roll of 2 and the effect 3 halve the strike.
    Blue reads that its strike was blunted by air defence -- the strike's result -- but neither
    the batteries' number nor their factors: with one battery of 4 elsewhere the same rolls give
    Blue the same bytes."""
    two = [("AD 2", "air_defence_bty", "0703"), ("AD 3", "air_defence_bty", "0704")]
    loc, res = strike_game(tmp_path / "two", two, 2, 3, 1, 10)
    assert any("air defence 4 (AD 2 2, AD 3 2): a chance of 4 in 70 (1.14)" in x for x in res.log)
    assert res.summary == "Jets strikes 0503 at 0.5 strength under air defence fire (1.14): 1 of 1 hit"
    side = made_for(loc, "blue", tmp_path / "r1")
    said = [x for e in side["journal"] for x in (e[2],) + e[3]]
    assert res.summary in said and "Jets strikes 0503 at 0.5 strength" in side["pdf text"]
    assert not any("AD 2" in x or "AD 3" in x or "in 70" in x for x in said), said
    one, res_one = strike_game(tmp_path / "one", [("Big", "sam_bty", "0604")], 2, 3, 1, 10)
    assert res_one.summary == res.summary
    assert made_for(one, "blue", tmp_path / "r2") == side


def test_the_air_defence_lines_are_the_umpires_even_where_a_side_reads_the_worksheet(tmp_path):
    """Not only because an air strike's worksheet is not shown to its side: each air defence line
    is kept for the umpire (the row's readers), so no reading of the row hands it to Blue."""
    loc, _ = strike_game(tmp_path, [("AD 2", "air_defence_bty", "0703")], 70, 1, 10)
    row = [r for r in journal(loc) if r.kind == "air_strike"][-1]
    kept = {row.log[int(i)] for i, who in (row.readers or {}).items() if who == "umpire"}
    assert "  air defence 2 (AD 2 2): a chance of 2 in 70 (1.14)" in kept
    assert "  air defence 70: no effect (1.14)" in kept
    assert "Defenders: 1 unit of Red" in kept
    # the defending side still finds the strike on its units (core.witness reads the row's lines)
    red = side_journal(open_game(loc), "red", journal(loc))
    assert any(e.head.startswith("Our units came under enemy attack. Result: an air strike on 0503") for e in red)


def test_moving_and_renaming_unseen_air_defence_after_the_strike_changes_nothing(tmp_path):
    """The project's check (tests/test_side_leaks.py) on a finished game: every enemy unit Blue
    never saw -- the batteries -- moved and renamed in the game file; Blue's bytes stay."""
    two = [("AD 2", "air_defence_bty", "0703"), ("AD 3", "air_defence_bty", "0704")]
    loc, _ = strike_game(tmp_path / "g", two, 2, 3, 1, 10)
    copy = tmp_path / "changed.umpire"
    shutil.copy(loc, copy)
    changed = hide_the_unseen(str(copy), "blue")
    assert changed["units"] == 2
    assert made_for(loc, "blue", tmp_path / "r1") == made_for(str(copy), "blue", tmp_path / "r2")
