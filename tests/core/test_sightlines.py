"""core.sightlines: the integer plans of canonical displacements are exactly what the Fraction
line crossing (hexgrid.line_crossing via core.los._build_plan) says, and lines mapped onto them
under the twelve symmetries meet the same hexes and hexsides as computed directly."""

import random

import numpy as np

from umpire.core import hexsym
from umpire.core.hexgrid import DIRECTIONS, Hex, Hexside
from umpire.core.los import ORIGIN, _build_plan, line_crossing
from umpire.core.linememo import LineMemo, find, line_key, put
from umpire.core.lineplace import canonical, steps
from umpire.core.sightlines import PLANS, THROUGH, VERTEX, Box, Lines, build_plans


def _exact(c: Hex) -> dict:
    plan = _build_plan(c, line_crossing(ORIGIN, c))
    return {
        "through": sorted((h, a, b) for h, a, b in plan.through),
        "vertex": sorted((h, a, b) for h, a, b in plan.vertex),
        "along": sorted(frozenset([x, y]) for x, y in plan.along),
        "sides": sorted((s, (t > 0.5) - (t < 0.5)) for s, t in plan.hexsides),
        "entry": plan.entry_side,
    }


def _built(n: int, r: int) -> dict:
    b = build_plans(np.array([n]), np.array([r]))
    h = b.hexes
    hexes = [(Hex(int(q), int(rr)), int(k), int(a), int(e)) for q, rr, k, a, e in
             zip(h.q, h.r, h.extra["kind"], h.extra["d_start"], h.extra["d_end"])]
    s = b.sides
    sides = []
    for q, rr, d, half in zip(s.q, s.r, s.extra["direction"], s.extra["half"]):
        a = Hex(int(q), int(rr))
        sides.append((Hexside.between(a, a + DIRECTIONS[int(d)]), int(half)))
    al = b.along
    along = [frozenset([(Hex(int(q), int(rr)), int(a), int(e)), (Hex(int(q2), int(r2)), int(a2), int(e2))])
             for q, rr, q2, r2, a, e, a2, e2 in zip(al.q, al.r, al.extra["q2"], al.extra["r2"], al.extra["d_start"],
                                                 al.extra["d_end"], al.extra["d_start2"], al.extra["d_end2"])]
    eq, er, ed = (int(v) for v in b.entry[0])
    entry = None if ed < 0 else Hexside.between(Hex(eq, er), Hex(eq, er) + DIRECTIONS[ed])
    return {
        "through": sorted((x, a, e) for x, k, a, e in hexes if k == THROUGH),
        "vertex": sorted((x, a, e) for x, k, a, e in hexes if k == VERTEX),
        "along": sorted(along, key=sorted),
        "sides": sorted(sides),
        "entry": entry,
        "nearest_first": [min(a, e) for _, _, a, e in hexes],
    }


def _compare(n: int, r: int) -> None:
    got, want = _built(n, r), _exact(Hex(-n, r))
    for key in ("through", "vertex", "sides", "entry"):
        assert got[key] == want[key], (n, r, key)
    assert sorted(got["along"], key=sorted) == sorted(want["along"], key=sorted), (n, r)
    assert got["nearest_first"] == sorted(got["nearest_first"]), (n, r)       # waves meet the ends first


def test_every_canonical_plan_up_to_24_hexes_is_the_exact_one():
    for n in range(0, 25):
        for r in range(0, n // 2 + 1):
            _compare(n, r)


def test_long_canonical_plans_are_exact():
    rnd = random.Random(4)
    for _ in range(40):
        n = rnd.randint(25, 320)
        _compare(n, rnd.randint(0, n // 2))
    _compare(300, 150)              # along hexsides all the way
    _compare(301, 0)


def test_the_longest_plans_are_exact_in_32_bit_integers():
    """build_plans works in 32-bit integers (its products stay under 10**8 for lines under
    2048 hexes): the longest lines it accepts, at the widest slopes, are still the exact ones."""
    rnd = random.Random(18)
    for n, r in ((2047, 1023), (2047, 0), (2047, 683), (2046, 1023), (2047, rnd.randint(1, 1022))):
        _compare(n, r)


def test_the_cases_that_matter_occur():
    """Lines through corners, along hexsides and across a hexside exactly at the middle all
    appear among the short ones, so the comparison above is not vacuous."""
    seen = {"vertex": False, "along": False, "middle": False}
    for n in range(2, 13):
        for r in range(0, n // 2 + 1):
            b = _built(n, r)
            seen["vertex"] |= bool(b["vertex"])
            seen["along"] |= bool(b["along"])
            seen["middle"] |= any(h == 0 for _, h in b["sides"])
    assert all(seen.values()), seen


def test_lines_map_canonical_plans_onto_their_own_hexes():
    """Under each of the twelve symmetries, the cells a batch places a line's hexes on are the
    hexes the line from its own start meets."""
    box = Box(-60, -60, 130, 130)
    rnd = random.Random(9)
    for d in (Hex(7, -3), Hex(-5, 9), Hex(12, 0), Hex(4, 4)):
        for m in hexsym.MATRICES:
            img = hexsym.apply(m, d)
            a = Hex(rnd.randint(-20, 20), rnd.randint(-20, 20))
            lines = Lines(box, np.array([[a.q, a.r]]), np.array([[a.q + img.q, a.r + img.r]]))
            p = int(lines.plan[0])
            s, k = PLANS.starts["hexes"][p], PLANS.counts["hexes"][p]
            cells = lines.base[0] + PLANS.hexes.q[s:s + k] * lines.mq[0] + PLANS.hexes.r[s:s + k] * lines.mr[0]
            kinds = PLANS.hexes.extra["kind"][s:s + k]
            want = {box.cell(h.q, h.r) for h, _, _ in _build_plan(img, line_crossing(ORIGIN, img)).through}
            moved = {w - box.cell(0, 0) + box.cell(a.q, a.r) for w in want}
            assert want and {int(c) for c, kd in zip(cells, kinds) if kd == THROUGH} == moved


def test_the_line_memo_keeps_a_verdict_per_pair_either_way_round_and_grows():
    """LineMemo, as a compiled walk uses it (find, put, reserve): one verdict per unordered pair of
    cells, found from either end; the table doubles as it fills and keeps every verdict; past its
    limit it starts afresh."""
    memo = LineMemo(cells=100_000)
    start = len(memo.slots)
    n = 3000
    a, b = np.arange(n), 50_000 + np.arange(n)
    want = (a * 7 + b * 3) % 5 < 2
    for k in range(n):                                           # a move's lines, one batch at a time
        memo.reserve(1)
        key = line_key(int(a[k]), int(b[k]), memo.cells)
        assert find(memo.slots, memo.verdicts, memo.shift, key) == -1
        memo.count += put(memo.slots, memo.verdicts, memo.shift, key, np.int8(want[k]))
        assert put(memo.slots, memo.verdicts, memo.shift, line_key(int(b[k]), int(a[k]), memo.cells), 1) == 0
    assert len(memo) == n and len(memo.slots) >= 2 * n > start
    back = [find(memo.slots, memo.verdicts, memo.shift, line_key(int(y), int(x), memo.cells)) for x, y in zip(a, b)]
    assert back == want.astype(int).tolist()                     # every one, from the other end
    memo.limit = n + 10
    memo.reserve(11)
    assert len(memo) == 0 and find(memo.slots, memo.verdicts, memo.shift, line_key(0, 50_000, memo.cells)) == -1


def test_a_compiled_placement_reads_the_plan_and_cells_lines_reads():
    """core.lineplace (one line at a time, compiled) picks the canonical image and symmetry that
    hexsym.canonical_batch and Lines pick, ties between cube coordinates included."""
    rng = np.random.default_rng(0)
    disp = np.vstack([rng.integers(-60, 61, size=(3000, 2)), [[3, 0], [0, 3], [-3, 3], [2, 2], [4, -2], [-2, -2]]])
    canon, sym = hexsym.canonical_batch(disp)
    got = np.array([canonical(int(q), int(r)) for q, r in disp])
    assert (got[:, 0] == -canon[:, 0]).all() and (got[:, 1] == canon[:, 1]).all() and (got[:, 2] == sym).all()
    box = Box(-70, -70, 200, 200)
    lines = Lines(box, np.zeros_like(disp), disp)
    placed = np.array([steps(int(k), box.width) for k in sym])
    assert (placed[:, 0] == lines.mq).all() and (placed[:, 1] == lines.mr).all()


def test_the_plan_store_grown_a_few_plans_at_a_time_holds_what_one_build_holds():
    """PlanStore keeps its plans in columns that double their room: plans added a handful at a
    time (as a move's new lines add them), across many regrowths, read back exactly as the
    plans built in one batch."""
    from umpire.core.sightlines import PlanStore

    rng = random.Random(4)
    shapes = sorted({(n, rng.randint(0, n // 2)) for n in (rng.randint(2, 60) for _ in range(300))})
    rng.shuffle(shapes)
    store = PlanStore()
    for at in range(0, len(shapes), 3):
        chunk = shapes[at:at + 3]
        store.ids(np.array([n for n, _ in chunk]), np.array([r for _, r in chunk]))
    assert store.count == len(shapes) > 16 * 4        # past several doublings of every column
    whole = build_plans(np.array([n for n, _ in shapes]), np.array([r for _, r in shapes]))
    ids = store.ids(np.array([n for n, _ in shapes]), np.array([r for _, r in shapes]))
    assert store.count == len(shapes)                 # asked again: nothing built twice
    for i, plan in enumerate(ids.tolist()):
        for kind in ("hexes", "sides", "along"):
            a, k = int(store.starts[kind][plan]), int(store.counts[kind][plan])
            b, k2 = int(whole.starts[kind][i]), int(whole.counts[kind][i])
            assert k == k2
            mine, theirs = getattr(store, kind), getattr(whole, kind)
            assert np.array_equal(mine.q[a:a + k], theirs.q[b:b + k2])
            assert np.array_equal(mine.r[a:a + k], theirs.r[b:b + k2])
            for name, col in theirs.extra.items():
                assert np.array_equal(mine.extra[name][a:a + k], col[b:b + k2])
        assert np.array_equal(store.entry[plan], whole.entry[i])
