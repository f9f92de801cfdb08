"""`umpire import-map image`: a picture of a map and its calibration as a scenario skeleton whose
backdrop is that picture; its columns and rows found from the picture when not given."""

import pytest

from umpire.cli import main
from umpire.core.scenario import load_scenario

from . import backdropkit as kit


def _import(tmp_path, *extra):
    kit.board(tmp_path / "board.png")
    return main(["import-map", "image", str(tmp_path / "board.png"), "--rules", "toy", "--hex-size", "20",
                 "--origin", "25,25", "--out", str(tmp_path / "sc.toml"), *extra])


def test_columns_and_rows_are_found_from_the_image(tmp_path, capsys):
    assert _import(tmp_path) == 0
    sc = load_scenario(tmp_path / "sc.toml")
    g = sc.map.grid
    # 380 pixels: columns 25 + 30 k <= 380 -> 12; rows 25 + 34.6 k (+17.3 on the low columns) <= 380 -> 10
    assert (g.columns, g.rows, g.orientation, g.stagger) == (12, 10, "flat", "even")
    b = sc.map.backdrop
    assert b.image == "board.png" and b.hex_size == 20 and b.origin == (25, 25) and b.opacity == 0.5
    assert set(sc.map.terrain.values()) == {"clear"}
    assert "a 12 x 10 flat-topped map for toy on a backdrop" in capsys.readouterr().out
    assert main(["validate", str(tmp_path / "sc.toml")]) == 0


def test_pointy_with_its_own_size_and_the_picture_in_another_folder(tmp_path):
    kit.board(tmp_path / "board.png")
    (tmp_path / "scenarios").mkdir()
    out = tmp_path / "scenarios" / "sc.toml"
    assert main(["import-map", "image", str(tmp_path / "board.png"), "--rules", "toy", "--hex-size", "20",
                 "--origin", "25,25", "--orientation", "pointy", "--stagger", "odd", "--columns", "5",
                 "--rows", "4", "--opacity", "0.8", "--out", str(out)]) == 0
    sc = load_scenario(out)
    assert (sc.map.grid.columns, sc.map.grid.rows, sc.map.grid.orientation) == (5, 4, "pointy")
    # a backdrop may not lie outside its scenario's folder: the picture is copied beside it
    assert sc.map.backdrop.image == "board.png" and sc.map.backdrop.opacity == 0.8
    assert (out.parent / "board.png").read_bytes() == (tmp_path / "board.png").read_bytes()


@pytest.mark.parametrize("extra, words", [
    (("--columns", "30", "--rows", "10"), "the grid does not fit the image: hex 3001's centre"),
    (("--columns", "5",), "give both --columns and --rows"),
])
def test_a_grid_that_does_not_fit_is_refused(tmp_path, capsys, extra, words):
    assert _import(tmp_path, *extra) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and not (tmp_path / "sc.toml").exists()


def test_a_missing_or_broken_picture_is_refused(tmp_path, capsys):
    assert main(["import-map", "image", str(tmp_path / "none.png"), "--rules", "toy", "--hex-size", "20",
                 "--origin", "25,25", "--out", str(tmp_path / "sc.toml")]) == 2
    assert "none.png: no such file" in capsys.readouterr().err
    (tmp_path / "junk.png").write_bytes(b"\x89PNG not really")
    assert main(["import-map", "image", str(tmp_path / "junk.png"), "--rules", "toy", "--hex-size", "20",
                 "--origin", "25,25", "--out", str(tmp_path / "sc.toml")]) == 2
    assert "junk.png: not an image Umpire can read" in capsys.readouterr().err
    assert main(["import-map", "image", str(tmp_path / "junk.png"), "--rules", "toy", "--hex-size", "20",
                 "--origin", "25;25", "--out", str(tmp_path / "sc.toml")]) == 2
    assert "--origin: the origin is X,Y" in capsys.readouterr().err


def test_a_picture_in_a_folder_under_the_scenario_stays_where_it_is(tmp_path):
    (tmp_path / "maps").mkdir()
    kit.board(tmp_path / "maps" / "board.png")
    assert main(["import-map", "image", str(tmp_path / "maps" / "board.png"), "--rules", "toy", "--hex-size", "20",
                 "--origin", "25,25", "--out", str(tmp_path / "sc.toml")]) == 0
    assert load_scenario(tmp_path / "sc.toml").map.backdrop.image == "maps/board.png"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["maps", "sc.toml"]       # nothing copied


def test_a_picture_from_elsewhere_is_copied_only_when_the_import_succeeds(tmp_path, capsys):
    kit.board(tmp_path / "board.png")
    (tmp_path / "club").mkdir()
    argv = ["import-map", "image", str(tmp_path / "board.png"), "--rules", "toy", "--hex-size", "20",
            "--origin", "25,25", "--out", str(tmp_path / "club" / "sc.toml")]
    assert main(argv + ["--columns", "30", "--rows", "10"]) == 2             # the grid does not fit
    assert "the grid does not fit the image" in capsys.readouterr().err
    assert list((tmp_path / "club").iterdir()) == []                        # the copy taken away again
    (tmp_path / "club" / "board.png").write_bytes(b"the club's other picture")
    assert main(argv) == 2
    assert "club/board.png: already exists with other contents (give --force" in capsys.readouterr().err
    assert (tmp_path / "club" / "board.png").read_bytes() == b"the club's other picture"
    assert main(argv + ["--force"]) == 0
    assert load_scenario(tmp_path / "club" / "sc.toml").map.backdrop.image == "board.png"


def test_a_board_cut_through_its_last_columns_centres_keeps_that_column(tmp_path, capsys):
    """The last column's centres lie on the picture's right edge (70 = 14.2 + 6 x 9.3): the column
    is on the picture.  (w - x0) // step in floating point gave 5.999... steps and lost it."""
    kit.board(tmp_path / "board.png", size=(70, 72))
    assert main(["import-map", "image", str(tmp_path / "board.png"), "--rules", "toy", "--hex-size", "6.2",
                 "--origin", "14.2,18.31", "--out", str(tmp_path / "sc.toml")]) == 0
    g = load_scenario(tmp_path / "sc.toml").map.grid
    assert (g.columns, g.rows) == (7, 5)
    assert "a 7 x 5 flat-topped map" in capsys.readouterr().out


def test_the_size_found_is_the_largest_that_fits():
    """Boards whose last column and row of centres fall on the picture's edges, every shape: one
    more column or row would not fit, the size found does -- and the loop that trims a staggered
    map trims the side that overhangs (a row a hair over the edge used to cost every column)."""
    import math
    import random
    from pathlib import Path

    from umpire.core.backdrop import Backdrop, misfit
    from umpire.core.hexgrid import Grid
    from umpire.mapimport.image import Calibration, fitting_size

    rng = random.Random(22)
    for _ in range(400):
        o, st = rng.choice(["flat", "pointy"]), rng.choice(["even", "odd"])
        s, stretch = round(rng.uniform(5, 40), rng.choice([0, 1, 2])), rng.choice([1.0, 1.1, 0.9])
        step_x = s * (1.5 if o == "flat" else math.sqrt(3))
        step_y = s * stretch * (math.sqrt(3) if o == "flat" else 1.5)
        k, j = rng.randint(3, 20), rng.randint(3, 20)
        w, h = int(step_x * k + 2 * s) + rng.randint(1, 3), int(step_y * j + 3 * s)
        origin = (w - step_x * k, h - step_y * j)
        cols, rows = fitting_size(Calibration(s, origin, o, st, stretch), (w, h))
        b = Backdrop("", Path(), 0.5, s, origin, stretch)

        def fits(c, r):
            return misfit(b, Grid(c, r, o, st), (w, h)) is None
        assert fits(cols, rows) and not fits(cols + 1, rows) and not fits(cols, rows + 1), (o, st, s, origin, w, h)
