"""The fire action on the sample game (MW4 6.0, 6.3, 6.31, 6.5, 9.13, 13.0, 7.4, 19.5): turn
order, panic, results, wrecks, the removal phase, undo and replay.  Dice are typed in, so each
test knows what the table gives."""

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, replay, undo
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.rules import rule_system
from dicekit import dice
from statekit import set_marks

RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215


@pytest.fixture()
def game(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "f.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))   # seen by NATO
    return path


def fire(path, target, *firers, typed=None):
    return perform(path, "fire", {"firers": list(firers), "target": target}, system_for(path), typed=typed)


def test_6_0_a_kill_leaves_a_wreck_and_the_turn_passes(game):
    g = open_game(game)
    sheet = rule_system(g.rules).fire_sheet(g, "A3", "Recon 1")
    face = sheet.cells.index("D3") + 1                      # the die face that destroys it
    res = fire(game, "Recon 1", "A3", "TOW 1", typed=dice(10, face))    # no panic, then the kill
    g = open_game(game)
    assert g.units["Recon 1"].status == "destroyed" and g.units["Recon 1"].hex is None
    assert any(o.kind == "wreck" and g.map.number(o.hex) == "2215" for o in g.map.overlays)   # 19.5
    assert g.units["A3"].fired and g.units["TOW 1"].fired                 # 6.31: TOW 1 counts as fired
    assert g.active_side == "warpac"                                       # NATO's activation is over
    log = "\n".join(res.log)
    assert "attack superiority" in log and "MW4 6.0 step 3" in log and "MW4 6.31" in log
    assert "Recon 1 is destroyed" in log
    assert res.summary.startswith("Fire at C1: A3: D3") and "Recon 1" not in res.summary.split(". Spotting")[0]
    from umpire.core.knowledge import build_view
    assert g.contacts[("nato", "Recon 1")].status == "destroyed"        # NATO saw it die
    assert not any(m.key == "contact:C1" for m in build_view(g, "nato").units)
    undo(game)
    assert open_game(game).units["Recon 1"].status == "on_map"


def test_13_0_a_unit_that_panics_does_not_fire(game):
    res = fire(game, "Recon 1", "A3", typed=dice(1))      # first line: panics on 1 at full strength
    g = open_game(game)
    assert g.units["A3"].marks.panicked and not g.units["A3"].fired and g.units["Recon 1"].steps_lost == 0
    assert "A3 panicked" in res.summary
    g = open_game(game)
    check = system_for(game).check_move(g, "A3", [g.map.grid.parse("2209"), g.map.grid.parse("2208")])
    assert not check.legal and check.rule == "MW4 13.1"


def test_fire_refused_whole_when_a_firer_cannot_shoot(game):
    before = len(journal(game))
    with pytest.raises(UmpireError, match="nothing rolled: A1: no clear line of sight"):
        fire(game, "Recon 1", "A3", "A1")
    assert len(journal(game)) == before


def test_6_41_only_at_what_the_side_observes(game):
    with pytest.raises(UmpireError, match="does not observe"):
        fire(game, "T1", "A1")


def test_6_5_opportunity_fire_at_a_paused_mover(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "o.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN + ["2214"], "until": "2215"}, system_for(path))
    assert open_game(path).units["Recon 1"].paused
    assert open_game(path).active_side == "warpac"
    with pytest.raises(UmpireError, match="turn to act"):
        fire(path, "T1", "A3")                        # only the paused mover may be fired on out of turn
    res = fire(path, "Recon 1", "A3", typed=dice(10, 1))
    g = open_game(path)
    assert res.summary.startswith("Opportunity fire") and g.units["A3"].fired
    assert g.units["Recon 1"].steps_lost == 1                             # the +8 column's 1: D1


def test_crt_results_as_losses_and_suppression():
    from umpire.core.ruleset import load_ruleset
    system = rule_system(load_ruleset("mechwar4"))
    assert [system.fire_effect(r) for r in ("-", "S1", "S2", "D1", "D2", "D3")] == \
        [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (3, 0)]


def test_7_4_suppression_comes_off_in_the_removal_phase(game):
    set_marks(game, "Recon 1", suppression=2)
    perform(game, "pass", {}, system_for(game))            # NATO passes
    perform(game, "pass", {}, system_for(game))            # the Soviets too: the removal phase begins
    g = open_game(game)
    assert g.phase == "panic_removal" and g.units["Recon 1"].marks.suppression == 0


def test_removal_phase_rolls_for_panic_markers(game):
    fire(game, "Recon 1", "A3", typed=dice(1))             # A3 panics
    perform(game, "pass", {}, system_for(game))            # the Soviets pass
    perform(game, "pass", {}, system_for(game))            # NATO too: the removal phase begins
    g = open_game(game)
    assert g.phase == "panic_removal"
    rows = [r for r in journal(game) if r.kind == "pass"][-1]
    assert any("panic removal A3" in line for line in rows.log)


def test_replay_with_fire(game):
    fire(game, "Recon 1", "A3", "TOW 1")
    perform(game, "end_turn", {}, system_for(game))
    stored, replayed = replay(game, lambda g: rule_system(g.rules), load_scenario)
    assert stored == replayed


def test_6_53_a_mover_destroyed_by_opportunity_fire_ends_its_activation(tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "k.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN + ["2214"], "until": "2215"}, system_for(path))
    g = open_game(path)
    face = rule_system(g.rules).fire_sheet(g, "A3", "Recon 1").cells.index("D3") + 1
    res = fire(path, "Recon 1", "A3", typed=dice(10, face))
    g = open_game(path)
    recon = g.units["Recon 1"]
    assert recon.status == "destroyed" and not recon.paused
    assert g.active_side == "nato" and "move ends with it" in "\n".join(res.log)     # NATO acts next
    with pytest.raises(UmpireError, match="not paused"):
        perform(path, "halt", {"unit": "Recon 1"}, system_for(path))
    perform(path, "move", {"unit": "A1", "path": ["1109", "1110"]}, system_for(path))   # play goes on


def test_6_91_overwatch_fire_answers_the_opportunity_firer_at_once(tmp_path, sample_scenario):
    """MW4 6.91: T1 pauses in 2215 and A3 fires on it (opportunity fire); while T1 is still
    paused, T2 -- which has neither moved nor fired -- fires at A3 at once.  Only at A3, and only
    until the mover goes on."""
    import sqlite3
    path = new_game(sample_scenario, tmp_path / "w.umpire", seed="overwatch")
    g = open_game(path)
    with sqlite3.connect(path) as conn:          # a set-up for the example: T1 up the road, T2 on the hill
        for uid, number in (("T1", "2219"), ("T2", "2316")):
            h = g.map.grid.parse(number)
            conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, uid))
    perform(path, "move", {"unit": "T1", "path": ["2219", "2218", "2217", "2216", "2215", "2214"],
                           "until": "2215"}, system_for(path))
    g = open_game(path)
    sheet = rule_system(g.rules).fire_sheet(g, "A3", "T1")
    survive = next(i + 1 for i, c in enumerate(sheet.cells) if c in ("-", "S1", "S2", "D1", "D2"))
    fire(path, "T1", "A3", typed=dice(10, survive))
    g = open_game(path)
    assert g.units["T1"].paused and g.rule_state.overwatch_targets == ("A3",)
    with pytest.raises(UmpireError, match="paused"):
        fire(path, "A2", "T2")                    # overwatch fire goes only at the opportunity firer
    res = fire(path, "A3", "T2", typed=dice(10, 1, 6))
    assert res.summary.startswith("Overwatch fire") and "MW4 6.91" in "\n".join(res.log)
    g = open_game(path)
    assert g.active_side == "warpac" and g.units["T2"].fired and g.units["T1"].paused
    perform(path, "move", {"unit": "T1", "path": ["2215", "2214"]}, system_for(path))
    assert open_game(path).rule_state.overwatch_targets == ()          # the moment has passed


def test_6_43_h_class_direct_fire_attacks_every_unit_in_the_hex(game):
    """On-map H class direct fire is a tight pattern: the target and the other unit in its hex
    are each attacked on their own sheet (MW4 6.43, 6.82); the firing side reads only its shot."""
    import sqlite3
    g = open_game(game)
    with sqlite3.connect(game) as conn:                 # Recon 2 joins Recon 1; the mortars move up
        for uid, number in (("Recon 2", "2215"), ("2-32 Mortars", "2210")):
            h = g.map.grid.parse(number)
            conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, uid))
    g = open_game(game)
    sheet = rule_system(g.rules).fire_sheet(g, "2-32 Mortars", "Recon 1")
    assert sheet.legal and sheet.whole_hex and "MW4 6.43, 6.82" in str(sheet.lines)
    res = fire(game, "Recon 1", "2-32 Mortars", typed=dice(10, 1, 1))
    purposes = [r.purpose for r in res.rolls]
    assert "fire 2-32 Mortars at Recon 1" in purposes and "fire 2-32 Mortars at Recon 2 (same hex)" in purposes
    assert "Recon 2" not in res.summary.split(". Spotting")[0]


def test_9_2_fire_at_a_tank_strikes_its_riders_with_the_same_die(tmp_path, sample_scenario):
    """Recon 1 carries no one; T1 with a rifle platoon riding on it drives into A3's sight, and
    A3's shot at T1 is read again on the Anti-Personnel CRT for the riders (MW4 9.2)."""
    import sqlite3
    path = new_game(sample_scenario, tmp_path / "r.umpire", seed="riders")
    g = open_game(path)
    with sqlite3.connect(path) as conn:
        h = g.map.grid.parse("2219")
        conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'T1'", (h.q, h.r))
        conn.execute("UPDATE unit SET q = ?, r = ?, carried_by = 'T1' WHERE id = '1/1 Rifles'", (h.q, h.r))
    perform(path, "move", {"unit": "T1", "path": ["2219", "2218", "2217", "2216", "2215"]}, system_for(path))
    g = open_game(path)
    kill = rule_system(g.rules).fire_sheet(g, "A3", "T1").cells.index("D3") + 1
    res = fire(path, "T1", "A3", typed=dice(10, kill))
    log = "\n".join(res.log)
    assert "Fire: A3 at 1/1 Rifles" in log and "MW4 9.2" in log and "Anti-Personnel" in log
    g = open_game(path)
    assert g.units["T1"].status == "destroyed"
    rifles = g.units["1/1 Rifles"]                       # not destroyed with the tank: its own result
    assert rifles.carried_by is None and (rifles.status == "destroyed" or "left on foot" in log)


def test_an_actions_dice_are_known_before_it_runs_and_the_trial_changes_nothing(game):
    """Typing in real dice all at once (gui.dicedialog): the engine tries the action in a
    transaction it rolls back, to learn which rolls it makes -- and which follow from the faces
    typed for the first ones (13.0: a unit that panics makes no fire roll)."""
    from umpire.core.dice import typed_in_order
    from umpire.core.engine import rolls_asked, state_digest

    params = {"firers": ["A3", "TOW 1"], "target": "Recon 1"}
    before, rows = state_digest(game), len(journal(game))
    seeded = rolls_asked(game, "fire", params, system_for(game), [])
    assert state_digest(game) == before and len(journal(game)) == rows       # nothing changed
    assert seeded[0] == ("panic check A3 (panic level 10%, full strength; panics on 1-1)", 1, 10)
    steady = rolls_asked(game, "fire", params, system_for(game), [[10]])
    assert steady[1] == ("fire A3 at Recon 1", 1, 6)                          # no panic: A3 fires
    panicked = rolls_asked(game, "fire", params, system_for(game), [[1]])
    assert panicked[1][0].startswith("panic check TOW 1")                     # A3 panicked: no fire roll
    assert not any(p.startswith("fire A3") for p, _, _ in panicked)
    # the faces typed for every roll asked, handed to the action in order
    faces = [[10], [1]]
    while len(faces) < len(rolls_asked(game, "fire", params, system_for(game), faces)):
        asked = rolls_asked(game, "fire", params, system_for(game), faces)
        faces.append([1] * asked[len(faces)][1])
    res = perform(game, "fire", params, system_for(game), typed=typed_in_order(faces))
    assert [list(r.faces) for r in res.rolls] == faces and all(r.source == "typed" for r in res.rolls)
    assert state_digest(game) != before


def test_dice_typed_ahead_that_run_out_change_nothing(game):
    from umpire.core.dice import typed_in_order
    from umpire.core.engine import state_digest

    before = state_digest(game)
    with pytest.raises(UmpireError, match="no die was typed for this roll"):
        fire(game, "Recon 1", "A3", typed=typed_in_order([[10]]))
    assert state_digest(game) == before


def test_a_panicked_unit_is_not_said_to_have_formed_column(game):
    """The Unit panel's "This turn": a unit that panicked (13.0) read "formed column this turn",
    the flag of having taken its action being the same for both."""
    fire(game, "Recon 1", "A3", typed=dice(1))                # A3 panics on its check
    g = open_game(game)
    rows = dict(rule_system(g.rules).unit_details(g, g.units["A3"], True))
    assert "panicked" in rows["This turn"] and "column" not in rows["This turn"]


def test_dice_typed_for_another_roll_are_refused_and_change_nothing(game):
    """The game changed between the dice dialog and the action (another writer): the faces
    typed for one roll never land on another."""
    from umpire.core.dice import typed_in_order
    from umpire.core.engine import state_digest

    before = state_digest(game)
    with pytest.raises(UmpireError, match="the dice typed were for another roll"):
        fire(game, "Recon 1", "A3", typed=typed_in_order([[10], [3]], [("morale check of somebody", 1, 10),
                                                                        ("fire A3 at Recon 1", 1, 6)]))
    assert state_digest(game) == before


def test_the_side_fired_on_reads_in_words_that_its_unit_was_destroyed(game):
    """Its journal said "Recon 1 came under fire from C1: D3" -- the code alone, though the unit
    was destroyed and left a wreck."""
    from umpire.core.witness import side_journal

    g = open_game(game)
    face = rule_system(g.rules).fire_sheet(g, "A3", "Recon 1").cells.index("D3") + 1
    fire(game, "Recon 1", "A3", typed=dice(10, face))
    said = [x for e in side_journal(open_game(game), "warpac", journal(game)) for x in (e.head, *e.lines)]
    assert any("Recon 1 came under fire from" in x and x.endswith("D3 -- Recon 1 is destroyed") for x in said), said
