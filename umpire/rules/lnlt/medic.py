"""Medics in Lock 'n Load Tactical's Rally phase (3.0, step 4; 11.3): a medic tries to heal a
wound from one single-man counter of its hex, itself included, or to bring one Shaken unit of
its hex back to Good Order.  1d6 at or under the medic's number in medics.toml (a sample: the
roll is in the rules, not the player aid) succeeds.

It is the unit action "heal", a free action of the Rally phase like the support weapons'
(ActionSpec.free): either side, no turn taken.  Medics neither fire nor carry support
weapons (1.6 notes).
Readings: one attempt per medic each Rally phase; a Shaken medic (a wounded one is flipped
Shaken) treats only itself; healing a wound lifts the Wounded marker and leaves the counter
Shaken until it rallies; a wounded single-man counter that is named has its wound treated
rather than its Shaken side.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.rulesystem import ActionField
from .state import SMC, kind, shaken

WHAT = "medic"


def patients(game: Game, medic: UnitState) -> list[UnitState]:
    """Who the medic may treat: its side's wounded single-man counters and Shaken units in its hex."""
    here = [v for v in game.units.values() if v.side == medic.side and v.on_map and v.hex == medic.hex
            and not v.carried_by and (v.marks.wounded and kind(game, v) in SMC or shaken(v))]
    if shaken(medic):
        here = [v for v in here if v.id == medic.id]
    return sorted(here, key=lambda v: v.id)


def fields(game: Game, side: str, unit_id: str | None) -> tuple[ActionField, ...]:
    u = game.units.get(unit_id or "")
    choices = tuple(v.id for v in patients(game, u)) if u is not None and u.side == side and u.on_map else ()
    return (ActionField("patient", "Wounded or Shaken unit in its hex", choices),)


def is_medic(game: Game, u) -> bool:
    return kind(game, u) == "medic"


def heal(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    side, uid = params.get("side"), params.get("unit")
    m = game.units.get(uid or "")
    if m is None or m.side != side or not m.on_map:
        raise UmpireError(f"{WHAT}: {uid!r} is not a unit of {side} on the map")
    if not is_medic(game, m):
        raise UmpireError(f"{WHAT}: {uid} is not a medic (11.3)")
    if m.marks.healed == game.turn:
        raise UmpireError(f"{WHAT}: {uid} has already tried this Rally phase (11.3)")
    p = next((v for v in patients(game, m) if v.id == params.get("patient")), None)
    if p is None:
        who = "itself" if shaken(m) else "a wounded single-man counter or a Shaken unit of its side in its hex"
        raise UmpireError(f"{WHAT}: {params.get('patient')!r} is not {who} (3.0, 11.3)")
    need = game.rules.tables["medics"].section("entry")[m.type]["heal_on"]
    wound = p.marks.wounded and kind(game, p) in SMC
    r = dice.roll(f"{uid} treats {p.id} ({'wound' if wound else 'Shaken'}: {need} or less)", 1, 6)
    done = r.total <= need
    out = {m.id: m.marks.but(healed=game.turn)}       # one try a Rally phase
    if done:
        treated = out.get(p.id, p.marks)
        out[p.id] = treated.but(wounded=False) if wound else treated.but(shaken=False)
    what = ("heals the wound of" if wound else "brings back to Good Order") if done else "fails to help"
    line = f"{uid} {what} {p.id} on {r.total} (3.0, 11.3)"
    return line, [Change("unit", k, {"marks": v}) for k, v in out.items()] + [Change("note", "", {}, (line,))]
