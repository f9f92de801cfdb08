"""The fast batched LOS and the naive shapely baseline agree with the exact single-line LOS."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.hexgrid import Hexside, neighbours
from umpire.core.los import Eye
from umpire.core.terrain import Overlay
from umpire.rules.mechwar4.los import Mw4Map
from umpire.rules.mechwar4.los_naive import NaiveLos

from .mapkit import MW4, compiled_walk_only, make_map

COLS, ROWS = 12, 10


@pytest.fixture(scope="module", autouse=True)
def compiled_walk():
    yield from compiled_walk_only()


@st.composite
def random_maps(draw):
    terrain = ["".join(draw(st.sampled_from(".....wWtm")) for _ in range(COLS)) for _ in range(ROWS)]
    elevation = ["".join(str(draw(st.integers(0, 3))) for _ in range(COLS)) for _ in range(ROWS)]
    m = make_map(terrain, elevation, slopes="auto")
    hexes = list(m.hexes())
    for _ in range(draw(st.integers(0, 8))):
        h = hexes[draw(st.integers(0, len(hexes) - 1))]
        ns = [n for n in neighbours(h) if m.contains(n)]
        m.add_feature(Hexside.between(h, ns[draw(st.integers(0, len(ns) - 1))]),
                      draw(st.sampled_from(["crest", "rail_embankment", "wall"])))
    for _ in range(draw(st.integers(0, 4))):              # smoke blocks like woods (MW4 18.11)
        m.overlays.append(Overlay(hexes[draw(st.integers(0, len(hexes) - 1))], "smoke"))
    return m


@settings(max_examples=25, deadline=None)
@given(random_maps(), st.sampled_from(["both", "either"]), st.sampled_from(["ignore", "block"]),
       st.booleans(), st.randoms(use_true_random=False))
def test_batch_naive_and_exact_agree(m, along, vertex, night, rnd):
    mw = Mw4Map(m, MW4, night)
    mw.along_rule, mw.vertex_rule = along, vertex
    naive = NaiveLos(mw)
    hexes = list(m.hexes())
    pairs = [(rnd.choice(hexes), rnd.choice(hexes)) for _ in range(25)]
    exact = [mw.line_of_sight(Eye(a), Eye(b)).clear for a, b in pairs]
    starts = np.array([[a.q, a.r] for a, _ in pairs])
    ends = np.array([[b.q, b.r] for _, b in pairs])
    batch = mw.batch_clear(starts, ends).tolist()
    plain = [naive.clear(a, b) for a, b in pairs]
    for (a, b), e, bt, nv in zip(pairs, exact, batch, plain):
        assert e == bt == nv, (m.number(a), m.number(b), e, bt, nv)


def test_los_is_symmetric_on_the_sample(sample_scenario):
    mw = Mw4Map(sample_scenario.map, MW4)
    hexes = list(sample_scenario.map.hexes())[::37]
    for a in hexes[:20]:
        for b in hexes[20:40]:
            assert mw.line_of_sight(Eye(a), Eye(b)).clear == mw.line_of_sight(Eye(b), Eye(a)).clear


def test_agree_on_the_sample_map_with_both_verdicts(sample_scenario):
    import random

    rnd = random.Random(7)
    mw = Mw4Map(sample_scenario.map, MW4)
    naive = NaiveLos(mw)
    hexes = list(sample_scenario.map.hexes())
    pairs = [(rnd.choice(hexes), rnd.choice(hexes)) for _ in range(300)]
    exact = [mw.line_of_sight(Eye(a), Eye(b)) for a, b in pairs]
    batch = mw.batch_clear(np.array([[a.q, a.r] for a, _ in pairs]), np.array([[b.q, b.r] for _, b in pairs]))
    assert [r.clear for r in exact] == batch.tolist() == [naive.clear(a, b) for a, b in pairs]
    assert 30 < sum(batch) < 270                      # both verdicts are exercised
    assert any(r.along for r in exact)               # and lines exactly along hexsides


def test_every_image_of_a_line_under_the_lattice_symmetries_gets_the_exact_verdict(sample_scenario):
    """The batch computes one plan per canonical displacement (core.hexsym) and maps it onto
    each line's own; lines whose displacements are images of each other, from many hexes of
    the sample map, agree with the exact single-line verdict."""
    from umpire.core import hexsym
    from umpire.core.hexgrid import Hex

    mw = Mw4Map(sample_scenario.map, MW4)
    hexes = set(sample_scenario.map.hexes())
    pairs = []
    for d in (Hex(5, -2), Hex(7, 1), Hex(3, 3), Hex(6, 0), Hex(4, -4)):
        for m in hexsym.MATRICES:
            img = hexsym.apply(m, d)
            pairs += [(a, a + img) for a in sorted(hexes)[::41] if a + img in hexes]
    exact = [mw.line_of_sight(Eye(a), Eye(b)).clear for a, b in pairs]
    batch = mw.batch_clear(np.array([[a.q, a.r] for a, _ in pairs]), np.array([[b.q, b.r] for _, b in pairs]))
    assert batch.tolist() == exact and 0 < sum(exact) < len(exact)


def test_a_process_judges_its_first_lines_exactly_and_then_loads_the_compiled_walk(tmp_path):
    """A command on a small game judges its few lines one at a time and never pays the compiled
    walk's load; past los.EXACT_LINES_FIRST lines the walk is loaded (both give the same verdicts:
    the tests above)."""
    import subprocess
    import sys

    script = tmp_path / "probe.py"
    script.write_text(
        "import random, sys\nimport numpy as np\nfrom conftest import SAMPLE\n"
        "from umpire.core.scenario import load_scenario\nfrom umpire.rules import rule_system\n"
        "from umpire.rules.mechwar4.los import EXACT_LINES_FIRST\n"
        "sc = load_scenario(SAMPLE)\nmw = rule_system(sc.rules).sight(sc.map)\n"
        "hexes, rnd = list(sc.map.hexes()), random.Random(3)\n"
        "def batch(n):\n"
        "    p = [(rnd.choice(hexes), rnd.choice(hexes)) for _ in range(n)]\n"
        "    mw.batch_clear(np.array([[a.q, a.r] for a, _ in p]), np.array([[b.q, b.r] for _, b in p]))\n"
        "    return 'numba' in sys.modules\n"
        "print(batch(EXACT_LINES_FIRST // 3), batch(EXACT_LINES_FIRST // 3), batch(EXACT_LINES_FIRST))\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False", "True"]
