"""Wardogs defensive measures deployed (Wardogs p. 7 step 2, p. 18; Table 3): smoke, decoy flares
and chaff, as each side's unit action in the defensive measures phase.

The equipment's own pages (smoke dispenser p. 35, decoy flare p. 33) are absent; what Table 3
prints is what they do: a unit in a smoke cloud, or in a hex where chaff was deployed, is +3 to
lock on to; a decoy flare makes a lock +5 / +3 / +1 for an attacker or target in its hex, next to
it or two hexes away.  Our readings:
* A deployment puts the measure in the unit's own hex and spends one use of the record sheet's
  boxes (Marks.equipment; units.toml `uses`).  Each unit deploys once a phase.
* It lasts for the turn it is deployed in: it is lifted as the damage phase ends.
* It is a public marker: the cloud and the flare are there for anyone to see, and Umpire's sight
  by height (spotting.py) is not changed by smoke -- it only hampers the lock (Table 3).
* Cratering charges are named on p. 18 but described nowhere: not modelled.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError

MEASURES = {"smoke_dispenser": "smoke", "flares": "flare", "chaff": "chaff"}     # equipment -> overlay
RULE = "Wardogs p. 18, Table 3"


def uses_left(game, u, key: str) -> int:
    return u.marks.equipment.get(key, game.rules.tables["units"].section("equipment")[key]["uses"])


def carries(game, u) -> bool:
    return any(k in MEASURES for k in game.unit_type(u).get("equipment", ()))


def deploy(game, params: dict, dice) -> tuple[str, list[Change]]:
    u = game.units.get(params.get("unit"))
    if u is None or u.side != params.get("side") or not u.on_map or u.carried_by:
        raise UmpireError(f"deploy: {params.get('side')} has no unit {params.get('unit')!r} on the table")
    key = str(params.get("measure") or "")
    have = [k for k in game.unit_type(u).get("equipment", ()) if k in MEASURES]
    if key not in have:
        raise UmpireError(f"deploy: {u.id} carries no {key or 'measure'} ({', '.join(have) or 'none'}; {RULE})")
    if u.acted:
        raise UmpireError(f"deploy: {u.id} has deployed a measure this phase already ({RULE})")
    left = uses_left(game, u, key)
    if left <= 0:
        raise UmpireError(f"deploy: {u.id}'s {key.replace('_', ' ')} is spent ({RULE})")
    n = game.map.number(u.hex)
    kind = MEASURES[key]
    return f"{u.id} deploys {kind} in {n}", [
        Change("overlay", kind, {"q": u.hex.q, "r": u.hex.r, "side": u.side, "secret": False, "detail": u.id}),
        Change("unit", u.id, {"acted": True, "equipment": {**u.marks.equipment, key: left - 1}},
               (f"{u.id} deploys {kind} in {n}: {left - 1} left ({RULE})",))]


def lifted() -> list[Change]:
    """The turn's smoke, flares and chaff are gone (our reading: they last the turn)."""
    return [Change("overlay", kind, {"clear": True}) for kind in MEASURES.values()]
