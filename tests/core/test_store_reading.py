"""The game file's map is read as plain columns (core/store/db.py), not row objects: what is read
must be the scenario's map -- terrain, elevation and every hexside feature with its high side."""

from umpire.core.store.db import forget_static_parts, open_game


def test_the_map_read_from_the_file_is_the_scenarios(game_path, sample_scenario):
    forget_static_parts()                      # read from the file, not kept from an earlier read
    game_map, written = open_game(game_path).map, sample_scenario.map
    assert game_map.terrain == written.terrain and game_map.elevation == written.elevation
    assert game_map.hexsides == written.hexsides          # slopes with their high hex
    assert {k for kinds in game_map.hexsides.values() for k in kinds} >= {"road", "stream", "bridge", "slope"}
    assert any(level > 0 for level in game_map.elevation.values()), "control: hills, not a flat map"
