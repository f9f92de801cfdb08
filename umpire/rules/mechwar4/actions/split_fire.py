"""Split fire (MW4 6.93): a vehicular platoon fires as separate elements, each at its own
target -- one D1 and one D2, or three D2s -- in one activation.  Each element checks panic; if
one panics the whole platoon does and the rest do not fire.  Registered with `engine.action`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ....core.engine import Context
from ....core.errors import UmpireError
from .fire import apply_result, resolve_shot
from ....core.store import models as m
from ....core.play.kit import check_no_pause, check_turn_to_act, set_unit, unit_done
from ....core.play.spotting import spot_pass
from .common import in_activation, no_overrun, panics


def split_fire(ctx: Context) -> tuple[str, Any]:
    """params: unit, and shots -- a list of {"element": "d1" | "d2", "target": enemy unit id}."""
    game, system = ctx.game, ctx.system
    uid, shots = ctx.params.get("unit"), list(ctx.params.get("shots") or [])
    u = game.units.get(uid)
    if u is None:
        raise UmpireError(f"split fire: no unit {uid!r}")
    if len(shots) < 2 or not all(isinstance(s, dict) and s.get("element") and s.get("target") for s in shots):
        raise UmpireError("split fire: give two or three elements, each with its target (MW4 6.93)")
    check_turn_to_act(game, u.side)
    no_overrun(game, None)
    check_no_pause(ctx, None)
    in_activation(game, uid)
    problem = system.split_problem(game, uid, [s["element"] for s in shots])
    if problem:
        raise UmpireError(f"split fire refused: {problem} (MW4 6.93)")
    command = game.command_of(u)
    codes = system.commands()
    if command and not codes[command].get("fires", True):
        raise UmpireError(f"{uid} may not fire: {u.company} is under a {codes[command]['label']} command "
                          f"({codes[command]['rule']})")
    labels = []
    for s in shots:
        if s["target"] not in game.units:
            raise UmpireError(f"split fire: no unit {s['target']!r}")
        contact = game.contacts.get((u.side, s["target"]))
        if contact is None or contact.status != "seen":
            raise UmpireError(f"split fire: {game.side(u.side).name} does not observe one of the targets now "
                              f"(MW4 6.41)")
        labels.append(contact.label)
    sheets = [system.fire_sheet(game, uid, s["target"], "main", element=s["element"]) for s in shots]
    refused = [(i, sh) for i, sh in enumerate(sheets) if not sh.legal]
    if refused:
        raise UmpireError("split fire refused, nothing rolled: " + "; ".join(
            f"the {shots[i]['element'].upper()} element at {labels[i]}: {sh.reason}" + (f" ({sh.rule})" if sh.rule else "")
            for i, sh in refused))
    rows = {r.id: r for r in ctx.session.execute(select(m.UnitRow)).scalars()}
    outcomes = []
    for shot, sheet, label in zip(shots, sheets, labels):
        element = shot["element"].upper()
        if u.status != "on_map":                     # its missiles spent, it left the map (6.84)
            break
        if game.units[shot["target"]].status != "on_map":
            ctx.log.append(f"the {element} element's target is already destroyed (MW4 6.31)")
            outcomes.append(f"{element}: target gone")
            continue
        if panics(ctx, rows[uid], "fire"):           # one element panics: the platoon does (6.93)
            ctx.log.append(f"{uid}'s other elements do not fire either (MW4 6.93)")
            outcomes.append(f"{element} panicked, the platoon with it")
            break
        die = ctx.dice.roll(f"split fire {uid} ({element}) at {shot['target']}", 1, 6).total
        result = resolve_shot(ctx, sheet, die)
        if not game.units[shot["target"]].marks.fired_on:
            set_unit(ctx, rows[shot["target"]], fired_on=True)     # MW4 7.15
        ctx.log.extend(sheet.text(f"{shot['target']} ({label})"))
        apply_result(ctx, rows, shot["target"], result)
        outcomes.append(f"{element} at {label}: {result}")
        for wid, values, line in system.after_fire(game, u, sheet, ctx.dice):
            if values:
                set_unit(ctx, rows[wid], **values)
            ctx.log.append(line)
    if u.status == "on_map" and not u.fired:
        set_unit(ctx, rows[uid], fired=True)
    spot_summary, _change = spot_pass(ctx)
    unit_done(ctx, u.side)
    return f"Split fire by {uid}: {'; '.join(outcomes)}. {spot_summary}", sheets
