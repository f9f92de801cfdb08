"""The unit inspector's rows say a unit's place in words (tester's report on Hex Command
Mechanized, item 11: a commander lifted off the table read "Position off_map")."""

from umpire.core.details import status_words, unit_rows
from umpire.core.store.db import open_game


def test_a_unit_off_the_map_is_said_to_be_off_the_map(game_path):
    game = open_game(str(game_path))
    u = next(u for u in game.units.values() if u.on_map and u.id not in
             {x for r in game.reinforcements for x in r.units})
    u.status = "off_map"
    rows = dict(unit_rows(game, u, umpire=True))
    assert rows["Position"] == "off the map"
    assert status_words("destroyed") == "destroyed" and status_words("exited_map") == "exited map"


def test_the_default_range_is_the_hexes_stepped(game_path):
    from umpire.rules import rule_system
    game = open_game(str(game_path))
    p = game.map.grid.parse
    assert rule_system(game.rules).range_between(game, p("0101"), p("0401")) == 3
