"""Lock 'n Load Tactical heroes (DCT Hero Creation, 11.2, 8.0): a squad's damage check under
enemy fire rolling a natural 1 and then an even die creates a hero in its hex; heroes never
shake (a hit wounds them); a hero among melee attackers shifts the odds one column right."""

from umpire.actions import system_for

from .gamekit import act, game, make_game


def blue_to_act(tmp_path, blue, red):
    loc = make_game(tmp_path, blue, red, rules="lnlt", cols=10)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    return loc


def test_a_one_then_an_even_die_makes_a_hero(tmp_path):
    """4 + FP 5 = 9 against 2: DC+7; X checks 1 + 7 = 8 over morale 6: Shaken -- and its 1
    then a 4 raise an NVA hero in its hex, Good Order (11.2.1)."""
    loc = blue_to_act(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0403")])
    res = act(loc, "assault", 4, 2, 1, 4, side="blue", units=["A"], hex="0403", kind="fire")
    g = game(loc)
    hero = g.units["Hero (X)"]
    assert hero.type == "nva_hero" and hero.side == "red" and hero.hex == g.units["X"].hex
    assert not hero.marks.shaken and g.units["X"].marks.shaken
    assert any("a 1, then 4: Hero (X) (NVA hero) rises in 0403" in x for x in res.log)


def test_a_one_then_an_odd_die_makes_none(tmp_path):
    loc = blue_to_act(tmp_path, [("A", "us_squad", "0103")], [("X", "nva_squad", "0403")])
    res = act(loc, "assault", 4, 2, 1, 3, side="blue", units=["A"], hex="0403", kind="fire")
    assert not any(u.startswith("Hero") for u in game(loc).units)
    assert any("a 1, then 3: no hero (11.2)" in x for x in res.log)


def test_a_hero_is_wounded_not_shaken(tmp_path):
    """DCT: the Hero column -- over morale (7) is Wounded; a hero never shakes."""
    loc = blue_to_act(tmp_path, [("A", "us_squad", "0103")], [("H", "nva_hero", "0403")])
    act(loc, "assault", 6, 2, 2, side="blue", units=["A"], hex="0403", kind="fire")    # DC+9: 2 + 9 = 11
    marks = game(loc).units["H"].marks
    assert marks.wounded and not marks.shaken


def test_a_hero_among_melee_attackers_shifts_the_odds(tmp_path):
    """8.0: firepower 2 + 5 = 7 against 4 is 2-1 on the table; with the hero, 3-1 (kill 5)."""
    loc = blue_to_act(tmp_path, [("H", "us_hero", "0303"), ("A", "us_squad", "0303"), ("B", "us_half_squad", "0404")],
                      [("X", "nva_squad", "0403")])
    g = game(loc)
    system = system_for(loc)
    with_hero = system.assault_sheet(g, ["H", "A"], g.map.grid.parse("0403"), "melee")
    without = system.assault_sheet(g, ["A", "B"], g.map.grid.parse("0403"), "melee")
    assert with_hero.odds == "3-1" and "a hero among them: one column right (8.0)" in "\n".join(with_hero.lines)
    assert system.assault_sheet(g, ["A"], g.map.grid.parse("0403"), "melee").odds == "3-2"
    assert without.odds == "2-1"          # the same 7 (squad and half-squad) against 4, no hero


def test_a_sniper_rolls_two_dice_and_one_random_unit_checks(tmp_path):
    """11.4: 2d6 (4 + 3) + FP 2 = 9 against 1d6 (2) + TM 0: DC+7, and a die picks one of the
    two units (2: the second by id, Y); X is untouched.  A sniper fires alone."""
    loc = make_game(tmp_path, [("X", "us_squad", "0603"), ("Y", "us_squad", "0603")],
                    [("S", "nva_sniper", "0303"), ("T", "nva_squad", "0303")], rules="lnlt", cols=10)
    act(loc, "next_phase")
    if game(loc).active_side == "blue":
        act(loc, "pass", side="blue")
    g = game(loc)
    assert not system_for(loc).assault_sheet(g, ["S", "T"], g.map.grid.parse("0603"), "fire").legal
    res = act(loc, "assault", 4, 3, 2, 2, 3, side="red", units=["S"], hex="0603", kind="fire")
    assert "9 against 2, DC+7" in res.summary and res.log[0].startswith("Sniper fire on 0603 by S")
    g = game(loc)
    assert g.units["Y"].marks.shaken and not g.units["X"].marks.shaken


def test_a_lone_sniper_in_cover_doubles_its_target_modifier(tmp_path):
    """5.5: in light woods (TM 1) a lone sniper defends at +2 against small arms."""
    terrain = "\n".join(["..........", "..........", ".....w....", "..........", "..........", ".........."])
    loc = make_game(tmp_path, [("X", "us_squad", "0303")], [("S", "nva_sniper", "0603")], rules="lnlt", cols=10,
                    terrain=terrain)
    g = game(loc)
    sheet = system_for(loc).assault_sheet(g, ["X"], g.map.grid.parse("0603"), "fire")
    assert sheet.defence == 2 and "a lone sniper's doubled, 5.5" in "\n".join(sheet.lines)


def test_a_hero_fires_with_its_own_firepower_and_adds_nothing_behind_a_squad(tmp_path):
    """5.2: the strongest leads at full firepower, other multi-man counters add half; a hero
    leading fires its 2, behind a squad it adds nothing."""
    loc = blue_to_act(tmp_path, [("H", "us_hero", "0303"), ("A", "us_squad", "0303")], [("X", "nva_squad", "0603")])
    g = game(loc)
    system = system_for(loc)
    assert system.assault_sheet(g, ["H"], g.map.grid.parse("0603"), "fire").firepower == 2
    assert system.assault_sheet(g, ["H", "A"], g.map.grid.parse("0603"), "fire").firepower == 5
