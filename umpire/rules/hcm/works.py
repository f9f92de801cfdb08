"""Hex Command Mechanized works built and removed by engineers (HCM 2.4.1).

Engineers build or remove one hex of works in a turn for light works, in two for medium and in
three for heavy, and fire nothing meanwhile.  Umpire's reading: an engineer stand (units.toml
`engineer`) that has neither moved nor fought this turn works in its own hex, in its side's
movement phase, one action a turn; its Marks keep what it is at (`works`: "build M",
"remove H"...) and the turns spent (`works_turns`).  When the turns are done the works stand on
the hex (an overlay `works`, its class in the marker's detail) -- or are gone.  Moving, or
starting other works, drops the work in hand.  The works stop everything but infantry that
enters (2.4.1, movement.py); fire reduces them to rubble (structures.py, structure_fire.py).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError

TURNS = {"L": 1, "M": 2, "H": 3}          # 2.4.1
CLASSES = {"light": "L", "medium": "M", "heavy": "H"}


def works_at(game, h):
    return next((o for o in game.map.overlays if o.kind == "works" and o.hex == h), None)


def labour(game, params: dict, dice) -> tuple[str, list[Change]]:
    """One turn's work on building or removing works in the engineer's hex (2.4.1)."""
    uid = params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"works: {params.get('side')} has no stand {uid!r} standing on the table")
    if not game.unit_type(u).get("engineer"):
        raise UmpireError(f"works: {uid} is no engineer stand: engineers build and remove works (2.4.1)")
    if u.moved or u.fired or u.acted:
        raise UmpireError(f"works: {uid} has already moved or acted this turn (2.4.1)")
    what = str(params.get("what", ""))
    n = game.map.number(u.hex)
    here = works_at(game, u.hex)
    if what == "remove":
        if here is None:
            raise UmpireError(f"works: there are no works in {n} to remove (2.4.1)")
        cls = here.detail if here.detail in TURNS else "L"
        job = f"remove {cls}"
    elif what in CLASSES:
        if here is not None:
            raise UmpireError(f"works: {n} has works already (2.4.1)")
        cls = CLASSES[what]
        job = f"build {cls}"
    else:
        raise UmpireError(f"works: build light, medium or heavy works, or remove them, not {what!r} (2.4.1)")
    spent = (u.marks.works_turns if u.marks.works == job else 0) + 1
    need = TURNS[cls]
    marks = {"acted": True, "labour_turn": game.turn}
    if spent < need:
        return f"{uid} works on it: {spent} of {need} turns", [
            Change("unit", uid, {**marks, "works": job, "works_turns": spent},
                   (f"{uid} works to {job.split()[0]} {what if what != 'remove' else 'the'} works in {n}: turn {spent} "
                    f"of {need} (2.4.1)",))]
    if job.startswith("build"):
        # secret until the enemy sees the hex (terrain.toml `seen`): hidden engineers dig unseen
        done = Change("overlay", "works", {"q": u.hex.q, "r": u.hex.r, "side": u.side, "secret": True,
                                           "detail": cls})
        line = f"{uid} finishes {what} works in {n} (2.4.1)"
    else:
        done = Change("overlay", "works", {"clear": True, "q": u.hex.q, "r": u.hex.r})
        line = f"{uid} removes the works in {n} (2.4.1)"
    # new works, or none, start with no damage from fire at the old (3.7.17, structures.py)
    fresh = {k: v for k, v in game.rule_state.structures.items() if k != f"works {n}"}
    forget = [Change("game", "state", {"structures": fresh})] if fresh != game.rule_state.structures else []
    return line.split(" (")[0], [done, *forget, Change("unit", uid, {**marks, "works": "", "works_turns": 0}, (line,))]


def dropped(u) -> dict:
    """A move drops the work in hand (the marks to change; none if it had none)."""
    return {"works": "", "works_turns": 0} if u.marks.works else {}
