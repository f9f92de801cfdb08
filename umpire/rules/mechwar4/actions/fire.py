"""The fire action: one or more units of a side fire at one enemy unit (MW4 6.0, 6.3), in its
own activation or, at a unit paused mid-move, as opportunity fire (6.5).

The rule system builds a worksheet per firer (`fire_sheet`), says when a unit panics
(`panic_number`, 13.0) and what a result does (`fire_effect`); this module checks the turn,
rolls the dice through the journal's dice service and applies the results.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ....core.changes import Change, apply, seen_destroyed
from ....core.engine import Context
from ....core.errors import UmpireError
from ....core.store import models as m
from ....core.play.kit import check_no_pause, check_turn_to_act, set_unit, unit_done
from ....core.play.spotting import spot_pass
from .common import in_activation, no_overrun, panics, set_rule_state
from ..suppression import passengers_sharing
from .mounting import struck_while_mounting


def refusal(sheets: list) -> str | None:
    """Why these firers' shots may not be fired (each refused sheet's reason), or None."""
    refused = [s for s in sheets if not s.legal]
    return "; ".join(f"{s.firer}: {s.reason}" + (f" ({s.rule})" if s.rule else "") for s in refused) or None


def fire(ctx: Context) -> tuple[str, Any]:
    """params: firers (unit ids of one side), target (an enemy unit id), and optionally mode: the
    weapon the rule system offers besides the main one (MechWar 4: mg, infantry_h)."""
    game, system = ctx.game, ctx.system
    firers, target = list(ctx.params.get("firers") or []), ctx.params.get("target")
    if not firers:
        raise UmpireError("fire: name at least one firing unit")
    unknown = [x for x in firers + [target] if x not in game.units]
    if unknown:
        raise UmpireError(f"fire: no unit {unknown[0]!r}")
    if len(set(firers)) != len(firers):
        raise UmpireError("fire: a unit is named twice (each fires once, MW4 6.13)")
    sides = {game.units[x].side for x in firers}
    if len(sides) != 1:
        raise UmpireError("fire: the firing units must all be of one side (MW4 6.3)")
    side = sides.pop()
    no_overrun(game, None)                # nobody fires into an overrun's hex (12.0)
    t = game.units[target]
    opportunity = t.paused and t.side != side
    paused_own = [u for u in game.units.values() if u.paused and u.side == side]
    overwatch = bool(paused_own) and target in game.rule_state.overwatch_targets
    if opportunity:
        check_no_pause(ctx, target)
    elif overwatch:                  # 6.91: answering at once the units that fired at our mover
        pass
    else:
        check_turn_to_act(game, side)
        check_no_pause(ctx, None)
        for x in firers:
            in_activation(game, x)
    contact = game.contacts.get((side, target))
    if contact is None or contact.status != "seen":
        raise UmpireError(f"fire: {game.side(side).name} does not observe that unit now (MW4 6.41)")
    codes = system.commands()
    for x in firers:
        command = game.command_of(game.units[x])
        if command and not codes[command].get("fires", True):
            raise UmpireError(f"{x} may not fire: {game.units[x].company} is under a {codes[command]['label']} "
                              f"command ({codes[command]['rule']})")
    mode = ctx.params.get("mode") or "main"
    sheets = [system.fire_sheet(game, x, target, mode) for x in firers]
    if why := refusal(sheets):
        raise UmpireError(f"fire refused, nothing rolled: {why}")
    # H class direct fire: every other unit in the target hex is attacked too, each on its own
    # sheet at full strength (MW4 6.43, 6.82) -- priced now, before the firers count as fired
    hex_mates = [v.id for v in game.units.values() if v.on_map and v.hex == t.hex and v.id != target
                 and not v.carried_by and v.side == t.side]
    extra = {s.firer: [x for x in (system.fire_sheet(game, s.firer, v, mode) for v in hex_mates) if x.legal]
             for s in sheets if getattr(s, "whole_hex", False)}
    rows = {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
    label = contact.label
    outcomes = []
    for sheet in sheets:
        f = game.units[sheet.firer]
        if t.status != "on_map":          # 6.31: the target is gone; the rest count as having fired
            set_unit(ctx, rows[f.id], fired=True)
            ctx.log.append(f"{f.id}: the target is already destroyed; it counts as having fired (MW4 6.31)")
            continue
        if panics(ctx, rows[f.id], "fire"):
            outcomes.append(f"{f.id} panicked")
            continue
        die = ctx.dice.roll(f"fire {f.id} at {target}", 1, 6).total
        result = resolve_shot(ctx, sheet, die)
        ctx.log.extend(sheet.text(f"{target} ({label})"))
        set_unit(ctx, rows[f.id], fired=True)
        if not t.marks.fired_on:
            set_unit(ctx, rows[target], fired_on=True)        # direct fire at it this turn (MW4 7.15)
        # exposed passengers take the same die on sheets of their own (MW4 9.2, 9.52-9.55),
        # priced before the shot can leave them on the ground
        riding = [(rid, system.rider_sheet(game, sheet, rid)) for rid in _riders_outside(ctx, target)]
        apply_result(ctx, rows, target, result)
        outcomes.append(f"{f.id}: {result}")
        for rid, rs in riding:
            if rs is not None and game.units[rid].status == "on_map":
                ctx.log.extend(rs.text(rid))
                apply_result(ctx, rows, rid, resolve_shot(ctx, rs, die))
        for other in extra.get(f.id, ()):
            if game.units[other.target].status != "on_map":
                continue
            die = ctx.dice.roll(f"fire {f.id} at {other.target} (same hex)", 1, 6).total
            ctx.log.extend(other.text(other.target))
            apply_result(ctx, rows, other.target, resolve_shot(ctx, other, die))
        for uid, values, line in system.after_fire(game, f, sheet, ctx.dice):
            if values:
                set_unit(ctx, rows[uid], **values)
            ctx.log.append(line)
    if opportunity:                  # the firers may now draw overwatch fire (6.91)
        fired = [x for x in firers if game.units[x].fired]
        set_rule_state(ctx, overwatch_targets=tuple(sorted(set(game.rule_state.overwatch_targets) | set(fired))))
    spot_summary, _change = spot_pass(ctx)
    if overwatch:
        ctx.log.append("overwatch fire at a unit that fired on the moving unit (MW4 6.91)")
    elif not opportunity:
        unit_done(ctx, side)
    elif t.status != "on_map":
        ctx.log.append(f"{target}'s move ends with it (MW4 6.53)")
        unit_done(ctx, t.side)           # the mover's activation is over
    kind = "Opportunity fire" if opportunity else ("Overwatch fire" if overwatch else "Fire")
    # the summary names the target by the firing side's contact label: a side may read it
    return f"{kind} at {label}: {'; '.join(outcomes)}. {spot_summary}", sheets


def _unit_lost(ctx: Context, u, where) -> None:
    """A unit lost: its company's and battalion's morale, as the rule system counts them."""
    apply(ctx, ctx.system.unit_lost(ctx.game, u, ctx.dice, where), indent="  ")


def resolve_shot(ctx: Context, sheet, die: int) -> str:
    """Read the die on the sheet, then the defender's roll a parenthesised result needs."""
    result = ctx.system.resolve_fire(sheet, die)
    settled, _lines = ctx.system.settle_fire(sheet, ctx.dice)      # the worksheet's text shows it
    return result if settled is None else settled


def _riders_outside(ctx: Context, carrier: str) -> list[str]:
    """Passengers that do not share their carrier's losses but take the shot on their own (riders
    on a tank, MW4 9.2; infantry that fired from hatches or an open top this turn, 9.52-9.55)."""
    return [v.id for v in ctx.game.units.values() if v.carried_by == carrier
            and ctx.system.exposed_passenger(ctx.game, v.id)]


def apply_result(ctx: Context, rows: dict, target: str, result: str) -> None:
    """Losses and suppression on the target and on the passengers riding inside it (losses,
    MW4 9.13; suppression, 7.31, 7.52); never on the other units of its hex (6.2)."""
    game = ctx.game
    steps, suppression = ctx.system.fire_effect(result)
    t = game.units[target]
    # 19.51: only a full-strength vehicle (not infantry) struck by a D3 leaves a wreck
    leaves_wreck = result == "D3" and not t.steps_lost
    outside = set(_riders_outside(ctx, target))
    if suppression:
        soft = game.unit_type(t)["target"] == "soft"
        level = t.marks.suppression + suppression if soft else min(2, t.marks.suppression + suppression)   # 7.6
        set_unit(ctx, rows[target], suppression=level)
        # the firer reads its result on the sheet; how far the marker has risen is the target's
        ctx.log.keep(f"  {target} suppressed: S{level} (MW4 7.4-7.6)", t.side)
        for pid in passengers_sharing(game, target, outside):      # 7.31, 7.52: riding in it, suppressed with it
            p = game.units[pid]
            if p.marks.suppression < level:
                set_unit(ctx, rows[pid], suppression=level)
                ctx.log.keep(f"  {pid}, riding in {target}, is suppressed with it: S{level} (MW4 7.31, 7.52)", p.side)
    if not steps:
        struck_while_mounting(ctx, rows, target)       # 9.32
        return
    riders = [v.id for v in game.units.values() if v.carried_by == target and v.id not in outside]
    for uid in [target] + riders:
        u = game.units[uid]
        total = game.unit_type(u)["steps"]
        lost = min(total, u.steps_lost + steps)
        if lost >= total:
            where = u.hex
            set_unit(ctx, rows[uid], steps_lost=lost, status="destroyed", q=None, r=None, carried_by=None,
                      paused=False)
            seen_destroyed(ctx, uid)
            if uid == target:
                ctx.log.append(f"  {uid} is destroyed")
            else:       # nobody outside saw who rode inside: its side's and the umpire's to know
                ctx.log.keep(f"  {uid} is destroyed with its carrier (MW4 9.13)", u.side)
            _unit_lost(ctx, u, where)
            for rid in (outside if uid == target else ()):     # the riders are left on the ground (9.2)
                set_unit(ctx, rows[rid], carried_by=None)
                ctx.log.keep(f"  {rid} is left on foot in {game.map.number(where)} (MW4 9.2)", u.side)
            if uid == target and leaves_wreck and game.unit_type(u)["move_class"] not in ("foot", "helicopter") \
                    and where:
                # a wreck is learnt of like a unit: by those who saw it die, later by those who see it
                apply(ctx, [Change("overlay", "wreck", {"q": where.q, "r": where.r, "side": u.side, "secret": True,
                                                        "seen_with": uid},
                                   (f"  a wreck is left in {game.map.number(where)} (MW4 19.5)",))])
        else:
            set_unit(ctx, rows[uid], steps_lost=lost)
            line = f"  {uid} loses {steps} step{'s' if steps > 1 else ''}: {total - lost}/{total} left"
            if uid == target:
                ctx.log.append(line)
            else:
                ctx.log.keep(line + " (passengers share the carrier's losses, MW4 9.13)", u.side)

    struck_while_mounting(ctx, rows, target)       # 9.32: if it survived in the act of mounting
