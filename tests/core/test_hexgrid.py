"""Hex math: properties (hypothesis) and the exact line crossings sight lines depend on."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

from umpire.core.hexgrid import (DIRECTIONS, Grid, Hex, Hexside, direction_to, hex_distance, hex_line,
                                 line_crossing, neighbours, ring, spiral)
from umpire.core.layout import Layout

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)
offsets = st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8))
grids = st.builds(Grid, st.integers(1, 120), st.integers(1, 120), st.sampled_from(["flat", "pointy"]),
                  st.sampled_from(["even", "odd"]))


class TestDistance:
    @given(hexes, hexes)
    def test_symmetric(self, a, b):
        assert hex_distance(a, b) == hex_distance(b, a)

    @given(hexes, hexes, hexes)
    def test_triangle_inequality(self, a, b, c):
        assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)

    @given(hexes)
    def test_zero_only_to_itself(self, a):
        assert hex_distance(a, a) == 0
        assert all(hex_distance(a, n) == 1 for n in neighbours(a))

    def test_known_value(self):
        assert hex_distance(Hex(0, 0), Hex(3, -1)) == 3
        assert hex_distance(Hex(0, 0), Hex(-2, 4)) == 4


class TestNeighbours:
    @given(hexes)
    def test_six_distinct_adjacent(self, h):
        ns = neighbours(h)
        assert len(set(ns)) == 6
        assert all(h in neighbours(n) for n in ns)

    @given(hexes, st.integers(0, 5))
    def test_direction_round_trip(self, h, d):
        assert direction_to(h, h + DIRECTIONS[d]) == d

    def test_not_adjacent_is_refused(self):
        with pytest.raises(ValueError):
            direction_to(Hex(0, 0), Hex(2, 0))


class TestRings:
    @given(hexes, st.integers(0, 8))
    def test_ring_size_and_distance(self, h, k):
        r = ring(h, k)
        assert len(r) == (1 if k == 0 else 6 * k)
        assert len(set(r)) == len(r)
        assert all(hex_distance(h, x) == k for x in r)

    @given(hexes, st.integers(0, 6))
    def test_spiral_counts(self, h, k):
        assert len(set(spiral(h, k))) == 1 + 3 * k * (k + 1)


class TestHexsides:
    @given(hexes, st.integers(0, 5))
    def test_same_from_both_sides(self, h, d):
        n = h + DIRECTIONS[d]
        assert Hexside.between(h, n) == Hexside.between(n, h) == Hexside.of(h, d)
        assert Hexside.of(h, d).other(h) == n

    def test_non_adjacent_refused(self):
        with pytest.raises(ValueError):
            Hexside.between(Hex(0, 0), Hex(0, 2))


class TestHexNumbers:
    @given(grids, st.data())
    def test_round_trip(self, grid, data):
        col = data.draw(st.integers(1, grid.columns))
        row = data.draw(st.integers(1, grid.rows))
        h = grid.from_offset(col, row)
        number = grid.number(h)
        assert grid.parse(number) == h
        assert grid.to_offset(h) == (col, row)
        assert len(number) == 2 * grid.digits

    def test_spi_numbers_are_column_then_row(self):
        g = Grid(40, 30)
        assert g.number(g.from_offset(1, 19)) == "0119"
        assert g.to_offset(g.parse("3122")) == (31, 22)

    def test_even_columns_sit_lower_on_spi_maps(self):
        # SPI MechWar numbering: 0201 is down-right (SE) of 0101, 0301 is up-right of 0201.
        g = Grid(10, 10, "flat", "even")
        assert direction_to(g.parse("0101"), g.parse("0201")) == 0      # SE
        assert g.direction_name(direction_to(g.parse("0201"), g.parse("0301"))) == "NE"

    def test_large_maps_use_three_digits(self):
        g = Grid(100, 100)
        assert g.number(g.from_offset(100, 7)) == "100007"
        assert g.parse("100007") == g.from_offset(100, 7)

    @pytest.mark.parametrize("text,reason", [("12", "not a hex number"), ("01a9", "not a hex number"),
                                             ("4101", "off the map"), ("0131", "off the map"),
                                             ("0000", "off the map")])
    def test_bad_numbers_explained(self, text, reason):
        with pytest.raises(ValueError, match=reason):
            Grid(40, 30).parse(text)

    def test_a_line_of_hexes(self):
        """A zone's line between two hexes (south_of, north_of): 0119-3134 runs 0119, 0219, 0320, 0420,
        0521 ... 2832, 2933, 3033, 3134."""
        g = Grid(32, 40)
        numbers = [g.number(h) for h in hex_line(g.parse("0119"), g.parse("3134"))]
        assert numbers[:5] == ["0119", "0219", "0320", "0420", "0521"]
        assert numbers[-4:] == ["2832", "2933", "3033", "3134"]


def _true_polygon(layout: Layout, h: Hex) -> Polygon:
    return Polygon(layout.corners(h))


class TestLineCrossing:
    @given(hexes, offsets)
    @settings(max_examples=150, deadline=None)
    def test_endpoints_and_order(self, a, d):
        b = a + d
        lc = line_crossing(a, b)
        assert lc.hexes[0] == a and lc.hexes[-1] == b
        assert len(set(lc.hexes)) == len(lc.hexes)

    @given(hexes, offsets)
    @settings(max_examples=150, deadline=None)
    def test_reverse_line_meets_the_same_hexes(self, a, d):
        b = a + d
        assert line_crossing(a, b).hexes == tuple(reversed(line_crossing(b, a).hexes))
        assert set(line_crossing(a, b).hexsides_along) == set(line_crossing(b, a).hexsides_along)

    @given(st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8)),
           st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8)),
           st.sampled_from(["flat", "pointy"]))
    @settings(max_examples=120, deadline=None)
    def test_agrees_with_shapely_geometry(self, a, b, orientation):
        """The exact integer computation matches real hexagons and a real line (shapely)."""
        layout = Layout(orientation, 10.0)
        line = LineString([layout.center(a), layout.center(b)])
        lc = line_crossing(a, b)
        near = spiral(a, hex_distance(a, b) + 1)
        inside = {h for h in near if _true_polygon(layout, h).buffer(-1e-6).intersects(line)} if a != b else {a}
        touched = {h for h in near if _true_polygon(layout, h).buffer(1e-6).intersects(line)} if a != b else {a}
        assert set(lc.hexes) == inside
        assert {t.hex for t in lc.touches} == touched

    def test_straight_along_a_hex_row(self):
        lc = line_crossing(Hex(0, 0), Hex(3, 0))
        assert lc.hexes == (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
        assert lc.hexsides_along == () and lc.vertices == ()
        assert len(lc.hexsides_crossed) == 3

    def test_exactly_along_a_hexside(self):
        """The line 0,0 -> 2,-1 runs along the hexside between (1,-1) and (1,0), entering neither."""
        lc = line_crossing(Hex(0, 0), Hex(2, -1))
        assert lc.hexes == (Hex(0, 0), Hex(2, -1))
        assert lc.hexsides_along == (Hexside.between(Hex(1, -1), Hex(1, 0)),)
        assert lc.is_exact_hexside

    def test_through_vertices(self):
        """0,0 -> 4,1 passes exactly through two corners, each touching a third hex at a point."""
        lc = line_crossing(Hex(0, 0), Hex(4, 1))
        assert lc.vertices == ((Hex(1, 0), Hex(1, 1), Hex(2, 0)), (Hex(2, 1), Hex(3, 0), Hex(3, 1)))
        assert Hex(1, 1) not in lc.hexes and Hex(3, 0) not in lc.hexes
        assert lc.hexsides_along == ()

    def test_same_hex(self):
        lc = line_crossing(Hex(2, 2), Hex(2, 2))
        assert lc.hexes == (Hex(2, 2),)


class TestLayout:
    @given(hexes, st.sampled_from(["flat", "pointy"]), st.floats(3, 80))
    def test_pixel_round_trip(self, h, orientation, size):
        layout = Layout(orientation, size, (11.0, -7.0))
        x, y = layout.center(h)
        assert layout.hex_at(x, y) == h
        cx, cy = layout.center(h)
        for px, py in layout.corners(h):
            assert math.isclose(math.hypot(px - cx, py - cy), size, rel_tol=1e-9)

    @given(hexes, st.integers(0, 5), st.sampled_from(["flat", "pointy"]))
    def test_shared_edge_is_common_to_both_hexes(self, h, d, orientation):
        layout = Layout(orientation, 20.0)
        n = h + DIRECTIONS[d]
        seg = layout.hexside_segment(Hexside.between(h, n))
        corners_h = {(round(x, 6), round(y, 6)) for x, y in layout.corners(h)}
        corners_n = {(round(x, 6), round(y, 6)) for x, y in layout.corners(n)}
        for x, y in seg:
            assert (round(x, 6), round(y, 6)) in corners_h & corners_n

    def test_map_fits_in_first_quadrant(self):
        g = Grid(40, 30)
        layout = Layout.for_grid(g, 10)
        w, hgt = layout.bounds(g)
        for h in g.hexes():
            for x, y in layout.corners(h):
                assert 0 <= x <= w and 0 <= y <= hgt


def _reference_touches(a, b):
    """The plain exact way: every hex near the line clipped with Fractions, one edge at a time."""
    from fractions import Fraction

    from umpire.core.hexgrid import _CORNERS, _frame

    ax, ay = _frame(a)
    bx, by = _frame(b)
    dx, dy = bx - ax, by - ay
    n = hex_distance(a, b)
    near = {Hex(a.q + round((b.q - a.q) * i / max(n, 1)) + x, a.r + round((b.r - a.r) * i / max(n, 1)) + y)
            for i in range(n + 1) for x in range(-2, 3) for y in range(-2, 3)}
    out = []
    for h in near:
        cx, cy = _frame(h)
        lo, hi, terms, outside = Fraction(0), Fraction(1), [], False
        for k in range(6):
            vx, vy = cx + _CORNERS[k][0], cy + _CORNERS[k][1]
            ex, ey = _CORNERS[(k + 1) % 6][0] - _CORNERS[k][0], _CORNERS[(k + 1) % 6][1] - _CORNERS[k][1]
            p, q = ex * (ay - vy) - ey * (ax - vx), ex * dy - ey * dx
            terms.append((p, q))
            if q == 0:
                outside |= p < 0
            elif q > 0:
                lo = max(lo, Fraction(-p, q))
            else:
                hi = min(hi, Fraction(-p, q))
        if outside or lo > hi:
            continue
        along = lo < hi and any(p + q * (lo + hi) / 2 == 0 for p, q in terms)
        out.append((lo, hi, h, "vertex" if lo == hi else "along" if along else "through"))
    return sorted(out)


@settings(max_examples=60, deadline=None)
@given(st.integers(-40, 40), st.integers(-40, 40), st.integers(-40, 40), st.integers(-40, 40))
def test_line_crossing_matches_the_plain_fraction_clip(aq, ar, bq, br):
    """The integer clip (one denominator a line) gives exactly the touches, kinds and points
    the plain Fraction clip of every nearby hex gives."""
    a, b = Hex(aq, ar), Hex(bq, br)
    got = [(t.t_in, t.t_out, t.hex, t.kind) for t in line_crossing(a, b).touches]
    assert got == _reference_touches(a, b)


def test_a_crossing_mapped_from_its_canonical_image_is_the_crossing_itself():
    """core.los computes one crossing per canonical displacement (core.hexsym) and maps it back:
    the same touches, kinds, points and order as computing it directly, for every displacement
    up to 9 hexes and all twelve images of a few long ones."""
    from umpire.core import hexsym
    from umpire.core.los import ORIGIN, crossing_from_origin

    ds = [Hex(q, r) for q in range(-9, 10) for r in range(-9, 10) if hex_distance(Hex(q, r), ORIGIN) <= 9]
    ds += [hexsym.apply(m, d) for d in (Hex(31, -12), Hex(24, 24), Hex(40, 3)) for m in hexsym.MATRICES]
    for d in ds:
        assert crossing_from_origin(d) == line_crossing(ORIGIN, d), d
    assert len({hexsym.canonical(d)[0] for d in ds}) < len(ds) / 8


def test_canonical_batch_finds_the_canonical_image_and_a_symmetry_back():
    import numpy as np

    from umpire.core import hexsym

    ds = [Hex(q, r) for q in range(-9, 10) for r in range(-9, 10)]
    canon, k = hexsym.canonical_batch(np.array([[d.q, d.r] for d in ds]))
    for d, c, i in zip(ds, canon.tolist(), k.tolist()):
        assert hexsym.canonical(d)[0] == Hex(*c)
        assert hexsym.apply(hexsym.MATRICES[i], d) == Hex(*c)
        assert hexsym.apply(hexsym.INVERSES[i], Hex(*c)) == d
