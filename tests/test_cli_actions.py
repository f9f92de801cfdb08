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
    assert lnlt["spot_attempt"]["rule"] == "LnLT 10.1" and lnlt["spot_attempt"]["who"] == "unit"
    assert lnlt["spot_attempt"]["command"].startswith("umpire spot-attempt")
    assert [f["key"] for f in lnlt["heal"]["fields"]] == ["unit", "patient"]     # asked of whoever acts
    assert "lay_mines" in warblog and "spot_attempt" not in warblog and "lay_mines" not in mw4
    assert not any(k.startswith("rule_action") for listing in kinds.values() for k in listing)
    assert warblog["lay_mines"]["command"] == "umpire act GAME lay_mines unit=..."


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


def test_act_runs_a_unit_action_of_lock_n_load_as_its_old_commands_do(tmp_path):
    """`umpire act GAME spot_attempt`, the command written for it and the names earlier versions
    gave it (`rule-action GAME spot`, `act GAME rule_action:spot`) journal the same row."""
    games = [tmp_path / f"{n}.umpire" for n in "abcd"]
    for game in games:
        assert umpire("new", ROOT / "scenarios" / "xom-lang-ambush.toml", "--out", game, "--seed", "1").returncode == 0
        assert umpire("next-phase", game).returncode == 0          # the Operations phase: the US acts first
    runs = [umpire("act", games[0], "spot_attempt", "unit=1st Sqd", "hex=0906", "--dice", "2"),
            umpire("spot-attempt", games[1], "1st Sqd", "--hex", "0906", "--dice", "2"),
            umpire("rule-action", games[2], "spot", "1st Sqd", "--hex", "0906", "--dice", "2"),
            umpire("act", games[3], "rule_action:spot", "unit=1st Sqd", "hex=0906", "--dice", "2")]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    assert len({(r.stdout, r.stderr) for r in runs}) == 1 and "1st Sqd tries to spot 0906" in runs[0].stdout
    journals = [_journal(g) for g in games]
    assert all(j == journals[0] for j in journals) and "spot_attempt" in str(journals[0])
