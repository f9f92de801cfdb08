"""HCM 4.2 sound-ranging: the group of ten hexes shown for a gun that fires unseen."""

from __future__ import annotations

import random
import re
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


# ---------------------------------------------------------------------- shown to the enemy only

from umpire.core.actionspec import ActionSpec                      # noqa: E402
from umpire.core.changes import apply                             # noqa: E402
from umpire.core.engine import journal, perform                   # noqa: E402
from umpire.core.knowledge import build_view                      # noqa: E402
from umpire.core.ruleset import load_ruleset                      # noqa: E402
from umpire.core.store.db import open_game                        # noqa: E402
from umpire.core.witness import side_journal                      # noqa: E402
from umpire.reports.content import side_report                    # noqa: E402
from umpire.rules.hcm import soundrange                           # noqa: E402

from .test_hcm_command import BLUE, RED, hcm_game                 # noqa: E402
from .test_hcm_command_play import Played                         # noqa: E402

REGION = ["0604", "0605", "0606", "0704", "0705", "0706", "0707", "0804", "0805", "0806"]


def _fires(ctx):
    """What the fire rules do when a gun fires indirect: sound-ranging (as B's fire calls it)."""
    g = ctx.game
    if ctx.params.get("region"):
        region = frozenset(g.map.grid.parse(x) for x in ctx.params["region"])
        changes = soundrange.region_changes(g, ctx.params["gun"], region)
    else:
        changes = soundrange.sound_ranging(g, ctx.params["gun"], ctx.dice)
    apply(ctx, changes)
    return f"{ctx.params['gun']} fires", None


class WithGuns(Played):
    def actions(self):
        return {**super().actions(), "gun_fires": ActionSpec("gun_fires", "A gun fires", _fires, "umpire")}


def _mortar_at(tmp_path, hex_):
    blue = BLUE + f'  {{ id = "BM", type = "mortar", hex = "{hex_}" }},\n'
    # Red's units face where the scenario says, not toward the nearest enemy (the gun, here)
    red = RED.replace(' },', ', facing = "NW" },').replace('type = "dummy", hex = "1004", facing = "NW"', 'type = "dummy", hex = "1004"')
    return hcm_game(tmp_path, blue=blue, red=red)


def red_sees(loc, system):
    g = open_game(loc)
    view = build_view(g, "red", system)
    overlays = [(o.kind, g.map.number(o.hex), o.detail, o.side) for o in view.map.overlays]
    entries = side_journal(g, "red", journal(loc), system)
    lines = [e.head for e in entries] + [x for e in entries for x in e.lines]
    # the report as Red reads it, but the game file's own key (a digest of the set-up, which
    # differs between the two games by the gun's starting hex, never printed)
    report = re.sub(r"static_key=\([^)]*\)", "", repr(side_report(g, "red", system)))
    return overlays, lines, report


def test_4_2_the_enemy_is_shown_the_ten_hexes_and_nothing_tells_which_holds_the_gun(tmp_path):
    system = WithGuns(load_ruleset("hcm"))
    seen = []
    for n, gun in enumerate(("0605", "0806")):          # two places in the same region
        loc = _mortar_at(tmp_path / str(n), gun)
        perform(loc, "gun_fires", {"gun": "BM", "region": REGION}, system)
        overlays, lines, report = red_sees(loc, system)
        assert sorted(h for k, h, _, _ in overlays if k == "sound") == REGION
        assert any("4.2" in x and "0604" in x for x in lines)
        assert not any("BM" in x or "mortar" in x.lower() for x in lines)
        seen.append((overlays, lines, report))
        umpire_lines = [x for row in journal(loc) for x in row.log]
        assert any(f"BM fired unseen from {gun}" in x for x in umpire_lines)      # the umpire knows
    assert seen[0] == seen[1]        # the gun's place in the group changes nothing Red reads


def test_4_2_a_gun_the_enemy_sees_is_not_sound_ranged_and_the_region_lasts_the_turn(tmp_path):
    from umpire.core.game import Contact
    system = WithGuns(load_ruleset("hcm"))
    loc = _mortar_at(tmp_path, "0605")
    g = open_game(loc)
    g.contacts[("red", "BM")] = Contact("red", "BM", "C1", "seen", g.units["BM"].hex, 1)
    assert soundrange.sound_ranging(g, "BM", None) == []
    perform(loc, "gun_fires", {"gun": "BM"}, system)            # rolled by the dice this time
    g = open_game(loc)
    region = frozenset(o.hex for o in g.map.overlays if o.kind == "sound")
    assert len(region) == 10 and g.units["BM"].hex in region
    assert soundrange.lift_regions(g)[0].values == {"clear": True}
