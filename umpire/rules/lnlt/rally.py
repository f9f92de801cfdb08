"""Lock 'n Load Tactical's Rally and Administrative phases (3.0, 9.0).

Rally (3.0): both sides roll 1d6 for the initiative, the higher winning and a tie leaving it
with last turn's holder (the scenario's first player on turn 1); then every Shaken unit with
a Good Order leader in its hex, and every unit that may rally itself (weapon teams, single-man
counters, vehicles), rolls 2d6: at or under its morale it returns to Good Order -- 2 off the
roll in terrain with a positive target modifier, and a leader's LM off for the others.  Shaken
leaders roll first, so one that rallies helps its hex (3.0.2).
Administrative (9.0): spotting attempts' results lapse; Moved, Fired and Ops Complete markers
come off with the new turn (the core's).
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game
from .state import RALLIERS, SMC, kind, lm, morale, shaken, tm


def initiative(game: Game, dice) -> list:
    a, b = game.side_ids()[:2]
    ra = dice.roll(f"initiative: {game.side(a).name}", 1, 6).total
    rb = dice.roll(f"initiative: {game.side(b).name}", 1, 6).total
    last = game.rule_state.initiative or game.first_player
    winner = a if ra > rb else (b if rb > ra else last)
    line = f"Initiative: {game.side(a).name} {ra}, {game.side(b).name} {rb} -- {game.side(winner).name} " \
           + ("keeps it on a tie (3.0.1)" if ra == rb else "has it (3.0.1)")
    return [Change("game", "state", {"initiative": winner}, (line,))]


def rally(game: Game, dice) -> list:
    out: list = []
    rallied: set[str] = set()
    shaken_units = sorted((u for u in game.units.values() if u.on_map and shaken(u)),
                          key=lambda u: (kind(game, u) not in SMC, u.id))      # leaders first (3.0.2)
    for u in shaken_units:
        t = game.unit_type(u)
        leaders = [v for v in game.units.values() if v.on_map and v.hex == u.hex and v.side == u.side
                   and v.id != u.id and kind(game, v) in RALLIERS and (not shaken(v) or v.id in rallied)]
        if not t["self_rally"] and not leaders:       # 3.0 step 3, 11.0: SMCs, WTs, vehicles rally alone
            continue
        mods = []
        if tm(game, u.hex) > 0:
            mods.append(("positive target modifier", -2))
        lead = max((lm(game, v, rallied=v.id in rallied) for v in leaders), default=0)
        if lead and kind(game, u) not in SMC:
            mods.append(("leader's LM", -lead))
        r = dice.roll(f"rally {u.id} (morale {morale(game, u)})", 2, 6, tuple(mods))
        if r.total <= morale(game, u):
            rallied.add(u.id)
            out.append(Change("unit", u.id, {"shaken": False},
                              (f"{u.id} rallies on {r.total} (3.0)",)))
        else:
            out.append(Change("note", "", {}, (f"{u.id} stays Shaken on {r.total} (3.0)",)))
    return out


def administrative(game: Game) -> list:
    changes = []
    if game.rule_state.spotted:
        changes.append(Change("game", "state", {"spotted": {}}, ("spotting attempts lapse (9.0)",)))
    for u in game.units.values():
        if u.marks.ops_complete or u.marks.hit_run:        # 9.0: Ops Complete and Hit & Run (6.7) markers off
            changes.append(Change("unit", u.id, {"ops_complete": False, "hit_run": False}))
    return changes
