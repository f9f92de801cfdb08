"""Calibrating a backdrop by the centres of hexes picked on the image (core/backdrop.py): the fit
finds the size, origin and stretch the picks were made with, and says when picks cannot say."""

import pytest

from umpire.core.backdrop import Backdrop, fit_calibration
from umpire.core.hexgrid import Grid


@pytest.mark.parametrize("orientation, stagger", [("flat", "even"), ("flat", "odd"), ("pointy", "even")])
def test_three_picked_centres_give_back_the_calibration(orientation, stagger):
    grid = Grid(20, 15, orientation, stagger)
    truth = Backdrop("b.png", None, 0.5, 31.5, (40.0, 52.0), stretch=1.07)
    hexes = [grid.parse(n) for n in ("0101", "1801", "0314")]
    picks = [(h, truth.image_point(grid, h)) for h in hexes]
    size, origin, stretch, miss = fit_calibration(grid, picks)
    assert size == pytest.approx(31.5) and origin == pytest.approx((40.0, 52.0)) and stretch == pytest.approx(1.07)
    assert miss == pytest.approx(0, abs=1e-6)


def test_a_pick_off_by_a_few_pixels_is_told():
    grid = Grid(20, 15)
    truth = Backdrop("b.png", None, 0.5, 30.0, (40.0, 40.0))
    picks = [(grid.parse(n), truth.image_point(grid, grid.parse(n))) for n in ("0101", "1801", "0314")]
    picks[2] = (picks[2][0], (picks[2][1][0] + 6, picks[2][1][1]))
    assert fit_calibration(grid, picks)[3] > 2


def test_hexes_in_one_row_keep_the_hexes_regular():
    grid = Grid(20, 15, "pointy")
    truth = Backdrop("b.png", None, 0.5, 25.0, (30.0, 30.0))
    picks = [(grid.parse(n), truth.image_point(grid, grid.parse(n))) for n in ("0101", "1201")]
    size, origin, stretch, _ = fit_calibration(grid, picks)
    assert size == pytest.approx(25.0) and stretch == 1.0 and origin == pytest.approx((30.0, 30.0))


def test_picks_that_cannot_say():
    grid = Grid(20, 15)
    with pytest.raises(ValueError, match="at least two different hexes"):
        fit_calibration(grid, [(grid.parse("0101"), (10, 10)), (grid.parse("0101"), (12, 10))])
    with pytest.raises(ValueError, match="wrong way round"):
        fit_calibration(grid, [(grid.parse("0101"), (300, 300)), (grid.parse("0505"), (10, 10))])
