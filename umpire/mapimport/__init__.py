"""Bringing a club's maps in (issue 22): each importer reads a map made elsewhere and writes a
scenario skeleton -- [scenario], [map] with its terrain and elevation grids, a [map.backdrop]
where there is a picture, two placeholder sides -- as plain TOML text in the documented format
(docs/scenario-format.md), which validates as it is and which the organizer then finishes by
hand or in the scenario editor.  No Qt here: the standard library's XML and zip readers, Pillow
for image sizes.

    skeleton.py   the scenario text written, and written safely (nothing half-written)
    tmx.py        a Tiled hexagonal map: terrain and elevation from tile or layer properties
    image.py      a picture of a map and its grid calibration: a backdrop over plain terrain
    vmod.py       a VASSAL module: its boards listed, one board's image taken as a backdrop
"""
