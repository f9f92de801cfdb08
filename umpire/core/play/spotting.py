"""Spotting: what each side sees now.  The rule system says who sees whom (`RuleSystem.spot`); the
core keeps each side's contacts -- labelled in an order that says nothing of the true names --,
turns counters face-up or face-down, and tells sides of the secret markers they now see.
Every action that changes what can be seen ends with a pass (`spot_pass`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from sqlalchemy import select

from ..engine import Context, action
from ..game import Contact, Game
from ..hexgrid import Hex
from ..store import models as m


@dataclass
class KnowledgeChange:
    """What a spotting pass changed, per side: newly seen, seen now, lost from sight."""

    new: dict[str, list[str]] = field(default_factory=dict)
    lost: dict[str, list[str]] = field(default_factory=dict)
    seen: dict[str, list[str]] = field(default_factory=dict)


@action("spot", "Update spotting", who="umpire")
def spot_pass(ctx: Context) -> tuple[str, KnowledgeChange]:
    """A spotting pass for every side: a unit is face-up while an enemy observes it, face-down
    when out of every enemy's sight (the rule system says who sees whom); contacts lost from
    sight become last-known."""
    game, session, rec = ctx.game, ctx.session, ctx.rec
    seen_by_side = ctx.system.spot(game, ctx.dice.d6)
    change = KnowledgeChange()
    face_up: set[str] = set()
    existing = {(c.side_id, c.unit_id): c for c in session.execute(select(m.ContactRow)).scalars()}
    given = labels_given(session, existing.values())
    for side in game.side_ids():
        seen = seen_by_side.get(side, {})
        face_up |= set(seen)
        next_label = given.get(side, 0) + 1
        change.new[side], change.lost[side], change.seen[side] = [], [], sorted(seen)
        # new contacts are numbered in an order that tells nothing of the units' true names
        for uid, sighting in sorted(seen.items(), key=lambda kv: _label_order(game, side, kv[0])):
            observers = sighting[0]
            u = game.units[uid]
            t = game.unit_type(u)
            row = existing.get((side, uid))
            # what the side makes of it: its type, symbol and strength -- or, where the rule
            # system says so (a third item, `looks`), less: a marker it has not identified
            looks = sighting[2] if len(sighting) > 2 else {}
            values = dict(status="seen", q=u.hex.q, r=u.hex.r, turn=game.turn, detail="unit",
                          type_label=looks.get("type_label", t["label"]), role=looks.get("role", t["role"]),
                          strength=looks.get("strength", ctx.system.strength_text(game, u)),
                          seen_by=list(observers))
            anew = row is not None and looks.get("anew") and row.status != "seen"
            if row is None or anew:
                label = f"C{next_label}"
                if row is None:
                    rec.insert(m.ContactRow(side_id=side, unit_id=uid, label=label, **values))
                else:       # the side cannot link it to what it lost sight of: a new label, and
                    detach(ctx, row)        # the old one stays behind where it was last seen
                    rec.set(row, label=label, **values)
                next_label += 1
                change.new[side].append(uid)
                # the side's own knowledge: its journal shows it, whoever's action revealed it;
                # which unit its label stands for is the umpire's alone
                ctx.log.keep(f"{game.side(side).name} spots a new contact: {values['type_label']} in {game.map.number(u.hex)}"
                             f" ({label})", side)
                ctx.log.keep(f"  {game.side(side).name}'s {label} is {uid}")
            else:
                rec.set(row, **values)
        for (s, uid), row in existing.items():
            if s == side and uid not in seen and row.status == "seen":
                # said with what the side knew of it (a label alone told the umpire nothing)
                what = row.type_label or row.detail
                where = game.map.number(Hex(row.q, row.r))
                rec.set(row, status="last_known", seen_by=[])
                change.lost[side].append(uid)
                ctx.log.keep(f"{game.side(side).name} loses sight of {row.label} ({what}, last seen in {where})", side)
                ctx.log.keep(f"  {game.side(side).name}'s {row.label} is {uid}")
    for row in session.execute(select(m.UnitRow)).scalars():
        rec.set(row, face_down=row.id not in face_up)
    learn_markers(ctx)
    summary = "; ".join(f"{game.side(s).name} sees {len(change.seen[s])}" for s in game.side_ids())
    return f"Spotting: {summary}", change


def labels_given(session, contacts) -> dict[str, int]:
    """Each side's count of contact labels given so far (C1, C2... in order): the highest number
    among its contacts (`contacts`, the rows read already) and its detached records, neither of
    which is ever deleted but by undoing the action that made it -- so a label once given is
    never given again to another unit."""
    out: dict[str, int] = {}
    past = session.execute(select(m.PastContactRow.side_id, m.PastContactRow.label)).all()
    for side, label in [(c.side_id, c.label) for c in contacts] + list(past):
        if label[1:].isdigit():
            out[side] = max(out.get(side, 0), int(label[1:]))
    return out


def detach(ctx: Context, row) -> None:
    """A contact the side can no longer tie to its unit (a sighting "anew"): its label, last hex
    and turn kept as a record of their own (PastContactRow), last known, before the unit's row
    takes a new label; the witness names the unit by the old label in lines journaled before."""
    ctx.rec.insert(m.PastContactRow(side_id=row.side_id, label=row.label, unit_id=row.unit_id, q=row.q, r=row.r,
                                    turn=row.turn, detail=row.detail, type_label=row.type_label, role=row.role,
                                    until=ctx.seq))


def _label_order(game: Game, side: str, uid: str) -> str:
    """A seeded shuffle: contacts spotted in one pass get their labels (C4, C5...) in this
    order, not their true ids' (a LAW team's label would sit next to its squad's).  The seed
    is the umpire's, so the order is fixed for replay and means nothing to the side."""
    return hashlib.sha256(f"{game.seed}|{side}|{uid}".encode()).hexdigest()


def learn_markers(ctx: Context) -> None:
    """Secret markers learnt by sight (terrain.toml `seen`: a wreck, an abandoned vehicle): a
    side whose units now see the hex knows of it from then on, like a contact."""
    game = ctx.game
    kinds = [k for k, spec in game.rules.overlays.items() if spec.get("seen")]
    if not kinds:
        return
    rows = ctx.session.execute(select(m.OverlayRow).where(m.OverlayRow.kind.in_(kinds),
                                                          m.OverlayRow.secret == True)).scalars()  # noqa: E712
    for row in rows:
        blind = [s for s in game.side_ids() if s != row.side_id and s not in row.known_to]
        if not blind:
            continue
        at = Hex(row.q, row.r)
        watching = ctx.system.watchers(game, at)
        told = [s for s in blind if watching.get(s)]
        if told:
            ctx.rec.set(row, known_to=sorted(set(row.known_to) | set(told)))
            game.map.overlays[:] = [o.told(told) if o.hex == at and o.kind == row.kind else o
                                    for o in game.map.overlays]


def contacts_of(game: Game, side: str) -> list[Contact]:
    """The side's contacts by label, its detached last-known records among them (no unit named)."""
    past = [Contact(p.side, "", p.label, "last_known", p.hex, p.turn, p.detail, p.type_label, p.role)
            for p in game.past_contacts if p.side == side]
    return sorted([c for (s, _), c in game.contacts.items() if s == side] + past,
                  key=lambda c: int(c.label[1:]) if c.label[1:].isdigit() else 0)
