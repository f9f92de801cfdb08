"""The key to a report's map, in words: only the counters, states and markers that its map
shows, read from the same view the map is drawn from (so the key tells nothing the map does
not), in the words of the rule system for its own state marks (RuleSystem.mark_words)."""

from __future__ import annotations

from colorsys import rgb_to_hls

from ..core.knowledge import UMPIRE, SideView
from ..core.ruleset import Ruleset
from ..core.rulesystem import Table


def _hls(colour: str) -> tuple[float, float, float] | None:
    """Hue, lightness and saturation of #rrggbb; None for anything else."""
    try:
        r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return None
    return rgb_to_hls(r, g, b)


def colour_name(colour: str) -> str:
    """A plain name for a side's colour (#rrggbb), as a player would call it on paper."""
    hls = _hls(colour)
    if hls is None:
        return "coloured"
    hue, light, sat = hls
    if sat < 0.2 or light < 0.12 or light > 0.92:
        return "black" if light < 0.25 else "white" if light > 0.85 else "grey"
    names = ((15, "red"), (40, "orange"), (70, "yellow"), (160, "green"), (200, "teal"), (260, "blue"),
             (300, "purple"), (340, "pink"), (361, "red"))
    return next(name for top, name in names if hue * 360 < top)


SCENARIOS_OPACITY = object()        # map_key's default: the backdrop as the scenario gives it (the reports')


def backdrop_row(view: SideView, opacity: float | None) -> tuple[str, str] | None:
    """The key's line for the club's map picture under the hexes: its file's name and how much
    of it shows (the scenario's opacity in a report, the umpire's choice in the window); None
    without a backdrop drawn.  Every side's map draws the same picture (docs/club-maps.md)."""
    backdrop = view.map.backdrop
    if backdrop is None or opacity is None:
        return None
    name = backdrop.image.rsplit("/", 1)[-1]
    if opacity <= 0:
        shown = "hidden: the terrain shading alone is drawn"
    elif opacity >= 1:
        shown = "drawn alone, without the terrain shading"
    else:
        shown = f"{round(opacity * 100)}% of it showing through the terrain shading"
    return ("A picture under the hexes (backdrop)", f"the club's map {name}, {shown}")


def map_key(view: SideView, rules: Ruleset, system, backdrop_opacity=SCENARIOS_OPACITY) -> Table:
    """`backdrop_opacity`: how much of the backdrop the map shows (None: it is not drawn);
    by default the scenario's own, as the reports print it."""
    umpire = view.viewer == UMPIRE
    marks = view.units
    kinds = {m.knowledge for m in marks}
    grid = view.map.grid
    col, row = min(3, grid.columns), min(7, grid.rows)
    rows = [(f"A number at the top of a hex ({grid.number(grid.from_offset(col, row))})",
             f"the hex's number: column {col}, row {row}")]
    if view.map.backdrop is not None:
        line = backdrop_row(view, view.map.backdrop.opacity if backdrop_opacity is SCENARIOS_OPACITY
                            else backdrop_opacity)
        rows += [line] if line else []
    for s in view.sides:
        if any(m.side == s.id for m in marks):
            whose = "" if umpire else (" (ours)" if s.id == view.viewer else " (the enemy)")
            rows.append((f"Counter with a {colour_name(s.colour)} stripe along its top", f"a unit of {s.name}{whose}"))
    for bid, name, colour in view.bands:
        side = next((m.side for m in marks if m.battalion == bid and m.knowledge in ("own", "truth")), None)
        if side is not None:
            side_name = next(s.name for s in view.sides if s.id == side)
            rows.append((f"Counter with a {colour_name(colour)} stripe along its top",
                         f"a unit of {name}, fighting for {side_name}"))
    if "own" in kinds:
        rows.append(("Our counter: unit ID above the symbol, strength below", "one of our units, where it is now"))
    if "truth" in kinds:
        rows.append(("Counter: unit ID above the symbol, strength below", "a unit, where it truly is"))
    if any(m.face_down for m in marks):
        rows.append(("Dark corner at a counter's lower right", "not yet spotted by the enemy"))
    if "seen" in kinds:
        rows.append(("Enemy counter labelled C1, C2 ..., strength below", "a contact: an enemy unit we see now, "
                     "where we see it, its strength as seen ('?' if not made out)"))
    if "last_known" in kinds:
        rows.append(("Faded counter with a dashed edge, T and a turn below (T2)",
                     "an enemy unit last seen there on that turn: it may have moved since"))
    if any(m.role == "unknown" for m in marks):
        rows.append(("? in the symbol box", "a unit whose type is not made out"))
    hexes = [m.hex for m in marks]
    if len(set(hexes)) < len(hexes):
        rows.append(("A number in a box at a counter's lower left", "how many counters stand in that hex: the top "
                     "one is shown, the edges of the others behind it"))
    states: dict[str, str] = {}
    for m in marks:
        for shown, words in system.mark_words(m.state) if m.state else ():
            states.setdefault(shown, words)
    rows += [(f"{shown} after a counter's strength", words) for shown, words in states.items()]
    for kind in sorted({o.kind for o in view.map.overlays if o.kind in rules.overlays}):
        spec = rules.overlays[kind]
        secret = any(o.secret for o in view.map.overlays if o.kind == kind)
        fill = {"flames": ", the hex ablaze (yellow to orange, smoky grey at its edges)",
                "hatch": ", the hex hatched with brown lines"}.get(spec.get("fill") or "", "")
        rows.append((f"{spec['marker']} in a box at the foot of a hex{fill}", spec["label"] +
                     ("; a dashed box: kept secret from the enemy" if secret else "")))
    if any(f.landed is None for f in view.fire):
        rows.append(("Dashed outline, cross-hairs and a label (battery, pattern)",
                     "a fire plot: the cross-hairs on its aim, the outline the hexes it would strike"))
    if any(f.landed is not None for f in view.fire):
        rows.append(("Solid outline and a burst", "where a fire plot landed and the hexes it struck "
                     "(a line with an arrow from its aim when it scattered)"))
    if view.objectives:
        rows.append(("Black flag, a name and points", ("an objective" if umpire else "one of our objectives")
                     + " and its victory points"))
    for z in view.zones:
        rows.append((f"Dash-dotted {colour_name(view.side_colour(z.side))} line", z.label))
    return Table("Map key", ("On the map", "What it means"), rows + terrain_key(view, rules), "")


# how terrain_paint draws each print pattern, in words
PATTERN_WORDS = {"dots": "a few dots", "trees": "round trees", "dense_trees": "close dark trees",
                 "buildings": "dark blocks", "water": "wavy lines", "marsh": "reed tufts"}
# how it draws each kind of hexside feature
DRAW_WORDS = {"path": "line from hex to hex", "edge": "line along hex edges", "slope": "hex edge with ticks"}


def shade_name(colour: str) -> str:
    """colour_name with how light it is: a map's fills are mostly pale."""
    hls = _hls(colour)
    if hls is None:
        return colour_name(colour)
    hue, light, sat = hls
    degrees = hue * 360
    name = colour_name(colour)
    if name == "black" and light > 0.2:
        return "dark grey"          # a bridge beside a ridge's black
    if name in ("white", "black", "grey"):
        return name
    if 10 <= degrees < 50 and (light < 0.5 or sat < 0.45):
        name = "brown" if light < 0.5 else "tan"      # earth -- a town, a slope, hills -- not a warning
    elif name == "yellow" and degrees >= 60:
        name = "yellow-green"       # brush beside crops
    return ("pale " if light > 0.72 else "dark " if light < 0.3 else "") + name


def terrain_key(view: SideView, rules: Ruleset) -> list[tuple[str, str]]:
    """The terrain of this map in words -- each kind of hex and hexside it has, as drawn,
    and the levels -- in the ruleset's order.  Terrain is the same for every reader."""
    rows = []
    present = set(view.map.terrain.values())
    for kind, spec in rules.terrain_types.items():
        if kind in present:
            marks = PATTERN_WORDS.get(spec.get("print_pattern", "none"))
            rows.append((f"{shade_name(spec['fill']).capitalize()} hex" + (f" with {marks}" if marks else ""),
                         spec["label"]))
    kinds = {k for features in view.map.hexsides.values() for k in features}
    for kind, spec in rules.hexside_features.items():
        if kind in kinds:
            width = spec.get("width", 0)
            heavy = "very thick " if width >= 16 else "thick " if width >= 10 else ""
            rows.append((f"{shade_name(spec['colour']).capitalize()} {heavy}{DRAW_WORDS.get(spec['draw'], 'line')}",
                         spec["label"]))
    if any(level > 0 for level in view.map.elevation.values()):
        if rules.level_metres:
            rows.append((f"Darker shading, and {rules.level_text(1)}, {rules.level_text(2)} ... low in a hex",
                         f"higher ground: the height of the hex's ground, {rules.level_metres} m a level"))
            rows.append(("Brown line inside a hex's edge", "the ground rises there: the hex is higher than its "
                                                           "neighbour across that edge (a contour)"))
        else:
            rows.append(("Darker shading, and L1, L2 ... at a hex's left", "higher ground: the hex's level"))
    return rows
