"""What goes into a turn report, as plain data (no reportlab, no Qt).

A side's report is built from its side view (`knowledge.build_view`: its own units, its
contacts, the overlays it may see, its plots) and from what it may read of the journal
(`witness`), plus its own order of battle -- never from the enemy's units, plots or dice.
The umpire's report is the truth of the turn: every unit, every action with its lines and dice.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from ..core.game import Game
from ..core.knowledge import UMPIRE, SideView, build_view
from ..core.rulesystem import Table
from .events import side_events, umpire_events
from .legend import map_key


@dataclass
class Report:
    viewer: str                     # a side id, or "umpire"
    viewer_name: str
    title: str                      # the scenario
    turn: int
    turns: int
    phase: str
    made: str                       # date of printing
    view: SideView                  # the map is drawn from this only
    tables: list[Table] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    events_empty: str = ""
    orders_form: list[Table] = field(default_factory=list)
    samples: list[str] = field(default_factory=list)
    key: Table | None = None        # the map's key: what its counters and markers mean


def side_report(game: Game, side: str, system) -> Report:
    view = build_view(game, side, system)
    n = game.map.number
    rep = _report(game, view, system)
    mine = [u for u in game.units.values() if u.side == side]
    rep.tables.append(system.forces_table(game, [u for u in mine if u.status != "destroyed"]))
    lost = sorted(u.id for u in mine if u.status == "destroyed" and system.is_loss(game, u))
    if lost:
        rep.tables.append(Table("Our losses", ("Unit",), [(uid,) for uid in lost], ""))
    contacts = [m for m in view.units if m.knowledge in ("seen", "last_known")]
    rep.tables.append(Table(
        "Contacts", ("Contact", "What", "Hex", "Strength", "Status", "Last seen", "Seen by"),
        [(m.label, m.type_label, n(m.hex), m.strength or "?", "seen now" if m.knowledge == "seen" else "last known",
          f"turn {m.turn_seen}" if m.turn_seen else "", ", ".join(m.seen_by))
         for m in sorted(contacts, key=lambda m: int(m.label[1:]))],
        "No enemy unit has been seen."))
    if system.plotted_fire(game):
        rep.tables.append(_plots_table(game, view))
    due = [r for r in game.reinforcements if r.side == side       # still to come, or due and not yet on
           and (r.turn > game.turn or any(game.units[u].status == "off_map" for u in r.units))]
    rep.tables.append(Table("Reinforcements due", ("Turn", "Units", "Entry"),
                            [(str(r.turn), ", ".join(r.units), " ".join(n(h) for h in r.entry)) for r in due],
                            "None due."))
    rep.tables.append(_victory_table(game, view, side, system))
    if game.phase == "ended":
        # no orders form for a turn that never comes (it printed "Orders for turn 7" of six); the
        # result is reckoned on the truth, so the umpire announces it -- the side's report, made
        # from its view alone, says only that the game is over
        rep.tables.append(Table("The game is over", ("",), [], f"The game ended after turn {game.turn} of "
                                f"{game.turns}: the umpire announces the result."))
    rep.events, rep.events_empty = side_events(game, view, side, system), "Nothing seen or done this turn."
    rep.orders_form = [] if game.phase == "ended" else system.orders_form(game, side)
    return rep


def umpire_report(game: Game, system) -> Report:
    view = build_view(game, UMPIRE, system)
    n = game.map.number
    rep = _report(game, view, system)
    rep.tables.append(Table(
        "All units", ("Side", "Company", "Unit", "Type", "Hex", "Strength", "State", "Enemy sees it"),
        [(game.side(u.side).name, u.company or "—", u.id, game.unit_type(u)["label"],
          game.whereabouts(u), system.strength_text(game, u),
          system.unit_marks(game, u),
          ("no (hidden)" if u.face_down else "yes") if u.on_map else "") for u in game.units.values()],
        "No units."))
    for s in game.sides:
        seen = [c for c in game.contacts.values() if c.side == s.id]
        rep.tables.append(Table(
            f"What {s.name} knows", ("Contact", "Unit (truth)", "Hex", "Status", "Turn", "Seen by"),
            [(c.label, c.unit, n(c.hex), c.status.replace("_", " "), str(c.turn), ", ".join(c.seen_by))
             for c in sorted(seen, key=lambda c: int(c.label[1:]))], f"{s.name} has seen nothing."))
    if system.plotted_fire(game):
        rep.tables.append(_plots_table(game, view, outcomes=True))
    # the rule system's standing (objectives, scores, hearts and minds): the umpire's only
    standing = system.victory(game, final=game.phase == "ended").text(game).splitlines()
    rep.tables.append(Table("Victory situation", ("Standing",), [(x.strip(),) for x in standing], "Nothing to count."))
    rep.events = umpire_events(game)
    rep.events_empty = "No actions this turn."
    return rep


def _report(game: Game, view: SideView, system) -> Report:
    phase = next((p.label for p in system.phases() if p.key == game.phase), (game.phase or "").replace("_", " "))
    return Report(view.viewer, view.viewer_name, game.title, game.turn, game.turns, phase,
                  datetime.date.today().isoformat(), view,
                  samples=[t.title for t in game.rules.sample_tables()], key=map_key(view, game.rules, system))


def _plots_table(game: Game, view: SideView, outcomes: bool = False) -> Table:
    """The viewer's plots from this turn on (all sides' for the umpire), as the view holds them."""
    n = game.map.number
    rows = []
    for m in view.fire:
        landed = {None: "", False: "no fire for effect"}.get(m.came, "fired, not observed") if m.landed is None \
            else f"landed in {n(m.landed)}"
        rows.append(((game.side(m.side).name,) if outcomes else ()) +
                    (m.label, n(m.target), m.pattern, str(m.turn), landed))
    tasks = [p for p in game.plots if p.turn >= game.turn and p.pattern == "counterbattery"
             and (view.viewer == UMPIRE or p.side == view.viewer)]
    for p in tasks:
        label = p.support if p.support in game.units else f"{p.support} #{p.concentration}"
        rows.append(((game.side(p.side).name,) if outcomes else ()) + (label, "—", "counterbattery", str(p.turn), ""))
    head = (("Side",) if outcomes else ()) + ("Fire", "Target", "Pattern", "Turn", "Result")
    return Table("Fire plots and air strikes", head, rows, "No fire plotted.")


def _victory_table(game: Game, view: SideView, side: str, system) -> Table:
    """Its objectives as its view shows them -- its own counters there, an enemy contact seen
    there now or last seen there -- never from where the enemy truly is; or as the rules hold
    them where every side knows who does (RuleSystem.objective_status)."""
    n = game.map.number
    rows = []
    for v in game.victory:
        if v.side != side:
            continue
        for o in v.objectives:
            said = system.objective_status(game, side, o.hex)
            rows.append((o.label, n(o.hex), str(o.points), said or objective_status(view.marks_at(o.hex))))
    return Table("Objectives", ("Objective", "Hex", "Points", "Held, as far as we know"), rows, "No objectives.")


def objective_status(marks) -> str:
    """Who holds a hex, in the words of a side that knows only these marks (its view's there)."""
    ours = sorted(m.label for m in marks if m.knowledge == "own")
    seen = sorted(m.label for m in marks if m.knowledge == "seen")
    last = sorted((m for m in marks if m.knowledge == "last_known"), key=lambda m: (m.turn_seen or 0, m.label))
    if ours and seen:
        return f"contested: ours ({', '.join(ours)}) and the enemy's ({', '.join(seen)}) there"
    if ours:
        return f"held by us ({', '.join(ours)})"
    if seen:
        return f"held by the enemy: {', '.join(seen)} seen there now"
    if last:
        return f"held by the enemy as last seen: {', '.join(f'{m.label} on turn {m.turn_seen}' for m in last)}"
    return "unknown: none of ours there, no enemy seen there"
