"""Wardogs declaration of fire, kept secret until both sides have declared (Wardogs p. 7 steps 6-7).

The heart of double-blind Wardogs: in the declaration phase each side names, for each of its
firers, the target it means to lock on to and the weapons it will fire at it (p. 7 step 6).  The
umpire keeps each side's list in State.declarations; the lines that record it are read by that
side and the umpire only, so the enemy never learns what was declared -- not even at the reveal:
it learns of the shots at its own units only as their effects (fire_actions.py).  A side may
declare again to replace its list while the phase lasts; declaring nothing is a pass.  When the
lock-on phase begins (p. 7 step 7) the declarations are revealed to the umpire and resolved all
together, against the table as it then stands (simultaneous fire, p. 15).

Our readings:
* A firer is one of the side's units on the table, not carried, not fallen ("still standing and
  functional", p. 7 step 6), and not destroyed.  A mecha whose power plant is damaged may move
  or fire, not both (Table 8, 11): one that moved this turn may not declare.
* One target a firer a turn: the firer makes one lock-on d10 "against the target" (p. 7 step 7);
  it may name several of its weapons at it, each once.
* A weapon must be neither damaged nor destroyed ("off-line", Tables 8-9) and have a round left.
* The target must be an enemy unit the side sees now (p. 7 step 6: a clear line of sight), or
  one it knows of (seen or last known) for a weapon that fires indirect.  Arc (p. 14) and range
  (Table 4) are checked at declaration: nothing moves between steps 6 and 8, and the side
  knows where its own units face and where it saw the target.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.hexgrid import hex_distance
from .penetration import state_of
from .spotting import Sight, sees
from .state import ammo_left, on_table, weapons as sheet_weapons
from .weapons import band_at, bands_for, in_arc

RULE = "Wardogs p. 7 step 6"


def parse_shots(raw) -> list[dict]:
    """The shots of a declaration: a list of {firer, weapon, target}, or text such as
    "C1 coyote_autocannon R2; C1 coyote_particle_cannon R2" (firer, weapon, target per shot),
    with commas between the three where a name holds a space ("Coyote 1, coyote_autocannon, C3")."""
    if raw is None or raw == "":
        return []
    if isinstance(raw, str):
        out = []
        for n, part in enumerate((p.strip() for p in raw.replace("\n", ";").split(";")), start=1):
            if not part:
                continue
            # "firer, weapon, target" where a name holds a space ("Coyote 1, coyote_autocannon, C3")
            words = [w.strip() for w in part.split(",")] if "," in part else part.split()
            if len(words) != 3 or not all(words):
                raise UmpireError(f"declaration, shot {n}: {part!r} is not 'firer weapon target' "
                                  f"(or 'firer, weapon, target' when a name holds a space) ({RULE})")
            out.append(dict(zip(("firer", "weapon", "target"), words)))
        return out
    if not isinstance(raw, (list, tuple)) or not all(isinstance(s, dict) for s in raw):
        raise UmpireError(f"declaration: shots must be a list of firer, weapon, target ({RULE})")
    return [{k: str(s.get(k, "")) for k in ("firer", "weapon", "target")} for s in raw]


def weapon_bands(record: dict) -> tuple[int, int, int]:
    """A weapon's short/medium/long: the sheet's own bands, else its range rating's (Table 4)."""
    bands = record.get("bands")
    if bands:
        return tuple(bands)
    return bands_for(record["range"])


def knows(game, side: str, target_id: str, indirect: bool) -> bool:
    c = game.contacts.get((side, target_id))
    if c is None:
        return False
    return c.status == "seen" or (indirect and c.status == "last_known")


def firer_problem(game, side: str, uid: str) -> str | None:
    """Why unit `uid` may not fire this turn at all (None: it may), p. 7 step 6."""
    u = game.units.get(uid)
    if u is None or u.side != side or u.id not in {x.id for x in on_table(game, side)}:
        return f"{game.side(side).name} has no unit {uid!r} on the table"
    if u.acted:
        return f"{u.id} has spent its turn on other work (clearing mines, p. 18)"
    if u.marks.fallen:
        return f"{u.id} has fallen and must stand before it fires (p. 7 step 6, p. 11)"
    if state_of(u.marks.damage, "power_plant") == "damaged" and (u.moved or u.marks.hexes_moved):
        return f"{u.id}'s power plant is damaged: it moved, so it may not fire this turn (p. 17, Table 8)"
    return None


def weapon_problem(game, u, key: str) -> str | None:
    """Why weapon `key` of unit u may not fire now (None: it may): on its sheet, on-line, rounds left."""
    sheet = dict(sheet_weapons(game, u))
    w = sheet.get(key)
    if w is None:
        named = ", ".join(f"{x['label']} ({k})" for k, x in sheet.items())
        return f"{u.id} has no weapon {key!r} (its sheet: {named or 'none'})"
    if state_of(u.marks.damage, f"weapon:{key}"):
        return f"{u.id}'s {w['label']} is off-line, damaged or destroyed (pp. 16-17, Tables 8-9)"
    if ammo_left(game, u, key) == 0:
        return f"{u.id}'s {w['label']} has no rounds left (its record sheet)"
    return None


def shot_problem(game, side: str, shot: dict, targets: dict[str, str],
                 targets_named: dict[str, str] | None = None) -> str | None:
    """Why one shot may not be declared (None: it may); the enemy named as the side knows it."""
    targets_named = targets_named or {}
    why = firer_problem(game, side, shot["firer"])
    if why:
        return why
    u = game.units[shot["firer"]]
    why = weapon_problem(game, u, shot["weapon"])
    if why:
        return why
    w = dict(sheet_weapons(game, u))[shot["weapon"]]
    t = game.units.get(shot["target"])
    named = shot.get("named", shot["target"])       # as the side named it: its contact label
    if t is None or t.side == side or not knows(game, side, t.id, w["indirect"]):
        why = "nor knows of it for indirect fire" if w["indirect"] else "(p. 7 step 6: a clear line of sight)"
        return f"{game.side(side).name} does not see an enemy unit {named!r} {why}"
    label = game.contacts[(side, t.id)].label      # never the enemy's own name (it tells which unit it is)
    earlier = targets.get(u.id)
    if earlier is not None and earlier != t.id:
        before = targets_named.get(u.id) or game.contacts[(side, earlier)].label
        return f"{u.id} already locks on to {before}: one target a firer a turn (p. 7 step 7, our reading)"
    where = game.contacts[(side, t.id)].hex
    turret_hit = state_of(u.marks.damage, "turret") == "damaged"
    mount = "infantry" if game.unit_type(u)["kind"] == "infantry" else w["mount"]
    if u.marks.facing is not None and not in_arc(mount, u.marks.facing, u.hex, where, turret_hit):
        return f"{label} is outside the arc of {u.id}'s {w['label']} ({w['mount'].replace('_', ' ')}, p. 14)"
    if band_at(hex_distance(u.hex, where), weapon_bands(w)) is None:
        return f"{label} is {hex_distance(u.hex, where)} hexes away, beyond the long range of {u.id}'s {w['label']} (p. 14, Table 4)"
    # p. 7 step 6: the firer itself must see the target (not only another unit of its side), unless
    # its weapon fires indirect
    if not w["indirect"] and not sees(game, Sight(game.map, game.rules), u, t).seen:
        return f"{u.id} has no clear line of sight to {label} (p. 7 step 6, p. 12)"
    return None


def check(game, side: str, shots: list[dict]) -> list[dict]:
    """The shots, every one checked; one line naming each problem if any is wrong (nothing kept)."""
    problems, targets, seen = [], {}, set()
    shots = [{**s, "weapon": weapon_key(game, s["firer"], s["weapon"])} for s in shots]
    for n, shot in enumerate(shots, start=1):
        key = (shot["firer"], shot["weapon"])
        why = (f"{shot['firer']}'s {weapon_label(game, shot['weapon'])} is declared twice" if key in seen
               else shot_problem(game, side, shot, targets))
        if why:
            problems.append(f"shot {n}: {why}")
            continue
        seen.add(key)
        targets[shot["firer"]] = shot["target"]
    if problems:
        raise UmpireError(f"declaration refused, nothing kept: {'; '.join(problems)} ({RULE})")
    return shots


def weapon_key(game, firer: str, name: str) -> str:
    """The sheet's key of the firer's weapon named `name`: its key, or its name on the record
    sheet as the report prints it ("30mm autocannon", case and a " (sample)" tag aside) -- a
    player copies what the report shows.  An unknown name is left as given, to be refused."""
    u = game.units.get(firer)
    if u is None:
        return name
    sheet = dict(sheet_weapons(game, u))
    if name in sheet:
        return name
    wanted = name.strip().lower()
    for key, w in sheet.items():
        if wanted in (w["label"].lower(), w["label"].lower().removesuffix(" (sample)")):
            return key
    return name


def weapon_label(game, key: str) -> str:
    """A weapon as users read it, by its record-sheet name ("30mm Autocannon"); its key when it
    is not in the catalogue (a refused declaration quoting what was typed)."""
    w = game.rules.tables["units"].section("weapon").get(key)
    return w["label"] if w else key


def shot_text(game, shot: dict) -> str:
    """A declared shot as the journal and the reports print it: "Coyote 1 30mm Autocannon at C3"
    (the target's id, which each side's journal shows as its own contact label)."""
    return f"{shot['firer']} {weapon_label(game, shot['weapon'])} at {shot['target']}"


def declare(game, side: str, raw) -> tuple[str, list[Change]]:
    """A side's secret declaration (p. 7 step 6), replacing its earlier one this turn."""
    if side not in game.side_ids():
        raise UmpireError(f"declaration: unknown side {side!r}")
    if game.rule_state.revealed:
        raise UmpireError(f"declaration: this turn's declarations are revealed already ({RULE}, step 7)")
    shots = check(game, side, parse_shots(raw))
    name = game.side(side).name
    lines = [f"{name} declares its fire, secretly ({RULE}):"] + [
        f"  {shot_text(game, s)}" for s in shots] if shots else [
        f"{name} declares no fire this turn ({RULE})"]
    kept = tuple({"firer": s["firer"], "weapon": s["weapon"], "target": s["target"]} for s in shots)
    summary = f"{name} declares {len(shots)} shot{'s' if len(shots) != 1 else ''}" if shots else f"{name} declares no fire"
    return summary, [Change("game", ("declarations",), {side: kept}, tuple(lines), side)]


def declared(game) -> set[str]:
    """The sides that have declared (or declared nothing) this turn."""
    return set(game.rule_state.declarations)


def waiting_for(game) -> list[str]:
    """The sides still to declare before the reveal."""
    return [s for s in game.side_ids() if s not in declared(game)]


def not_declared(game, sides: list[str] | None = None) -> str | None:
    """Why the declarations may not be revealed yet (None: they may): the sides still to declare
    (p. 7 steps 6-7: the umpire holds both before any die is rolled).  Our choice: a side that
    has not declared is not taken for one that declares no fire -- the reveal waits, and "no fire"
    is declared as such (an empty declaration; the window asks the umpire first)."""
    waiting = [s for s in waiting_for(game) if sides is None or s in sides]
    if not waiting:
        return None
    names = " and ".join(game.side(s).name for s in waiting)
    how = "; ".join(f"umpire act GAME declare_fire side={s}" for s in waiting)
    return (f"the declarations cannot be revealed yet: {names} ha{'ve' if len(waiting) > 1 else 's'} not declared "
            f"{'their' if len(waiting) > 1 else 'its'} fire -- declare it, or declare no fire ({how}) (Wardogs p. 7 steps 6-7)")


def reveal(game) -> list[Change]:
    """p. 7 step 7: both lists opened -- to the umpire alone; each side already reads its own."""
    lines = ["Declarations revealed to the umpire (Wardogs p. 7 step 7):"]
    for side in game.side_ids():
        shots = game.rule_state.declarations.get(side, ())
        lines.append(f"  {game.side(side).name}: " + ("; ".join(shot_text(game, s) for s in shots) or "no fire"))
    return [Change("game", "state", {"revealed": True}, tuple(lines), "umpire")]


def bot_shots(game, side: str, rng) -> list[dict]:
    """The autoplay's declaration: each firer picks, from the seen enemies all its weapons it may
    fire at, one at random (the generator is seeded, so a replay picks the same)."""
    out = []
    for u in on_table(game, side):
        keys = [k for k, _ in sheet_weapons(game, u)]
        choices = {}
        for (s, tid), c in sorted(game.contacts.items()):
            if s != side or c.status != "seen" or tid not in game.units:
                continue
            ok = [k for k in keys if shot_problem(game, side, {"firer": u.id, "weapon": k, "target": tid}, {}) is None]
            if ok:
                choices[tid] = ok
        if choices:
            tid = rng.choice(sorted(choices))
            out += [{"firer": u.id, "weapon": k, "target": tid} for k in choices[tid]]
    return out


def read_orders(path) -> tuple[str, dict]:
    """A side's declaration of fire as an orders file (`umpire orders GAME FILE`), handed to the
    umpire instead of typed in the window:

        side = "pacifica"
        turn = 2
        [[shot]]
        firer = "Coyote 1"
        weapon = "30mm Autocannon"   # its name on the record sheet, or its key coyote_autocannon
        target = "C3"           # the enemy's id, or the contact label the side knows it by

    Checked whole before anything is kept; no [[shot]] is a declaration of no fire."""
    from pathlib import Path

    from ...core.play.order_entries import orders_toml
    path = Path(path)
    data = orders_toml(path)
    problems = []
    if set(data) - {"side", "turn", "shot"}:
        problems.append(f"unknown key(s) {', '.join(sorted(set(data) - {'side', 'turn', 'shot'}))} (use side, turn, [[shot]])")
    if not isinstance(data.get("side"), str):
        problems.append('side must name your side, e.g. side = "pacifica"')
    if not isinstance(data.get("turn"), int) or isinstance(data.get("turn"), bool):
        problems.append("turn must be the turn the declaration is for, a whole number")
    shots = data.get("shot", [])
    if not isinstance(shots, list) or not all(isinstance(s, dict) and set(s) == {"firer", "weapon", "target"}
                                              and all(isinstance(v, str) for v in s.values()) for s in shots):
        problems.append("each [[shot]] gives firer, weapon and target, as text")
    if problems:
        raise UmpireError("; ".join(problems) + f" ({RULE})", file=str(path))
    return data["side"], {"side": data["side"], "turn": data["turn"], "shots": [dict(s) for s in shots]}


def by_label(game, side: str, shots: list[dict]) -> list[dict]:
    """Targets named by the contact labels the side knows them by, turned to unit ids."""
    labels = {c.label: uid for (s, uid), c in game.contacts.items() if s == side}
    return [{**s, "target": labels.get(s["target"], s["target"]), "named": s["target"]} for s in shots]
