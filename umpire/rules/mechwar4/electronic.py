"""Electronic warfare (MW4 19.9): radio direction finding (19.91-19.911) and jamming (19.912-19.918).

Radio direction finding -- `umpire act GAME direction_find unit=HQ kind=hq|jammer|artillery|air_defence`
in the Indirect Fire phase, by an HQ the scenario marks `rdf = true`, once a turn and only if it
neither moved nor fired this turn (19.911):
* 19.92: the player "announces the enemy unit" he tries to locate.  A side knows no enemy unit it
  has not seen, so Umpire reads the announcement as the kind of emitter -- an HQ, a jammer, an
  artillery unit, an air defence unit -- and takes the enemy unit of that kind on the map nearest
  the HQ (the strongest signal).  Jammers count only while jamming (19.97); on-map artillery only
  once it has fired from where it stands (19.98: silent guns are not heard), and then at its value
  +1 (19.94: Umpire keeps where a gun fired from, not in which phase, so "fired from here" it is);
  air defence units are read as all using search radar (the sample catalogue's two do).
* one die (1d6) at or under the value on the Radio Detection Values chart (`radio.toml`, a sample)
  locates it; the owner "announces a hex within one hex" -- Umpire rolls it for him: a second die
  names a next hex in that direction (the unit's own if that one is off the map).  The finding
  side gets a secret "radio fix" marker there, naming the kind it looked for, until the next
  Indirect Fire phase; the located unit's side reads that it was located and what hex the enemy
  was told.  The die is always rolled, and a miss and an empty search read the same ("nothing
  located"): the finder learns nothing of what is not there.
* 19.96: not while its own side jams, except to locate jammers and air defence.
* 19.95 (fire at the fix is unobserved) follows from Umpire's plotting: the fix is a marker, not
  a spotted unit.
* 19.910, 19.913: an RDF HQ or a jammer that survives indirect fire with an effect rolls once more
  on the Anti-Personnel CRT at the fire's strength; a loss result there destroys its equipment.
* 19.98, 19.99: a side may keep radio silence for the rest of a turn (`umpire act GAME
  radio_silence side=nato`, the Fire Plots dock's Radio Silence): its HQs and guns cannot be located, and it acts
  as if jammed.

Jamming -- `umpire act GAME jam unit=J` in the Direct Fire/Movement phase, by a catalogue `jammer`:
* 19.914: one die on the Jammer Table (sample): at or under `jammer_works` it works, else it may
  not try again for two full turns; starting takes its activation (19.913);
* 19.915: each Indirect Fire phase a working jammer rolls again: at or under `jammer_breaks` it
  breaks, with the same two turns' wait; a jammer at work does not move or fire (19.913) --
  `jam unit=J stop=yes` switches it off;
* 19.916, 19.917: the whole map is jammed for the enemy of a working jammer: its companies may be
  given only Overwatch or Withdraw (never Rally); 19.918: its indirect fire may not be unobserved --
  off-board supports lose the scenario's leave to fire at unspotted hexes (14.13), on-map guns fire
  only at hexes in their own line of sight.  19.917's -1 on morale checks is not modelled.
The jammed side reads that its radios are jammed, never where the jammer is.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.play.kit import unit_asked
from ...core.game import Game, UnitState
from ...core.hexgrid import DIRECTIONS, hex_distance
from .traits import UnitTraits

KINDS = {"hq": "HQ", "jammer": "jammer", "artillery": "artillery unit", "air_defence": "air defence unit"}
IDLE_TURNS = 2                   # 19.914, 19.915: two full game turns
PHASE_RDF, PHASE_JAM = "indirect_fire", "fire_move"
JAMMED_COMMANDS = ("overwatch", "withdraw")          # 19.917


def table(game: Game, key: str) -> int:
    return int(game.rules.tables["radio"].section("entry")[key]["value"])


def emitter(game: Game, u: UnitState) -> str | None:
    """What kind of emitter radio direction finding hears in `u` (19.91), or None."""
    kind = game.unit_type(u)
    if kind.get("jammer"):
        return "jammer"
    return {"hq": "hq", "artillery": "artillery", "mortar": "artillery", "air_defence": "air_defence"}.get(kind["role"])


def jamming(game: Game, side: str) -> bool:
    """A jammer of `side` is at work on the map (19.914)."""
    return any(u.side == side and u.on_map and u.marks.jamming for u in game.units.values())


def silent(game: Game, side: str) -> bool:
    """`side` keeps radio silence this turn (19.99)."""
    return game.rule_state.radio_silence.get(side) == game.turn


def jammed(game: Game, side: str) -> bool:
    """`side` is jammed: an enemy jammer is at work -- one's own jamming never hurts (19.916) --
    or it keeps radio silence, which works as being jammed (19.99)."""
    return silent(game, side) or any(jamming(game, s) for s in game.side_ids() if s != side)


def keep_silence(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """The action: a side keeps radio silence for the rest of the turn (19.99): its HQs and guns
    cannot be located, and it acts as if jammed (19.916-19.918)."""
    side = params.get("side")
    if side not in game.side_ids():
        raise UmpireError(f"radio silence: unknown side {side!r}")
    if silent(game, side):
        raise UmpireError(f"{game.side(side).name} already keeps radio silence this turn (MW4 19.99)")
    return f"{game.side(side).name} keeps radio silence this turn", [
        Change("game", "state", {"radio_silence": {**game.rule_state.radio_silence, side: game.turn}},
               (f"Radio silence for turn {game.turn}: no HQ or gun of ours can be located; our companies act "
                "only as on Overwatch or Withdraw, no unobserved indirect fire (MW4 19.99, 19.916-19.918)",), side)]


def has_rdf(u: UnitState) -> bool:
    return bool(UnitTraits.model_construct(**u.traits).rdf) and not u.marks.radio_lost


def struck_by_h_fire(game: Game, fire_name: str, strength: int, u: UnitState, result: str, dice) -> list[Change]:
    """19.910, 19.913: an RDF HQ or a jammer that survives H fire with an effect rolls again on the
    Anti-Personnel CRT at the fire's strength; any loss result destroys its equipment."""
    from .worksheet import FireSheet, read_table, resolve
    equipped = has_rdf(u) or (game.unit_type(u).get("jammer") and not u.marks.radio_lost)
    steps = game.unit_type(u)["steps"] - u.steps_lost
    lost = {"D1": 1, "D2": 2, "D3": 3}.get(result, 0)
    if not equipped or result == "-" or lost >= steps:
        return []
    sheet = FireSheet(fire_name, u.id, True)
    read_table(game, sheet, "anti_personnel", strength, 0)
    die = dice.roll(f"{fire_name}: {u.id}'s radio equipment (MW4 19.910)", 1, 6).total
    second = resolve(sheet, die)
    if not second.startswith("D"):
        return [Change("unit", u.id, {}, (f"  {u.id}'s radio equipment holds ({die}: {second}; MW4 19.910)",), u.side)]
    return [Change("unit", u.id, {"radio_lost": True, "jamming": False},
                   (f"  {u.id}'s radio equipment is destroyed ({die}: {second}; MW4 19.910, 19.913)",), u.side)]


def command_problem(game: Game, side: str | None, code: str) -> str | None:
    """19.917: a jammed side's companies may act only as under Overwatch or Withdraw."""
    if side is not None and jammed(game, side) and code not in JAMMED_COMMANDS:
        return "its radios are jammed: only Overwatch or Withdraw, and no Rally (MW4 19.917)"
    return None


def unobserved_problem(game: Game, side: str, gun: UnitState | None, sight, target) -> str | None:
    """19.918: jammed, indirect fire may not be unobserved: an on-map gun fires only at hexes in
    its own line of sight; an off-board support only at hexes its side spots."""
    if not jammed(game, side):
        return None
    from ...core.los import Eye
    if gun is not None and not sight.line_of_sight(Eye(gun.hex), Eye(target)).clear:
        return f"its radios are jammed: {gun.id} fires only at hexes it sees itself (MW4 19.918)"
    return None


def rdf_problem(game: Game, hq: UnitState, kind: str | None) -> str | None:
    """Why the HQ may not try to locate that kind of emitter now (19.91, 19.96, 19.911), or None."""
    if not has_rdf(hq):
        return f"{hq.id} has no radio direction finding in this scenario (MW4 19.91)"
    if kind not in KINDS:
        return f"unknown kind {kind!r} (hq, jammer, artillery, air_defence)"
    if game.phase != PHASE_RDF:
        return "radio direction finding is tried in the Indirect Fire phase (MW4 19.91)"
    if not hq.on_map or hq.carried_by:
        return f"{hq.id} is not on the map (MW4 19.91)"
    if hq.moved or hq.fired or hq.acted:
        return f"{hq.id} moved, fired or acted this turn: an HQ finding directions does nothing else (MW4 19.911)"
    if jamming(game, hq.side) and kind not in ("jammer", "air_defence"):
        return "its own side is jamming: only jammers and air defence may be located (MW4 19.96)"
    return None


def cannot_find(game: Game, u: UnitState) -> str | None:
    problems = [rdf_problem(game, u, k) for k in KINDS]
    return None if any(p is None for p in problems) else problems[0]


def direction_find(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """The action: one attempt of an RDF HQ (19.92)."""
    hq = unit_asked(game, params, "direction finding")
    kind = params.get("kind")
    if why := rdf_problem(game, hq, kind):
        raise UmpireError(f"{hq.id} cannot find directions: {why}")
    heard = [u for u in game.units.values() if u.side != hq.side and u.on_map and not u.carried_by
             and emitter(game, u) == kind and (kind != "jammer" or u.marks.jamming)          # 19.97
             and (kind != "artillery" or u.marks.fired_from is not None)                     # 19.98
             and not (kind in ("hq", "artillery") and silent(game, u.side))]                    # 19.99
    target = min(heard, key=lambda u: (hex_distance(u.hex, hq.hex), u.id), default=None)
    value = table(game, kind) + (1 if kind == "artillery" else 0)                           # 19.94
    die = dice.roll(f"radio direction finding by {hq.id}: an enemy {KINDS[kind]}", 1, 6).total
    n = game.map.number
    out = [Change("unit", hq.id, {"acted": True})]                                          # 19.911
    if target is None or die > value:
        out.append(Change("note", hq.id, {}, (f"{hq.id} listens for an enemy {KINDS[kind]}: nothing located "
                                              "(MW4 19.92)",), hq.side))
        return f"{hq.id}: nothing located", out
    way = dice.roll("radio fix: the hex announced, within one of the unit (MW4 19.92)", 1, 6).total
    fix = target.hex + DIRECTIONS[way - 1]
    fix = fix if game.map.contains(fix) else target.hex
    out.append(Change("overlay", "radio_fix", {"q": fix.q, "r": fix.r, "side": hq.side, "secret": True,
                                               "detail": f"an enemy {KINDS[kind]} within a hex, turn {game.turn}"},
                      (f"{hq.id} locates an enemy {KINDS[kind]} ({die}): within one hex of {n(fix)} (MW4 19.92)",),
                      hq.side))
    out.append(Change("note", target.id, {}, (f"{target.id} is located by enemy radio direction finding: "
                                              f"the enemy is told {n(fix)} (MW4 19.92)",), target.side))
    return f"{hq.id} locates an enemy {KINDS[kind]} near {n(fix)}", out


def jam_problem(game: Game, u: UnitState, stop: bool) -> str | None:
    if not game.unit_type(u).get("jammer"):
        return f"{u.id} is not a jammer (MW4 19.912)"
    if u.marks.radio_lost:
        return f"{u.id}'s jamming equipment is destroyed (MW4 19.913, 19.910)"
    if stop:
        return None if u.marks.jamming else f"{u.id} is not jamming"
    if game.phase != PHASE_JAM:
        return "a jammer is started in the Direct Fire/Movement phase (MW4 19.914)"
    if not u.on_map or u.carried_by:
        return f"{u.id} is not on the map"
    if u.marks.jamming:
        return f"{u.id} is already jamming"
    if u.moved or u.fired or u.acted:
        return f"{u.id} has already acted this turn: a jammer does nothing else (MW4 19.913)"
    if u.marks.jam_idle_until is not None and game.turn < u.marks.jam_idle_until:
        return f"{u.id} failed or broke: no new start before turn {u.marks.jam_idle_until} (MW4 19.914)"
    return None


def jam(game: Game, params: dict, dice) -> tuple[str, list[Change]]:
    """The action: start a jammer (19.914), or switch it off (`stop`)."""
    u = unit_asked(game, params, "jam")
    stop = bool(params.get("stop"))
    if why := jam_problem(game, u, stop):
        raise UmpireError(f"{u.id} cannot {'stop' if stop else 'start'} jamming: {why}")
    enemies = [s for s in game.side_ids() if s != u.side]
    if stop:
        return f"{u.id} stops jamming", [Change("unit", u.id, {"jamming": False}, (f"{u.id} stops jamming",), u.side)] \
            + _clear_for(game, u, enemies)
    need = table(game, "jammer_works")
    die = dice.roll(f"jammer {u.id} starts (works on 1-{need}, sample table)", 1, 6).total
    if die > need:
        idle = game.turn + IDLE_TURNS + 1
        return f"{u.id}'s jammer fails", [Change("unit", u.id, {"acted": True, "jam_idle_until": idle},
                                                 (f"{u.id}'s jammer fails to work ({die}): no new start before "
                                                  f"turn {idle} (MW4 19.914)",), u.side)]
    told = [] if jammed_before(game, enemies) else [
        Change("note", s, {}, ("Our radios are jammed: companies only on Overwatch or Withdraw, no unobserved "
                               "indirect fire (MW4 19.916-19.918)",), s) for s in enemies]
    return f"{u.id} is jamming", [Change("unit", u.id, {"acted": True, "jamming": True},
                                         (f"{u.id}'s jammer works ({die}): jamming (MW4 19.914)",), u.side)] + told


def jammed_before(game: Game, enemies: list[str]) -> bool:
    return all(jammed(game, s) for s in enemies)


def _clear_for(game: Game, u: UnitState, enemies: list[str]) -> list[Change]:
    """The enemy reads that its radios are clear when the last jammer stops."""
    others = any(v.id != u.id and v.side == u.side and v.on_map and v.marks.jamming for v in game.units.values())
    return [] if others else [Change("note", s, {}, ("The jamming of our radios stops (MW4 19.916)",), s)
                              for s in enemies]


def jammers_at_phase(game: Game, dice) -> list[Change]:
    """The Indirect Fire phase: each working jammer rolls on the Jammer Table (19.915); radio
    fixes of the last turn are lifted (19.92: a fix lasts until the next attempts)."""
    out = [Change("overlay", "radio_fix", {"clear": True})]
    breaks = table(game, "jammer_breaks")
    for u in sorted(game.units.values(), key=lambda v: v.id):
        if not (u.on_map and u.marks.jamming):
            continue
        die = dice.roll(f"jammer {u.id} keeps working (breaks on 1-{breaks}, sample table)", 1, 6).total
        if die <= breaks:
            idle = game.turn + IDLE_TURNS + 1
            out.append(Change("unit", u.id, {"jamming": False, "jam_idle_until": idle},
                              (f"{u.id}'s jammer breaks ({die}): no new start before turn {idle} (MW4 19.915)",),
                              u.side))
            u.marks = u.marks.but(jamming=False)          # the lines below see it
            out += _clear_for(game, u, [s for s in game.side_ids() if s != u.side])
    return out
