"""The editor's shapes on the grid (core/scenario_doc/shapes.py): a rectangle of columns and rows
as a zone's `area` reads it, and a polygon's hexes."""

from umpire.core.hexgrid import Grid
from umpire.core.scenario_doc.shapes import polygon, rectangle
from umpire.core.zones import resolve_zone


def test_a_rectangle_is_the_hexes_a_zones_area_names():
    for orientation in ("flat", "pointy"):
        for stagger in ("even", "odd"):
            g = Grid(8, 6, orientation, stagger)
            a, b = g.parse("0605"), g.parse("0302")
            assert rectangle(g, a, b) == resolve_zone(g, {"area": ["0302", "0605"]})
            assert len(rectangle(g, a, b)) == 16


def test_a_polygon_holds_its_corners_sides_and_inside():
    g = Grid(10, 10, "flat", "even")
    # corners on the higher (odd) columns: the even columns' hexes of the top row sit half a hex
    # lower, inside; the square is the whole 5 x 5 block
    square = polygon(g, [g.parse(n) for n in ("0101", "0501", "0505", "0105")])
    assert {g.number(h) for h in square} == {f"{c:02d}{r:02d}" for c in range(1, 6) for r in range(1, 6)}
    # corners on the lower (even) columns: a top side through their centres runs half a hex below
    # the odd columns' first hexes, which are left out -- the shape is what was drawn, not a rectangle
    low = polygon(g, [g.parse(n) for n in ("0202", "0602", "0606", "0206")])
    assert g.parse("0302") not in low and g.parse("0303") in low and g.parse("0402") in low
    line = polygon(g, [g.parse("0101"), g.parse("0501")])           # two corners: the line between
    assert {g.number(h) for h in line} >= {"0101", "0501"} and len(line) == 5
    assert polygon(g, []) == set()
    # a triangle: a hex outside it is not taken
    tri = polygon(g, [g.parse(n) for n in ("0101", "0901", "0109")])
    assert g.parse("0808") not in tri and g.parse("0202") in tri
