"""Side views: built only from what a side knows."""

import pytest

from umpire.core.knowledge import UMPIRE, build_view, viewers
from umpire.core.store.db import open_game


@pytest.fixture()
def game(game_path):
    return open_game(game_path)


def test_umpire_sees_every_unit_on_the_map(game):
    view = build_view(game, UMPIRE)
    shown = {m.key for m in view.units}
    on_map = {u.id for u in game.units.values() if u.on_map and not u.carried_by}
    assert shown == on_map
    assert {m.side for m in view.units} == {"blue", "red"}


@pytest.mark.parametrize("side,enemy", [("blue", "red"), ("red", "blue")])
def test_a_side_sees_its_own_units_and_no_enemy(game, side, enemy):
    view = build_view(game, side)
    assert view.units and all(m.side == side and m.knowledge == "own" for m in view.units)
    enemy_ids = {u.id for u in game.units_of(enemy)}
    enemy_hexes = {u.hex for u in game.units_of(enemy) if u.hex} - {u.hex for u in game.units_of(side)}
    assert not enemy_ids & {m.key for m in view.units}
    assert not enemy_hexes & {m.hex for m in view.units}
    assert all(z.side == side for z in view.zones)


def test_secret_minefield_only_for_its_owner(game):
    assert any(o.kind == "minefield" for o in build_view(game, "red").map.overlays)
    assert not any(o.kind == "minefield" for o in build_view(game, "blue").map.overlays)
    assert any(o.kind == "minefield" for o in build_view(game, UMPIRE).map.overlays)


def test_view_does_not_share_overlay_list_with_the_game(game):
    view = build_view(game, "blue")
    assert view.map.overlays is not game.map.overlays


def test_unknown_viewer(game):
    with pytest.raises(ValueError, match="unknown viewer"):
        build_view(game, "martians")


def test_viewers_lists_umpire_then_sides(game):
    assert [v for v, _ in viewers(game)] == [UMPIRE, "blue", "red"]
