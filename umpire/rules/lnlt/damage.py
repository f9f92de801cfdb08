"""What a successful attack does in Lock 'n Load Tactical: the damage check (5.0 DCT), the
morale check, and a struck vehicle's fate with its crew and passengers (DCT, 14.1, 15.4, 16.1.1).

Every procedure writes what it changes into `out` (unit id -> column values) and its journal
lines into `lines`; new counters (a crew getting out) come back as `Change`s.

Readings:
* A morale check is 2d6 at or under the unit's morale (as a rally, 3.0); the ordnance table's
  "MC - the difference" takes the difference off the roll.
* The Fate of Crew and Passengers Table (fate.toml) decides for crew and passengers; the
  vehicle's own result comes from the DCT (small arms, artillery) or the ordnance roll.  A
  Shaken vehicle Shaken again is abandoned (DCT).
* An abandoned or destroyed vehicle leaves play (the core's "destroyed") and an Abandoned or
  Wreck marker stays in its hex (the enemy's map shows it only if the enemy saw the vehicle); a crew that gets out is a new counter, "<vehicle> crew", of
  the vehicle's crew type (vehicles.toml).
* Passengers riding outside (PO, PPO) are the table's outside passengers, the others inside.
* Heroes (11.2): the hero counter is the squad's nationality's (units.toml `hero`, a sample);
  it draws a skill counter at random (12.0, skills.toml, samples: the aid names none), its side's
  to know.  Artillery's friendly fire creates no hero.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.game import Game, UnitState
from . import skills, tables
from .state import best_leader, dct_column, marks_after, morale, passengers, shaken, vehicle

GONE = {"status": "destroyed", "q": None, "r": None, "carried_by": None}


def damage_check(game: Game, u: UnitState, plus: int, dice, values: dict, lines: list,
                 heroes: list[Change] | None = None) -> str:
    """5.0: 1d6 + plus, less a Good Order leader's LM in the hex (not for vehicles), on the
    DCT; returns the table's result (a vehicle's is applied by `vehicle_struck`).  Under enemy
    fire (`heroes`, where a hero's new counter goes) a squad's or half-squad's natural 1 and
    then an even die create a hero in its hex (DCT: Hero Creation, 11.2, 11.2.1)."""
    t = game.unit_type(u)
    # 11.1.1: a Good Order leader's LM comes off a leg unit's damage check
    leader = 0 if t["kind"] == "vehicle" or u.carried_by else best_leader(game, u.hex, u.side, exclude=u.id)
    r = dice.roll(f"damage check {u.id} (DC+{plus})", 1, 6, (("DC", plus),) + ((("leader's LM", -leader),)
                                                                               if leader else ()))
    result = tables.dct_result(game.rules, dct_column(game, u), r.total, morale(game, u))
    if t["kind"] == "vehicle":
        lines.append(f"  {u.id}: damage check {r.total} against morale {morale(game, u)}: {result}")
        return result
    marks = values.get("marks", u.marks)
    if result == "Shaken":
        marks = marks.but(shaken=True)
    elif result == "Casualties":
        if t["reduces_to"]:
            values["type"] = t["reduces_to"]
            marks = marks.but(shaken=True)
        else:
            result = "Casualties: eliminated"
            values.update(GONE)
    elif result == "Wounded":
        if marks.wounded:
            result = "Wounded again: eliminated"
            values.update(GONE)
        marks = marks.but(wounded=True)
        if t["kind"] != "hero":
            marks = marks.but(shaken=True)     # heroes never shake: a hero is only wounded (DCT)
    elif result in ("Eliminated", "Abandoned"):     # 11.5: an armour leader's Abandoned is his end
        result = "Eliminated" if result == "Eliminated" else "Abandoned: eliminated"
        values.update(GONE)
    values["marks"] = marks
    lines.append(f"  {u.id}: damage check {r.total} against morale {morale(game, u)}: {result}"
                 + (f", now {game.rules.unit_types[t['reduces_to']]['label']}" if values.get("type") else ""))
    if r.faces[0] == 1 and t.get("hero") and heroes is not None and u.hex is not None:
        h = dice.roll(f"hero creation for {u.id} (even: a hero)", 1, 6).total
        if h % 2 == 0:
            hid = _new_id(game, f"Hero ({u.id})", heroes)
            skill, said = skills.draw(game, hid, dice)
            # the skill drawn is the hero's side's to know (12.0): its own line, for that side alone
            heroes.append(Change("unit", hid, {"new_like": u.id, "type": t["hero"], "name": f"hero of {u.id}",
                                               "q": u.hex.q, "r": u.hex.r, "face_down": u.face_down, "skill": skill},
                                 said, u.side))
            lines.append(f"  a 1, then {h}: {hid} ({game.rules.unit_types[t['hero']]['label']}) rises in "
                         f"{game.map.number(u.hex)} (DCT: Hero Creation, 11.2)")
        else:
            lines.append(f"  a 1, then {h}: no hero (11.2)")
    return result


def _new_id(game: Game, base: str, pending: list[Change]) -> str:
    taken = set(game.units) | {c.key for c in pending}
    n, out = 1, base
    while out in taken:
        n += 1
        out = f"{base} {n}"
    return out


def morale_check(game: Game, u: UnitState, dice, lines: list, less: int = 0, why: str = "morale check") -> bool:
    """2d6 (less `less`) at or under the unit's morale passes."""
    r = dice.roll(f"{why} {u.id} (morale {morale(game, u)})", 2, 6, (("difference", -less),) if less else ())
    passed = r.total <= morale(game, u)
    lines.append(f"  {u.id}: {why} {r.total} against {morale(game, u)}: {'passed' if passed else 'failed'}")
    return passed


def fate_row(game: Game, attack: str, result: str) -> dict:
    key = f"{attack}_{result.lower().replace(' ', '_')}"
    return game.rules.tables["fate"].section("entry")[key]


def mines_vs_vehicle(game: Game, v: UnitState, leaving: bool, dice) -> list[Change]:
    """21.4.1: a vehicle entering a mined hex rolls 1d6 on the Mines vs. Vehicles Table.
    Shaken and Immobilized: it moves no more; Destroyed: its crew with it, the passengers bail
    out (a reading: as from ordnance, 15.4)."""
    if leaving or vehicle(game, v) is None:
        return []
    r = dice.roll(f"mines against {v.id} (21.4.1)", 1, 6).total
    result = tables.mines_vs_vehicles(game.rules, r)
    lines = [f"Mines against {v.id}: {r} -- {result} (21.4.1)"]
    out: dict = {}
    extra: list[Change] = []
    if result != "No Effect":
        struck = "Destroyed" if result.startswith("Destroyed") else "Shaken"
        extra = vehicle_struck(game, v, struck, "oft", dice, out, lines, crew_lost=struck == "Destroyed")
        if "Immobilized" in result and out[v.id].get("status") != "destroyed":
            out[v.id]["marks"] = marks_after(out, v).but(immobilized=True)
    return [Change("note", "", {}, tuple(lines))] + [Change("unit", k, x) for k, x in out.items() if x] + extra


def vehicle_struck(game: Game, v: UnitState, result: str, attack: str, dice, out: dict, lines: list,
                   dc: int = 0, enemy: bool = True, crew_lost: bool = False) -> list[Change]:
    """The vehicle's `result` (No Effect, Shaken, Abandoned, Destroyed) from an attack of the
    kind `attack` (dft, oft, close_assault), then its crew's (lost with it: `crew_lost`) and
    passengers' fate (15.4)."""
    if result == "Shaken" and (shaken(v) or marks_after(out, v).shaken):
        result = "Abandoned"
        lines.append(f"  {v.id} was Shaken already: abandoned (DCT)")
    from .helicopter import crash, helicopter
    changes: list[Change] = []
    here = v.hex
    if helicopter(game, v) and result == "Damaged":          # DCT: it must leave the map
        for x in [v] + passengers(game, v):
            out.setdefault(x.id, {}).update(status="exited", q=None, r=None)
        lines.append(f"  {v.id} is Damaged: it leaves the map with those aboard, firing and unloading no more (DCT)")
        return changes
    if helicopter(game, v) and result == "Destroyed":        # DCT: it crashes
        changes, here = crash(game, v, dice, out, lines)
        for p in passengers(game, v):                          # they come down with it
            out.setdefault(p.id, {}).update(q=here.q, r=here.r)
    row = fate_row(game, attack, result)
    values = out.setdefault(v.id, {})
    if result == "Shaken":
        values["marks"] = v.marks.but(shaken=True)
        lines.append(f"  {v.id} is Shaken: buttoned, half its movement, no fire (DCT)")
    elif result in ("Abandoned", "Destroyed"):
        values.update(GONE)
        marker = "abandoned" if result == "Abandoned" else "wreck"
        # the marker is known to those who saw the vehicle's end, and to others once they see the
        # hex (the core's spotting pass); it never names the vehicle
        changes.append(Change("overlay", marker, {"q": here.q, "r": here.r, "side": v.side, "secret": True,
                                                  "seen_with": v.id}))
        lines.append(f"  {v.id} is {result.lower()}: {'an Abandoned' if marker == 'abandoned' else 'a Wreck'}"
                     f" marker in {game.map.number(here)} (DCT)")
    crew = game.rules.unit_types[vehicle(game, v)["crew"]]
    out_crew = row["crew"] in ("shaken_crew",)
    if crew_lost:
        lines.append(f"  {v.id}'s crew is lost with it (21.4.1)")
    elif row["crew"] in ("bailout", "crew_on_a_1"):
        r = dice.roll(f"bailout {v.id}'s crew (16.1.1)", 1, 6)
        out_crew = r.total == 1
        lines.append(f"  {v.id}'s crew bails out on {r.total}: " + ("gets out in Good Order" if out_crew else "lost"))
    if out_crew:
        shook = row["crew"] == "shaken_crew"
        cid = _new_id(game, f"{v.id} crew", changes)
        changes.append(Change("unit", cid, {"new_like": v.id, "type": vehicle(game, v)["crew"],
                                                       "name": f"crew of {v.id}", "q": here.q, "r": here.r,
                                                       "moved": True, "face_down": v.face_down, "shaken": shook}))
        lines.append(f"  {cid} ({crew['label']}) gets out in {game.map.number(here)}"
                     + (", Shaken" if shook else "") + ", marked Moved (15.4)")
    outside = vehicle(game, v)["transport"] in ("PO", "PPO")
    exposed = vehicle(game, v)["open_topped"] or not vehicle(game, v)["armoured"]
    for p in passengers(game, v):
        _passenger(game, p, row["outside" if outside else "inside"], exposed, dc, dice, out, lines,
                   changes if enemy else None)
    return changes


def _passenger(game, p, code, exposed, dc, dice, out, lines, heroes) -> None:
    values = out.setdefault(p.id, {})
    off = {"carried_by": None, "moved": True}
    if code == "eliminated":
        values.update(GONE)
        lines.append(f"  {p.id}, aboard, is eliminated (15.4)")
        return
    if code in ("damage_check", "damage_check_then_bailout") or (code == "damage_check_if_exposed" and exposed):
        damage_check(game, p, dc, dice, values, lines, heroes)
        if values.get("status") == "destroyed":
            return
        if code == "damage_check" and values.get("marks", p.marks).shaken:
            values.update(off)
            lines.append(f"  {p.id} is Shaken riding outside: it gets off (15.4)")
    if code in ("bailout", "damage_check_then_bailout"):
        r = dice.roll(f"bailout {p.id} (16.1.1)", 1, 6)
        if r.total % 2:
            values.update(GONE)
            lines.append(f"  {p.id} bails out on {r.total}: eliminated (16.1.1)")
        else:
            values.update(off, marks=values.get("marks", p.marks).but(shaken=True))
            lines.append(f"  {p.id} bails out on {r.total}: Shaken, marked Moved (16.1.1)")
    elif code in ("get_off", "morale_check"):
        if code == "get_off":
            values.update(off)
            lines.append(f"  {p.id} gets off, marked Moved (15.4)")
        if not morale_check(game, p, dice, lines):
            values["marks"] = values.get("marks", p.marks).but(shaken=True)
