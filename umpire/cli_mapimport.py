"""`umpire import-map tmx|image|vmod ...`: a club's map brought in as a scenario skeleton
(umpire/mapimport), written whole or not at all, checked as `umpire validate` would."""

from __future__ import annotations




def add_parser(sub, parser_class) -> None:
    """The import-map command and its three kinds of map (called by cli_parser.build_parser)."""
    im = sub.add_parser("import-map", help="bring a club's map in as a scenario skeleton: a Tiled map, "
                        "a map image, or a VASSAL module's board")
    kinds = im.add_subparsers(dest="kind", required=True, parser_class=parser_class)
    tmx = kinds.add_parser("tmx", help="a Tiled hexagonal map: terrain and elevation from tile, layer or "
                           "object (point, area) properties")
    tmx.add_argument("file", help="the .tmx file")
    tmx.add_argument("--mapping", metavar="TOML", help="a mapping file: terrain_property, elevation_property, "
                     "default_terrain, hexside_property, overlay_property, a [terrain] table of property value = "
                     "terrain name, a [hexsides] table of property value = hexside feature and an [overlays] table "
                     "of property value = overlay")
    tmx.add_argument("--terrain-property", metavar="NAME", help="the property holding a tile's terrain "
                     "(default: terrain)")
    tmx.add_argument("--elevation-property", metavar="NAME", help="the property holding a tile's level 0-9 "
                     "(default: elevation)")
    tmx.add_argument("--terrain", action="append", default=[], metavar="VALUE=NAME",
                     help="a property value and the rule system's terrain it means (repeat for each)")
    tmx.add_argument("--default-terrain", metavar="NAME", help="the terrain of hexes no tile or layer names "
                     "(default: the rule system's first)")
    tmx.add_argument("--hexside-property", metavar="NAME", help="the property naming roads, rivers... on tiles "
                     "(\"road N S\") or on object layers' lines (default: hexside)")
    tmx.add_argument("--hexside", action="append", default=[], metavar="VALUE=FEATURE",
                     help="a hexside property value and the rule system's hexside feature it means (repeat)")
    tmx.add_argument("--overlay-property", metavar="NAME", help="the property naming an overlay (a village, a "
                     "wreck) on tiles, points and areas (default: overlay)")
    tmx.add_argument("--overlay", action="append", default=[], metavar="VALUE=KIND",
                     help="an overlay property value and the rule system's overlay it means (repeat)")
    img = kinds.add_parser("image", help="a picture of a map as the backdrop, its hex grid calibrated")
    img.add_argument("file", help="the picture (PNG, JPEG, BMP or GIF)")
    _calibration(img, required=True)
    vm = kinds.add_parser("vmod", help="a VASSAL module: list its boards, or take one board's picture as the backdrop")
    vm.add_argument("file", help="the .vmod file")
    vm.add_argument("--list", action="store_true", help="list the module's boards and stop")
    vm.add_argument("--board", metavar="NAME", help="the board whose picture becomes the backdrop (extracted "
                    "beside the scenario); a module of one board needs none")
    _calibration(vm, required=False)
    for p in (tmx, img, vm):
        _common(p, required=p is not vm)


def _calibration(p, required: bool) -> None:
    guess = "" if required else " (default: from the module's hex grid, else a guess to calibrate in the window)"
    p.add_argument("--hex-size", type=float, required=required, metavar="PIXELS",
                   help="the image's pixels from a hex's centre to its corners" + guess)
    p.add_argument("--origin", required=required, metavar="X,Y", help="the image's pixels of hex 0101's centre" + guess)
    p.add_argument("--orientation", choices=("flat", "pointy"), help="flat-topped hexes in columns (default) or pointy")
    p.add_argument("--stagger", choices=("even", "odd"), default="even",
                   help="which columns (pointy: rows) sit half a hex lower (right): default even")
    p.add_argument("--stretch", type=float, default=None, metavar="S", help="the hexes are S times taller than "
                   "regular ones (a scan out of shape; default 1)")
    p.add_argument("--opacity", type=float, default=0.5, help="how much of the image shows through the terrain, 0-1")
    p.add_argument("--columns", type=int, metavar="C", help="the map's columns (default: as many as fit the image)")
    p.add_argument("--rows", type=int, metavar="R", help="the map's rows (default: as many as fit the image)")


def _common(p, required: bool = True) -> None:
    p.add_argument("--rules", required=required, help="the scenario's rule system (`umpire rulesets` lists them)")
    p.add_argument("--out", "-o", help="the scenario to write (default: the map's name with .toml, here)")
    p.add_argument("--title", help="the scenario's title (default: from the map)")
    p.add_argument("--force", action="store_true", help="replace an existing scenario file")


def cmd_import_map(args) -> int:
    from .mapimport.run import import_map

    if args.kind == "vmod" and args.list:
        return _list_boards(args.file)
    out, skeleton = import_map(args)
    print(f"wrote {out}: a {skeleton.grid.columns} x {skeleton.grid.rows} {skeleton.grid.orientation}-topped map "
          f"for {skeleton.rules.name}" + (" on a backdrop" if skeleton.backdrop else ""))
    for note in skeleton.notes:
        print(f"  {note}")
    print(f"  next: write its forces (docs/scenario-format.md), then `umpire validate {out}`")
    return 0


def _list_boards(file) -> int:
    from .mapimport.vmod import boards

    for b in boards(file):
        grid = b.calibration_guess()
        hexes = (f"  hex grid: hex size {grid[0]:.1f}, {grid[2]}-topped" if grid else "  no hex grid")
        print(f"{b.name}  (image: {b.image or 'none'}){hexes}")
    return 0
