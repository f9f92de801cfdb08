"""What the unit inspector and the reports say of any unit, whatever the rule system: its type,
side, formation, place, strength and what it did this turn.  A rule system adds its own rows
(or says it all itself) through `RuleSystem.unit_details`."""

from __future__ import annotations

from .game import Game, UnitState
from .symbols import ROLE_LABELS


STATUS_WORDS = {"off_map": "off the map"}


def status_words(status: str) -> str:
    """A unit's status as the inspector says it: "off the map", never the stored "off_map"."""
    return STATUS_WORDS.get(status, status.replace("_", " "))


def whereabouts_text(game: Game, u: UnitState, entering=None) -> str:
    """On the map: the hex and its terrain; off it: when and where it arrives (`entering`: the
    rule system's words for how it enters, from the reinforcement), or its status."""
    if u.on_map:
        return game.map.describe_hex(u.hex, game.rules.terrain_types)
    arriving = [r for r in game.reinforcements if u.id in r.units]
    if not arriving:
        return status_words(u.status)
    r = arriving[0]
    how = entering(r) if entering is not None else ""
    return f"off map — arrives turn {r.turn} at {', '.join(game.map.number(h) for h in r.entry)}" + \
        (f" ({how})" if how else "")


def unit_rows(game: Game, u: UnitState, umpire: bool, hq: str | None = None,
              entering=None) -> list[tuple[str, str]]:
    """The rows every rule system shares.  `hq`: the unit that carries its battalion's HQ, when
    the rule system tracks one other than the scenario's; `entering`: see whereabouts_text.
    `umpire`: the umpire is looking -- whether the enemy has spotted a unit is the enemy's
    knowledge, never shown to its owner."""
    t = game.unit_type(u)
    bat = next(b for b in game.battalions if b.id == u.battalion)
    comp = next((c.name for c in game.companies if c.id == u.company), "battalion troops")
    passengers = [p.id for p in game.units.values() if p.carried_by == u.id]
    rows = [("Type", t["label"]), ("Role", ROLE_LABELS.get(t["role"], t["role"])),
            ("Side", game.side(u.side).name),
            ("Battalion", bat.name + (" (HQ)" if (hq or bat.hq) == u.id else "")),
            ("Company", comp), ("Position", whereabouts_text(game, u, entering)),
            ("Strength", f"{game.strength(u)} steps")]
    if umpire and u.on_map:
        rows.append(("Spotting", "face-down (unseen by the enemy)" if u.face_down else "face-up (spotted)"))
    if u.carried_by:
        rows.append(("Carried by", u.carried_by))
    if passengers:
        rows.append(("Carrying", ", ".join(passengers)))
    if t.get("carries") and not passengers:
        rows.append(("Carrying", f"nobody (room for {t['carries']})"))
    return rows


def this_turn(u: UnitState, before: tuple = (), after: tuple = ()) -> tuple[str, str] | None:
    """The "This turn" row of a unit on the map: what it has done, with the rule system's own
    words (label, whether it holds) before and after the core's."""
    if not u.on_map:
        return None
    done = [x for x, on in (*before, ("moved", u.moved), ("fired", u.fired), *after, ("paused mid-move", u.paused))
            if on]
    return ("This turn", ", ".join(done) or "has not acted")
