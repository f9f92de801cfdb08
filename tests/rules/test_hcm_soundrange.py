"""HCM 4.2 sound-ranging: the group of ten hexes shown for a gun that fires unseen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from umpire.core.errors import UmpireError
from umpire.core.hexgrid import Grid, hex_distance
from umpire.rules.hcm.soundrange import compact, connected, shape_offsets, sound_region

TABLE = Grid(20, 12, "flat", "even")       # a 6x4-foot table of 4-inch hexes


@pytest.mark.parametrize("shape", ["round", "box", "line"])
def test_4_2_every_shape_is_ten_connected_compact_hexes(shape):
    for turn in range(6):
        hexes = frozenset(shape_offsets(shape, turn))
        assert len(hexes) == 10 and connected(hexes) and compact(hexes)


def test_4_2_a_scatter_is_neither_connected_nor_compact():
    scattered = frozenset(TABLE.from_offset(c, 1) for c in range(1, 20, 2))
    assert len(scattered) == 10 and not connected(scattered)
    from umpire.core.hexgrid import DIRECTIONS, Hex
    bent = frozenset([DIRECTIONS[0].scale(k) for k in range(6)]
                     + [DIRECTIONS[0].scale(5) + DIRECTIONS[2].scale(k) for k in range(1, 5)])
    assert len(bent) == 10 and connected(bent) and not compact(bent)     # a long L: "goofy"
    assert compact(frozenset(DIRECTIONS[1].scale(k) + Hex(3, 3) for k in range(10)))   # a straight line


def test_4_2_ten_connected_hexes_on_the_map_holding_the_gun_over_many_seeds():
    for seed in range(400):
        rng = random.Random(seed)
        gun = TABLE.from_offset(rng.randint(1, 20), rng.randint(1, 12))
        region = sound_region(TABLE, gun, rng)
        assert len(region) == 10, seed
        assert gun in region, seed
        assert connected(region) and compact(region), seed
        assert all(TABLE.contains(h) for h in region), seed


def test_4_2_in_a_corner_the_group_stays_on_the_map():
    for corner in ((1, 1), (20, 1), (1, 12), (20, 12)):
        gun = TABLE.from_offset(*corner)
        for seed in range(60):
            region = sound_region(TABLE, gun, random.Random(seed))
            assert gun in region and all(TABLE.contains(h) for h in region)


def test_4_2_the_gun_is_not_always_in_the_middle():
    """The dice choose where in the group the gun stands: over many seeds its distance to the
    group's far edge varies, and its place among the group's hexes (in hex order) too."""
    gun = TABLE.from_offset(10, 6)
    places, reach, shapes = Counter(), Counter(), Counter()
    for seed in range(300):
        region = sound_region(TABLE, gun, random.Random(seed))
        places[sorted(region).index(gun)] += 1
        reach[max(hex_distance(gun, h) for h in region)] += 1
        shapes[max(hex_distance(a, b) for a in region for b in region) >= 9] += 1
    assert len(places) >= 8              # the gun is first, last and everywhere between
    assert len(reach) >= 4               # sometimes central, sometimes at an edge
    assert shapes[True] and shapes[False]   # lines and rounder groups both come up


def test_4_2_a_map_too_small_for_ten_hexes_is_a_clear_error():
    tiny = Grid(3, 3)
    with pytest.raises(UmpireError, match=r"no room .*HCM 4.2"):
        sound_region(tiny, tiny.from_offset(2, 2), random.Random(1))


def test_4_2_a_gun_off_the_map_is_a_clear_error():
    with pytest.raises(UmpireError, match="off the map"):
        sound_region(TABLE, TABLE.from_offset(30, 30), random.Random(1))
