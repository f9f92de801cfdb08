"""NATO-style unit symbols as drawing primitives, so that the screen (Qt) and print
(reportlab) draw the same symbol from one description.

Coordinates are in a frame 2 wide and 1.4 high centred on (0, 0), y pointing down; the
frame itself (the rectangle) is drawn by the caller.  Primitives:
    ("line", x1, y1, x2, y2)    ("ellipse", cx, cy, rx, ry)    ("dot", cx, cy, r)
    ("polyline", [(x, y), ...])  ("arc", cx, cy, rx, ry, start_deg, span_deg)
"""

from __future__ import annotations

W, H = 1.0, 0.7          # half-width and half-height of the frame

_SYMBOLS: dict[str, list[tuple]] = {
    "infantry": [("line", -W, -H, W, H), ("line", -W, H, W, -H)],
    "armour": [("ellipse", 0, 0, 0.62, 0.36)],
    "mechanized": [("line", -W, -H, W, H), ("line", -W, H, W, -H), ("ellipse", 0, 0, 0.62, 0.36)],
    "recon": [("line", -W, H, W, -H)],
    "artillery": [("dot", 0, 0, 0.2)],
    "mortar": [("dot", 0, 0.3, 0.14), ("line", 0, 0.3, 0, -0.45),
               ("polyline", [(-0.18, -0.25), (0, -0.5), (0.18, -0.25)])],
    "anti_tank": [("polyline", [(-W, H), (0, -H), (W, H)])],
    "air_defence": [("arc", 0, H, 0.8, 0.55, 0, 180)],
    "hq": [("line", -W, H, -W, H + 0.8), ("line", -0.4, -0.2, 0.4, -0.2),
           ("line", -0.4, 0.2, 0.4, 0.2)],
    "helicopter": [("polyline", [(-0.7, -0.35), (0.7, 0.35), (0.7, -0.35), (-0.7, 0.35), (-0.7, -0.35)])],
    "engineer": [("polyline", [(-0.6, 0.3), (-0.6, -0.25), (0.6, -0.25), (0.6, 0.3)]),
                 ("line", 0, -0.25, 0, 0.3)],
    "fixed_wing": [("ellipse", -0.32, 0, 0.3, 0.2), ("ellipse", 0.32, 0, 0.3, 0.2)],
    "transport": [("line", -0.6, 0.05, 0.6, 0.05), ("ellipse", -0.35, 0.35, 0.14, 0.14),
                  ("ellipse", 0.35, 0.35, 0.14, 0.14)],
    "medical": [("line", 0, -0.5, 0, 0.5), ("line", -0.5, 0, 0.5, 0)],
}

ROLE_LABELS = {
    "infantry": "Infantry", "armour": "Armour", "mechanized": "Mechanized infantry",
    "recon": "Reconnaissance", "artillery": "Artillery", "mortar": "Mortar",
    "anti_tank": "Anti-tank / ATGM", "air_defence": "Air defence", "hq": "Headquarters",
    "helicopter": "Helicopter", "fixed_wing": "Fixed-wing aircraft", "engineer": "Engineer", "transport": "Transport (truck / APC)", "medical": "Medical",
    "unknown": "Unidentified",
}


def symbol(role: str) -> list[tuple]:
    """Primitives for a role; an unknown role draws a question-free empty frame."""
    return _SYMBOLS.get(role, [])


def roles() -> list[str]:
    return list(_SYMBOLS)
