"""Generate the terrain of the sample scenario's map (an original map, not from any rulebook).

Run once by hand; the output [map] block is pasted into scenarios/*.toml and from then on
the scenario is the source of truth (organizers edit it by hand).

    python tools/make_sample_map.py > /tmp/map.toml
"""

from __future__ import annotations

import math
import random
import sys

sys.path.insert(0, ".")
from umpire.core.hexgrid import Grid, Hex, Hexside, hex_distance, hex_line, neighbours  # noqa: E402

COLS, ROWS = 40, 30
rng = random.Random(204)
grid = Grid(COLS, ROWS)
H = list(grid.hexes())
off = {h: grid.to_offset(h) for h in H}

# --- elevation: smooth hills from a few bumps, quantised to levels 0-3
bumps = [(12, 7, 6.0, 3.4), (27, 9, 5.0, 2.8), (33, 22, 4.5, 2.4), (8, 21, 4.0, 1.8),
         (20, 15, 3.0, 1.2)]


def height(c: int, r: int) -> float:
    v = 0.0
    for bc, br, rad, top in bumps:
        d = math.hypot((c - bc) * 0.87, r - br + (0.5 if c % 2 == 0 else 0))
        v += top * math.exp(-(d / rad) ** 2)
    return v


elev = {h: max(0, min(3, int(height(*off[h]) + 0.35))) for h in H}

# --- a stream running west to east across the middle, along hexsides
f = {}
row = 17
for c in range(1, COLS + 1):
    row = max(14, min(20, row + rng.choice((-1, 0, 0, 1))))
    f[c] = row
north = {h for h in H if off[h][1] <= f[off[h][0]]}
stream = sorted({Hexside.between(h, n) for h in north for n in neighbours(h)
                 if grid.contains(n) and n not in north})
# streams run in valleys: keep the banks low
for side in stream:
    for h in (side.a, side.b):
        elev[h] = min(elev[h], 1)

terrain = {h: "." for h in H}
# --- towns
towns = {"Kaltenbach": (10, 12), "Oberfeld": (24, 6), "Rosstal": (30, 25), "Weiler": (6, 27)}
town_hexes = {}
for name, (c, r) in towns.items():
    centre = grid.from_offset(c, r)
    cells = [centre] + [n for n in neighbours(centre) if grid.contains(n)][: rng.randint(2, 4)]
    town_hexes[name] = cells
    for h in cells:
        terrain[h] = "t"
        elev[h] = min(elev[h], 1) if name != "Oberfeld" else elev[h]

# --- clumped woods
for _ in range(26):
    seed = rng.choice(H)
    size = rng.randint(4, 16)
    kind = "W" if rng.random() < 0.35 else "w"
    grown = [seed]
    while len(grown) < size:
        cand = [n for n in neighbours(rng.choice(grown)) if grid.contains(n)]
        grown.append(rng.choice(cand))
    for h in grown:
        if terrain[h] == ".":
            terrain[h] = kind
# marsh along part of the stream
for side in stream[5:11]:
    for h in (side.a, side.b):
        if terrain[h] == "." and rng.random() < 0.6:
            terrain[h] = "m"


# --- roads between towns and off the map edges
def road(a: Hex, b: Hex) -> list[Hex]:
    pts = hex_line(a, b)
    return [p for p in pts if grid.contains(p)]


roads = []
T = {k: grid.from_offset(*v) for k, v in towns.items()}
roads.append([grid.from_offset(1, 12)] + road(grid.from_offset(2, 12), T["Kaltenbach"]))
roads.append(road(T["Kaltenbach"], T["Oberfeld"]))
roads.append(road(T["Oberfeld"], grid.from_offset(COLS, 3)))
roads.append(road(T["Kaltenbach"], T["Rosstal"]))
roads.append(road(T["Rosstal"], grid.from_offset(30, ROWS)))
trail = road(T["Weiler"], T["Kaltenbach"])
for path in roads:
    for h in path:
        if terrain[h] in "wWm":
            terrain[h] = "."

road_sides = {Hexside.between(x, y) for p in roads for x, y in zip(p, p[1:])}
bridges = sorted(s for s in road_sides if s in set(stream))

n = grid.number
print("[map]")
print(f"columns = {COLS}\nrows = {ROWS}\norientation = \"flat\"\nstagger = \"even\"\nslopes = \"auto\"")
print('terrain = """')
for r in range(1, ROWS + 1):
    print("".join(terrain[grid.from_offset(c, r)] for c in range(1, COLS + 1)))
print('"""')
print('elevation = """')
for r in range(1, ROWS + 1):
    print("".join(str(elev[grid.from_offset(c, r)]) for c in range(1, COLS + 1)))
print('"""')
print("\n[map.hexsides]")
print("road = [")
for p in roads:
    print(f'  "{"-".join(n(h) for h in p)}",')
print("]")
print(f'trail = ["{"-".join(n(h) for h in trail)}"]')
print(f'bridge = [{", ".join(chr(34) + n(s.a) + "/" + n(s.b) + chr(34) for s in bridges)}]')
print("stream = [")
for i in range(0, len(stream), 6):
    print("  " + ", ".join(f'"{n(s.a)}/{n(s.b)}"' for s in stream[i:i + 6]) + ",")
print("]")
print("# towns:", {k: [n(h) for h in v] for k, v in town_hexes.items()}, file=sys.stderr)
print("# heights:", {lvl: sum(1 for v in elev.values() if v == lvl) for lvl in range(4)}, file=sys.stderr)
_ = hex_distance
