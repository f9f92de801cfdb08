"""[map.backdrop] in the scenario format (core/backdrop.py): read, checked -- the image there,
readable, the calibrated grid on it -- each problem one line naming the file, the place and what
is wrong; and a game drawn on the backdrop its scenario file names now."""

import pytest

from umpire.core.backdrop import Backdrop, misfit
from umpire.core.hexgrid import Grid
from umpire.core.scenario import load_scenario
from umpire.core.store.db import create_game, open_game

from . import backdropkit as kit
from scenariokit import refused


def test_a_backdrop_is_read_with_its_image_beside_the_scenario(tmp_path):
    sc = load_scenario(kit.scenario(tmp_path))
    b = sc.map.backdrop
    assert b.path == tmp_path / "board.png" and b.opacity == 0.6 and b.hex_size == kit.HEX
    # hex 0101's centre is the origin; 0201 one and a half sizes right, half a hex lower (flat, even)
    assert b.image_point(sc.map.grid, sc.map.grid.parse("0101")) == pytest.approx(kit.ORIGIN)
    x, y = b.image_point(sc.map.grid, sc.map.grid.parse("0201"))
    assert (x, y) == pytest.approx((kit.ORIGIN[0] + 1.5 * kit.HEX, kit.ORIGIN[1] + 3 ** 0.5 / 2 * kit.HEX))


def test_without_a_backdrop_the_map_has_none(tmp_path):
    assert load_scenario(kit.scenario(tmp_path, table="")).map.backdrop is None


@pytest.mark.parametrize("table, words", [
    (kit.backdrop_table(image="nowhere.png"), "image 'nowhere.png': no such file"),
    (kit.backdrop_table(image="junk.png"), "image 'junk.png': not an image Umpire can read"),
    (kit.backdrop_table(hex_size=40), "the grid does not fit the image: hex 1201's centre falls at (685, 60)"),
    (kit.backdrop_table(origin=(-30, 25)), "the grid does not fit the image: hex 0101's centre"),
    (kit.backdrop_table(opacity=1.5), "opacity must be a number from 0 to 1, got 1.5"),
    (kit.backdrop_table(extra="zoom = 2\n"), "unknown key 'zoom'"),
    ('\n[map.backdrop]\nimage = "board.png"\nhex_size = 20\n', "missing 'origin'"),
])
def test_a_bad_backdrop_is_refused_in_one_line(tmp_path, table, words):
    (tmp_path / "junk.png").write_bytes(b"this is no picture")
    path = kit.scenario(tmp_path, table=table)
    err = refused(path)
    assert "[map.backdrop]" in err.one_line() and words in err.problem, err.one_line()
    assert err.line is not None            # the line of the table, or of the key at fault in it
    line = path.read_text().splitlines()[err.line - 1]
    assert line == "[map.backdrop]" or line.split(" =")[0] in ("image", "hex_size", "opacity", "zoom"), line


def test_the_grid_fits_when_every_hex_centre_is_on_the_image():
    """The reading chosen: centres on the image, corners may overhang (a printed board's edge hexes
    are halves).  The toy's 12 x 10 map at 20 pixels reaches x = 25 + 16.5 * 20 = 355 (column 12, sitting half a hex low, y = 42)."""
    grid = Grid(12, 10, "flat", "even")
    b = Backdrop("b.png", None, 0.5, 20.0, (25.0, 25.0))
    assert misfit(b, grid, (356, 380)) is None
    assert "hex 1201's centre falls at (355, 42)" in misfit(b, grid, (354, 380))
    pointy = Grid(12, 10, "pointy", "odd")
    assert misfit(Backdrop("b.png", None, 0.5, 20.0, (25.0, 25.0)), pointy, (460, 300)) is None
    assert misfit(Backdrop("b.png", None, 0.5, 20.0, (25.0, 25.0), stretch=1.2), pointy, (460, 300))


def test_the_game_draws_the_backdrop_its_scenario_names_now(tmp_path):
    path = kit.scenario(tmp_path)
    game_file = create_game(load_scenario(path), tmp_path / "g.umpire")
    assert open_game(game_file).map.backdrop.hex_size == kit.HEX
    # calibrated again after the game began: the game's map is drawn on the new calibration
    path.write_text(path.read_text().replace(f"hex_size = {kit.HEX}", "hex_size = 19.5"))
    assert open_game(game_file).map.backdrop.hex_size == 19.5
    # the scenario gone: the game's own copy of it, the image still beside it
    path.unlink()
    assert open_game(game_file).map.backdrop.hex_size == kit.HEX
    # the image gone too: played on the terrain shading alone
    (tmp_path / "board.png").unlink()
    assert open_game(game_file).map.backdrop is None


def _outside_cases(tmp_path):
    """A scenario in club/ and a picture beside club/, not in it: named four ways."""
    club = tmp_path / "club"
    club.mkdir()
    kit.board(tmp_path / "secret.png")
    (club / "link.png").symlink_to(tmp_path / "secret.png")
    return club, {"absolute": str(tmp_path / "secret.png"), "up": "../secret.png",
                  "up and back": "../club/../secret.png", "a link out": "link.png"}


@pytest.mark.parametrize("how", ["absolute", "up", "up and back", "a link out"])
def test_a_backdrop_outside_the_scenario_folder_is_refused(tmp_path, capsys, how):
    """Every side's maps, reports and packages draw the backdrop: a scenario may not name a
    picture from elsewhere on the umpire's disk (the reading chosen: the path once links and ..
    are followed must lie in the scenario's folder or one under it)."""
    from umpire.cli import main
    club, names = _outside_cases(tmp_path)
    path = kit.scenario(club, table=kit.backdrop_table(image=names[how]), image=False)
    err = refused(path)
    assert err.problem == (f"image {names[how]!r} lies outside the scenario's folder: put the picture in that "
                           "folder or one under it")
    assert path.read_text().splitlines()[err.line - 1].startswith("image =")
    assert main(["validate", str(path)]) == 2
    assert "lies outside the scenario's folder" in capsys.readouterr().err


def test_a_backdrop_in_a_folder_under_the_scenario_is_fine(tmp_path):
    (tmp_path / "maps" / "north").mkdir(parents=True)
    kit.board(tmp_path / "maps" / "north" / "board.png")
    path = kit.scenario(tmp_path, table=kit.backdrop_table(image="maps/north/../north/board.png"), image=False)
    assert load_scenario(path).map.backdrop.path.resolve() == tmp_path / "maps" / "north" / "board.png"


def test_a_game_whose_scenario_now_names_a_backdrop_outside_never_draws_it(tmp_path):
    """The scenario edited after the game began to name a picture outside its folder: that one
    is refused like any broken backdrop, and the game is drawn on its own copy of the scenario's
    (the picture it began with), never on the one outside."""
    club, names = _outside_cases(tmp_path)
    path = kit.scenario(club)
    game_file = create_game(load_scenario(path), club / "g.umpire")
    assert open_game(game_file).map.backdrop.path == club / "board.png"
    for name in names.values():
        path.write_text(path.read_text().replace('image = "board.png"', f'image = "{name}"'))
        assert open_game(game_file).map.backdrop.path == club / "board.png", name
        path.write_text(path.read_text().replace(f'image = "{name}"', 'image = "board.png"'))
