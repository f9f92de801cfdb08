"""The command line's parser: every command, its arguments and its help (see cli.py)."""

from __future__ import annotations

import argparse
import math

from . import __version__
from .cli_packages import COMMAND_NAMES, add_parsers as add_package_parsers
from .core import limits

EXIT_BAD_INPUT = 2
SUBCOMMANDS = ("new", "validate", "render", "rulesets", "los", "spot", "bench", "move", "activate",
               "form-column", "halt", "overrun", "end-activation", "fire", "attack", "spot-attempt", "fire-mission", "rule-action", "split-fire", "defilade", "plot", "multiply",
               "place-impact", "h-fire", "displace", "pass",
               "next-phase", "end-turn", "undo", "redo", "journal", "replay", "status", "autoplay", "orders",
               "victory", "report", "actions", "act", "import-map", "umpires", "serve")
SUBCOMMANDS += COMMAND_NAMES          # side packages and signed orders (cli_packages.py)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's usage errors: one line and exit 2
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


# Numbers on the command line are held to the ranges in core/limits.py as they are parsed, so a
# slip of the keyboard is a usage error naming the option rather than a hang or a crash later.
def _whole(bounds: tuple[int, int]):
    def parse(text: str) -> int:
        try:
            return limits.whole(text, bounds)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return parse


def _hex_size(text: str) -> float:
    low, high = limits.HEX_SIZE
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:         # nan and inf fail this too
        raise argparse.ArgumentTypeError(f"must be a number of pixels from {low:g} to {high:g}, "
                                         f"got {limits.shown(text)}")
    return value


def _seed(text: str) -> str:
    if problem := limits.seed_problem(text):
        raise argparse.ArgumentTypeError(problem)
    return text


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="umpire", description="Umpire: an umpire's workstation for double-blind hex wargames.")
    p.add_argument("--version", action="version", version=f"umpire {__version__}")
    sub = p.add_subparsers(dest="command")
    n = sub.add_parser("new", help="create a game file from a scenario")
    n.add_argument("scenario")
    n.add_argument("--out", help="game file path or database URL (default: <scenario>.umpire here)")
    n.add_argument("--force", action="store_true", help="overwrite an existing game file")
    n.add_argument("--seed", type=_seed, help="the dice seed: the same seed and the same actions roll the same dice "
                                  "(default: a fresh one)")
    v = sub.add_parser("validate", help="check scenario (.toml) and game (.umpire) files")
    v.add_argument("files", nargs="+")
    r = sub.add_parser("render", help="write a PNG of the map as one viewer knows it")
    r.add_argument("file", help="game file or scenario")
    r.add_argument("--side", default="umpire", help="umpire (the truth) or a side id")
    r.add_argument("--out", required=True, help="PNG file to write")
    r.add_argument("--hex-size", type=_hex_size, default=24.0, help="hex size in pixels, centre to corner (4 to 200)")
    rs = sub.add_parser("rulesets", help="list the installed rule systems and which tables are samples")
    rs.add_argument("--detail", metavar="SYSTEM", help="what a scenario of that rule system may name: its "
                    "terrain symbols, hexside features and unit types; which of its tables are samples")
    lo = sub.add_parser("los", help="line of sight between two hexes or units, explained")
    lo.add_argument("game")
    lo.add_argument("origin", metavar="FROM", help="hex number (0119) or unit id")
    lo.add_argument("target", metavar="TO", help="hex number or unit id")
    lo.add_argument("--json", action="store_true")
    sp = sub.add_parser("spot", help="run a spotting pass and print what a side knows")
    sp.add_argument("game")
    sp.add_argument("--side", required=True)
    sp.add_argument("--json", action="store_true")
    be = sub.add_parser("bench", help="measure speed at game scale against honest baselines (takes minutes)")
    be.add_argument("what", nargs="?", default="all",
                    choices=["all", "los", "spotting", "startup", "maps", "reports", "replay"],
                    help="which figures (default: all)")
    be.add_argument("--units", type=_whole((1, 5000)), default=300, help="units a side")
    be.add_argument("--size", type=_whole((10, limits.MAP_SIDE[1])), default=100, help="map columns and rows")
    be.add_argument("--big", type=_whole((10, limits.MAP_SIDE[1])), default=200,
                    help="the big map of the map figures, columns and rows")
    be.add_argument("--quick", action="store_true", help="small games, to check every figure runs (times mean nothing)")
    mv = sub.add_parser("move", help="move a unit along a path of hexes (journaled, undoable)")
    mv.add_argument("game")
    mv.add_argument("unit")
    mv.add_argument("path", nargs="+", help="hex numbers, starting with the unit's own hex")
    mv.add_argument("--pace", help="a pace of the rule system: MechWar 4 double or charge (8.16); Lock 'n Load "
                    "assault (6.1), double (with a leader, 6.2), low_crawl (6.3), stealth (6.4) or hit_and_run "
                    "(mounted units, 6.7)")
    mv.add_argument("--mount", nargs="+", metavar="UNIT", help="passengers boarding at the start (MW4 9.12, LnLT 16.1)")
    mv.add_argument("--dismount", nargs="+", metavar="UNIT", help="passengers getting out at the end (MW4 9.12, LnLT 16.1)")
    mv.add_argument("--leave-column", action="store_true", help="leave column formation first (MW4 8.11)")
    mv.add_argument("--column", action="store_true", help="infantry: enter column at no cost (MW4 8.11)")
    mv.add_argument("--exit", action="store_true", help="leave the map after the last hex (MW4 8.27)")
    mv.add_argument("--until", metavar="HEX", help="pause in this hex for opportunity fire (MW4 6.52)")
    mv.add_argument("--overrun", action="store_true", help="the last hex holds the enemy: overrun it (MW4 12.0)")
    mv.add_argument("--target", metavar="UNIT", help="in an overrun, the enemy unit the mover fires at")
    mv.add_argument("--with", dest="companions", nargs="+", metavar="UNIT",
                    help="units of its hex moving with it as one stack (Lock 'n Load 6.0)")
    ov = sub.add_parser("overrun", help="a unit held in an overrun fights on or leaves (MW4 12.0)")
    ov.add_argument("game")
    ov.add_argument("unit")
    what = ov.add_mutually_exclusive_group(required=True)
    what.add_argument("--stay", action="store_true", help="fight another firefight at once")
    what.add_argument("--leave", metavar="HEX", help="leave to this next hex at no cost")
    ov.add_argument("--target", metavar="UNIT", help="the enemy unit the mover fires at")
    ac = sub.add_parser("activate", help="activate a company as a formation (MW4 4.1)")
    ac.add_argument("game")
    ac.add_argument("company")
    fc = sub.add_parser("form-column", help="a unit forms column by staying put (MW4 8.11)")
    fc.add_argument("game")
    fc.add_argument("unit")
    fi = sub.add_parser("fire", help="units of one side fire at an enemy unit (MW4 6.0; HCM 3.7: one firer at a "
                                     "time); the worksheet is printed")
    fi.add_argument("game")
    fi.add_argument("firers", nargs="+", metavar="FIRER")
    fi.add_argument("--at", required=True, metavar="TARGET", help="the target unit's id")
    fi.add_argument("--odds", action="store_true", help="print each firer's worksheet and odds; roll nothing")
    fi.add_argument("--weapon", metavar="WEAPON",
                    help="the weapon, as the game's rules name them (checked against the game; left out: the usual "
                         "one) -- MechWar 4: main, mg (tanks' and APCs' machine guns at soft targets, 6.44), "
                         "infantry_h (infantry's close-in attack on a vehicle, 6.45); Hex Command Mechanized: gun, "
                         "mg, small_arms, at (3.7)")
    at = sub.add_parser("attack", help="units of one side attack an enemy-held hex together (War Blog 11.0); "
                                       "the worksheet and results are printed")
    at.add_argument("game")
    at.add_argument("units", nargs="+", metavar="UNIT")
    at.add_argument("--hex", required=True, metavar="HEX", help="the hex attacked")
    at.add_argument("--kind", help="the rule system's kind of attack, by default its usual one: War Blog assault "
                                   "(11.3), attrition (11.6), ranged (11.5), siege (11.4); Lock 'n Load fire (5.0), ordnance (14.1), "
                                   "melee (8.0), close_assault (17.1), overrun (15.3), assault_fire (6.1.1)")
    at.add_argument("--at", metavar="UNIT", help="one enemy unit in the hex the attack singles out "
                                                 "(Lock 'n Load: a vehicle, 17.2)")
    at.add_argument("--odds", action="store_true", help="print the worksheet and odds; roll nothing")
    sa = sub.add_parser("spot-attempt", help="a unit tries to spot a hex in cover (Lock 'n Load 10.1)")
    sa.add_argument("game")
    sa.add_argument("unit")
    sa.add_argument("--hex", required=True, metavar="HEX", help="the hex it looks at")
    sa.add_argument("--fire", action="store_true", help="if it spots the hex, it fires at it at once (10.1)")
    ra = sub.add_parser("rule-action", help="one of the rule system's own actions by a unit (War Blog: "
                                           "air_strike, air_patrol, lay_mines...; Lock 'n Load: spot_attempt, "
                                           "fire_mission, smoke...; umpire actions GAME lists them)")
    ra.add_argument("game")
    ra.add_argument("name", metavar="ACTION")
    ra.add_argument("unit")
    ra.add_argument("--hex", metavar="HEX", help="the hex it acts at, if it asks for one")
    ra.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="another of its fields (repeatable), e.g. --set mission=line --set to=0906")
    fm = sub.add_parser("fire-mission", help="a leader calls an off-board artillery mission on a hex in his sight "
                                            "(Lock 'n Load 18.2)")
    fm.add_argument("game")
    fm.add_argument("unit", metavar="LEADER")
    fm.add_argument("--hex", required=True, metavar="HEX", help="where he aims the spotting round")
    fm.add_argument("--support", metavar="ID", help="the scenario's [[artillery]] id (default: the first with "
                                                     "missions left)")
    fm.add_argument("--mission", help="standard (default), loose, concentrated, line or walking")
    fm.add_argument("--to", metavar="HEX", help="a line's (or walking barrage's line's) second hex, in his sight")
    fm.add_argument("--direction", metavar="DIR", help="the way a walking barrage walks: a compass point of the "
                                                       "map's hexsides (N, NE, SE, S, SW, NW on flat-topped maps)")
    df = sub.add_parser("defilade", help="a unit takes up a defilade position facing a next hex (MW4 10.5)")
    df.add_argument("game")
    df.add_argument("unit")
    df.add_argument("--facing", metavar="HEX", help="the next hex its marker faces (infantry: all round if left out)")
    pl = sub.add_parser("plot", help="a side's off-board fire missions for a turn, secret to it (MW4 7.0, 14.0)")
    pl.add_argument("game")
    pl.add_argument("--side", required=True)
    pl.add_argument("--turn", type=_whole(limits.TURNS), help="the turn they fire in (default: this turn)")
    pl.add_argument("--mission", nargs=4, action="append", default=[], metavar=("SUPPORT", "N", "HEX", "PATTERN"),
                    help="concentration N of an [[artillery]] support (or strike N of an [[air]] support, or 1 "
                         "for an on-map gun) at a hex: tight, loose, smoke or fascam; repeat it; none clears the "
                         "side's plots")
    pl.add_argument("--counterbattery", action="append", default=[], metavar="UNIT",
                    help="an on-map artillery or mortar unit on a counterbattery task this turn (MW4 7.81)")
    mu = sub.add_parser("multiply", help="roll to multiply an off-board support for next turn (MW4 14.33)")
    mu.add_argument("game")
    mu.add_argument("--side", required=True)
    mu.add_argument("--support", required=True)
    _dice_option(mu)
    dp = sub.add_parser("displace", help="a spotted off-board concentration moves instead of firing (MW4 19.22)")
    dp.add_argument("game")
    dp.add_argument("--side", required=True)
    dp.add_argument("--support", required=True)
    dp.add_argument("--concentration", type=_whole(limits.COUNT), default=1, metavar="N")
    rp = sub.add_parser("report", help="turn reports as PDF: each side's from its own view, and the umpire's")
    rp.add_argument("game")
    who = rp.add_mutually_exclusive_group(required=True)
    who.add_argument("--side", help="one side's report (or umpire for the umpire's)")
    who.add_argument("--all-sides", action="store_true", help="the umpire's and every side's")
    rp.add_argument("--turn", type=_whole(limits.TURNS), help="the turn (default: the current one; an earlier turn is replayed "
                    "from the journal as it stood when that turn ended)")
    rp.add_argument("--out", required=True, help="a folder, or a .pdf file name for one report")
    rp.add_argument("--paper", default="a4", choices=("a4", "letter"))
    hf = sub.add_parser("h-fire", help="how a hard or protected unit takes indirect fire (MW4 7.31, 7.32)")
    hf.add_argument("game")
    hf.add_argument("unit")
    stance = hf.add_mutually_exclusive_group(required=True)
    stance.add_argument("--unbuttoned", action="store_true", help="on the D2 CRT with the H strength (7.32)")
    stance.add_argument("--buttoned", action="store_true", help="button up: S1, S2 on a low die (7.31; the usual)")
    pi = sub.add_parser("place-impact", help="the umpire sets where a plotted fire lands instead of its scatter")
    pi.add_argument("game")
    pi.add_argument("--side", required=True)
    pi.add_argument("--support", required=True)
    pi.add_argument("--concentration", type=_whole(limits.CONCENTRATION), default=1, metavar="N")
    pi.add_argument("--turn", type=_whole(limits.TURNS), help="the plot's turn (default: this turn)")
    where = pi.add_mutually_exclusive_group(required=True)
    where.add_argument("--hex", help="the impact hex")
    where.add_argument("--clear", action="store_true", help="take the placed hex back: scatter is rolled")
    pi.add_argument("--reason", help="why (goes into the journal; needed with --hex)")
    sf = sub.add_parser("split-fire", help="a vehicular platoon fires as elements at their own targets (MW4 6.93)")
    sf.add_argument("game")
    sf.add_argument("unit")
    sf.add_argument("--element", nargs=2, action="append", required=True, metavar=("D1|D2", "TARGET"),
                    help="one element and its target; give it two or three times")
    ha = sub.add_parser("halt", help="a unit paused for opportunity fire ends its move")
    ha.add_argument("game")
    ha.add_argument("unit")
    for name, text in (("end-turn", "play the phases left in the turn, then begin the next"), ("undo", "undo the last action"),
                       ("redo", "redo the last undone action"), ("pass", "the side to act passes (MW4 8.23)"),
                       ("next-phase", "go on to the next phase of the turn"),
                       ("end-activation", "end the activated company's activation early (MW4 4.1)"),
                       ("status", "turn, phase and whose activation it is"),
                       ("victory", "the victory situation (final once the game has ended, MW4 20.5)")):
        one = sub.add_parser(name, help=text)
        one.add_argument("game")
        if name in ("end-turn", "pass", "next-phase", "end-activation"):
            _dice_option(one)
    for rolling in (mv, fi, at, sa, fm, ra, ha, ac, fc, ov, sf, df):
        _dice_option(rolling)
    ls = sub.add_parser("actions", help="what can be done in this game: the core's actions and the rule system's, "
                                       "with what each asks for and the command that runs it")
    ls.add_argument("game")
    ls.add_argument("--json", action="store_true")
    ao = sub.add_parser("act", help="run any action `umpire actions` lists, by its kind and KEY=VALUE fields")
    ao.add_argument("game")
    ao.add_argument("kind", metavar="KIND")
    ao.add_argument("values", nargs="*", metavar="KEY=VALUE",
                    help="its fields; several units or hexes comma-separated, structured values as JSON")
    _dice_option(ao)
    jo = sub.add_parser("journal", help="the game's actions, their dice and changes")
    jo.add_argument("game")
    jo.add_argument("--json", action="store_true")
    od = sub.add_parser("orders", help="take a side's orders file: checked, kept, and applied now or, taken before "
                                       "the phase that applies it, when that comes (docs/players.md)")
    od.add_argument("game")
    od.add_argument("file")
    od.add_argument("--require-signature", action="store_true",
                    help="refuse the file unless it is signed with its side's key (docs/players.md)")
    ap = sub.add_parser("autoplay", help="play a scenario with a simple bot for both sides")
    ap.add_argument("scenario")
    ap.add_argument("--turns", type=_whole(limits.TURNS), default=2)
    ap.add_argument("--seed", type=_seed, default="1")
    ap.add_argument("--out", required=True, help="game file to write")
    ap.add_argument("--quiet", action="store_true")
    rp = sub.add_parser("replay", help="check the journal: its recorded changes chain from the scenario to the "
                                       "stored state (--rerun: the rules re-run with the recorded dice)")
    rp.add_argument("game")
    rp.add_argument("--verify", action="store_true", help="exit 1 if the journal does not reach the stored state "
                                                          "or a turn's snapshot")
    rp.add_argument("--rerun", action="store_true", help="re-run every action through the rules with its recorded "
                                                         "dice: does this version of Umpire play the game the same")
    from .cli_mapimport import add_parser as add_import_map      # umpire import-map tmx|image|vmod
    add_import_map(sub, _Parser)
    add_package_parsers(sub)
    um = sub.add_parser("umpires", help="the umpires of a game shared by several: list, add or remove seats",
                        description="With no option, lists the game's umpires.  A game with no seats is a "
                                    "one-umpire game; once seats are listed only their umpires act on it "
                                    "(name yourself with `umpire --as NAME COMMAND` or UMPIRE_NAME).")
    um.add_argument("game")
    um.add_argument("--add", metavar="NAME", help="add (or change) an umpire's seat")
    um.add_argument("--chief", action="store_true", help="the seat is the chief umpire's: sees and does everything")
    um.add_argument("--side", action="append", default=[], metavar="SIDE",
                    help="an assistant's side (repeat for several): he acts for it only and sees what it knows")
    um.add_argument("--sector", action="append", default=[], metavar="HEX:HEX",
                    help="an assistant's map sector, a rectangle by its corners (repeat for several)")
    um.add_argument("--remove", metavar="NAME", help="take an umpire's seat away")
    sv = sub.add_parser("serve", help="serve each side's page (map, forces, contacts, report, orders) to its players",
                        description="Each side's page is behind a secret link, printed with a QR code: give "
                                    "each player only his own.  Built from the side's view only.")
    sv.add_argument("game")
    sv.add_argument("--bind", default="127.0.0.1",
                    help="the address to serve on (default this computer only; 0.0.0.0: every network)")
    sv.add_argument("--port", type=_whole((0, 65535)), default=8750, help="the port (default 8750; 0: any free one)")
    sv.add_argument("--links", metavar="FILE", help="keep the secret links in FILE, the same from one evening to "
                                                    "the next (made, readable by you only, if absent)")
    sv.add_argument("--no-qr", action="store_true", help="print the links without their QR codes")
    return p


def gui_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="umpire", description="Open the Umpire workstation.",
                epilog=f"Commands: {', '.join(SUBCOMMANDS)} (umpire COMMAND --help).")
    p.add_argument("--version", action="version", version=f"umpire {__version__}")
    p.add_argument("--as", dest="umpire_name", metavar="NAME",
                   help="the umpire acting (a game shared by several umpires records who did what); "
                        "any command takes it first: umpire --as NAME COMMAND ...")
    p.add_argument("file", nargs="?", help="game file (.umpire) or scenario (.toml) to open")
    p.add_argument("--screenshot", metavar="PNG", help="open, save a picture of the window, and quit")
    p.add_argument("--new", action="store_true",
                   help="a scenario: start a new game even when a game of it is in this folder (by default the "
                        "window asks whether to carry on with it; --screenshot carries on)")
    return p


def _dice_option(p) -> None:
    p.add_argument("--dice", metavar="FACES", help="the dice rolled at the table, in the order the action asks "
                   "for them (e.g. 3,5); any it needs beyond these are rolled for you")
