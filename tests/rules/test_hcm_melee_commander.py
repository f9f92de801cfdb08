"""A melee declared against a commander (HCM 3.10 c, 3.8, 4.1; melee_commander.py): caught alone he
is captured without dice; with his units an identified commander is refused (melee one of them);
a commander the attacker knows only as a marker is never refused for what he is -- the melee is
spent blind, and nothing the attacking side reads says what the marker was.  The leak test moves
and renames the hidden truth and compares what the side reads."""

from __future__ import annotations

import re

from umpire.actions import system_for
from umpire.core.dice import Dice
from umpire.core.engine import journal
from umpire.core.witness import side_journal
from umpire.rules.hcm import melee_actions

from . import hcmkit
from .gamekit import make_game
from .hcmkit import act, game, hcm_game

sees_all = hcmkit.sees_all          # every enemy on the map seen and identified


def at_melee(loc):
    """The game object in blue's melee phase, red's commanders on the map where the scenario put them."""
    while game(loc).phase != "a_melee":
        act(loc, "next_phase", *([1] * 12))           # every spotting roll fails (7.2: 5-6)
    g = game(loc)
    assert g.rule_state.opener == "blue"               # the seeded initiative (3.1): blue is phasing
    return g


def test_3_10c_a_commander_caught_alone_is_captured_without_dice(tmp_path, sees_all):
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")], [("RC", "commander", "0503")], rules="hcm")
    g = at_melee(loc)
    g.units["B1"].hex = g.map.grid.parse("0403")          # his units gone, the enemy beside him in this phase
    sheet = melee_actions.melee_sheet(g, ["B1"], g.units["RC"].hex, "RC")
    assert sheet.legal and sheet.commander == "caught" and not sheet.blind
    summary, changes = melee_actions.resolve(g, sheet, Dice("s", 1, typed=iter(())))    # no die is rolled
    assert any(c.key == "RC" and c.values.get("status") == "removed" for c in changes)
    assert any(c.key == "B1" and c.values.get("melee_turn") == g.turn for c in changes)     # 3.8 h: it is spent
    assert "captured" in summary and any("HCM 3.10 c" in x for c in changes for x in c.lines)


def test_3_10c_an_identified_commander_with_his_units_is_refused_the_unit_is_not(tmp_path, sees_all):
    loc = make_game(tmp_path, [("B1", "medium_infantry", "0303")],
                    [("R1", "medium_infantry", "0403"), ("RC", "commander", "0403")], rules="hcm")
    g = at_melee(loc)
    sheet = melee_actions.melee_sheet(g, ["B1"], g.units["RC"].hex, "RC")
    assert not sheet.legal and sheet.rule == "HCM 3.10 c" and "melee one of them" in sheet.reason
    assert melee_actions.melee_sheet(g, ["B1"], g.units["R1"].hex, "R1").legal


RED = [dict(id="R", type="medium_infantry", hex="0603", facing="NW", on_table=True),
       dict(id="L", type="commander", hex="0603", on_table=True, initiative=5)]


def blue_lines(loc) -> str:
    return "\n".join(x for e in side_journal(game(loc), "blue", journal(loc), system_for(loc)) for x in (e.head, *e.lines))


def blind_melee(tmp_path, commander="L", hidden=("S", "0705"), initiative=5):
    """Blue's stand melees the marker that is Red's commander L, standing with R (both markers to
    Blue, 4.1); Red's hidden stand S somewhere.  Blue's journal, its labels replaced by the unit
    each stands for in the first game's names: "<L>", "<R>"."""
    red = [dict(RED[0]), dict(RED[1], id=commander, initiative=initiative),
           dict(id=hidden[0], type="medium_infantry", hex=hidden[1], facing="NW")]
    loc = hcm_game(tmp_path, [dict(id="B", type="medium_infantry", hex="0503", facing="SE")], red)
    g = at_melee(loc)
    c = g.contacts[("blue", commander)]
    assert c.type_label == "Marker"                        # not identified: a marker to Blue
    r = act(loc, "melee", side="blue", unit="B", target=c.label)
    g = game(loc)
    assert g.units[commander].on_map and g.units["R"].on_map                     # nothing happened to them
    assert g.units["B"].marks.melee_turn == g.turn                              # but B's melee is spent (3.8 h)
    names = {g.contacts[("blue", "R")].label: "<R>", c.label: "<L>"}
    text = re.sub(r"\bC\d+\b", lambda m: names.get(m.group(0), m.group(0)), blue_lines(loc))
    return r, text


def test_4_1_a_marker_that_is_a_commander_with_his_units_is_spent_blind(tmp_path):     # 3.10 c, 4.1
    r, text = blind_melee(tmp_path)
    assert "no result" in r.summary and "<L>: no result" in text
    for word in ("ommander", "3.10", "(umpire)", "with his units", " L ", "Melee: B against <L>"):
        if word.startswith("Melee"):
            assert word in text
        else:
            assert word not in text


def test_4_1_what_blue_reads_is_the_same_whoever_the_marker_is_and_wherever_the_hidden_are(tmp_path):
    _, first = blind_melee(tmp_path / "a")
    _, other = blind_melee(tmp_path / "b", commander="Maj Orlov", hidden=("Ghost", "0805"), initiative=7)
    # the lines as a set: the two markers of 0603 are spotted in one pass, their labels given in a
    # seeded order of true ids (core.play.spotting), so which line comes first follows the names
    assert sorted(first.splitlines()) == sorted(other.splitlines())
    assert "Orlov" not in other and "Ghost" not in other
