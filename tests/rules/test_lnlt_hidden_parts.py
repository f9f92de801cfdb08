"""What the new Lock 'n Load actions keep from the other side, checked on the produced bytes (the
report's PDF text and images, the map PNG, the journal), as tests/test_side_leaks.py does: a hero's
skill counter (12.0) is its own side's, and so is the mode a side sets its support weapon to (1.6,
3.0 step 5).  Changing what the other side never learnt changes nothing it is given."""

from test_side_leaks import artifacts

from .gamekit import act, game, make_game


def _hero_game(tmp_path, skill_die):
    loc = make_game(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0403")], rules="lnlt", cols=10)
    act(loc, "next_phase", 6, 1)                     # Blue has the initiative
    act(loc, "assault", 4, 2, 1, 4, skill_die, side="blue", units=["A"], hex="0403", kind="fire")
    return loc


def test_12_0_the_firer_learns_nothing_of_the_heros_skill(qapp, tmp_path):
    """12.0: Deadeye (1) or Steady under fire (3): Blue's report, map and journal are the same."""
    one, three = _hero_game(tmp_path / "a", 1), _hero_game(tmp_path / "b", 3)
    assert game(one).units["Hero (X)"].marks.skill != game(three).units["Hero (X)"].marks.skill
    a, b = artifacts(qapp, one, "blue", tmp_path / "ra"), artifacts(qapp, three, "blue", tmp_path / "rb")
    assert any("rises in 0403" in x for e in a["journal"] for x in (e[2], *e[3]))       # the hero it saw rise
    for what in a:
        assert a[what] == b[what], what


def test_1_6_the_enemy_learns_nothing_of_a_weapons_mode(qapp, tmp_path):
    """1.6, 3.0 step 5: Blue sets its M60 on the tripod, or leaves it: Red's artifacts are the same."""
    games = []
    for name, change in (("set", True), ("left", False)):
        loc = make_game(tmp_path / name, [("A", "us_squad", "0103"), ("G", "us_m60", "0103", "A")],
                        [("X", "nva_squad", "0303")], rules="lnlt", cols=10)
        if change:
            act(loc, "weapons", side="blue", unit="A", do="change_mode", weapon="G", mode="tripod")
        act(loc, "next_phase", 6, 1)
        games.append(loc)
    assert game(games[0]).units["G"].marks.mode == "tripod" and game(games[1]).units["G"].marks.mode is None
    a, b = artifacts(qapp, games[0], "red", tmp_path / "ra"), artifacts(qapp, games[1], "red", tmp_path / "rb")
    for what in a:
        assert a[what] == b[what], what
