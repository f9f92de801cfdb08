"""Reading a game's map pauses Python's cycle collector (core/store/db.py): it must be left as
it was found, and the game read must be the same."""

import gc

import pytest

from umpire.core.store.db import forget_static_parts, open_game


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_a_map_leaves_the_cycle_collector_as_it_was(game_path, enabled):
    forget_static_parts()                      # the map is read from the file, not kept from before
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        game = open_game(game_path)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
    forget_static_parts()
    again = open_game(game_path)
    assert game.map.terrain == again.map.terrain and game.map.hexsides == again.map.hexsides
    assert len(game.map.terrain) == game.map.grid.columns * game.map.grid.rows
