"""One import, whoever asks (the command line's `umpire import-map`, the window's File → Import
Club Map…): the options as attributes of `args` (kind, file, rules, out, force, title; board;
the calibration; the Tiled mapping), the skeleton written whole -- with the board picture it
needed -- or nothing at all."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import UmpireError
from .skeleton import Skeleton


def import_map(args) -> tuple[Path, Skeleton]:
    """(the scenario written, its skeleton); UmpireError naming the file and the problem."""
    from ..core.ruleset import load_ruleset
    from .skeleton import validated_text, write_text

    if args.kind == "vmod" and not args.board:
        args.board = _only_board(args.file)
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
    return out, skeleton


def _only_board(module: str) -> str:
    """A module of one board: that board; of several, a refusal naming them for --board."""
    from .vmod import boards
    found = boards(module)
    if len(found) == 1:
        return found[0].name
    names = ", ".join(repr(b.name) for b in found)
    raise UmpireError(f"the module has {len(found)} boards: give --board NAME, one of {names}", file=module)


def _guess(image: Path):
    """A first calibration sized to the picture (some 24 hexes across its shorter side), for the
    umpire to put right in the calibration dialog."""
    from ..core.backdrop import image_size
    from .image import Calibration
    try:
        w, h = image_size(image)
    except ValueError as e:
        raise UmpireError(str(e), file=str(image)) from None
    size = max(4.0, min(w, h) / 24)
    return Calibration(size, (size, size * 0.9))


def _cal(args, default=None):
    """The calibration the options give, over `default` (a Calibration or None)."""
    from .image import Calibration, parse_origin

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


def _beside(image: Path, out: Path, force: bool, made: list[Path]) -> Path:
    """The picture where the scenario can name it: as it is if it lies in the scenario's folder
    or one under it, else copied beside the scenario -- a backdrop outside its scenario's folder
    is refused (core/backdrop.py: every side's maps would draw a picture from anywhere)."""
    from ..core.backdrop import image_size
    from .skeleton import place_picture
    folder = out.parent if str(out.parent) else Path(".")
    if image.resolve().is_relative_to(folder.resolve()):
        return image
    try:
        image_size(image)               # a picture, before its bytes are read whole
        data = image.read_bytes()
    except ValueError as e:
        raise UmpireError(str(e), file=str(image)) from None
    except OSError as e:
        raise UmpireError(f"cannot read: {e.strerror or e}", file=str(image)) from None
    target = folder / image.name
    if place_picture(data, target, force):
        made.append(target)
    return target


def _image(args, rules, out, made):
    from .image import backdrop_skeleton

    picture = _beside(Path(args.file), out, args.force, made)
    if args.hex_size is None and args.origin is None:       # the window's import: calibrated afterwards
        cal = _cal(args, _guess(picture))
        notes = ["A first guess at the calibration: make it right with View → Backdrop → Edit Backdrop Calibration…."]
    else:
        cal, notes = _cal(args), []
    if picture != Path(args.file):
        notes.append(f"The picture {picture.name} copied beside the scenario (a backdrop lies in its scenario's folder).")
    return backdrop_skeleton(picture, out, rules, cal, args.columns, args.rows, notes=notes)


def _vmod(args, rules, out, made):
    from .image import Calibration, backdrop_skeleton
    from .vmod import extract_image, find_board

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
            default = _guess(image)
            notes.append("No hex grid in the module: a first guess at the calibration -- make it right with "
                         "View → Backdrop → Edit Backdrop Calibration….")
        cal = _cal(args, default)
    return backdrop_skeleton(image, out, rules, cal, args.columns, args.rows, notes=notes)


def _pairs(given, usage: str) -> dict[str, str]:
    """A flag's VALUE=NAME pairs, in order (a later value wins), or a one-line refusal."""
    out = {}
    for pair in given or []:
        value, eq, name = pair.partition("=")
        if not eq or not value or not name:
            raise UmpireError(f"{usage}, got {pair!r}")
        out[value] = name
    return out


def _tmx(args, rules, out, made):
    from .tmx import Mapping, import_tmx, read_mapping

    mapping = read_mapping(args.mapping) if args.mapping else Mapping()
    if args.terrain_property:
        mapping.terrain_property = args.terrain_property
    if args.elevation_property:
        mapping.elevation_property = args.elevation_property
    if args.default_terrain:
        mapping.default_terrain = args.default_terrain
    mapping.terrain.update(_pairs(args.terrain, "--terrain takes VALUE=NAME (a property value and a terrain)"))
    if getattr(args, "hexside_property", None):
        mapping.hexside_property = args.hexside_property
    mapping.hexsides.update(_pairs(getattr(args, "hexside", None),
                                   "--hexside takes VALUE=FEATURE (a property value and a hexside feature)"))
    if getattr(args, "overlay_property", None):
        mapping.overlay_property = args.overlay_property
    mapping.overlays.update(_pairs(getattr(args, "overlay", None),
                                   "--overlay takes VALUE=KIND (a property value and an overlay)"))
    return import_tmx(args.file, rules, mapping)
