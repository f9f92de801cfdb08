"""The first text of a side's orders (issue 23/24): the readable TOML an orders file needs, for
the turn the umpire will take it for, with what the side may order written as the file's keys --
one function, used by player mode (from the package) and by the side's web page (from the game),
so the two never disagree.  And the check player mode runs before signing: the rule system's own
reader on the text, as the umpire's Umpire will read it.

Built only from the side's view and its orders form: nothing of the other side's is named.
"""

from __future__ import annotations

import importlib
import re
import textwrap
import tempfile
from pathlib import Path

from ..core.errors import UmpireError
from ..core.play.order_entries import ByName, Listed, named_in

SPACES = "\u00a0 \t"
NOTE_WIDTH = 56        # what the player-mode editor shows without scrolling, at its window's first size


def orders_turn(game, system, side: str) -> int:
    """The turn a side's orders are for: this one where the rule system's phase that applies them
    is running or still to come this turn (Wardogs p. 7 step 6, the declaration of fire; HCM 2.1.1
    before play; LnLT 3.0 in the Rally phase; WB 7.0 before the side's player turn ends), else the
    next (RuleSystem.orders_this_turn)."""
    now = system is not None and game.phase != "ended" and system.orders_this_turn(game, side)
    return game.turn if now else game.turn + 1


def orders_applied(game, system, side: str, turn: int) -> str:
    """When the umpire's Umpire applies the side's orders for `turn`, as things stand when the
    package is made -- the words his inbox shows ("waiting for the declaration phase"), from the
    rule system's RuleSystem.orders_wait: for a file of the turn, and for each kind of entry its
    file takes where that kind waits for something else (HCM 2.1.1: a change waits for the side's
    turn to act).  Public facts only: the turn, the phase, whose turn it is to act."""
    if system is None or game.phase == "ended":
        return ""

    def when(params: dict) -> str:
        waits = system.orders_wait(game, side, {"side": side, "turn": turn, **params})
        return f"kept by the umpire until {waits}, then applied" if waits else "applied as the umpire takes them"
    base = when({})
    more = [f"[{e.key}] {w}" for e in entries_of(system) if (w := when({"entries": [(e.kind, {})]})) != base]
    return f"Orders for turn {turn}: {base}" + "".join(f"; {x}" for x in more) + "."


def _cells(row) -> list[str]:
    """A form row's written cells: the blanks left to fill in (no-break spaces) dropped."""
    return [str(c) for c in row if str(c).strip(SPACES)]


def template(*, side: str, side_name: str, title: str, rules: str, turn: int, units, orders_form,
             commands: dict, entries: tuple = (), applied: str = "") -> str:
    """The orders file's first text.  `units`: the side's view's units; `commands`: the rule
    system's command codes (RuleSystem.commands()); `entries`: the kinds of entry its file takes
    besides (order_entries: HCM, LnLT, War Blog), each given a commented example block;
    `applied`: when the umpire applies them (orders_applied), a note at the top."""
    lines = [f"# {side_name}'s orders for turn {turn} ({title})",
             *[f"# {x}" for x in textwrap.wrap(applied, NOTE_WIDTH)],
             "# Lines starting with # are notes; remove the # of a line",
             "# to make it an order.",
             f'side = "{side}"', f"turn = {turn}", ""]
    companies = sorted({u.company for u in units if u.knowledge == "own" and u.company})
    if commands and companies:       # company commands (MW4 19.1, 19.14): the file's codes, not their names
        lines.append("# Commands (MW4 19.14): write the code on the left, one per company")
        lines += [f"#   {k:<20} {v.get('label', k)}" for k, v in commands.items()]
        lines += ["[commands]"] + [f'# "{c}" = ""' for c in companies] + [""]
    lines += mw4_blocks(commands, turn)
    lines += entry_blocks(entries, own_units(units, orders_form), companies)
    shot = None
    if orders_form:
        lines += ["# For reference, your printed orders form (this file",
                  "# takes only what the lines above and below name):"]
    for t in orders_form:
        if commands and t.title.startswith("Commands"):
            continue                 # its choices are display names: the [commands] notes above say the codes
        heading = re.sub(r"for turn \d+", f"for turn {turn}", t.title)   # the file's turn, one turn everywhere
        lines += [f"# {heading}:", f"#   {' | '.join(t.header)}"]
        lines += [f"#   {' | '.join(_cells(r))}" for r in t.rows]
        if "Weapon key (orders file)" in t.header and t.rows and shot is None:
            at = t.header.index("Weapon key (orders file)")
            shot = (str(t.rows[0][0]), str(t.rows[0][at]))
    if shot is not None:             # Wardogs p. 7 step 6: one shot per weapon, the target a contact's label
        target = next((u.label for u in sorted(units, key=lambda u: u.label) if u.knowledge == "seen"), "C1")
        lines += ["", "# A shot: remove its #s (a [[shot]] per weapon firing; none: no fire)",
                  "# [[shot]]", f'# firer = "{shot[0]}"', f'# weapon = "{shot[1]}"',
                  f'# target = "{target}"     # a contact\'s label']
    return "\n".join(lines) + "\n"


def package_template(package, system) -> str:
    """Player mode's orders text, from the side's package."""
    m = package.manifest
    return template(side=m["side"], side_name=m["side_name"], title=m["title"], rules=m["rules"],
                    turn=m["orders_turn"], units=package.view.units, orders_form=package.orders_form,
                    commands=system.commands(), entries=entries_of(system), applied=m.get("orders_applied", ""))


def game_template(game, side: str, system) -> str:
    """The side page's orders text, from the game through the side's report (its view only) --
    the same text the side's package of this moment gives."""
    from ..reports.content import side_report
    report = side_report(game, side, system)
    turn = orders_turn(game, system, side)
    return template(side=side, side_name=report.viewer_name, title=game.title, rules=game.rules.name,
                    turn=turn, units=report.view.units, orders_form=report.orders_form,
                    commands=system.commands(), entries=entries_of(system),
                    applied=orders_applied(game, system, side, turn))


def entries_of(system) -> tuple:
    """The kinds of entry the rule system's orders file takes as its own actions (its
    orders_file module's ENTRIES, core.play.order_entries), () where it has none."""
    try:
        module = importlib.import_module(f"{type(system).__module__}.orders_file")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(module, "ENTRIES", ()))


def mw4_blocks(commands: dict, turn: int) -> list[str]:
    """MechWar 4's other tables, commented: an ambush (6.913) and a fire plot (7.0, 14.0)."""
    if "ambush" not in commands:
        return []
    out = []
    if turn == 1:
        out += ["# Ambush (MW4 6.913, turn 1 only): the company's command is",
                "# ambush, and its hex here",
                "# [ambush]", '# "company" = "1414"', ""]
    return out + ["# Fire plots (MW4 7.0, 14.0): a [[fire]] per mission",
                  "# (none: your plots stay as they are)",
                  "# [[fire]]", '# support = "US DS"          # your support\'s id',
                  "# concentration = 1", '# target = "2215"            # the hex aimed at',
                  '# pattern = "tight"           # tight | loose | smoke', ""]


def entry_blocks(entries: tuple, own: list[str], companies: list[str]) -> list[str]:
    """A commented example block per kind of entry (core.play.order_entries), naming the side's
    own forces and units (the package's view and orders form: nothing of the enemy's)."""
    out = []
    if any(isinstance(e, Listed) for e in entries) and own:
        out += names_wrapped("Your units: ", own) + [""]
    for e in entries:
        out += [f"# {x}" for x in textwrap.wrap(e.note, NOTE_WIDTH)]     # read in the editor without scrolling
        if isinstance(e, ByName):
            out += [f"# [{e.key}]"] + [f'# "{c}" = ""' for c in companies or ["force"]]
        else:
            out += [f"# (unit: {e.who})", f"# [[{e.key}]]", '# unit = ""']
            out += [f'# {f} = ""' for f in e.fields] + [f'# {f} = ""        # may be left out' for f in e.optional]
        out.append("")
    return out


def names_wrapped(head: str, names: list[str]) -> list[str]:
    """Comment lines listing `names` within NOTE_WIDTH, never breaking a name ("Track 21")."""
    lines, line = [], f"# {head}"
    for n, name in enumerate(names):
        word = name + ("," if n < len(names) - 1 else "")
        if len(line) + 1 + len(word) > NOTE_WIDTH + 2 and line.strip("# "):
            lines.append(line)
            line = "#  "
        line += ("" if line.endswith((": ", "#  ")) else " ") + word
    return lines + [line]


def own_units(units, orders_form=()) -> list[str]:
    """The side's own units by id: those its view shows, and those its orders form lists off the
    map (its first column: War Blog's air pool, reinforcements to come)."""
    listed = {str(r[0]) for t in orders_form if t.header and "unit" in str(t.header[0]).lower()
              for r in t.rows if r and str(r[0]).strip(SPACES)}
    return sorted({u.key for u in units if u.knowledge == "own"} | listed)


def check_before_signing(text: str, system, units, shown: str = "the orders", orders_form=()) -> None:
    """Refuse, in one line, orders the umpire's Umpire would refuse on reading: the rule system's
    reader on the text (as `umpire orders` reads the file), then its company commands against the
    codes (MW4 19.14) and the side's own companies."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "orders.toml"
        path.write_text(text, encoding="utf-8")
        try:
            _written_for, params = system.read_orders(path)   # whose: checked by the signing
        except UmpireError as e:
            raise UmpireError(e.problem, file=shown) from None
    mine = set(own_units(units, orders_form))
    named_units, named_forces = named_in(params.get("entries") or [], entries_of(system))
    own = {u.company for u in units if u.knowledge == "own" and u.company}
    for name in sorted(named_forces - own):
        raise UmpireError(f"{name!r} is not one of your forces ({', '.join(sorted(own))})", file=shown)
    for name in sorted(named_units - mine):
        raise UmpireError(f"{name!r} is not one of your units", file=shown)
    codes = system.commands()
    own = {u.company for u in units if u.knowledge == "own" and u.company}
    for company, code in (params.get("commands") or {}).items():
        if company not in own:
            raise UmpireError(f"[commands] {company!r} is not one of your companies ({', '.join(sorted(own))})",
                              file=shown)
        if code not in codes:
            raise UmpireError(f"[commands] {company!r} = {code!r} is not a command code; write one of "
                              f"{', '.join(codes)} (MW4 19.14)", file=shown)
