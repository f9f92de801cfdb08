"""What a rule system's procedures ask the core to change, and the one place that applies it.

A rule system computes; the core writes.  Procedures such as a phase's start, a unit's loss or
the game's opening return `Change`s and `apply` journals each one (so undo and replay see it)
and keeps the game in memory in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from sqlalchemy import select

from .hexgrid import Hex
from .store import models as m

if TYPE_CHECKING:                        # the engine imports the actions that import this module
    from .engine import Context

WHAT = ("unit", "note", "overlay", "support", "plot", "game")      # the core's; others are the rule system's


@dataclass(frozen=True)
class Change:
    """One change.  By `what`:

    unit     key: a unit id; values: the unit's columns (hex as q, r; status; steps_lost...),
             fields of the rule system's marks (each merged into its marks), or "marks" (the
             whole marks).  With {"new_like": id, "type": ..., q, r, ...} a new counter comes
             into play where unit `new_like` belongs (a crew bailing out, a hero appearing).
    game     key "state": values merged into the rule system's game-wide state; or a path, a
             tuple of keys, to a mapping inside it (("companies", "A/2-32")), values merged there.
    overlay  key: its kind; values: q, r, side, secret, detail, known_to, seen_with (a unit whose
             end leaves it: who saw that knows of it) to add one; {"clear": True} to lift them
             all, {"clear": True, q, r} those of one hex; {"reveal": True, q, r, seen_with: a
             unit it struck} to tell that hex's to those who saw it strike.
    support  key: an off-board support; values: {"used": {...}} what of it is used.
    plot     key: (turn, side, support, concentration); values: {"outcome": {...}} how it went.
    note     journal lines only.
    Any other `what` is the rule system's own, applied by its `apply_change` (a result
    dealt to a unit as a shot deals it, say).
    """

    what: str
    key: Any
    values: dict[str, Any]
    lines: tuple[str, ...] = ()        # for the journal, in the order they happened
    # who reads `lines` besides the umpire: None, the side that acts; a side id, that side
    # alone -- the enemy's depressions after an attack, a company's losses, are its own to know;
    # "umpire", nobody else; a list of sides, each of them (what both sides saw happen)
    reader: str | list[str] | None = None


def apply(ctx: Context, changes: Iterable[Change | tuple], indent: str = "") -> None:
    """Journal the changes and update ctx.game.  A 3-tuple (unit id, values, line) is a unit
    change (the older form rule systems return)."""
    unit_rows = None
    for c in changes:
        if isinstance(c, tuple):
            c = Change("unit", c[0], c[1], (c[2],) if c[2] else ())
        if c.values and c.what == "unit" and "new_like" in c.values:
            _new_unit(ctx, c.key, dict(c.values))
            unit_rows = None
        elif c.values and c.what == "unit":
            if unit_rows is None:
                unit_rows = {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
            dies = c.values.get("status") == "destroyed" and ctx.game.units[c.key].status == "on_map"
            set_unit(ctx, unit_rows[c.key], **c.values)
            if dies:
                seen_destroyed(ctx, c.key)
        elif c.values and c.what == "overlay":
            _overlay(ctx, c.key, c.values)
        elif c.what not in WHAT:          # a rule system's own kind (a result dealt like a shot)
            ctx.system.apply_change(ctx, c, indent)
            continue
        elif c.values and c.what == "support":
            row = ctx.session.get(m.SupportRow, c.key)
            ctx.rec.set(row, used=dict(c.values["used"]))
            ctx.game.support_used[c.key] = dict(c.values["used"])
        elif c.values and c.what == "plot":
            turn, side, support, n = c.key
            row = ctx.session.get(m.PlotRow, (turn, side, support, n))
            ctx.rec.set(row, outcome=dict(c.values["outcome"]))
        elif c.values and c.what == "game":
            set_state(ctx, c.values, () if c.key == "state" else tuple(c.key))
        ctx.log.add(c.lines, c.reader, indent)


def set_state(ctx: "Context", values: dict[str, Any], path: tuple = ()) -> None:
    """Merge `values` into the rule system's game-wide state -- at `path`, a mapping inside it --
    journaled key by key and checked by its model."""
    game = ctx.game
    data = game.rule_state.stored()
    inner = data
    for k in path:
        inner = inner.setdefault(k, {})
    inner.update(values)
    game.rule_state = type(game.rule_state).read(data)
    info = ctx.session.execute(select(m.GameInfo)).scalars().one()
    ctx.rec.set(info, rule_state=game.rule_state.stored())


UNIT_COLUMNS = frozenset(m.UnitRow.__table__.columns.keys())


def set_unit(ctx: Context, row: m.UnitRow | str, **values) -> None:
    """Change a unit's row (journaled) and its state in the game the action holds.  Values that
    are not the unit table's columns are fields of the rule system's marks, merged into them;
    "marks" replaces them whole."""
    if isinstance(row, str):
        row = ctx.session.get(m.UnitRow, row)
    u = ctx.game.units[row.id]
    fields = {k: values.pop(k) for k in list(values) if k not in UNIT_COLUMNS}
    if fields or "marks" in values:
        marks = type(u.marks).read(values.pop("marks", u.marks), f"unit {row.id!r}: marks")
        u.marks = marks.but(**fields) if fields else marks
        values["marks"] = u.marks.stored()
    ctx.rec.set(row, **values)
    for k, v in values.items():
        if k in ("q", "r", "marks"):
            continue
        setattr(u, k, tuple(Hex(q, r) for q, r in v) if k == "path" else v)
    if "q" in values:
        u.hex = Hex(values["q"], values["r"]) if values["q"] is not None else None



def _new_unit(ctx: "Context", uid: str, values: dict[str, Any]) -> None:
    """Put a new counter in play (journaled: undo removes it): it belongs where `new_like` does."""
    from sqlalchemy import func

    from .store.db import unit_state
    if uid in ctx.game.units:
        raise ValueError(f"a unit {uid!r} is already in the game")
    like = ctx.session.get(m.UnitRow, values.pop("new_like"))
    last = ctx.session.execute(select(func.max(m.UnitRow.position))).scalar() or 0
    marks = ctx.system.Marks.read({**dict(values.pop("marks", {}) or {}),
                                   **{k: values.pop(k) for k in list(values) if k not in UNIT_COLUMNS}})
    row = m.UnitRow(id=uid, position=last + 1, side_id=like.side_id, battalion_id=like.battalion_id,
                    company_id=like.company_id, traits=dict(like.traits or {}),
                    status="on_map" if values.get("q") is not None else "off_map", marks=marks.stored(), **values)
    ctx.rec.insert(row)
    ctx.game.units[uid] = unit_state(row, ctx.system.Marks, ctx.system.Traits.unit)


def seen_destroyed(ctx: "Context", uid: str) -> None:
    """Who watched the unit die knows it is gone: its contacts seen now become destroyed."""
    for row in ctx.session.execute(select(m.ContactRow).where(m.ContactRow.unit_id == uid,
                                                              m.ContactRow.status == "seen")).scalars():
        ctx.rec.set(row, status="destroyed")


def learners(ctx: "Context", uid: str, where) -> list[str]:
    """The sides that learn what befalls unit `uid` in hex `where` now: its own; those that had
    it in sight (their contact is seen, or was seen until it died in this action); and every
    side whose units see it there (the rule system's `watchers`), even if it lies destroyed."""
    game = ctx.game
    u = game.units[uid]
    seen = ctx.system.watchers(game, where, u)
    had = {s for (s, x), c in game.contacts.items() if x == uid and c.status == "seen"}
    had |= {r.side_id for r in ctx.session.execute(select(m.ContactRow).where(
        m.ContactRow.unit_id == uid, m.ContactRow.status.in_(("seen", "destroyed")),
        m.ContactRow.turn == game.turn)).scalars()}
    return [s for s in game.side_ids() if s == u.side or s in had or seen.get(s)]


def _overlay(ctx: "Context", kind: str, values: dict[str, Any]) -> None:
    """Put an overlay on the map (journaled), or lift every overlay of that kind -- only those
    of hex q, r when the values name one (engineers clearing a minefield) -- or
    reveal those of hex q, r to the sides that learn what befalls unit `seen_with` there (a
    minefield walked into: the victim's side, and those who watched it happen).

    A new secret marker with `seen_with` (a wreck, an abandoned vehicle) is known at once to
    the sides that saw the unit's end; later spotting passes tell the others when they see the
    hex (turn.learn_markers)."""
    from .hexgrid import Hex
    from .terrain import Overlay
    game = ctx.game
    if values.get("reveal"):
        at = Hex(values["q"], values["r"])
        told = learners(ctx, values["seen_with"], at)
        for row in ctx.session.execute(select(m.OverlayRow).where(
                m.OverlayRow.kind == kind, m.OverlayRow.q == at.q, m.OverlayRow.r == at.r)).scalars():
            if row.secret:
                known = sorted(set(row.known_to) | {s for s in told if s != row.side_id})
                ctx.rec.set(row, known_to=known)
        game.map.overlays[:] = [o.told(told) if o.kind == kind and o.hex == at else o for o in game.map.overlays]
        return
    if values.get("clear"):
        at = Hex(values["q"], values["r"]) if values.get("q") is not None else None
        query = select(m.OverlayRow).where(m.OverlayRow.kind == kind)
        if at is not None:
            query = query.where(m.OverlayRow.q == at.q, m.OverlayRow.r == at.r)
        for row in ctx.session.execute(query).scalars():
            ctx.rec.delete(row)
        game.map.overlays[:] = [o for o in game.map.overlays if o.kind != kind or (at is not None and o.hex != at)]
        return
    secret = bool(values.get("secret"))
    at = Hex(values["q"], values["r"])
    told = set(values.get("known_to") or ()) | set(learners(ctx, values["seen_with"], at) if values.get("seen_with") else ())
    known = sorted(s for s in told if s != values.get("side")) if secret else []
    ctx.rec.insert(m.OverlayRow(q=at.q, r=at.r, kind=kind, side_id=values.get("side"), secret=secret,
                                detail=values.get("detail"), known_to=known))
    game.map.overlays.append(Overlay(at, kind, values.get("side"), secret, values.get("detail"), tuple(known)))
