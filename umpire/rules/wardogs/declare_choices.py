"""What a side may pick from when it declares its fire (Wardogs p. 7 step 6): its units that may
fire, for each the weapons it can use now, and for each weapon the enemy contacts that unit
itself may aim it at -- the pick lists of the window's declaration form (gui/wardogs).

Built only from what the side knows: its own units and record sheets, and the enemy as its
contacts show them -- the side's label, the hex where it sees the unit, the type as far as it
has identified it.  An enemy the side does not see (or, for an indirect weapon, know of) is
never offered, and none is ever named by its own id.  Each choice is checked by the same
declare.shot_problem the engine runs, so the form offers only shots it would accept (the
engine still checks the whole declaration).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.hexgrid import hex_distance
from .declare import firer_problem, shot_problem, weapon_bands, weapon_problem
from .state import ammo_left, on_table, weapons as sheet_weapons
from .weapons import band_at, die_for


@dataclass(frozen=True)
class Target:
    label: str              # the side's contact label: what the declaration names
    text: str               # "C3 — 0907, Battle tank (sample), 4 hexes (medium range)"


@dataclass(frozen=True)
class Weapon:
    key: str                # the record sheet's key, what the declaration names
    text: str               # "30mm Autocannon — ROF 3, d6, 20 rounds left"
    targets: tuple[Target, ...]


@dataclass(frozen=True)
class Firer:
    unit: str
    text: str               # "Coyote 1 — Coyote (mecha), 0305"
    weapons: tuple[Weapon, ...]
    why_not: str = ""       # why it may not fire this turn (then no weapons)


def _weapon_text(game, u, key: str, w: dict) -> str:
    left = ammo_left(game, u, key)
    rounds = "" if left is None else f", {left} round{'s' if left != 1 else ''} left"
    return f"{w['label']} — ROF {w['rof']}, d{die_for(w['dmg'])}{rounds}" + (", indirect" if w["indirect"] else "")


def _targets(game, side: str, u, key: str, w: dict) -> tuple[Target, ...]:
    """The contacts `side` may aim u's weapon at: each one the shot check accepts."""
    out = []
    number = game.map.number
    for (s, uid), c in sorted(game.contacts.items(), key=lambda kv: kv[1].label):
        if s != side or c.status not in ("seen", "last_known") or uid not in game.units:
            continue
        if shot_problem(game, side, {"firer": u.id, "weapon": key, "target": uid, "named": c.label}, {}) is not None:
            continue
        away = hex_distance(u.hex, c.hex)
        band = band_at(away, weapon_bands(w))
        seen = "" if c.status == "seen" else f", last seen turn {c.turn}"
        out.append(Target(c.label, f"{c.label} — {number(c.hex)}, {c.type_label or 'not identified'}{seen}, "
                                   f"{away} hex{'es' if away != 1 else ''} ({band} range)"))
    return tuple(out)


def choices(game, side: str) -> list[Firer]:
    """The side's units on the table, each with what it may fire and at what (p. 7 step 6)."""
    out = []
    for u in on_table(game, side):
        text = f"{u.id} — {game.unit_type(u)['label']}, {game.map.number(u.hex)}"
        why = firer_problem(game, side, u.id)
        if why:
            out.append(Firer(u.id, text, (), why))
            continue
        usable = tuple(Weapon(k, _weapon_text(game, u, k, w), _targets(game, side, u, k, w))
                       for k, w in sheet_weapons(game, u) if weapon_problem(game, u, k) is None)
        out.append(Firer(u.id, text, usable, "" if usable else f"{u.id} has no weapon it can fire now"))
    return out


def declared_now(game, side: str) -> list[dict]:
    """The side's declaration so far this turn, targets by the side's labels (for the form to
    start from when the side declares again to replace it)."""
    out = []
    for s in game.rule_state.declarations.get(side, ()):
        c = game.contacts.get((side, s["target"]))
        if c is not None:
            out.append({"firer": s["firer"], "weapon": s["weapon"], "target": c.label})
    return out
