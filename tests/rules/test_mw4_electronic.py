"""Electronic warfare (MW4 19.9): radio direction finding by an RDF-equipped HQ in the Indirect
Fire phase (19.91-19.911) -- the nearest enemy emitter of the kind named, located on a die at or
under its sample detection value, the finder told only a hex within one of it -- and jamming
(19.912-19.918): a jammer started on the sample Jammer Table, breaking in the Indirect Fire
phase, limiting the enemy's commands and unobserved fire."""

import json
import shutil
import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, undo
from umpire.core.errors import UmpireError
from umpire.core.hexgrid import hex_distance
from umpire.core.store.db import open_game
from umpire.rules.mechwar4.electronic import IDLE_TURNS, table
from dicekit import dice
from statekit import set_marks



def act(game_path, action, typed=None, **params):
    return perform(game_path, action, params, system_for(game_path), typed=typed)


def give_rdf(path, uid="2-32 HQ"):
    g = open_game(path)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET traits = ? WHERE id = ?", (json.dumps({**g.units[uid].traits, "rdf": True}), uid))


def to_phase(path, phase):
    while open_game(path).phase != phase:
        g = open_game(path)
        act(path, "pass" if g.phase == "fire_move" else "next_phase")


@pytest.fixture()
def listening(tmp_path, sample_scenario):
    """The sample game at turn 1's Indirect Fire phase; NATO's battalion HQ has RDF."""
    path = new_game(sample_scenario, tmp_path / "r.umpire")
    give_rdf(path)
    to_phase(path, "indirect_fire")
    return path


def fixes(path, side="nato"):
    g = open_game(path)
    return [o for o in g.map.overlays if o.kind == "radio_fix" and o.side == side]


def test_19_92_a_die_at_or_under_the_value_locates_the_nearest_hq_within_a_hex(listening):
    path = listening
    value = table(open_game(path), "hq")
    res = act(path, "direction_find", typed=dice(value, 1), unit="2-32 HQ", kind="hq")
    (fix,) = fixes(path)
    g = open_game(path)
    assert fix.secret and hex_distance(fix.hex, g.units["1 MRB HQ"].hex) <= 1
    log = "\n".join(res.log)
    assert f"locates an enemy HQ ({value}): within one hex of {g.map.number(fix.hex)} (MW4 19.92)" in log
    assert "1 MRB HQ" not in res.summary
    row = journal(path)[-1]
    told = [i for i, x in enumerate(row.log) if "is located by enemy radio direction finding" in x]
    assert told and all(row.readers.get(str(i)) == "warpac" for i in told)      # the owner's line
    assert g.units["2-32 HQ"].acted                                            # 19.911: nothing else
    with pytest.raises(UmpireError, match="19.911"):
        act(path, "direction_find", unit="2-32 HQ", kind="hq")
    undo(path)
    assert not fixes(path)


def test_19_911_example_an_hq_that_moved_this_turn_does_not_listen(listening):
    """MW4 19.911: an HQ finding directions does nothing else that turn, "e.g. movement, fire"."""
    with sqlite3.connect(listening) as c:
        c.execute("UPDATE unit SET moved = 1 WHERE id = '2-32 HQ'")
    with pytest.raises(UmpireError, match="19.911"):
        act(listening, "direction_find", unit="2-32 HQ", kind="hq")


def test_19_92_over_the_value_nothing_is_located(listening):
    value = table(open_game(listening), "hq")
    res = act(listening, "direction_find", typed=dice(value + 1), unit="2-32 HQ", kind="hq")
    assert not fixes(listening) and "nothing located" in res.summary


def test_19_97_19_98_a_silent_jammer_or_gun_is_not_heard(listening):
    """No Soviet jammer jams and no Soviet gun has fired: a 1 finds nothing -- and reads as a miss."""
    for kind in ("jammer", "artillery"):
        res = act(listening, "direction_find", typed=dice(1, 1), unit="2-32 HQ", kind=kind)
        assert "nothing located" in res.summary and not fixes(listening)
        undo(listening)


def test_19_94_a_gun_that_fired_is_heard_at_its_value_plus_1(listening):
    g = open_game(listening)
    h = g.units["Mortar Bty"].hex
    set_marks(listening, "Mortar Bty", fired_from=[h.q, h.r, 1])
    value = table(g, "artillery") + 1
    act(listening, "direction_find", typed=dice(value, 2), unit="2-32 HQ", kind="artillery")
    assert fixes(listening)


def test_19_91_only_an_rdf_hq_and_only_in_the_indirect_fire_phase(tmp_path, sample_scenario, listening):
    with pytest.raises(UmpireError, match="no radio direction finding"):
        act(listening, "direction_find", unit="A1", kind="hq")
    path = new_game(sample_scenario, tmp_path / "early.umpire")
    give_rdf(path)
    act(path, "pass")                                          # the Soviets pass: NATO's turn to act
    with pytest.raises(UmpireError, match="Indirect Fire phase"):
        act(path, "direction_find", unit="2-32 HQ", kind="hq")


def test_19_92_the_finder_reads_nothing_of_the_unit_it_located(qapp, tmp_path, listening):
    """The finder's journal, report and map do not change by a byte when every Soviet unit NATO has
    not seen is moved and renamed (tests/test_side_leaks.py's check) after the fix."""
    from test_side_leaks import artifacts, hide_the_unseen
    act(listening, "direction_find", typed=dice(1, 1), unit="2-32 HQ", kind="hq")
    assert fixes(listening) and ("nato", "1 MRB HQ") not in open_game(listening).contacts
    before = artifacts(qapp, listening, "nato", tmp_path / "before")
    copy = tmp_path / "changed.umpire"
    shutil.copy(listening, copy)
    changed = hide_the_unseen(str(copy), "nato")
    assert changed["units"] and open_game(str(copy)).units.get("1 MRB HQ") is None      # renamed, moved
    after = artifacts(qapp, str(copy), "nato", tmp_path / "after")
    for what in before:
        assert before[what] == after[what], f"NATO's {what} changed with what it never saw"


# ---------------------------------------------------------------------- jamming
@pytest.fixture()
def jammer(tmp_path, sample_scenario):
    """Recon 2 made a Soviet jammer; the Soviets act first in turn 1."""
    path = new_game(sample_scenario, tmp_path / "j.umpire")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET type = 'sov_jammer' WHERE id = 'Recon 2'")
    return path


def test_19_914_the_jammer_works_on_the_table_and_the_enemy_reads_it_is_jammed(jammer):
    need = table(open_game(jammer), "jammer_works")
    res = act(jammer, "jam", typed=dice(need), unit="Recon 2")
    g = open_game(jammer)
    assert g.units["Recon 2"].marks.jamming and "is jamming" in res.summary
    row = journal(jammer)[-1]
    told = [i for i, x in enumerate(row.log) if "Our radios are jammed" in x]
    assert told and all(row.readers.get(str(i)) == "nato" for i in told)
    assert not any("Recon 2" in row.log[i] for i in told)                 # never which unit, nor where
    act(jammer, "pass")                                                     # NATO passes
    with pytest.raises(UmpireError, match="19.913"):                        # a jammer at work stays put
        act(jammer, "move", unit="Recon 2", path=["1225", "1224"])


def test_19_914_a_failed_start_waits_two_full_turns(jammer):
    need = table(open_game(jammer), "jammer_works")
    act(jammer, "jam", typed=dice(need + 1), unit="Recon 2")
    u = open_game(jammer).units["Recon 2"]
    assert not u.marks.jamming and u.marks.jam_idle_until == 1 + IDLE_TURNS + 1


def test_19_917_a_jammed_side_orders_only_overwatch_or_withdraw(jammer):
    act(jammer, "jam", typed=dice(1), unit="Recon 2")
    with pytest.raises(UmpireError, match="19.917"):
        perform(jammer, "orders", {"side": "nato", "turn": 1, "commands": {"A/2-32": "bound"}}, system_for(jammer))
    perform(jammer, "orders", {"side": "nato", "turn": 1, "commands": {"A/2-32": "overwatch"}}, system_for(jammer))
    with pytest.raises(UmpireError, match="19.917"):                        # the jamming side is not jammed
        perform(jammer, "orders", {"side": "nato", "turn": 1, "commands": {"B/2-32": "rally"}}, system_for(jammer))
    perform(jammer, "orders", {"side": "warpac", "turn": 1, "commands": {"1 MRC": "bound"}}, system_for(jammer))


def test_19_915_a_working_jammer_may_break_in_the_indirect_fire_phase(jammer):
    act(jammer, "jam", typed=dice(1), unit="Recon 2")
    breaks = table(open_game(jammer), "jammer_breaks")
    while open_game(jammer).phase != "panic_removal":
        act(jammer, "pass")
    act(jammer, "next_phase", typed=dice(breaks))                           # into the Indirect Fire phase
    u = open_game(jammer).units["Recon 2"]
    assert open_game(jammer).phase == "indirect_fire"
    assert not u.marks.jamming and u.marks.jam_idle_until == 1 + IDLE_TURNS + 1


def test_19_96_no_rdf_while_its_own_side_jams_but_at_jammers_and_air_defence(listening):
    with sqlite3.connect(listening) as c:
        c.execute("UPDATE unit SET type = 'us_jammer' WHERE id = 'Scout 2'")
    set_marks(listening, "Scout 2", jamming=True)
    with pytest.raises(UmpireError, match="19.96"):
        act(listening, "direction_find", unit="2-32 HQ", kind="hq")
    res = act(listening, "direction_find", typed=dice(6), unit="2-32 HQ", kind="air_defence")
    assert "nothing located" in res.summary and open_game(listening).units["2-32 HQ"].acted


def test_19_99_radio_silence_hides_hqs_and_works_as_jamming(listening):
    """The Soviets keep radio silence: their HQ is not heard even on a 1, and their companies may
    be ordered only as if jammed; NATO reads nothing of it."""
    perform(listening, "radio_silence", {"side": "warpac"}, system_for(listening))
    res = act(listening, "direction_find", typed=dice(1, 1), unit="2-32 HQ", kind="hq")
    assert "nothing located" in res.summary and not fixes(listening)
    with pytest.raises(UmpireError, match="19.917"):
        perform(listening, "orders", {"side": "warpac", "turn": 1, "commands": {"1 MRC": "bound"}},
                system_for(listening))
    from umpire.core.journal import journal_rows
    from umpire.core.witness import side_journal
    g = open_game(listening)
    nato = "\n".join(x for e in side_journal(g, "nato", journal_rows(listening)) for x in (e.head, *e.lines))
    assert "silence" not in nato
    undo(listening)
    undo(listening)
    assert not open_game(listening).rule_state.radio_silence


def test_19_910_an_rdf_hq_surviving_h_fire_rolls_for_its_equipment():
    """19.910: struck by indirect fire and surviving (buttoned up: S1 or S2), the RDF HQ rolls on
    the Anti-Personnel CRT at the fire's strength; a loss result destroys its RDF, none keeps it.
    Jammers are attacked alike (19.913)."""
    from umpire.core.dice import Dice
    from umpire.rules.mechwar4.impact import Fire, attacks
    from umpire.rules.mechwar4.worksheet import FireSheet, read_table
    from .mapkit import MW4, make_map
    from .test_mw4_spotting import game_on, unit
    m = make_map(["." * 6] * 3)
    hq = unit("hq", "red", "0302", m, "sov_bn_hq")
    hq.traits = {**hq.traits, "rdf": True}
    g = game_on(m, [hq])
    fire = Fire("Guns", "blue", 8, "tight", "artillery")
    sheet = FireSheet("t", "hq", True)
    read_table(g, sheet, "anti_personnel", 8, 0)
    loses = sheet.cells.index(next(c for c in sheet.cells if c.startswith("D"))) + 1
    keeps = next((i + 1 for i, c in enumerate(sheet.cells) if not c.startswith("D")), None)

    def struck(face):
        return attacks(g, fire, m.grid.parse("0302"), Dice("t", 1, typed=lambda *_a: [face]))
    lost = [c for c in struck(loses) if c.values.get("radio_lost")]
    assert lost and all(c.reader == "red" for c in lost) and "MW4 19.910" in lost[0].lines[0]
    if keeps is not None:
        assert not [c for c in struck(keeps) if c.values.get("radio_lost")]
    g.units["hq"].marks = g.units["hq"].marks.but(radio_lost=True)
    from umpire.rules.mechwar4.electronic import has_rdf
    assert not has_rdf(g.units["hq"]) and MW4.unit_types["sov_bn_hq"]["steps"] == 1
