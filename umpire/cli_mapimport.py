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
    for p in (tmx,):
        _common(p)


def _common(p) -> None:
    p.add_argument("--rules", required=True, help="the scenario's rule system (`umpire rulesets` lists them)")
    p.add_argument("--out", "-o", help="the scenario to write (default: the map's name with .toml, here)")
    p.add_argument("--title", help="the scenario's title (default: from the map)")
    p.add_argument("--force", action="store_true", help="replace an existing scenario file")


def cmd_import_map(args) -> int:
    from .core.ruleset import load_ruleset
    from .mapimport.skeleton import validated_text, write_text

    rules = load_ruleset(args.rules)
    source = Path(args.file)
    out = Path(args.out) if args.out else Path(source.stem + ".toml")
    if out.exists() and not args.force:
        raise UmpireError("already exists (give --force to replace it)", file=str(out))
    skeleton = {"tmx": _tmx}[args.kind](args, rules, out)
    if args.title:
        skeleton.title = args.title
    write_text(out, validated_text(skeleton, out.parent if str(out.parent) else Path(".")), force=True)
    print(f"wrote {out}: a {skeleton.grid.columns} x {skeleton.grid.rows} {skeleton.grid.orientation}-topped map "
          f"for {rules.name}" + (" on a backdrop" if skeleton.backdrop else ""))
    for note in skeleton.notes:
        print(f"  {note}")
    print(f"  next: write its forces (docs/scenario-format.md), then `umpire validate {out}`")
    return 0


def _tmx(args, rules, out):
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
