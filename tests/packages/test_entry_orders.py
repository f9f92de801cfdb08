"""Orders files made of a rule system's own actions (issue 23, core.play.order_entries): Hex
Command's written orders (HCM 2.1.1), War Blog's air orders (WB 9.2) -- read whole, refused in one
line naming the file with nothing kept or applied, all of a file's entries or none, a force or
unit not the side's refused in the same words whether it is the enemy's or nobody's; and the
side's web page takes the same file."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.actions import new_game, system_for
from umpire.cli import main
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hcm(tmp_path):
    return new_game(load_scenario(ROOT / "scenarios" / "brannock-crossing.toml"), tmp_path / "bc.umpire", seed="2")


def orders(tmp_path, text: str, name: str = "orders.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(location, path, capsys) -> str:
    rows = len(journal(location))
    assert main(["orders", location, str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(journal(location)) == rows, "nothing kept, nothing applied"
    assert "\n" not in err and "Traceback" not in err and str(path) in err
    return err


@pytest.mark.parametrize("body,why", [
    ('[orders]\n"A Coy" = 3\n', r'\[orders\] maps names to text'),
    ('[order]\n"A Coy" = "x"\n', r"unknown key\(s\) order \(use side, turn, \[orders\], \[changes\]\)"),
    ('[orders]\n"A Coy" = "Hold"\n[orders.more]\n', r'\[orders\] maps names to text'),
    ('[orders\n', r"not a valid orders file"),
])
def test_a_malformed_hcm_file_is_refused_in_one_line(hcm, tmp_path, capsys, body, why):
    import re
    err = refused(hcm, orders(tmp_path, f'side = "blue"\nturn = 1\n{body}'), capsys)
    assert re.search(why, err), err


def test_an_enemy_force_and_no_force_are_refused_alike_and_nothing_is_applied(hcm, tmp_path, capsys):
    """HCM 2.1.1: a side writes orders for its own forces only -- the first entry is good, the
    second is the enemy's: neither is applied; and a force that does not exist reads the same."""
    enemy = next(c.id for c in open_game(hcm).companies if c.id in ("1 Kp", "2 Kp"))
    errs = [refused(hcm, orders(tmp_path, f'side = "blue"\nturn = 1\n[orders]\n"A Coy" = "Hold"\n"{who}" = "Go"\n',
                                f"{n}.toml"), capsys) for n, who in enumerate((enemy, "Nobody's Coy"))]
    said = [e.split(".toml: ", 1)[1].replace(repr(who), "X") for e, who in zip(errs, (enemy, "Nobody's Coy"))]
    assert said[0] == said[1]
    assert "order 2: " in errs[0] and "is not one of Blue battle group's forces" in errs[0]
    assert open_game(hcm).rule_state.orders == {}                         # the good first entry: not applied


def test_written_orders_taken_and_kept_and_replayed(hcm, tmp_path, capsys):
    from storekit import replays_identically
    path = orders(tmp_path, 'side = "blue"\nturn = 1\n[orders]\n"A Coy" = "Hold the bridge"\n"B Coy" = "Screen"\n')
    assert main(["orders", hcm, str(path)]) == 0
    out = capsys.readouterr().out
    assert "Blue battle group's orders for turn 1: 2 carried out" in out and "1. A Coy has its written order" in out
    assert open_game(hcm).rule_state.orders == {"A Coy": "Hold the bridge", "B Coy": "Screen"}
    # a second file the same turn: written orders stand; a change is what HCM 2.1.1 allows
    err = refused(hcm, orders(tmp_path, 'side = "blue"\nturn = 1\n[orders]\n"A Coy" = "Attack"\n', "again.toml"), capsys)
    assert "has its written order; changing it takes a Tactical roll" in err
    assert replays_identically(hcm)


def test_the_side_page_takes_an_hcm_file(hcm):
    from umpire.serve.app import hand_in
    said = hand_in(hcm, "blue", 'side = "blue"\nturn = 1\n[orders]\n"A Coy" = "Hold the bridge"\n')
    assert said == "Orders received: Blue battle group's orders for turn 1: 1 carried out"


def test_a_warblog_air_order_for_a_unit_that_cannot_fly_is_refused_with_the_reason(tmp_path, capsys):
    location = new_game(load_scenario(ROOT / "scenarios" / "osterby-bridges.toml"), tmp_path / "ob.umpire", seed="2")
    first = open_game(location).active_side
    ground = next(u.id for u in open_game(location).units.values() if u.side == first and u.on_map)
    err = refused(location, orders(tmp_path, f'side = "{first}"\nturn = 1\n[[air_patrol]]\nunit = "{ground}"\n'),
                  capsys)
    assert "orders refused, nothing applied: order 1 (Air superiority patrol): " in err
    assert f"{ground!r} is not an air unit" in err
    assert system_for(location).read_orders(orders(tmp_path, f'side = "{first}"\nturn = 1\n', "none.toml"))[1][
        "entries"] == []


def test_the_examples_in_players_md_are_read_by_their_rule_systems(tmp_path):
    """docs/players.md's sample files: each read whole by the rule system its first line names."""
    import re

    from umpire.core.ruleset import load_ruleset
    from umpire.rules import rule_system
    text = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    samples = re.findall(r"```toml\n(.*?)```", text, re.S)
    names = {"Hex Command Mechanized": "hcm", "Lock 'n Load Tactical": "lnlt", "War Blog": "warblog"}
    read = set()
    for n, sample in enumerate(samples):
        title = sample.splitlines()[0].lstrip("# ").split(":")[0]
        system = rule_system(load_ruleset(names[title]))
        side, params = system.read_orders(orders(tmp_path, sample, f"sample{n}.toml"))
        assert params["entries"] and side in sample
        read.add(names[title])
    assert read == set(names.values())


def test_the_orders_action_runs_only_the_kinds_a_file_may_give(hcm):
    """Taken directly (`umpire act GAME orders ...`), the action refuses any other action as an entry
    -- the umpire's own (ending the turn) or a unit's -- and applies nothing."""
    from umpire.core.engine import perform
    from umpire.core.errors import UmpireError
    before, rows = open_game(hcm), len(journal(hcm))
    for kind in ("end_turn", "next_phase", "place_commander"):
        with pytest.raises(UmpireError, match=f"order 1: '{kind}' is not an order a side gives by file"):
            perform(hcm, "orders", {"side": "blue", "turn": 1, "entries": [[kind, {}]]}, system_for(hcm), side="blue")
    after = open_game(hcm)
    assert (after.turn, after.phase, len(journal(hcm))) == (before.turn, before.phase, rows)
