"""The command line, run as a user runs it: exit codes, one-line errors, files written."""

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))


def umpire(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "umpire.cli", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def _one_line_error(r):
    assert r.returncode == 2, r.stdout + r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip() and "propagateSizeHints" not in ln]
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr
    return lines[0]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_validate_accepts_every_bundled_scenario(scenario):
    r = umpire("validate", scenario)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok: ") and "sample tables in use" in r.stdout


def test_validate_garbage(tmp_path):
    bad = tmp_path / "garbage.toml"
    bad.write_bytes(b"\x00\x01 not a scenario [[[")
    line = _one_line_error(umpire("validate", bad))
    assert str(bad) in line


def test_validate_game_file_and_mixed(tmp_path, game_path):
    assert umpire("validate", game_path).returncode == 0
    bad = tmp_path / "x.umpire"
    bad.write_text("nope")
    r = umpire("validate", game_path, bad)
    assert r.returncode == 2 and "ok: " in r.stdout and "not an SQLite database" in r.stderr


def test_new_creates_game_file(tmp_path, sample_path):
    r = umpire("new", sample_path, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "kaltenbach-gap.umpire").is_file()
    r = umpire("new", sample_path, "--out", tmp_path / "kaltenbach-gap.umpire")
    assert "already exists" in _one_line_error(r)


def test_new_from_bad_scenario_writes_nothing(tmp_path, sample_text):
    bad = tmp_path / "bad.toml"
    bad.write_text(sample_text.replace('type = "us_m1"', 'type = "us_m1x"', 1))
    line = _one_line_error(umpire("new", bad, cwd=tmp_path))
    assert "unknown unit type 'us_m1x'" in line and f"{bad}:" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"]


@pytest.mark.parametrize("side", ["umpire", "nato", "warpac"])
def test_render(tmp_path, game_path, side):
    out = tmp_path / f"{side}.png"
    r = umpire("render", game_path, "--side", side, "--out", out)
    assert r.returncode == 0, r.stderr
    img = QImage(str(out))
    assert img.width() > 800 and img.height() > 700


def test_render_from_scenario_directly(tmp_path, sample_path):
    out = tmp_path / "s.png"
    assert umpire("render", sample_path, "--out", out, "--hex-size", "10").returncode == 0
    assert QImage(str(out)).width() > 300


def test_render_unknown_side(tmp_path, game_path):
    line = _one_line_error(umpire("render", game_path, "--side", "klingons", "--out", tmp_path / "x.png"))
    assert "unknown viewer 'klingons'" in line


def test_render_to_missing_folder(tmp_path, game_path):
    line = _one_line_error(umpire("render", game_path, "--out", tmp_path / "no" / "x.png"))
    assert "cannot write" in line


def test_gui_without_display_says_so(monkeypatch, game_path):
    env = {k: v for k, v in __import__("os").environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    r = subprocess.run([sys.executable, "-m", "umpire.cli", str(game_path)], capture_output=True, text=True,
                       env=env, timeout=60)
    assert "no display" in _one_line_error(r)


def test_gui_screenshot(tmp_path, sample_path):
    out = tmp_path / "shot.png"
    r = umpire(sample_path, "--screenshot", out, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert QImage(str(out)).width() >= 800
    assert (tmp_path / "kaltenbach-gap.umpire").is_file()


def test_gui_screenshot_again_carries_on_with_the_game(tmp_path, sample_path):
    """No one to ask: the game already made from the scenario is carried on; --new makes another."""
    assert umpire(sample_path, "--screenshot", tmp_path / "1.png", cwd=tmp_path).returncode == 0
    again = umpire(sample_path, "--screenshot", tmp_path / "2.png", cwd=tmp_path)
    assert again.returncode == 0 and "carrying on with game file" in again.stdout
    assert sorted(p.name for p in tmp_path.glob("*.umpire")) == ["kaltenbach-gap.umpire"]
    assert umpire(sample_path, "--new", "--screenshot", tmp_path / "3.png", cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in tmp_path.glob("*.umpire")) == ["kaltenbach-gap-2.umpire", "kaltenbach-gap.umpire"]


def test_gui_that_cannot_start_creates_no_game_file(tmp_path, sample_path):
    """Qt asked for an X display that is not there: one line before Qt could abort (or, on a
    machine without Qt's X libraries, the line naming them), and nothing was written."""
    env = {**__import__("os").environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": ":97"}
    r = subprocess.run([sys.executable, "-m", "umpire.cli", str(sample_path)], capture_output=True, text=True,
                       env=env, cwd=tmp_path, timeout=60)
    line = _one_line_error(r)
    assert "cannot reach the X display :97" in line or "sudo apt-get install" in line
    assert list(tmp_path.iterdir()) == []


def test_gui_missing_x_libraries_is_one_line_naming_the_packages(tmp_path, sample_path, monkeypatch, capsys):
    from umpire import platformcheck
    from umpire.cli import main

    monkeypatch.setattr(platformcheck, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    monkeypatch.setattr(platformcheck, "xcb_plugin", lambda: tmp_path / "libqxcb.so")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.chdir(tmp_path)
    assert main([str(sample_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in err
    assert list(tmp_path.iterdir()) == []


def test_gui_bad_file_is_one_line(tmp_path):
    bad = tmp_path / "b.umpire"
    bad.write_text("x")
    assert "not an SQLite database" in _one_line_error(umpire(bad, "--screenshot", tmp_path / "s.png"))


def test_rulesets_lists_samples():
    r = umpire("rulesets")
    assert r.returncode == 0
    assert "mechwar4" in r.stdout and "SAMPLE Terrain Effects Chart" in r.stdout


def test_usage_error_is_one_line():
    line = _one_line_error(umpire("render"))
    assert "required" in line


def test_los_explains(game_path):
    r = umpire("los", game_path, "1206", "1626")
    assert r.returncode == 0, r.stderr
    assert "BLOCKED" in r.stdout and "MW4 10.4" in r.stdout and "blocked at hex" in r.stdout


def test_los_json_with_unit_ids(game_path):
    import json

    r = umpire("los", game_path, "2-32 HQ", "B3 Inf", "--json")
    data = json.loads(r.stdout)
    assert data["from"] == "1206" and data["to"] == "2406" and data["clear"] is True
    assert data["along_hexsides"]            # this line runs exactly along hexsides


def test_los_bad_place(game_path):
    assert "neither a unit id nor a hex number" in _one_line_error(umpire("los", game_path, "Z9", "0101"))


def test_spot_prints_the_sides_knowledge(game_path):
    r = umpire("spot", game_path, "--side", "nato")
    assert r.returncode == 0, r.stderr
    assert "C1" in r.stdout and "BRDM-2 reconnaissance" in r.stdout and "2224" in r.stdout
    assert "SAMPLE" in r.stdout
    assert "Recon 1" not in r.stdout            # the side's own name for it, not the enemy's
    r = umpire("spot", game_path, "--side", "warpac", "--json")
    import json
    data = json.loads(r.stdout)
    from umpire.core.store.db import open_game
    assert data["contacts"] == []
    assert len(data["own_units"]) == len(open_game(game_path).units_of("warpac"))


def test_spot_unknown_side(game_path):
    assert "unknown side 'nobody'" in _one_line_error(umpire("spot", game_path, "--side", "nobody"))


def test_move_undo_journal_replay(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    assert umpire("new", sample_path, "--out", game).returncode == 0
    # at full strength T1 moves without a panic check (MW4 8.0): --dice types no die in
    r = umpire("move", game, "T1", "1928", "1927", "1926", "--dice", "10")
    assert r.returncode == 0 and "T1 moved to 1926" in r.stdout
    assert "panic check" not in r.stdout and "(typed in)" not in r.stdout
    assert "US Task Force 2-32's turn to act" in _one_line_error(umpire("move", game, "T1", "1926", "1925"))   # NATO's turn to act
    assert "undid" in umpire("undo", game).stdout
    assert "redid" in umpire("redo", game).stdout
    assert umpire("end-turn", game).stdout.startswith("Turn 2 of 12")
    import json
    rows = json.loads(umpire("journal", game, "--json").stdout)
    assert [row["kind"] for row in rows] == ["open", "move", "end_turn"]
    r = umpire("replay", game, "--verify", "--rerun")         # the rules play it again the same
    assert r.returncode == 0 and "replay matches" in r.stdout
    r = umpire("replay", game, "--verify")                    # and its recorded changes chain
    assert r.returncode == 0 and "the journal chains to the stored state" in r.stdout


def test_replay_verify_fails_on_tampering(tmp_path, game_path):
    import sqlite3
    with sqlite3.connect(game_path) as conn:
        conn.execute("UPDATE unit SET steps_lost = 1 WHERE id = 'A1'")
    r = umpire("replay", game_path, "--verify")
    assert r.returncode == 1 and "DOES NOT CHAIN" in r.stdout and "changed outside the journal" in r.stdout
    r = umpire("replay", game_path, "--verify", "--rerun")
    assert r.returncode == 1 and "DIFFERS" in r.stdout


def test_orders_file_from_the_command_line(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    good = tmp_path / "nato-1.toml"
    good.write_text('side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n')
    r = umpire("orders", game, good)
    assert r.returncode == 0 and "Overwatch" in r.stdout
    bad = tmp_path / "sneaky.toml"
    bad.write_text('side = "nato"\nturn = 1\n[commands]\n"Tank Co" = "rally"\n')
    line = _one_line_error(umpire("orders", game, bad))
    assert str(bad) in line and "a side orders only its own units" in line


def test_activations_column_and_transport_from_the_command_line(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    r = umpire("activate", game, "Tank Co")
    assert r.returncode == 0 and "T1, T2, T3 may each move or fire" in r.stdout
    assert umpire("form-column", game, "T1").returncode == 0
    r = umpire("end-activation", game)
    assert r.returncode == 0 and "T2, T3 did not act" in r.stdout
    r = umpire("move", game, "B1 Inf", "1011", "1010", "1009", "--pace", "double", "--dice", "10")
    assert r.returncode == 0 and "fatigue level 1" in r.stdout
    r = umpire("move", game, "1/1", "1626", "1625", "--dismount", "1/1 Rifles", "--dice", "10")
    assert r.returncode == 0 and "1/1 Rifles dismount in 1625" in r.stdout
    err = _one_line_error(umpire("move", game, "B1", "0911", "--mount", "B2 Inf"))
    assert "MW4 9.12" in err
    r = umpire("replay", game, "--verify", "--rerun")         # 8.16, 9.12 and columns replay identically
    assert r.returncode == 0


def test_fire_from_the_command_line_with_its_worksheet(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    umpire("move", game, "Recon 1", *[f"22{r:02d}" for r in range(24, 14, -1)], "--dice", "10")
    r = umpire("fire", game, "A3", "--at", "Recon 1", "--odds")
    assert r.returncode == 0 and "attack superiority" in r.stdout and "odds:" in r.stdout
    assert "Fire" in umpire("journal", game).stdout and len(umpire("journal", game, "--json").stdout) > 0
    err = _one_line_error(umpire("fire", game, "A3", "--at", "Recon 1", "--weapon", "mg", "--odds"))
    assert "no shot" in err and "MW4 6.44" in err                    # machine guns: soft targets only
    r = umpire("fire", game, "A3", "--at", "Recon 1")
    assert r.returncode == 0 and r.stdout.startswith("Fire at C1")
    again = _one_line_error(umpire("fire", game, "A3", "--at", "Recon 1", "--odds"))
    assert "MW4 6.13" in again or "MW4 6.11" in again        # fired once this turn, or panicked


def test_the_same_seed_rolls_the_same_dice(tmp_path, sample_path):
    """`umpire new --seed`: two games with one seed and the same actions roll alike (issue 4, dice)."""
    import json
    rolls = []
    for name in ("a", "b"):
        game = tmp_path / f"{name}.umpire"
        assert umpire("new", sample_path, "--out", game, "--seed", "club-night").returncode == 0
        umpire("end-turn", game)
        rows = json.loads(umpire("journal", game, "--json").stdout)
        rolls.append([r["rolls"] for r in rows])
    assert rolls[0] == rolls[1] and any(rolls[0])


def test_overrun_from_the_command_line(tmp_path, sample_path):
    """MW4 12.0: move --overrun onto Recon 1; both miss; then leave with `umpire overrun`."""
    import sqlite3
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    umpire("move", game, "Recon 1", *[f"22{r:02d}" for r in range(24, 14, -1)], "--dice", "10")
    with sqlite3.connect(game) as conn:                 # B3 waits next to Recon 1 (2215)
        conn.execute("UPDATE unit SET q = (SELECT q FROM unit WHERE id = 'A3'), r = (SELECT r FROM unit "
                     "WHERE id = 'A3') + 5 WHERE id = 'B3'")
    r = umpire("move", game, "B3", "2214", "2215", "--overrun", "--dice", "6,1,1,1")
    assert r.returncode == 0 and "both hold on in 2215" in r.stdout
    assert "MW4 12.0" in _one_line_error(umpire("end-turn", game))
    r = umpire("overrun", game, "B3", "--leave", "2214")
    assert r.returncode == 0 and "B3 leaves the overrun for 2214" in r.stdout
    assert "not in an overrun" in _one_line_error(umpire("overrun", game, "B3", "--stay"))


def test_split_fire_from_the_command_line(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    umpire("pass", game)                                  # the Soviets pass: NATO acts
    err = _one_line_error(umpire("split-fire", game, "B1 Inf", "--element", "d2", "Recon 1",
                                 "--element", "d2", "Recon 2"))
    assert "not a vehicular platoon" in err and "MW4 6.93" in err


def test_defilade_from_the_command_line(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    assert "say which" in _one_line_error(umpire("defilade", game, "T1"))          # a vehicle faces a hex
    r = umpire("defilade", game, "T1", "--facing", "1927")
    assert r.returncode == 0 and "T1 enters defilade facing 1927" in r.stdout


def test_plot_from_the_command_line(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    umpire("move", game, "Recon 1", *[f"22{r:02d}" for r in range(24, 14, -1)], "--dice", "10")
    r = umpire("plot", game, "--side", "nato", "--mission", "US DS", "1", "2215", "tight")
    assert r.returncode == 0 and "plots 1 fire mission for turn 1" in r.stdout
    err = _one_line_error(umpire("plot", game, "--side", "warpac", "--mission", "Sov MRL", "1", "1109", "tight"))
    assert "MW4 7.21" in err and "nothing kept" in err
    # a counterbattery task, the umpire's impact hex, and a multiple for next turn (MW4 7.81, 14.33)
    r = umpire("plot", game, "--side", "nato", "--mission", "US DS", "1", "2215", "tight",
               "--counterbattery", "2-32 Mortars")
    assert r.returncode == 0 and "2-32 Mortars: on a counterbattery task (MW4 7.81)" in r.stdout
    err = _one_line_error(umpire("place-impact", game, "--side", "nato", "--support", "US DS", "--hex", "2216"))
    assert "needs a reason" in err
    r = umpire("place-impact", game, "--side", "nato", "--support", "US DS", "--hex", "2216", "--reason", "wind")
    assert r.returncode == 0 and "in 2216: wind" in r.stdout
    r = umpire("multiply", game, "--side", "nato", "--support", "US DS", "--dice", "4")
    assert r.returncode == 0 and "die 4, x4 -- 8(10H) concentrations to plot" in r.stdout
    err = _one_line_error(umpire("multiply", game, "--side", "nato", "--support", "US DS"))
    assert "already multiplied for turn 2" in err
    # how a tank takes H fire (MW4 7.32)
    r = umpire("h-fire", game, "A1", "--unbuttoned")
    assert r.returncode == 0 and "A1 will take H fire unbuttoned, on the D2 CRT (MW4 7.32)" in r.stdout
    assert "soft target" in _one_line_error(umpire("h-fire", game, "B1 Inf", "--unbuttoned"))
    err = _one_line_error(umpire("displace", game, "--side", "warpac", "--support", "US DS"))
    assert "'US DS' is not an off-board artillery support of that side" in err
    r = umpire("displace", game, "--side", "nato", "--support", "US DS", "--concentration", "2")
    assert r.returncode == 0 and "US DS #2 displaces: out of action until after turn 4 (MW4 19.22)" in r.stdout


def test_turn_reports_from_the_command_line(tmp_path, sample_path):
    game = tmp_path / "g.umpire"
    umpire("new", sample_path, "--out", game)
    out = tmp_path / "reports"
    out.mkdir()
    r = umpire("report", game, "--all-sides", "--out", out)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == ["turn01-nato.pdf", "turn01-umpire.pdf", "turn01-warpac.pdf"]
    r = umpire("report", game, "--side", "nato", "--out", tmp_path / "nato.pdf", "--paper", "letter")
    assert r.returncode == 0 and (tmp_path / "nato.pdf").read_bytes().startswith(b"%PDF")
    assert "unknown side 'nobody'" in _one_line_error(umpire("report", game, "--side", "nobody", "--out", out))
    assert "reports for turns 1 to 1" in _one_line_error(umpire("report", game, "--all-sides", "--turn", "3",
                                                                "--out", out))
    assert "unknown side" in _one_line_error(umpire("report", game, "--side", "nobody", "--out", tmp_path / "never"))
    assert not (tmp_path / "never").exists()                            # bad input makes no folder
    r = umpire("report", game, "--side", "warpac", "--out", tmp_path / "turn 1" / "warpac")
    assert r.returncode == 0, r.stderr
    assert [p.name for p in (tmp_path / "turn 1" / "warpac").iterdir()] == ["turn01-warpac.pdf"]   # made, parents too
    err = _one_line_error(umpire("report", game, "--all-sides", "--out", tmp_path / "nato.pdf"))
    assert "a .pdf file holds one report, not 3: give a folder" in err
    assert not any(p.suffix == ".part" for p in out.iterdir())          # nothing half-written
