"""Special units (MW4 19.6): engineers' works -- an abatis over twelve turns in a row, clearing
it, breaching a minefield (19.612, 16.17) -- undone by direct fire, refused while suppressed,
in defilade or mounted (19.615); abatis stopping and barring vehicles (19.612); engineers part
of the infantry they stand with (19.613), outside stacking (19.613) and riding an APC free
(19.614); motorcycles (19.621-19.624)."""

import sqlite3

import pytest

from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform, undo
from umpire.core.errors import UmpireError
from umpire.core.journal import journal_rows
from umpire.core.store.db import open_game
from umpire.core.terrain import Overlay
from umpire.core.witness import side_journal
from umpire.rules.mechwar4 import RuleSystem
from umpire.rules.mechwar4.engineers import ABATIS_TURNS, cannot_work, open_works
from umpire.rules.mechwar4.movement import check_move
from statekit import set_marks

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit

SYSTEM = RuleSystem(MW4)
WOODS = "0124"           # light woods in the sample scenario's south-west, the Soviets' side


@pytest.fixture()
def sappers(tmp_path, sample_scenario):
    """The sample game, turn 1 (the Soviets act first): Recon 2 made an engineer unit in the
    light woods at 0124."""
    path = new_game(sample_scenario, tmp_path / "e.umpire")
    g = open_game(path)
    h = g.map.grid.parse(WOODS)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET type = 'sov_engineer', q = ?, r = ? WHERE id = 'Recon 2'", (h.q, h.r))
    return path


def work(path, what, unit="Recon 2"):
    return perform(path, "engineer_work", {"unit": unit, "work": what}, system_for(path))


def end_phase(path):
    """Both sides pass: the Direct Fire/Movement phase ends, the works are judged."""
    while open_game(path).phase == "fire_move":
        perform(path, "pass", {}, system_for(path))


def abatis(path):
    g = open_game(path)
    return [o for o in g.map.overlays if o.kind == "abatis" and g.map.number(o.hex) == WOODS]


def test_19_612_the_twelfth_turn_in_a_row_completes_the_abatis(sappers):
    path = sappers
    set_marks(path, "Recon 2", work="abatis", work_turns=ABATIS_TURNS - 1, work_turn=0,
              work_q=open_game(path).units["Recon 2"].hex.q, work_r=open_game(path).units["Recon 2"].hex.r)
    res = work(path, "abatis")
    assert f"turn {ABATIS_TURNS} of {ABATIS_TURNS}" in res.summary
    assert f"Recon 2 builds an abatis in {WOODS}, turn 12 of 12 (MW4 19.612)" in res.log
    assert open_game(path).units["Recon 2"].acted           # it spent its activation in the hex
    end_phase(path)
    made = abatis(path)
    assert len(made) == 1 and made[0].side == "warpac" and made[0].secret
    row = next(r for r in reversed(journal(path)) if any("completes an abatis" in x for x in r.log))
    at = [i for i, x in enumerate(row.log) if "completes an abatis" in x]
    assert all(row.readers.get(str(i)) == "warpac" for i in at)          # the Soviets' own line
    undo(path)
    assert not abatis(path)


def test_19_612_a_turn_missed_starts_the_count_again(sappers):
    path = sappers
    g = open_game(path)
    set_marks(path, "Recon 2", work="abatis", work_turns=ABATIS_TURNS - 1, work_turn=-1,
              work_q=g.units["Recon 2"].hex.q, work_r=g.units["Recon 2"].hex.r)
    res = work(path, "abatis")
    assert f"turn 1 of {ABATIS_TURNS}" in res.summary
    end_phase(path)
    assert not abatis(path) and open_game(path).units["Recon 2"].marks.work_turns == 1


def test_19_612_direct_fire_at_the_engineer_undoes_the_work(sappers):
    path = sappers
    g = open_game(path)
    set_marks(path, "Recon 2", work="abatis", work_turns=ABATIS_TURNS - 1, work_turn=0,
              work_q=g.units["Recon 2"].hex.q, work_r=g.units["Recon 2"].hex.r)
    work(path, "abatis")
    set_marks(path, "Recon 2", fired_on=True)               # fired at directly this turn (7.15)
    end_phase(path)
    assert not abatis(path)
    u = open_game(path).units["Recon 2"]
    assert u.marks.work_turns == 0 and u.marks.work is None
    assert any("came under direct fire" in x and "MW4 19.612" in x for r in journal(path) for x in r.log)


def put_in_the_woods(path, kind, side, secret, detail, known_to) -> None:
    """An overlay in the engineers' woods hex, written straight into the game file."""
    h = open_game(path).map.grid.parse(WOODS)
    with sqlite3.connect(path) as c:
        c.execute("INSERT INTO overlay (kind, q, r, side_id, secret, detail, known_to) VALUES (?, ?, ?, ?, ?, ?, ?)",
                  (kind, h.q, h.r, side, secret, detail, known_to))


def test_19_612_one_turn_clears_an_abatis(sappers):
    path = sappers
    put_in_the_woods(path, "abatis", None, 0, "turn 0", "[]")
    assert "clear_abatis" in open_works(open_game(path), open_game(path).units["Recon 2"])
    work(path, "clear_abatis")
    assert abatis(path)                                     # lifted at the phase's end, not before
    end_phase(path)
    assert not abatis(path)


def test_16_17_engineers_breach_a_minefield_in_a_turn(sappers):
    path = sappers
    put_in_the_woods(path, "minefield", "nato", 1, "hasty", '["warpac"]')
    work(path, "breach")
    end_phase(path)
    g = open_game(path)
    lane = [o for o in g.map.overlays if o.kind == "breach" and o.hex == g.map.grid.parse(WOODS)]
    assert len(lane) == 1 and lane[0].side == "warpac" and lane[0].secret


@pytest.mark.parametrize("marks,why", [({"suppression": 1}, "suppressed"), ({"defilade": 6}, "in defilade")])
def test_19_615_no_works_while_suppressed_or_in_defilade(sappers, marks, why):
    set_marks(sappers, "Recon 2", **marks)
    with pytest.raises(UmpireError, match=f"{why}.*MW4 19.615"):
        work(sappers, "abatis")
    assert cannot_work(open_game(sappers), open_game(sappers).units["Recon 2"])


def test_19_612_abatis_only_in_woods_and_only_by_engineers(sappers):
    with pytest.raises(UmpireError, match="not an engineer unit"):
        work(sappers, "abatis", unit="Recon 1")
    g = open_game(sappers)
    h = g.map.grid.parse("1225")                       # clear ground
    assert g.map.terrain[h] == "clear"
    with sqlite3.connect(sappers) as c:
        c.execute("UPDATE unit SET q = ?, r = ? WHERE id = 'Recon 2'", (h.q, h.r))
    with pytest.raises(UmpireError, match="light or heavy woods"):
        work(sappers, "abatis")


def test_19_612_the_enemy_reads_nothing_of_the_work(sappers):
    work(sappers, "abatis")
    g = open_game(sappers)
    nato = "\n".join(line for e in side_journal(g, "nato", journal_rows(sappers)) for line in e.lines)
    assert "abatis" not in nato and "Recon 2" not in nato


# ---------------------------------------------------------------------- on a hand-drawn map
def woods_map():
    return make_map([".w" + "." * 6, ".W" + "." * 6, "." * 8])


def test_19_612_a_vehicle_stops_in_an_abatis_in_light_woods_and_never_enters_one_in_heavy():
    m = woods_map()
    p = m.grid.parse
    light, heavy = p("0201"), p("0202")
    assert (m.terrain[light], m.terrain[heavy]) == ("light_woods", "heavy_woods")
    g = game_on(m, [unit("t", "blue", "0101", m, "us_m1"), unit("i", "blue", "0102", m, "us_mech_inf")])
    m.overlays += [Overlay(light, "abatis"), Overlay(heavy, "abatis")]
    r = check_move(g, "t", [p("0101"), light, p("0301")])
    assert r.legal and r.stop_at == light and "abatis: a vehicle stops in it (19.612)" in r.steps[-1].note
    r = check_move(g, "t", [p("0101"), p("0102"), heavy])
    assert not r.legal and r.rule == "MW4 19.612"
    assert check_move(g, "i", [p("0102"), heavy]).legal              # infantry: no matter


def test_19_613_an_engineer_with_friendly_infantry_is_not_a_target_of_its_own():
    m = make_map(["." * 8] * 3)
    e = unit("e", "red", "0402", m, "sov_engineer")
    g = game_on(m, [unit("t", "blue", "0202", m, "us_m1"), e])
    assert SYSTEM.fire_sheet(g, "t", "e").legal
    g.units["r"] = unit("r", "red", "0402", m, "sov_motor_rifle")
    sheet = SYSTEM.fire_sheet(g, "t", "e")
    assert not sheet.legal and sheet.rule == "MW4 19.613"
    assert SYSTEM.fire_sheet(g, "t", "r").legal


def test_19_613_19_623_engineers_and_motorcycles_do_not_count_for_stacking():
    m = make_map(["." * 8] * 3)
    p = m.grid.parse
    full = [unit(f"s{i}", "blue", "0302", m, "us_m1") for i in range(3)]
    g = game_on(m, full + [unit("e", "blue", "0202", m, "us_engineer"), unit("t", "blue", "0402", m, "us_m1"),
                           unit("mc", "blue", "0401", m, "sov_motorcycle")])
    assert not check_move(g, "t", [p("0402"), p("0302")]).legal          # a fourth tank: 8.5
    assert check_move(g, "e", [p("0202"), p("0302")]).legal              # an engineer: 19.613
    assert check_move(g, "mc", [p("0401"), p("0302")]).legal             # a motorcycle: 19.623


def test_19_614_one_engineer_rides_an_apc_free_and_no_more_than_three():
    m = make_map(["." * 8] * 3)
    g = game_on(m, [unit("apc", "blue", "0202", m, "us_m113"), unit("inf", "blue", "0202", m, "us_mech_inf"),
                    unit("e1", "blue", "0202", m, "us_engineer")])
    room = MW4.unit_types["us_m113"]["carries"]
    assert room == 1
    p = m.grid.parse
    r = check_move(g, "apc", [p("0202"), p("0302")], {"mount": ["inf", "e1"]})
    assert r.legal, r.reason
    g.units["e2"] = unit("e2", "blue", "0202", m, "us_engineer")
    assert not check_move(g, "apc", [p("0202"), p("0302")], {"mount": ["inf", "e1", "e2"]}).legal


def test_19_622_motorcycles_enter_heavy_woods_only_by_road():
    m = make_map(["W" * 10] * 12, hexsides={"road": ["0206-0306-0406"]})
    p = m.grid.parse
    g = game_on(m, [unit("mc", "blue", "0206", m, "sov_motorcycle", in_column=True),
                    unit("t", "blue", "0207", m, "us_m1")])
    assert check_move(g, "mc", [p("0206"), p("0306"), p("0406")]).legal      # along the road
    r = check_move(g, "mc", [p("0206"), p("0207")])
    assert not r.legal and r.rule == "MW4 19.622"
    assert check_move(g, "t", [p("0207"), p("0208")]).legal           # a tank pays the woods


def test_19_624_vehicles_pass_through_an_enemy_motorcycle_and_stopping_there_is_an_overrun():
    m = make_map(["." * 8] * 3)
    p = m.grid.parse
    g = game_on(m, [unit("t", "blue", "0202", m, "us_m1"), unit("mc", "red", "0302", m, "sov_motorcycle"),
                    unit("i", "blue", "0201", m, "us_mech_inf")])
    assert check_move(g, "t", [p("0202"), p("0302"), p("0402")]).legal
    r = check_move(g, "t", [p("0202"), p("0302")])
    assert not r.legal and r.rule == "MW4 19.624"
    assert check_move(g, "t", [p("0202"), p("0302")], {"overrun": True}).legal
    assert not check_move(g, "i", [p("0201"), p("0302")]).legal       # on foot: no passing (8.25)


def test_19_621_a_motorcycle_is_fired_on_as_infantry_and_suppressed_counts_as_defilade():
    m = make_map(["." * 8] * 3)
    g = game_on(m, [unit("t", "blue", "0202", m, "us_m1"), unit("mc", "red", "0502", m, "sov_motorcycle")])
    plain = SYSTEM.fire_sheet(g, "t", "mc")
    assert ("target type", "soft", "MW4 6.0 step 2") in plain.lines
    g.units["mc"].marks = g.units["mc"].marks.but(suppression=1)
    held = SYSTEM.fire_sheet(g, "t", "mc")
    assert held.die_modifier == plain.die_modifier - 3
    assert any("suppressed motorcycle" in what and rule.startswith("MW4 19.621") for _k, what, rule in held.lines)


def test_19_621_a_motorcycle_takes_defilade_at_a_pause_in_its_move_for_nothing(tmp_path, sample_scenario):
    """Recon 1 made a motorcycle platoon pauses on its way north; it enters defilade there, at no
    cost, and its move ends (a tank paused so may not: 10.51)."""
    path = new_game(sample_scenario, tmp_path / "mc.umpire")
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET type = 'sov_motorcycle' WHERE id = 'Recon 1'")
    perform(path, "move", {"unit": "Recon 1", "path": ["2224", "2223", "2222", "2221"], "until": "2222"},
            system_for(path))
    spent = open_game(path).units["Recon 1"].mp_spent
    perform(path, "defilade", {"unit": "Recon 1"}, system_for(path))
    u = open_game(path).units["Recon 1"]
    assert u.marks.defilade is not None and not u.paused and u.mp_spent == spent
    assert open_game(path).map.number(u.hex) == "2222" and open_game(path).active_side == "nato"
    undo(path)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE unit SET type = 'sov_brdm' WHERE id = 'Recon 1'")
    with pytest.raises(UmpireError, match="already acted"):
        perform(path, "defilade", {"unit": "Recon 1", "facing": "2221"}, system_for(path))


def test_19_616_infantry_with_an_engineer_in_a_town_close_assault_is_plus_2():
    """The overrun firefight (12.0) in a town hex: the infantry firing with a friendly engineer
    stacked with it is +2 on the die; one engineer is enough, and none helps outside a town."""
    m = make_map(["t" * 4, "." * 4])
    p = m.grid.parse
    town = p("0201")
    assert m.terrain[town] == "town"
    g = game_on(m, [unit("i", "red", "0201", m, "sov_motor_rifle"), unit("t", "blue", "0201", m, "us_m2")])
    plain = SYSTEM.fire_sheet(g, "i", "t", "main", overrun=True)
    g.units["e"] = unit("e", "red", "0201", m, "sov_engineer")
    helped = SYSTEM.fire_sheet(g, "i", "t", "main", overrun=True)
    assert helped.die_modifier == plain.die_modifier + 2
    assert ("engineers", "+2: an engineer with it in a town close assault", "MW4 19.616") in helped.lines
    g.units["e2"] = unit("e2", "red", "0201", m, "sov_engineer")
    assert SYSTEM.fire_sheet(g, "i", "t", "main", overrun=True).die_modifier == helped.die_modifier
    for v in g.units.values():
        v.hex = p("0202")
    assert m.terrain[p("0202")] == "clear"
    assert not any(x[2] == "MW4 19.616" for x in SYSTEM.fire_sheet(g, "i", "t", "main", overrun=True).lines)
