"""Bad input at the command line, from an outside audit: each refused in one line naming the file,
the place and the problem, exit 2, and nothing written -- never a hang, a traceback or an
"internal error".  In-process through `umpire.cli.main`."""

import json
import signal
import sqlite3
from contextlib import contextmanager
from pathlib import Path

import pytest

from umpire.cli import main
from umpire.core.ruleset import load_ruleset
from umpire.core.store import db

ROOT = Path(__file__).resolve().parents[1]
KALTENBACH = ROOT / "scenarios" / "kaltenbach-gap.toml"        # MechWar 4, 12 turns, 40x30
OSTERBY = ROOT / "scenarios" / "osterby-bridges.toml"          # War Blog, 24x18


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as e:                 # argparse's usage errors leave through exit
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv) -> str:
    """The one line of a refusal (exit 2); fails on anything else."""
    code, out, err = run(capsys, *argv)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1, (code, out, err)
    assert "Traceback" not in err and "internal error" not in err
    return lines[0]


@contextmanager
def within(seconds: int):
    """A refusal is prompt: a command still running after `seconds` fails the test."""
    def stop(*_):
        raise TimeoutError(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def variant(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {source.name}"
    p = tmp_path / "variant.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


@pytest.fixture()
def game(tmp_path, capsys) -> Path:
    """A new Kaltenbach Gap game, made as a user makes one."""
    path = tmp_path / "g.umpire"
    assert main(["new", str(KALTENBACH), "--out", str(path), "--seed", "audit"]) == 0
    capsys.readouterr()
    return path


def journal_of(capsys, path: Path) -> list:
    code, out, _err = run(capsys, "journal", path, "--json")
    assert code == 0
    return json.loads(out)


# 1, 2, 8: a scenario's numbers are held to what a game can mean --------------------------------

@pytest.mark.parametrize("command", ["validate", "new"])
def test_a_zone_radius_of_a_billion_is_refused_at_once(tmp_path, capsys, monkeypatch, command):
    bad = variant(tmp_path, OSTERBY, "radius = 1 }", "radius = 1000000000 }")
    monkeypatch.chdir(tmp_path)
    with within(20):
        line = refused(capsys, command, bad)
    assert line.startswith(f"umpire: error: {bad}:") and '[[zone]] "partisans"' in line
    assert "within radius must be a whole number from 0 to 42" in line and "1000000000" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["variant.toml"]       # no game file


@pytest.mark.parametrize("command", ["validate", "new"])
def test_turns_beyond_any_game_are_refused_by_validate_and_new(tmp_path, capsys, monkeypatch, command):
    bad = variant(tmp_path, KALTENBACH, "turns = 12", "turns = 99999999999999999999")
    monkeypatch.chdir(tmp_path)
    line = refused(capsys, command, bad)
    assert line == (f"umpire: error: {bad}:13: [scenario]: turns must be a whole number from 1 to 999, "
                    "got 99999999999999999999")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["variant.toml"]


# (scenario, text in it, its replacement, words of the one line)
OUT_OF_RANGE = [
    (KALTENBACH, "turns = 12", "turns = 1000", "[scenario]: turns must be a whole number from 1 to 999, got 1000"),
    (KALTENBACH, "turns = 12", "turns = 0", "turns must be a whole number from 1 to 999, got 0"),
    (KALTENBACH, "columns = 40", "columns = 501", "[map]: columns must be a whole number from 1 to 500, got 501"),
    (KALTENBACH, "rows = 30", "rows = 0", "[map]: rows must be a whole number from 1 to 500, got 0"),
    (KALTENBACH, "concentrations = 2", "concentrations = 100",
     '[[artillery]] "US DS": concentrations must be a whole number from 1 to 99, got 100'),
    (KALTENBACH, "concentrations = 2", "concentrations = 0", "concentrations must be a whole number from 1 to 99"),
    (KALTENBACH, "strength = 10", "strength = 1000", "strength must be a whole number from 1 to 999, got 1000"),
    (KALTENBACH, "multiples = 2", "multiples = 100", "multiples must be a whole number from 0 to 99, got 100"),
    (KALTENBACH, "fascam = 2", "fascam = -1", "fascam must be a whole number from 0 to 99, got -1"),
    (KALTENBACH, "from_turn = 2", "from_turn = 13", "from_turn must be a whole number from 1 to 12, got 13"),
    (KALTENBACH, "strikes = 2", "strikes = 100", '[[air]] "A-10 pair": strikes must be a whole number from 1 to 99'),
    (KALTENBACH, "turn = 4", "turn = 1000", "[[reinforcement]] #1: turn must be a whole number from 1 to 999"),
    (KALTENBACH, 'label = "Kaltenbach", points = 10', 'label = "Kaltenbach", points = 1000',
     "[[victory]] #1: points must be a whole number from 0 to 999, got 1000"),
    (KALTENBACH, 'exit = { edge = "north", points = 3 }', 'exit = { edge = "north", points = -3 }',
     "[[victory]] #1 exit: points must be a whole number from 0 to 999, got -3"),
    (KALTENBACH, 'label = "155mm SP battalion in direct support"', "label = 99999999999999999999",
     "artillery[1].label: 99999999999999999999 is too large a number"),
    (KALTENBACH, "turns = 12", "turns = " + "9" * 5000, "a number too long to read"),
    (KALTENBACH, 'special_rules = [', 'special_rules = [5, ',
     "special_rules must be a list of strings"),
    (OSTERBY, "limit = 5", "limit = 1000",
     "[[warblog.hearts_and_minds]] #1: limit must be a whole number from 1 to 999, got 1000"),
    (OSTERBY, "start = 3", "start = 6", "start must be a whole number from 0 to 5, got 6"),
    (OSTERBY, "radius = 1 }", "radius = -1 }", "within radius must be a whole number from 0 to 42, got -1"),
]


@pytest.mark.parametrize("scenario,old,new,words", OUT_OF_RANGE, ids=[r[3][:50] for r in OUT_OF_RANGE])
def test_every_number_of_a_scenario_is_held_to_its_range(tmp_path, capsys, scenario, old, new, words):
    bad = variant(tmp_path, scenario, old, new)
    line = refused(capsys, "validate", bad)
    assert line.startswith(f"umpire: error: {bad}") and words in line, line


# 3: orders for a turn of the game still to come ------------------------------------------------

@pytest.mark.parametrize("turn,words", [
    (999, "turn 999 is not a turn of this game (turns 1 to 12)"),
    (13, "turn 13 is not a turn of this game (turns 1 to 12)"),
    ("99999999999999999999", "turn must be a whole number from 1 to 999, got 99999999999999999999"),
])
def test_orders_for_a_turn_outside_the_game_are_refused_and_not_journaled(tmp_path, capsys, game, turn, words):
    orders = tmp_path / "nato.toml"
    orders.write_text(f'side = "nato"\nturn = {turn}\n[commands]\n"A/2-32" = "overwatch"\n')
    before, rows = game.read_bytes(), journal_of(capsys, game)
    line = refused(capsys, "orders", game, orders)
    assert line.startswith(f"umpire: error: {orders}: ") and words in line, line
    assert game.read_bytes() == before and journal_of(capsys, game) == rows


def test_orders_for_a_past_turn_are_refused_and_for_a_later_one_kept(tmp_path, capsys, game):
    assert run(capsys, "end-turn", game)[0] == 0
    past = tmp_path / "past.toml"
    past.write_text('side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n')
    rows = journal_of(capsys, game)
    assert "turn 1 is past: the game is at turn 2" in refused(capsys, "orders", game, past)
    assert journal_of(capsys, game) == rows
    later = tmp_path / "later.toml"
    later.write_text('side = "nato"\nturn = 12\n[commands]\n"A/2-32" = "overwatch"\n')
    code, out, _ = run(capsys, "orders", game, later)
    assert code == 0 and "gives orders for turn 12" in out


def test_orders_with_a_number_too_big_for_the_game_file_are_refused(tmp_path, capsys, game):
    orders = tmp_path / "nato.toml"
    orders.write_text('side = "nato"\nturn = 1\n[[fire]]\nsupport = "US DS"\nconcentration = 99999999999999999999\n'
                      'target = "2215"\npattern = "tight"\n')
    line = refused(capsys, "orders", game, orders)
    assert f"{orders}: fire[1].concentration: 99999999999999999999 is too large a number" in line


# 4: plots for a turn outside the game ----------------------------------------------------------

def test_plots_for_a_turn_outside_the_game_are_refused_for_the_turn(capsys, game):
    # Recon 1 drives up to 2215, where NATO sees it: the hex is fine, only the turn is wrong
    assert run(capsys, "move", game, "Recon 1", *[f"22{r:02d}" for r in range(24, 14, -1)], "--dice", "10")[0] == 0
    ok = ["plot", game, "--side", "nato", "--mission", "US DS", "1", "2215", "tight"]
    before = game.read_bytes()
    line = refused(capsys, *ok, "--turn", "99999999999999999999")
    assert "argument --turn: must be a whole number from 1 to 999, got '99999999999999999999'" in line
    line = refused(capsys, *ok, "--turn", "13")
    assert line == ("umpire: error: plots refused, nothing kept: turn 13 is not a turn of this game "
                    "(turns 1 to 12)")
    assert game.read_bytes() == before
    assert run(capsys, *ok, "--turn", "12")[0] == 0          # a later turn of the game is fine


# 5: a GAME that is not a game file, for every command that takes one --------------------------

def _commands(d: Path) -> list[list[str]]:
    orders = d / "orders.toml"
    orders.write_text('side = "nato"\nturn = 1\n')
    return [["validate"], ["render", "--out", str(d / "x.png")], ["los", "0101", "0102"], ["spot", "--side", "nato"],
            ["move", "A1", "0101"], ["activate", "C"], ["form-column", "A1"], ["halt", "A1"],
            ["overrun", "A1", "--stay"], ["fire", "A1", "--at", "B1"], ["fire", "A1", "--at", "B1", "--odds"],
            ["attack", "A1", "--hex", "0101"], ["attack", "A1", "--hex", "0101", "--odds"],
            ["spot-attempt", "A1", "--hex", "0101"], ["fire-mission", "A1", "--hex", "0101"],
            ["rule-action", "smoke", "A1"], ["split-fire", "A1", "--element", "d1", "B1"], ["defilade", "A1"],
            ["plot", "--side", "nato"], ["multiply", "--side", "nato", "--support", "X"],
            ["displace", "--side", "nato", "--support", "X"], ["place-impact", "--side", "nato", "--support", "X",
                                                                "--clear"],
            ["report", "--side", "nato", "--out", str(d)], ["h-fire", "A1", "--buttoned"], ["pass"],
            ["next-phase"], ["end-activation"], ["end-turn"], ["undo"], ["redo"], ["status"], ["victory"],
            ["journal"], ["replay", "--verify"], ["orders", str(orders)], []]          # []: the window


def _not_a_game(path: Path, kind: str) -> str:
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "text":
        path.write_text("not a game\n")
    elif kind == "other sqlite":
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE a(x)")
        conn.close()
    return {"empty": "not an Umpire game file (not an SQLite database)",
            "text": "not an Umpire game file (not an SQLite database)",
            "other sqlite": "not an Umpire game file (no game_info table)", "missing": "no such file"}[kind]


@pytest.mark.parametrize("kind", ["empty", "text", "other sqlite", "missing"])
def test_every_command_refuses_a_file_that_is_not_a_game(tmp_path, capsys, kind):
    bad = tmp_path / "bad.umpire"
    words = _not_a_game(bad, kind)
    before = bad.read_bytes() if bad.exists() else None
    for command in _commands(tmp_path):
        argv = [*command[:1], bad, *command[1:]]
        assert refused(capsys, *argv) == f"umpire: error: {bad}: {words}", command
        assert (bad.read_bytes() if bad.exists() else None) == before, command       # not created, not changed


# 6: odds of a shot or an attack that cannot be made --------------------------------------------

def test_fire_odds_of_an_impossible_shot_are_a_refusal(capsys, game):
    line = refused(capsys, "fire", game, "NOPE", "--at", "A1", "--odds")
    assert line == "umpire: error: no shot: NOPE: no unit 'NOPE'"
    assert "no unit 'NOPE'" in refused(capsys, "fire", game, "A1", "--at", "NOPE", "--odds")
    assert "no shot: A3: " in refused(capsys, "fire", game, "A3", "--at", "A1", "--odds")      # its own side
    assert run(capsys, "move", game, "Recon 1", *[f"22{r:02d}" for r in range(24, 14, -1)], "--dice", "10")[0] == 0
    code, out, err = run(capsys, "fire", game, "A3", "--at", "Recon 1", "--odds")      # a legal shot
    assert code == 0 and "odds:" in out and not err


def test_attack_odds_of_an_impossible_attack_are_a_refusal(tmp_path, capsys):
    from rules.gamekit import make_game

    loc = make_game(tmp_path, [("T", "tank_bn", "0303")], [("I", "infantry_bn", "0403")],
                    terrain="\n".join(["dddddddd"] * 6))
    assert refused(capsys, "attack", loc, "NOPE", "--hex", "0403", "--odds") == "umpire: error: no unit 'NOPE'"
    assert "attack refused: " in refused(capsys, "attack", loc, "T", "--hex", "0603", "--odds")     # nobody there
    assert "attack refused: " in refused(capsys, "attack", loc, "T", "--hex", "0303", "--odds")     # its own hex
    assert "off the map" in refused(capsys, "attack", loc, "T", "--hex", "0909", "--odds")
    code, out, err = run(capsys, "attack", loc, "T", "--hex", "0403", "--odds")
    assert code == 0 and "2-1" in out and not err
    # War Blog has no unit-against-unit fire: the command says what to use instead, and changes nothing
    for odds in (("--odds",), ()):
        line = refused(capsys, "fire", loc, "T", "--at", "I", *odds)
        assert "War Blog has no unit-against-unit fire: its units attack a hex together (umpire attack" in line


# 7: a hand-edited game file is refused by every command -----------------------------------------

MW4_TYPES = len(load_ruleset("mechwar4").unit_types)      # the catalogue grows (a UH-60 for MW4 17.13)

DAMAGE = [
    ("UPDATE unit SET type = 'nope' WHERE id = 'T1'", f"unit 'T1': unknown unit type 'nope' ({MW4_TYPES} known; "),
    ("UPDATE unit SET type = 'us_m1a1' WHERE id = 'T1'", f"unit 'T1': unknown unit type 'us_m1a1' ({MW4_TYPES} known; the nearest: us_m1"),
    ("UPDATE unit SET q = 500 WHERE id = 'T1'", "unit 'T1': hex q=500, r=18 (column 500, row 268) is off the map "
                                               "(columns 1-40, rows 1-30)"),
    ("UPDATE unit SET q = 'x' WHERE id = 'T1'", "unit 'T1': hex q='x', r=18 is not a hex"),
    ("UPDATE unit SET status = 'zombie' WHERE id = 'T1'", "unit 'T1': unknown status 'zombie' (known: destroyed, "
                                                         "dropped, exited, off_map, on_map, removed)"),
    ("UPDATE unit SET side_id = 'nato' WHERE id = 'T1'", "unit 'T1': its battalion '1 MRB' is of side 'warpac', not 'nato'"),
    ("UPDATE unit SET carried_by = 'ghost' WHERE id = 'T1'", "unit 'T1': unknown carrier 'ghost'"),
    ("UPDATE unit SET steps_lost = 7 WHERE id = 'T1'", "unit 'T1': steps_lost must be a whole number from 0 to"),
    ("UPDATE unit SET marks = '{\"fatigue\": -1}' WHERE id = 'T1'",
     "unit 'T1': marks: fatigue: input should be greater than or equal to 0"),
    ("UPDATE unit SET marks = '{\"dizzy\": true}' WHERE id = 'T1'", "unit 'T1': marks: dizzy: extra inputs are not permitted"),
    ("UPDATE game_info SET rule_state = '{\"active_company\": 5}'", "rule_state: active_company: input should be a valid string"),
    ("UPDATE unit SET path = '[[900, 1]]' WHERE id = 'T1'", "unit 'T1': path hex q=900, r=1"),
    ("UPDATE unit SET path = '5' WHERE id = 'T1'", "damaged game file: TypeError"),
    ("UPDATE support SET traits = '[1]' WHERE id = 'US DS'", "support 'US DS': traits: must be a table of keys, got [1]"),
    ("UPDATE support SET traits = '{\"fascam\": \"two\"}' WHERE id = 'US DS'",
     "support 'US DS': traits: fascam must be a whole number from 0 to 99, got 'two'"),
    ("UPDATE unit SET traits = '{\"morale\": 3}' WHERE id = 'T1'", "unit 'T1': traits: unknown key 'morale'"),
    ("UPDATE map_hex SET terrain = 'lava' WHERE q = 1 AND r = 1", "map_hex q=1, r=1: unknown terrain 'lava' (known: "
                                                                  "clear, heavy_woods, lake, light_woods, marsh, town)"),
    ("UPDATE map_hex SET elevation = 12 WHERE q = 1 AND r = 1", "map_hex q=1, r=1: elevation must be a whole number "
                                                                "from 0 to 9, got 12"),
    ("DELETE FROM map_hex WHERE q = 1 AND r = 1", "map_hex: the map has no row for hex 0102"),
    ("UPDATE map_hexside SET feature = 'canal' WHERE feature = 'road'", "unknown hexside feature 'canal'"),
    ("UPDATE zone SET hexes = '[[900, 1]]' WHERE id = 'nato-setup'", "zone 'nato-setup': hex q=900, r=1"),
    ("UPDATE overlay SET q = 300", "overlay #1 ('minefield'): hex q=300"),
    ("UPDATE overlay SET kind = 'volcano'", "overlay #1 ('volcano'): unknown overlay 'volcano'"),
    ("UPDATE contact SET q = 700", "contact of 'nato' for 'Recon 1': hex q=700"),
    ("UPDATE contact SET status = 'rumoured'", "unknown status 'rumoured' (known: destroyed, last_known, seen)"),
    ("UPDATE reinforcement SET entry = '[[0, 0]]'", "reinforcement #1: entry hex q=0, r=0"),
    ("UPDATE reinforcement SET unit_ids = '[\"ghost\"]'", "reinforcement #1: unknown unit 'ghost'"),
    ("UPDATE reinforcement SET turn = 13", "reinforcement #1: turn must be a whole number from 1 to 12, got 13"),
    ("UPDATE victory SET objectives = '[{\"q\": 99, \"r\": 1, \"label\": \"X\", \"points\": 5}]'",
     "victory #1 objective 'X': hex q=99, r=1"),
    ("UPDATE battalion SET side_id = 'klingons' WHERE id = 'TF 2-32'", "battalion 'TF 2-32': unknown side 'klingons'"),
    ("UPDATE company SET battalion_id = 'nobody' WHERE id = 'A/2-32'", "company 'A/2-32': unknown battalion 'nobody'"),
    ("UPDATE side SET traits = '{\"quality\": \"heroic\"}' WHERE id = 'nato'", "side 'nato': unknown troop quality 'heroic'"),
    ("UPDATE battalion SET traits = '{\"hq_rating\": \"Z\"}' WHERE id = '1 MRB'", "battalion '1 MRB': unknown hq_rating 'Z'"),
    ("UPDATE game_info SET turn = 99", "game_info: turn must be a whole number from 1 to 12, got 99"),
    ("UPDATE game_info SET turns = 5000", "game_info: turns must be a whole number from 1 to 999, got 5000"),
    ("UPDATE game_info SET columns = 600", "game_info: columns must be a whole number from 1 to 500, got 600"),
    ("UPDATE game_info SET phase = 'lunch'", "game_info: unknown phase 'lunch' (known: ended, fire_move, "),
    ("UPDATE game_info SET active_side = 'klingons'", "game_info: unknown active side 'klingons'"),
    ("UPDATE support SET strength = 5000 WHERE id = 'US DS'", "support 'US DS': strength must be a whole number from 1 to 999"),
    ("INSERT INTO plot (turn, side_id, support_id, concentration, target_q, target_r, pattern) "
     "VALUES (1, 'nato', 'US DS', 1, 77, 1, 'tight')", "plot turn 1 of 'nato': 'US DS' #1: target hex q=77, r=1"),
    ("INSERT INTO command (turn, company_id, side_id, code, hex_q, hex_r) "
     "VALUES (1, 'A/2-32', 'nato', 'ambush', 77, 1)", "command turn 1 for 'A/2-32': the hex it names q=77, r=1"),
    ("INSERT INTO command (turn, company_id, side_id, code) VALUES (1, 'A/2-32', 'nato', 'charge')",
     "command turn 1 for 'A/2-32': unknown command 'charge' (known: "),
]


@pytest.mark.parametrize("sql,words", DAMAGE, ids=[d[1][:50] for d in DAMAGE])
def test_a_hand_edited_game_file_is_refused_in_one_line_by_every_command(tmp_path, capsys, game, sql, words):
    with sqlite3.connect(game) as conn:
        conn.execute(sql)
    conn.close()
    db._STATIC.clear()          # another process reads the file afresh; this one kept its static part
    before = game.read_bytes()
    commands = [["validate", game], ["render", game, "--out", tmp_path / "x.png"],
                ["move", game, "T1", "1928", "1927"], ["journal", game]]
    if sql.startswith("UPDATE game_info SET") and "rule_state" not in sql and "columns" not in sql:
        commands.append(["status", game])        # status reads the game record alone (umpire/status.py)
    for command in commands:
        line = refused(capsys, *command)
        assert line.startswith(f"umpire: error: {game}: ") and words in line, (command, line)
    assert game.read_bytes() == before and not (tmp_path / "x.png").exists()


# 8: numbers on the command line ----------------------------------------------------------------

@pytest.mark.parametrize("argv,words", [
    (["plot", "{g}", "--side", "nato", "--turn", "0"], "argument --turn: must be a whole number from 1 to 999, got '0'"),
    (["plot", "{g}", "--side", "nato", "--mission", "US DS", "²", "2215", "tight"],
     "--mission: concentration must be a whole number from 1 to 594, got '²'"),
    (["plot", "{g}", "--side", "nato", "--mission", "US DS", "99999999999999999999", "2215", "tight"],
     "--mission: concentration must be a whole number from 1 to 594"),
    (["place-impact", "{g}", "--side", "nato", "--support", "US DS", "--turn", "1000", "--clear"],
     "argument --turn: must be a whole number from 1 to 999"),
    (["place-impact", "{g}", "--side", "nato", "--support", "US DS", "--concentration", "99999999999999999999",
      "--clear"], "argument --concentration: must be a whole number from 1 to 594"),
    (["displace", "{g}", "--side", "nato", "--support", "US DS", "--concentration", "0"],
     "argument --concentration: must be a whole number from 1 to 99, got '0'"),
    (["report", "{g}", "--side", "nato", "--out", "{d}", "--turn", "99999999999999999999"],
     "argument --turn: must be a whole number from 1 to 999"),
    (["render", "{g}", "--out", "{d}/x.png", "--hex-size", "nan"], "argument --hex-size: must be a number of pixels "
                                                                    "from 4 to 200, got 'nan'"),
    (["render", "{g}", "--out", "{d}/x.png", "--hex-size", "1e400"], "argument --hex-size: must be a number of pixels"),
    (["autoplay", str(KALTENBACH), "--turns", "99999999999999999999", "--out", "{d}/a.umpire"],
     "argument --turns: must be a whole number from 1 to 999"),
    (["autoplay", str(KALTENBACH), "--turns", "0", "--out", "{d}/a.umpire"], "argument --turns: must be a whole number"),
    (["new", str(KALTENBACH), "--out", "{d}/n.umpire", "--seed", ""], "argument --seed: a seed is 1 to 64 printable"),
    (["new", str(KALTENBACH), "--out", "{d}/n.umpire", "--seed", "x" * 65], "argument --seed: a seed is 1 to 64"),
    (["bench", "los", "--size", "100000"], "argument --size: must be a whole number from 10 to 500"),
    (["bench", "los", "--size", "10", "--units", "300"], "--units: 300 units a side do not fit on a 10x10 map"),
    (["pass", "{g}", "--dice", "99999999999999999999"], "--dice: a die face must be a whole number from 1 to 100"),
    (["pass", "{g}", "--dice", "³"], "--dice: a die face must be a whole number from 1 to 100, got '³'"),
])
def test_numbers_on_the_command_line_are_held_to_their_ranges(tmp_path, capsys, game, argv, words):
    before = game.read_bytes()
    with within(60):          # a number let through may start a long game or a huge map
        line = refused(capsys, *[a.format(g=game, d=tmp_path) for a in argv])
    assert words in line, line
    assert game.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.umpire"]
