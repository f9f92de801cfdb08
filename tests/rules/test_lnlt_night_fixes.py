"""Lock 'n Load Tactical fixes found at a game night on Ambush at Xom Lang."""

from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal

from .gamekit import act, game, make_game


def lnlt(tmp_path, us, nva, **kw):
    return make_game(tmp_path, us, nva, rules="lnlt", cols=10, **kw)


def read_by(loc, side):
    return [x for e in side_journal(open_game(loc), side, journal(loc)) for x in (e.head, *e.lines)]


def test_the_target_of_a_missed_ordnance_shot_reads_that_it_missed(tmp_path):
    """14.1: a natural 12 always misses.  The side shot at read "Result: not recorded" (its
    journal takes the worksheet's "Result:" line, which a miss lacked); it reads the miss."""
    loc = lnlt(tmp_path, [("T", "us_m48", "0403")], [("R", "nva_rr_team", "0103")])
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    res = act(loc, "assault", 6, 6, side="red", units=["R"], hex="0403", kind="ordnance")
    assert "To hit: 12 against" in "\n".join(res.log)
    blue = " ".join(read_by(loc, "blue"))
    assert "not recorded" not in blue
    assert "Result: missed (14.1)" in blue


def test_a_reinforcement_counts_among_units_that_could_act_only_once_it_is_due(tmp_path):
    """Xom Lang's 3rd Sqd arrives on turn 3: End Turn on turn 1 asked "5 units could still act:
    ... 3rd Sqd" (its smoke, 7.0, fitted a squad off the map).  On turn 3 it may enter."""
    from pathlib import Path

    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    from umpire.core.idle import idle_units
    from umpire.core.scenario import load_scenario
    scenario = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"
    loc = new_game(load_scenario(scenario), tmp_path / "x.umpire", seed="night")
    system = system_for(loc)
    perform(loc, "next_phase", {}, system)                      # Operations, turn 1 (4.0)

    def idle(kind):
        g = open_game(loc)
        phases = tuple(p for p in system.phases() if system.plays_phase(g, p.key))
        return [u.id for u in idle_units(g, phases, kind, system.turn_opener(g), system.may_act_now)]
    assert "3rd Sqd" not in idle("end_turn") and "Lt Harris" in idle("end_turn")
    perform(loc, "end_turn", {}, system)
    perform(loc, "end_turn", {}, system)
    perform(loc, "next_phase", {}, system)                      # Operations, turn 3
    g = open_game(loc)
    assert g.turn == 3 and g.phase == "operations"
    assert system.may_act_now(g, g.units["3rd Sqd"])


def test_an_orders_file_sets_a_support_weapon_to_its_other_mode(tmp_path):
    """1.6, 3.0 step 5: the window's Support weapons form changes an M60's mode (a sample,
    modes.toml); a side's orders file could not ("each [[weapons]] gives unit, do, weapon (and may
    give to)"), so a side playing by packages never set its M60 on the tripod."""
    from umpire.actions import system_for
    from umpire.packages.inbox import take_orders

    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("G", "us_m60", "0103", "A")], [("X", "nva_squad", "0503")])
    path = tmp_path / "orders.toml"
    path.write_text('side = "blue"\nturn = 1\n[[weapons]]\nunit = "A"\ndo = "change_mode"\nweapon = "G"\n'
                    'mode = "tripod"\n', encoding="utf-8")
    take_orders(loc, path, system_for(loc))
    assert game(loc).units["G"].marks.mode == "tripod"


def test_a_stack_move_whose_path_starts_elsewhere_says_where_the_mover_stands(tmp_path):
    """6.0: `umpire move G "Cpt Vo" 0906 --with "A Sqd"` (the path lacking his hex, 1006) was
    refused as "A Sqd cannot move with it: the path must start where it stands"."""
    import pytest

    from umpire.core.errors import UmpireError
    loc = lnlt(tmp_path, [("L", "us_leader", "0103"), ("A", "us_squad", "0103")], [("X", "nva_squad", "0903")])
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match=r"L cannot move: the path must start where it stands, 0103$"):
        act(loc, "move", side="blue", unit="L", path=["0203"], **{"with": ["A"]})
    act(loc, "move", side="blue", unit="L", path=["0103", "0203"], **{"with": ["A"]})
    assert game(loc).map.number(game(loc).units["A"].hex) == "0203"


def test_the_orders_form_lists_no_carried_weapon_and_the_forces_say_when_a_squad_arrives(tmp_path):
    """1.6: Xom Lang's "1st Sqd LAW" had a row of its own on the orders form (Move to, Fire at,
    Spot hex) though 1st Sqd carries and fires it; "Our forces" gave the 3rd Sqd, due on turn 3
    at 0106, an empty State."""
    from pathlib import Path

    from umpire.actions import new_game, system_for
    from umpire.core.scenario import load_scenario
    scenario = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"
    loc = new_game(load_scenario(scenario), tmp_path / "x.umpire", seed="night")
    system, g = system_for(loc), open_game(loc)
    rows = [r[0] for r in system.orders_form(g, "us")[0].rows]
    assert "1st Sqd LAW" not in rows and "1st Sqd" in rows and "3rd Sqd" in rows
    forces = {r[0]: r for r in system.forces_table(g, [u for u in g.units.values() if u.side == "us"]).rows}
    assert forces["3rd Sqd"][4] == "arrives turn 3 at 0106" and forces["1st Sqd LAW"][4] == "Good Order, with 1st Sqd"
