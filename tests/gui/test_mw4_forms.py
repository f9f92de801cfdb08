"""Unit → Short Halt Fire… and Unit → Regroup… in a MechWar 4 game (tester's report): the target is
a choice of the contacts the unit's side observes, by label (MW4 19.31, 6.41) -- the engine takes
the label as well as the unit's id; Regroup's "with" is a choice of the units it may take in (MW4
4.1 E, 19.14); both entries are greyed, with the reason in their tip, when they cannot apply, and
Short Halt Fire is not offered at all to a unit without gun stabilisation (19.3).  No choice names
an enemy the side has not seen."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtWidgets import QComboBox

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform
from umpire.core.store.db import open_game
from umpire.gui.ruleactiondialog import RuleActionDialog
from dicekit import dice
from rules.mapkit import MW4
from windowkit import window_on

FULL = MW4.unit_types["us_m1"]["steps"]
RECON_RUN = [f"22{r:02d}" for r in range(24, 14, -1)]      # Recon 1 drives north to 2215, seen by A3


@pytest.fixture()
def paused(tmp_path, sample_scenario):
    """Recon 1 at 2215; A3 (an M1 at 2209) sets out towards it and pauses at 2210 (as
    tests/rules/test_mw4_short_halt.py)."""
    path = new_game(sample_scenario, tmp_path / "h.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
    perform(path, "move", {"unit": "A3", "path": ["2209", "2210", "2211"], "until": "2210"}, system_for(path))
    return path


def _as_side(qtbot, folder, path, side):
    w = window_on(qtbot, folder, path)
    index = next(i for i in range(w.viewer_box.count()) if w.viewer_box.itemData(i) == side)
    w.viewer_box.setCurrentIndex(index)
    assert w.viewer == side
    return w


def _form(w, monkeypatch, entry, answer=None):
    """Open `entry`'s form: {field: [(data, text)]}; with `answer` ({field: data}) it is filled and
    accepted, otherwise cancelled."""
    seen = {}

    def look(dialog):
        for key, box in dialog.inputs.items():
            if isinstance(box, QComboBox):
                seen[key] = [(box.itemData(i), box.itemText(i)) for i in range(box.count())]
                if answer and key in answer:
                    box.setCurrentIndex(box.findData(answer[key]))
        return RuleActionDialog.Accepted if answer else RuleActionDialog.Rejected
    monkeypatch.setattr(RuleActionDialog, "exec", look)
    entry.trigger()
    return seen


def test_19_31_short_halt_target_is_a_choice_of_observed_contacts_by_label(qtbot, tmp_path, paused, monkeypatch):
    g = open_game(paused)
    side = g.units["A3"].side
    label = g.contacts[(side, "Recon 1")].label
    seen_labels = sorted(c.label for (s, _u), c in g.contacts.items() if s == side and c.status == "seen")
    w = _as_side(qtbot, tmp_path, paused, side)
    w.select_unit("A3")
    entry = w.unit_menu.system_entries.act_short_halt
    assert entry.isVisible() and entry.isEnabled()
    form = _form(w, monkeypatch, entry, {"target": label})
    assert sorted(d for d, _ in form["target"]) == seen_labels and label in seen_labels
    assert all("Recon 1" not in text for _, text in form["target"])      # the side's label, never the id
    row = journal(paused)[-1]                      # the label accepted, journaled by the unit's id (19.31)
    assert row.kind == "short_halt" and row.params["target"] == "Recon 1"
    assert open_game(paused).units["A3"].mp_spent == g.units["A3"].mp_spent + 2
    w.select_unit("A3")
    assert not entry.isEnabled() and entry.statusTip().startswith("Not now: ")   # fired: no second halt


def test_19_31_the_engine_takes_the_label_and_the_true_id(tmp_path, sample_scenario):
    for name, folder in (("label", "a"), ("id", "b")):
        path = new_game(sample_scenario, tmp_path / f"{folder}.umpire")
        perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
        perform(path, "move", {"unit": "A3", "path": ["2209", "2210", "2211"], "until": "2210"}, system_for(path))
        g = open_game(path)
        target = g.contacts[(g.units["A3"].side, "Recon 1")].label if name == "label" else "Recon 1"
        perform(path, "short_halt", {"unit": "A3", "target": target}, system_for(path), typed=dice(10, 1))
        assert open_game(path).units["A3"].fired, name


def test_19_31_short_halt_is_greyed_for_a_unit_not_paused_and_hidden_without_stabilisation(
        qtbot, tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "s.umpire")
    perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))     # now A3's side acts
    g = open_game(path)
    side = g.units["A3"].side
    w = _as_side(qtbot, tmp_path, path, side)
    w.select_unit("A3")
    entry = w.unit_menu.system_entries.act_short_halt
    assert entry.isVisible() and not entry.isEnabled()
    assert "not paused in a move" in entry.statusTip() and "MW4 19.31" in entry.statusTip()
    plain = next(u.id for u in g.units.values() if u.side == side and u.on_map
                 and not g.unit_type(u).get("short_halt"))
    w.select_unit(plain)
    assert not entry.isVisible()                                       # 19.3: no stabilisation, no entry


def test_a_short_halt_choice_never_names_an_unseen_enemy(qtbot, tmp_path, sample_scenario, monkeypatch):
    """Moving an enemy the side has not seen changes nothing the form offers."""
    forms = []
    for folder, shift in (("a", 0), ("b", 1)):
        (tmp_path / folder).mkdir()
        path = new_game(sample_scenario, tmp_path / folder / "h.umpire")
        perform(path, "move", {"unit": "Recon 1", "path": RECON_RUN}, system_for(path))
        perform(path, "move", {"unit": "A3", "path": ["2209", "2210", "2211"], "until": "2210"}, system_for(path))
        g = open_game(path)
        side = g.units["A3"].side
        unseen = [u.id for u in g.units.values() if u.side != side and (side, u.id) not in g.contacts]
        assert unseen
        with sqlite3.connect(path) as c:
            c.executemany("UPDATE unit SET q = q + ? WHERE id = ? AND q IS NOT NULL", [(shift, x) for x in unseen])
        w = _as_side(qtbot, tmp_path / folder, path, side)
        w.select_unit("A3")
        forms.append(_form(w, monkeypatch, w.unit_menu.system_entries.act_short_halt))
        shown = " ".join(t for rows in forms[-1].values() for _, t in rows)
        assert not any(x in shown for x in unseen)
    assert forms[0] == forms[1]


def at_regrouping(tmp_path, sample_scenario, a1_lost, a2_lost):
    """Turn 1's Regrouping phase, A1 and A2 (A Company's M1s) stacked in A1's hex (as
    tests/rules/test_mw4_regroup.py)."""
    path = new_game(sample_scenario, tmp_path / "r.umpire")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET steps_lost = ? WHERE id = 'A1'", (a1_lost,))
        c.execute("UPDATE unit SET steps_lost = ?, q = (SELECT q FROM unit WHERE id = 'A1'), "
                  "r = (SELECT r FROM unit WHERE id = 'A1') WHERE id = 'A2'", (a2_lost,))
    sys_ = system_for(path)
    while open_game(path).phase != "regroup":
        g = open_game(path)
        perform(path, "pass" if g.phase == "fire_move" else "next_phase", {}, sys_)
    return path


def test_4_1_e_regroup_with_is_a_choice_of_eligible_units(qtbot, tmp_path, sample_scenario, monkeypatch):
    path = at_regrouping(tmp_path, sample_scenario, a1_lost=1, a2_lost=FULL - 1)
    g = open_game(path)
    full = g.unit_type(g.units["A1"])["steps"]
    assert full >= 2
    w = _as_side(qtbot, tmp_path, path, g.units["A1"].side)
    w.select_unit("A1")
    entry = w.unit_menu.system_entries.act_regroup
    assert entry.isEnabled()
    form = _form(w, monkeypatch, entry, {"with": "A2"})
    assert [d for d, _ in form["with"]] == ["A2"]                    # the only partial M1 of A Company there
    g = open_game(path)
    assert g.units["A2"].status == "removed" and g.units["A1"].steps_lost == 0   # full again


def test_4_1_e_regroup_is_greyed_for_a_full_strength_unit_and_out_of_the_phase(qtbot, tmp_path, sample_scenario):
    path = at_regrouping(tmp_path, sample_scenario, a1_lost=0, a2_lost=1)
    g = open_game(path)
    w = _as_side(qtbot, tmp_path, path, g.units["A1"].side)
    w.select_unit("A1")
    entry = w.unit_menu.system_entries.act_regroup
    assert not entry.isEnabled() and "full strength" in entry.statusTip()
    w.select_unit("A2")                              # partial, but its only mate is full strength
    assert not entry.isEnabled() and "full strength" in entry.statusTip()
    fresh = new_game(sample_scenario, tmp_path / "f.umpire")
    (tmp_path / "f").mkdir()
    w2 = _as_side(qtbot, tmp_path / "f", fresh, g.units["A1"].side)
    w2.select_unit("A1")
    assert not w2.unit_menu.system_entries.act_regroup.isEnabled()
    assert "Regrouping phase" in w2.unit_menu.system_entries.act_regroup.statusTip()


@pytest.fixture()
def sappers(tmp_path, sample_scenario):
    """Recon 2 made an engineer unit in the light woods at 0124 (the Soviets act first)."""
    path = new_game(sample_scenario, tmp_path / "e.umpire")
    h = open_game(path).map.grid.parse("0124")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET type = 'sov_engineer', q = ?, r = ? WHERE id = 'Recon 2'", (h.q, h.r))
    return path


def test_19_612_engineer_work_offers_the_works_open_to_it_and_runs_the_chosen(qtbot, tmp_path, sappers, monkeypatch):
    w = _as_side(qtbot, tmp_path, sappers, "warpac")
    w.select_unit("Recon 2")
    entry = w.unit_menu.system_entries.act_work
    assert entry.isVisible() and entry.isEnabled()
    form = _form(w, monkeypatch, entry, {"work": "abatis"})
    assert [d for d, _ in form["work"]] == ["abatis"]            # no abatis to clear, no minefield here
    row = journal(sappers)[-1]
    assert row.kind == "engineer_work" and row.params["work"] == "abatis"
    assert open_game(sappers).units["Recon 2"].marks.work == "abatis"
    w.select_unit("T1")
    assert not entry.isVisible()                                 # engineers only (19.61)


def test_19_91_radio_direction_finding_is_a_form_of_the_kinds_of_emitter(qtbot, tmp_path, sample_scenario, monkeypatch):
    import json
    path = new_game(sample_scenario, tmp_path / "rdf.umpire")
    g = open_game(path)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET traits = ? WHERE id = '2-32 HQ'", (json.dumps({**g.units["2-32 HQ"].traits, "rdf": True}),))
    while open_game(path).phase != "indirect_fire":
        perform(path, "pass" if open_game(path).phase == "fire_move" else "next_phase", {}, system_for(path))
    w = _as_side(qtbot, tmp_path, path, "nato")
    w.select_unit("2-32 HQ")
    entry = w.unit_menu.system_entries.act_rdf
    assert entry.isVisible() and entry.isEnabled()
    form = _form(w, monkeypatch, entry, {"kind": "hq"})
    assert [d for d, _ in form["kind"]] == ["hq", "jammer", "artillery", "air_defence"]
    row = journal(path)[-1]
    assert row.kind == "direction_find" and row.params["kind"] == "hq"
    w.select_unit("A1")
    assert not entry.isVisible()                                 # RDF HQs only (19.91)


def test_19_914_jam_enemy_radios_starts_the_selected_jammer_then_stops_it(qtbot, tmp_path, sample_scenario):
    path = new_game(sample_scenario, tmp_path / "jam.umpire")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET type = 'sov_jammer' WHERE id = 'Recon 2'")
    w = _as_side(qtbot, tmp_path, path, "warpac")
    w.select_unit("Recon 2")
    entry = w.unit_menu.system_entries.act_jam
    assert entry.isVisible() and entry.isEnabled() and entry.text() == "&Jam Enemy Radios"
    entry.trigger()
    row = journal(path)[-1]
    assert row.kind == "jam"
    jamming = open_game(path).units["Recon 2"].marks.jamming      # the Jammer Table's die decided
    w.select_unit("Recon 2")
    assert entry.text() == ("Stop &Jamming" if jamming else "&Jam Enemy Radios")
    assert jamming or (not entry.isEnabled() and entry.statusTip().startswith("Not now: "))   # failed: greyed, why
    w.select_unit("T1")
    assert not entry.isVisible()                                 # jammers only (19.912)


def test_15_3_19_99_the_fire_plots_dock_flies_an_air_pass_and_keeps_radio_silence(qtbot, tmp_path, sample_text,
                                                                                   monkeypatch):
    from PySide6.QtWidgets import QLineEdit
    from umpire.core.scenario import load_scenario
    text = sample_text.replace('strength = 12\nfrom_turn = 3\n',
                               'strength = 12\nfrom_turn = 1\nadvanced = true\naircraft = "a10"\n')
    (tmp_path / "adv.toml").write_text(text)
    path = new_game(load_scenario(tmp_path / "adv.toml"), tmp_path / "adv.umpire")
    while open_game(path).phase != "indirect_fire":
        perform(path, "pass" if open_game(path).phase == "fire_move" else "next_phase", {}, system_for(path))
    w = _as_side(qtbot, tmp_path, path, "nato")
    panel = w.system_panels["Fire Plots"]
    panel.refresh()
    assert panel.air_button.isEnabled() and panel.silence_button.isEnabled()
    seen = {}

    def fill(dialog):
        seen.update({k: [box.itemText(i) for i in range(box.count())] for k, box in dialog.inputs.items()
                     if isinstance(box, QComboBox)})
        dialog.inputs["path"].setText(", ".join(f"17{r:02d}" for r in range(1, 31)))
        assert isinstance(dialog.inputs["path"], QLineEdit)
        return RuleActionDialog.Accepted
    monkeypatch.setattr(RuleActionDialog, "exec", fill)
    panel.air_button.click()
    assert seen["support"] == ["A-10 pair"]                       # the side's advanced air supports only
    row = journal(path)[-1]
    assert row.kind == "air_pass" and row.params["support"] == "A-10 pair" and len(row.params["path"]) == 30
    panel.silence_button.click()
    assert journal(path)[-1].kind == "radio_silence"
    panel.refresh()
    assert not panel.silence_button.isEnabled()                   # once a turn (19.99)
