"""Lock 'n Load Tactical air support (19.1) and star shells (20.2) as the side under them reads
them: the tester's night at Xom Lang (the bundled scenario with `night = true` and an [[air]]
of the US): a US sergeant lights 0905 with a star shell, the US lieutenant calls the F-4 pair
on it, and the NVA squad there checks damage and a hero rises.  What the strike did to its own
units is the NVA's to read, in its journal and its report -- never who called it, nor the
aircraft's name (both the US's)."""

import shutil
from pathlib import Path

from reportkit import report, text_of
from test_side_leaks import artifacts, hide_the_unseen
from umpire.actions import new_game
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .gamekit import act, game

ROOT = Path(__file__).resolve().parents[2]
AIR = '\n[[air]]\nid = "F-4 pair"\nside = "us"\nstrikes = 2\nstrength = 6\n'


def night_strike(tmp_path) -> str:
    text = (ROOT / "scenarios" / "xom-lang-ambush.toml").read_text(encoding="utf-8")
    text = text.replace('first_player = "us"\n', 'first_player = "us"\nnight = true\n', 1) + AIR
    (tmp_path / "xn.toml").write_text(text, encoding="utf-8")
    loc = str(tmp_path / "xn.umpire")
    new_game(load_scenario(tmp_path / "xn.toml"), loc, seed="t")
    while game(loc).active_side is None:                     # on to the Operations phase
        act(loc, "next_phase")
    if game(loc).active_side == "nva":
        act(loc, "pass", side="nva")
    act(loc, "star_shell", side="us", unit="Sgt Cole", hex="0905")
    act(loc, "pass", side="nva")
    # 19.1 as 18.2: 6 + firepower 6 = 12 against 1 + TM 2 = 3, DC+9; B Sqd checks 1 + 9 = 10
    # against morale 6: Shaken; its natural 1 then an even 2 raise a hero (DCT, 11.2)
    act(loc, "air_support", side="us", unit="Lt Harris", hex="0905")
    act(loc, "halt", 6, 1, 1, 2, side="us", unit="aircraft")       # no anti-aircraft fire: it strikes (19.1.1)
    return loc


def strike_entry(loc):
    entries = side_journal(open_game(loc), "nva", journal(loc))
    return entries, next(e for e in entries if e.head.startswith("Our units came under enemy attack"))


def test_the_side_struck_from_the_air_reads_what_befell_its_units(tmp_path):
    """19.1: the NVA journal has the strike on 0905, its roll, B Sqd's damage check and where
    Hero (B Sqd) came from (11.2); and the star shell over 0905 (20.2) -- a flare all see."""
    loc = night_strike(tmp_path)
    entries, hit = strike_entry(loc)
    assert "Result: air strike on 0905: 12 against 3 -- damage checks at DC+9 (19.1)" in hit.head
    assert "An air strike falls on 0905 (LnLT 19.1)" in hit.lines
    assert "  B Sqd: damage check 10 against morale 6: Shaken" in hit.lines
    assert any("Hero (B Sqd)" in x and "rises in 0905" in x and "11.2" in x for x in hit.lines)
    assert not hit.own
    said = " ".join(x for e in entries for x in (e.head, *e.lines))
    assert "a star shell lights 0905" in said
    # nothing of the US's: neither the caller (by name or contact label) nor the aircraft
    strike_text = " ".join((hit.head, *hit.lines))
    assert "Lt Harris" not in strike_text and "F-4" not in strike_text and "called by" not in strike_text
    assert not any("C7" in x or "C8" in x for x in hit.lines)
    # the caller's side reads its own call and the strike's roll; B Sqd's check names a unit it
    # has no contact for in the dark, so it is left out (witness.in_side_words)
    assert ("us", "B Sqd") not in open_game(loc).contacts
    us = " ".join(x for e in side_journal(open_game(loc), "us", journal(loc)) for x in (e.head, *e.lines))
    assert "Lt Harris calls F-4 pair on 0905" in us and "0905: 12 against 3" in us
    assert "damage check 10" not in us and "Hero" not in us


def test_the_struck_sides_report_tells_of_the_strike(tmp_path):
    """19.1: `umpire report --side nva` prints the strike, the damage check and the hero."""
    loc = night_strike(tmp_path)
    text = text_of(report(loc, "nva", tmp_path / "r"))
    assert "An air strike falls on 0905" in text and "damage check 10 against morale 6" in text
    assert "Hero (B Sqd)" in text and "a star shell lights 0905" in text
    assert "F-4" not in text and "called by" not in text


def test_what_the_nva_never_saw_changes_nothing_of_its_strike(qapp, tmp_path):
    """Moving and renaming what the NVA never saw (the US's unseen units, the F-4 pair's name)
    changes not a byte of the NVA's report, map or journal."""
    loc = night_strike(tmp_path)
    before = artifacts(qapp, loc, "nva", tmp_path / "before")
    copy = tmp_path / "changed.umpire"
    shutil.copy(loc, copy)
    changed = hide_the_unseen(str(copy), "nva")
    assert changed["units"] > 0 and changed["names"] > 0
    assert "F-4 pair" not in open_game(str(copy)).support_used
    after = artifacts(qapp, str(copy), "nva", tmp_path / "after")
    for what in before:
        assert before[what] == after[what], what
