"""The map painter: a side's view of the map (a core.knowledge.SideView) and the Ruleset's data
turned into pixels -- terrain, hexsides, counters, markers, fire plots, objectives, zones.

The window (umpire/gui) shows it and adds the mouse; the reports (umpire/reports) print it.
So it imports neither of them, nor a rule system: what a rule system wants drawn reaches it
through the SideView (marks, state letters) and the Ruleset (terrain fills, overlay markers).
It is given a view, never the game, so a side's picture cannot hold what the side does not know.
The core never imports it (tests/test_structure.py).

    scene.py          MapScene: the map as a QGraphicsScene, rebuilt from each new view; far
                      out (set_overview) one picture of the terrain and squares for the stacks
    tiles.py          the static terrain cut into tiles, and the zoomed-out overview
    backdrop.py       the club's map image under the terrain (the same for every side), a grid over it
    terrain_paint.py  terrain fills, print patterns, elevation, hexsides, roads, hex numbers
    stacks.py         the counters in one hex, the top one drawn in full; far out, every stack as a square
    counters.py       one unit counter: NATO symbol, ID, strength, state
    markers.py        smoke, wrecks, minefields... as the viewer knows them
    firemarks.py      fire plots, where they landed, objectives
    picture.py        render_view: the map as a PNG with a title strip (the CLI, the reports),
                      painted a band of rows at a time
    pngrows.py        a PNG file written band by band, so a big map's picture is never whole in memory
"""
