"""`umpire actions GAME` lists what the game's rule system offers, from the actions' own
descriptions; `umpire act GAME KIND KEY=VALUE...` runs any of them as its own command does."""

import json
import sqlite3

from umpire.cli import main

from tests.test_cli import ROOT, _one_line_error, umpire


def _listing(capsys, game) -> dict:
    capsys.readouterr()
    assert main(["actions", str(game), "--json"]) == 0
    return {a["kind"]: a for a in json.loads(capsys.readouterr().out)}


def test_each_rule_system_lists_its_own_actions_and_not_the_others(tmp_path, capsys):
    kinds = {}
    for name in ("kaltenbach-gap", "xom-lang-ambush", "osterby-bridges"):
        game = tmp_path / f"{name}.umpire"
        assert main(["new", str(ROOT / "scenarios" / f"{name}.toml"), "--out", str(game), "--seed", "1"]) == 0
        kinds[name] = _listing(capsys, game)
    mw4, lnlt, warblog = kinds["kaltenbach-gap"], kinds["xom-lang-ambush"], kinds["osterby-bridges"]
    for listing in kinds.values():          # the core's actions, in every game
        assert {"move", "halt", "pass", "end_turn"} <= set(listing)
    assert mw4["split_fire"]["rule"] == "MW4 6.93" and mw4["split_fire"]["command"].startswith("umpire split-fire")
    assert [f["key"] for f in mw4["fire"]["fields"]] == ["firers", "target", "mode"]
    assert "split_fire" not in lnlt and "split_fire" not in warblog and "activate" not in warblog
    assert "rule_action:spot" in lnlt and lnlt["rule_action:spot"]["rule"] == "10.1"
    assert "rule_action:lay_mines" in warblog and "rule_action:spot" not in warblog
    assert not any(k.startswith("rule_action:") for k in mw4)
    assert "act GAME rule_action:lay_mines unit=..." in warblog["rule_action:lay_mines"]["command"]


def test_the_listing_reads_as_text(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    r = umpire("actions", game)
    assert r.returncode == 0, r.stderr
    assert "split_fire: Split fire (MW4 6.93), by a unit" in r.stdout
    assert "asks for: firers (units), target (enemy), mode (main | mg | infantry_h, optional)" in r.stdout


def _journal(game):
    with sqlite3.connect(game) as conn:
        rows = conn.execute("SELECT kind, summary, log FROM action ORDER BY seq").fetchall()
    conn.close()
    return rows


def test_act_runs_an_action_as_its_own_command_does(tmp_path, sample_path):
    a, b = tmp_path / "a.umpire", tmp_path / "b.umpire"
    for game in (a, b):
        assert umpire("new", sample_path, "--out", game, "--seed", "3").returncode == 0
        assert umpire("activate", game, "Tank Co").returncode == 0
    assert umpire("form-column", a, "T1").returncode == 0
    r = umpire("act", b, "form_column", "unit=T1")
    assert r.returncode == 0, r.stderr
    assert _journal(a) == _journal(b) and _journal(b)[-1][0] == "form_column"


def test_act_refuses_in_one_line_and_changes_nothing(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    before = _journal(game)
    line = _one_line_error(umpire("act", game, "form_column", "unit=T1", "colour=red"))
    assert "form_column asks for no 'colour' (it asks for: unit)" in line
    line = _one_line_error(umpire("act", game, "form_column"))
    assert "form_column needs unit" in line
    line = _one_line_error(umpire("act", game, "dig_in", "unit=T1"))
    assert "no action 'dig_in'" in line and "umpire actions" in line
    line = _one_line_error(umpire("act", game, "displace", "side=nato", "support=US DS", "concentration=two"))
    assert "concentration='two': expected a whole number" in line
    assert _journal(game) == before


def test_act_runs_a_rule_action_of_lock_n_load(tmp_path):
    a, b = tmp_path / "a.umpire", tmp_path / "b.umpire"
    for game in (a, b):
        assert umpire("new", ROOT / "scenarios" / "xom-lang-ambush.toml", "--out", game, "--seed", "1").returncode == 0
    first = umpire("rule-action", a, "spot", "A Sqd", "--hex", "0906", "--dice", "2")
    second = umpire("act", b, "rule_action:spot", "unit=A Sqd", "hex=0906", "--dice", "2")
    assert first.returncode == second.returncode
    assert (first.stdout, first.stderr) == (second.stdout, second.stderr)
    assert _journal(a) == _journal(b)
