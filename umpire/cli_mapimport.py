"""`umpire import-map tmx|image|vmod ...`: a club's map brought in as a scenario skeleton
(umpire/mapimport), written whole or not at all, checked as `umpire validate` would."""

from __future__ import annotations

from pathlib import Path

from .core.errors import UmpireError


def add_parser(sub, parser_class) -> None:
    """The import-map command and its three kinds of map (called by cli_parser.build_parser)."""
    im = sub.add_parser("import-map", help="bring a club's map in as a scenario skeleton: a Tiled map, "
                        "a map image, or a VASSAL module's board")
    kinds = im.add_subparsers(dest="kind", required=True, parser_class=parser_class)
    tmx = kinds.add_parser("tmx", help="a Tiled hexagonal map: terrain and elevation from tile or layer properties")
    tmx.add_argument("file", help="the .tmx file")
    tmx.add_argument("--mapping", metavar="TOML", help="a mapping file: terrain_property, elevation_property, "
                     "default_terrain and a [terrain] table of property value = terrain name")
    tmx.add_argument("--terrain-property", metavar="NAME", help="the property holding a tile's terrain "
                     "(default: terrain)")
    tmx.add_argument("--elevation-property", metavar="NAME", help="the property holding a tile's level 0-9 "
                     "(default: elevation)")
    tmx.add_argument("--terrain", action="append", default=[], metavar="VALUE=NAME",
                     help="a property value and the rule system's terrain it means (repeat for each)")
    tmx.add_argument("--default-terrain", metavar="NAME", help="the terrain of hexes no tile or layer names "
                     "(default: the rule system's first)")
    img = kinds.add_parser("image", help="a picture of a map as the backdrop, its hex grid calibrated")
    img.add_argument("file", help="the picture (PNG, JPEG, BMP or GIF)")
    _calibration(img, required=True)
    vm = kinds.add_parser("vmod", help="a VASSAL module: list its boards, or take one board's picture as the backdrop")
    vm.add_argument("file", help="the .vmod file")
    vm.add_argument("--list", action="store_true", help="list the module's boards and stop")
    vm.add_argument("--board", metavar="NAME", help="the board whose picture becomes the backdrop (extracted "
                    "beside the scenario)")
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
    from .core.ruleset import load_ruleset
    from .mapimport.skeleton import validated_text, write_text

    if args.kind == "vmod" and args.list:
        return _list_boards(args.file)
    if args.kind == "vmod" and not args.board:
        raise UmpireError("give --board NAME (the board to take; --list names them)", file=args.file)
    if not args.rules:
        raise UmpireError("give --rules SYSTEM: the scenario's rule system (`umpire rulesets` lists them)")
    rules = load_ruleset(args.rules)
    source = Path(args.file)
    out = Path(args.out) if args.out else Path(source.stem + ".toml")
    if out.exists() and not args.force:
        raise UmpireError("already exists (give --force to replace it)", file=str(out))
    made: list[Path] = []           # files written on the way (a board's picture): gone again on failure
    try:
        skeleton = {"tmx": _tmx, "image": _image, "vmod": _vmod}[args.kind](args, rules, out, made)
        if args.title:
            skeleton.title = args.title
        write_text(out, validated_text(skeleton, out.parent if str(out.parent) else Path(".")), force=True)
    except BaseException:
        for f in made:
            f.unlink(missing_ok=True)
        raise
    print(f"wrote {out}: a {skeleton.grid.columns} x {skeleton.grid.rows} {skeleton.grid.orientation}-topped map "
          f"for {rules.name}" + (" on a backdrop" if skeleton.backdrop else ""))
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


def _cal(args, default=None):
    """The calibration the options give, over `default` (a Calibration or None)."""
    from .mapimport.image import Calibration, parse_origin

    if args.hex_size is None or args.origin is None:
        if default is None:
            raise UmpireError("give --hex-size and --origin together (the calibration), or neither")
        cal = default
    else:
        try:
            origin = parse_origin(args.origin)
        except ValueError as e:
            raise UmpireError(str(e), place="--origin") from None
        cal = Calibration(args.hex_size, origin, default.orientation if default else "flat")
    cal.orientation = args.orientation or cal.orientation
    cal.stagger = args.stagger
    if args.stretch is not None:
        cal.stretch = args.stretch
    cal.opacity = args.opacity
    if not (0 <= cal.opacity <= 1) or not (0.5 <= cal.stretch <= 2):
        raise UmpireError("--opacity is 0 to 1, --stretch 0.5 to 2")
    return cal


def _image(args, rules, out, made):
    from .mapimport.image import backdrop_skeleton

    return backdrop_skeleton(Path(args.file), out, rules, _cal(args), args.columns, args.rows)


def _vmod(args, rules, out, made):
    from .core.backdrop import image_size
    from .mapimport.image import Calibration, backdrop_skeleton
    from .mapimport.vmod import extract_image, find_board

    board = find_board(args.file, args.board)
    image, written = extract_image(args.file, board, out.parent if str(out.parent) else Path("."), args.force)
    if written:
        made.append(image)
    notes = [f"The board {board.name!r} of the VASSAL module {Path(args.file).name}, its picture {image.name}."]
    guess = board.calibration_guess()
    if args.hex_size is not None or args.origin is not None:
        cal = _cal(args)
    else:
        default = None
        if guess is not None and 0.5 <= guess[3] <= 2:
            default = Calibration(guess[0], guess[1], guess[2], stretch=round(guess[3], 4))
            notes.append("Calibrated from the module's hex grid: check it (View → Backdrop → Edit Backdrop "
                         "Calibration…).")
        else:
            try:
                w, h = image_size(image)
            except ValueError as e:
                raise UmpireError(str(e), file=str(image)) from None
            size = max(4.0, min(w, h) / 24)
            default = Calibration(size, (size, size * 0.9))
            notes.append("No hex grid in the module: a first guess at the calibration -- make it right with "
                         "View → Backdrop → Edit Backdrop Calibration….")
        cal = _cal(args, default)
    return backdrop_skeleton(image, out, rules, cal, args.columns, args.rows, notes=notes)


def _tmx(args, rules, out, made):
    from .mapimport.tmx import Mapping, import_tmx, read_mapping

    mapping = read_mapping(args.mapping) if args.mapping else Mapping()
    if args.terrain_property:
        mapping.terrain_property = args.terrain_property
    if args.elevation_property:
        mapping.elevation_property = args.elevation_property
    if args.default_terrain:
        mapping.default_terrain = args.default_terrain
    for pair in args.terrain:
        value, eq, name = pair.partition("=")
        if not eq or not value or not name:
            raise UmpireError(f"--terrain takes VALUE=NAME (a property value and a terrain), got {pair!r}")
        mapping.terrain[value] = name
    return import_tmx(args.file, rules, mapping)
