"""Hex Command Mechanized: bridges built and removed by engineers (HCM 2.4.1).

2.4.1 has engineers build and remove "1 hex of works (or bridge)" at the works' speed: a turn
for light, two for medium, three for heavy, firing nothing meanwhile.  Umpire's readings:

* A bridge spans one river hexside (the scenario's rivers are hexsides: terrain.toml; a hexside
  no foot, wheel or track may cross), from the engineer's own hex toward the neighbour it names.
  It is kept as an overlay `field_bridge` on the engineer's hex, its detail the class and the
  direction ("M NE").  Crossing it costs one hex, as a bridge does (terrain.toml).
* Its class is its load (1.1.4 classes everything, buildings and fortifications too): a light
  bridge carries foot, horses and vehicles and guns up to Light weight, a medium one up to
  Medium, a heavy one everything.  The text gives no load; this is our reading.
* Engineers work as at works (works.py): a stand that has neither moved nor fought, in its side's
  movement phase, one action a turn; the turns spent are kept on it (Marks.works, "bridge M NE");
  a move drops the work in hand.  Removing takes the same time; it removes an engineers' bridge
  only: the scenario's own bridges are part of the map, which the rules do not change.
* Like new works, a new bridge is secret to the enemy until one of its units sees the hex
  (terrain.toml `seen`): hidden engineers build unseen.  It carries whoever comes, friend or foe.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.hexgrid import Hexside, neighbour
from .state import heavier_than
from .works import CLASSES, TURNS

KIND = "field_bridge"


def bridges_at(game, h):
    return [o for o in game.map.overlays if o.kind == KIND and o.hex == h]


def spanning(game, a, b):
    """The engineers' bridge over the hexside between a and b, or None."""
    for here, there in ((a, b), (b, a)):
        for o in bridges_at(game, here):
            cls, toward = o.detail.split()
            if neighbour(here, game.map.grid.direction_index(toward)) == there:
                return o
    return None


def carries(t: dict, cls: str) -> bool:
    """Whether a bridge of class `cls` bears a unit of type `t` (module docstring: its load)."""
    if t["kind"] not in ("vehicle", "gun"):
        return True
    return not heavier_than(t["weight"], cls)


def feature(game, a, b, t: dict) -> dict:
    """The engineers' bridge between a and b as movement.step_cost reads a hexside feature -- a
    crossing of one hex in place of the river -- when it bears this unit; else nothing."""
    o = spanning(game, a, b)
    if o is None or not carries(t, o.detail.split()[0]):
        return {}
    return {KIND: {"label": f"engineers' bridge ({o.detail.split()[0]})", "crossing": "replaces",
                   "move": {t["move_class"]: 1}, "road": False}}


def river(game, a, b) -> bool:
    """A hexside a bridge is for: one some unit may not cross (a river), with no bridge on it yet."""
    feats = [game.rules.hexside_features[k] for k in game.map.features(Hexside.between(a, b))]
    if any(f["crossing"] == "replaces" for f in feats):
        return False
    return any(f["crossing"] == "adds" and any(v is None for v in f["move"].values()) for f in feats)


def labour(game, params: dict, dice) -> tuple[str, list[Change]]:
    """One turn's work on building or removing a bridge from the engineer's hex (2.4.1)."""
    uid, side = params.get("unit"), params.get("side")
    u = game.units.get(uid)
    if u is None or u.side != side or not u.on_map or u.carried_by:
        raise UmpireError(f"bridge: {side} has no stand {uid!r} standing on the table")
    if not game.unit_type(u).get("engineer"):
        raise UmpireError(f"bridge: {uid} is no engineer stand: engineers build and remove bridges (2.4.1)")
    if u.moved or u.fired or u.acted:
        raise UmpireError(f"bridge: {uid} has already moved or acted this turn (2.4.1)")
    try:
        d = game.map.grid.direction_index(str(params.get("toward", "")))
    except ValueError:
        raise UmpireError(f"bridge: say toward which hexside, N, NE, SE, S, SW or NW, not "
                          f"{params.get('toward')!r} (2.4.1)") from None
    toward = game.map.grid.direction_name(d)
    there = neighbour(u.hex, d)
    n = game.map.number(u.hex)
    what = str(params.get("what", ""))
    existing = spanning(game, u.hex, there)
    if what == "remove":
        if existing is None:
            raise UmpireError(f"bridge: no engineers' bridge crosses the {toward} side of {n} (2.4.1)")
        cls = existing.detail.split()[0]
    elif what in CLASSES:
        if there not in game.map.terrain or not river(game, u.hex, there) or existing is not None:
            raise UmpireError(f"bridge: the {toward} side of {n} is no unbridged river (2.4.1)")
        cls = CLASSES[what]
    else:
        raise UmpireError(f"bridge: build a light, medium or heavy bridge, or remove one, not {what!r} (2.4.1)")
    job = f"bridge {cls} {toward}" if what != "remove" else f"unbridge {cls} {toward}"
    spent = (u.marks.works_turns if u.marks.works == job else 0) + 1
    need = TURNS[cls]
    marks = {"acted": True, "labour_turn": game.turn}
    doing = "remove the" if what == "remove" else f"build a {what}"
    if spent < need:
        return f"{uid} works on the bridge: {spent} of {need} turns", [
            Change("unit", uid, {**marks, "works": job, "works_turns": spent},
                   (f"{uid} works to {doing} bridge over the {toward} side of {n}: turn {spent} of {need} (2.4.1)",))]
    if what == "remove":
        at = existing.hex
        done = [Change("overlay", KIND, {"clear": True, "q": at.q, "r": at.r})]
        # other bridges from that hex stay: lifted with it, they are put back
        done += [Change("overlay", KIND, {"q": o.hex.q, "r": o.hex.r, "side": o.side, "secret": o.secret,
                                          "detail": o.detail, "known_to": list(o.known_to)})
                 for o in bridges_at(game, at) if o is not existing]
        line = f"{uid} removes the bridge over the {toward} side of {n} (2.4.1)"
    else:
        done = [Change("overlay", KIND, {"q": u.hex.q, "r": u.hex.r, "side": u.side, "secret": True,
                                         "detail": f"{cls} {toward}"})]
        line = f"{uid} finishes a {what} bridge over the {toward} side of {n} (2.4.1)"
    return line.split(" (")[0], [*done, Change("unit", uid, {**marks, "works": "", "works_turns": 0}, (line,))]
