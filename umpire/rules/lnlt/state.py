"""Lock 'n Load Tactical state read from the game.  The rule system's counters on each unit
(`UnitState.marks`):

    shaken        flipped to its Shaken side (5.0 DCT)
    wounded       a wounded single-man counter (5.0 DCT, 11.1.2)
    ops_complete  it used its impulse this turn without moving or firing (4.1, 10.1)
    assault       "move" or "fire": the first half of an assault (6.1: moved, may fire at -2;
                  6.1.1: fired at -2, may move half its MPs), open in the turn `assault_turn`
    low_crawl     its last move was a low crawl (6.3)
    hit_run       a mounted unit's Hit & Run marker (6.7): it moved half its MF, may fire at -2,
                  then move the rest of the half (movement.py)
    facing        a vehicle's front: the direction (0-5) of the last hex it entered; one that
                  has not moved is taken to face its attacker (15.1, a reading)

Moved and Fired markers are the core's `moved` and `fired`; the Administrative phase's removal
of markers (9.0) is the core's new turn.
"""

from __future__ import annotations

from typing import Annotated, Literal, NamedTuple

from pydantic import Field

from ...core.game import Game, UnitState
from ...core.hexgrid import Hex
from ...core.rulestate import GameState, RuleState

Facing = Annotated[int, Field(ge=0, le=5)]      # one of the six hexsides, DIRECTIONS[i] (15.1)
Turn = Annotated[int, Field(ge=1)]
HexPair = tuple[int, int]                       # a hex as the game file keeps it: [q, r]


class Acquisition(RuleState):
    """A gun's acquired target (14.3): the unit, where it stood and where the gun stood when
    acquired, and how many shots it has taken at it (1 or 2)."""

    target: str
    target_at: HexPair
    firer_at: HexPair
    level: int = Field(1, ge=1, le=2)


class Guided(RuleState):
    """An ATGM shot in flight (14.1): the unit aimed at, the to-hit number and the OFT modifiers
    as they stood when it fired, its range and the weapons used; `spoiled` once a damage check
    on the firer has made it a miss."""

    target: str
    need: int
    modifiers: tuple[tuple[str, int], ...] = ()
    range: int = 0
    arms: tuple[str, ...] = ()
    spoiled: bool = False


class Marks(RuleState):
    """The counters above, and what else the rules remember of a unit."""

    shaken: bool = False
    wounded: bool = False
    ops_complete: bool = False
    assault: Literal["move", "fire"] | None = None      # 6.1, 6.1.1
    assault_turn: Turn | None = None
    low_crawl: bool = False
    facing: Facing | None = None
    stealth: bool = False               # it moved by stealth this turn (6.4)
    hit_run: bool = False               # its last move was Hit & Run: the H&R marker (6.7)
    immobilized: bool = False           # a vehicle the mines immobilized (21.4.1)
    healed: Turn | None = None          # the turn a medic last treated it (11.3: once a Rally phase)
    captured: bool = False              # a support weapon taken from the enemy (1.6)
    issued_to: str | None = None        # a captured weapon's first carrier (1.6 notes)
    taken: bool = False                 # a captured weapon's first attack has been made
    untried: bool = False
    mode: str | None = None             # a support weapon's mode (1.6, modes.toml); None: its first
    atgm_expended: bool = False         # its ATGMs are spent (14.1)
    acquired: Acquisition | None = None     # its gun's acquired target (14.3)
    flight: Literal["flying", "hover"] | None = None     # a helicopter's mode; None: landed (19.2.1)
    guiding: Guided | None = None       # its ATGM shot in flight, waiting for opportunity fire (14.1)
    skill: str | None = None            # a hero's skill counter (12.0, skills.toml: samples)
    strike: str | None = None           # an aircraft's [[air]] support, its strike to come (19.1, 19.1.1)


class Attempt(NamedTuple):
    """A hex a side's spotting attempt found this turn, and who found it (10.1.2); the game
    file keeps it as [q, r, spotter]."""

    q: int
    r: int
    spotter: str


class Impulse(RuleState):
    """A leader's impulse under way (4.0): its side, turn and leader, the hexes it activated."""

    side: str
    turn: Turn
    leader: str
    hexes: tuple[HexPair, ...]

    @property
    def activated(self) -> list[Hex]:
        return [Hex(q, r) for q, r in self.hexes]


class Barrage(RuleState):
    """A walking barrage still falling (18.2): whose, its support and firepower, the direction
    it walks (DIRECTIONS[i]), the walks `left` and its FFE markers' hexes."""

    side: str
    support: str
    fp: int = Field(ge=0)
    direction: Facing
    left: int = Field(ge=1, le=2)           # 18.2: it walks in each of the next two turns
    hexes: tuple[HexPair, ...]

    @property
    def markers(self) -> list[Hex]:
        return [Hex(q, r) for q, r in self.hexes]


class State(GameState):
    """The game-wide records: who has the initiative (3.0), the hexes each side's spotting
    attempts found this turn (10.1.2), a leader's impulse under way (4.0), off-board fire still
    falling (18.2), the turn whose Administrative phase has been done (9.0)."""

    initiative: str | None = None
    spotted: dict[str, tuple[Attempt, ...]] = {}
    impulse: Impulse | None = None
    barrages: tuple[Barrage, ...] = ()
    administered: Turn | None = None

# single-man counters (1.3, DCT); chaplains (11.8), nurses (11.10) and marksmen (11.12) among them
# and armour leaders (11.5), who lead vehicles
SMC = ("leader", "hero", "scout", "sniper", "medic", "chaplain", "nurse", "marksman", "armour_leader")
RALLIERS = ("leader", "hero")                   # who lets Shaken units of the hex rally (3.0)
SPOTTERS = ("leader", "scout")                  # who calls off-board artillery (18.2)
MAX_TM = 4                                   # 5.5
MAX_SNIPER_TM = 8                            # 5.5: a lone sniper's doubled TM


def acting_unit(game: Game, params: dict, what: str) -> UnitState:
    """The unit named in a unit action's params: the acting side's, Good Order, not yet acted
    this turn (4.1); else UmpireError naming `what` was tried."""
    from ...core.errors import UmpireError
    side, uid = params.get("side"), params.get("unit")
    u = game.units.get(uid)
    if u is None or u.side != side:
        raise UmpireError(f"{what}: {uid!r} is not a unit of {side}")
    if kind(game, u) == "support_weapon":
        raise UmpireError(f"{what}: {uid} is a support weapon: the unit carrying it acts (1.6)")
    if not good_order(u):
        raise UmpireError(f"{what}: {uid} is not in Good Order")
    if u.moved or u.fired or u.acted:
        raise UmpireError(f"{what}: {uid} has already acted this turn (4.1)")
    if pending_assault(game, side):
        raise UmpireError(f"{what}: {pending_assault(game, side)[0].id}'s assault is not over: finish it, or pass to "
                          "end the impulse (6.1)")
    from .lead import outside             # lead.py builds on this module
    away = outside(game, side, [uid])
    if away:
        raise UmpireError(f"{what}: {away}")
    return u


def assault_open(game: Game, u: UnitState) -> str | None:
    """The second half of an assault still to come this impulse: "move" (it may fire) or "fire"
    (it may move), else None (6.1, 6.1.1)."""
    return u.marks.assault if u.marks.assault_turn == game.turn else None


def tis(game: Game, u: UnitState) -> bool:
    """Has Thermal Imaging Sights (10.1.2): marked so, or one of the aid's list by its label."""
    t = game.unit_type(u)
    return bool(t.get("tis")) or t["label"] in {e["label"] for e in game.rules.tables["tis"].section("entry").values()}


NIGHT_RANGE, TIS_RANGE = 2, 6                # 20.1, 20.1.5


STAR_SHELL_LIGHT = 1                         # 20.2 (our reading): its hex and the hexes next to it


def lit(game: Game, h: Hex) -> bool:
    """Whether a Star Shell lights hex h (20.2, starshell.py)."""
    from ...core.hexgrid import hex_distance
    return any(o.kind == "star_shell" and hex_distance(o.hex, h) <= STAR_SHELL_LIGHT for o in game.map.overlays)


def night_penalty(game: Game, firer: UnitState, rng: int, ordnance: bool,
                  target: Hex | None = None) -> tuple[str, int] | None:
    """20.1, 20.1.5: at night fire beyond 2 hexes is -3 on the DFT, +3 on the OFT; with thermal
    sights the DFT reaches 6 hexes and the OFT fires to 6 without penalty, +1 beyond; none at a
    target a star shell lights (20.2)."""
    if not game.night or (target is not None and lit(game, target)):
        return None
    sees = tis(game, firer)
    if ordnance and sees:
        return ("at night, thermal sights beyond 6 hexes (20.1.5)", 1) if rng > TIS_RANGE else None
    if rng <= (TIS_RANGE if sees else NIGHT_RANGE):
        return None
    return (f"at night beyond {TIS_RANGE if sees else NIGHT_RANGE} hexes (20.1)", 3 if ordnance else -3)


def mounted(game: Game, u: UnitState) -> str | None:
    """A mounted unit's mount, horse or motorcycle (6.6), else None."""
    return game.unit_type(u).get("mounted")


def stealthy(game: Game, u: UnitState) -> bool:
    """May use stealth movement (6.4): scouts (11.6) and unit types marked for it."""
    return kind(game, u) == "scout" or bool(game.unit_type(u).get("stealth"))


def hidden_by_stealth(game: Game, u: UnitState, rules) -> bool:
    """6.4: a unit that moved by stealth this turn, in degrading or blocking terrain."""
    return bool(u.moved and u.marks.stealth and not u.fired
                and sight_of(game.map, rules, u.hex) != "open")


def moving(u: UnitState) -> bool:
    """Marked Moved or moving (6.0): a unit paused mid-move -- not an ATGM firer held while its
    missile flies (14.1), nor an aircraft over its target (19.1.1)."""
    return u.moved or (u.paused and u.marks.guiding is None and u.marks.strike is None)


def pending_assault(game: Game, side: str) -> list[UnitState]:
    return [u for u in game.units.values() if u.side == side and u.on_map and assault_open(game, u)]


def marks_after(out: dict, u: UnitState) -> Marks:
    """The unit's marks as the changes an attack has gathered so far in `out` (unit id ->
    values) leave them."""
    return out.get(u.id, {}).get("marks", u.marks)


def kind(game: Game, u: UnitState) -> str:
    return game.unit_type(u)["kind"]


def shaken(u: UnitState) -> bool:
    return u.marks.shaken


def good_order(u: UnitState) -> bool:
    return u.on_map and not shaken(u)


def morale(game: Game, u: UnitState) -> int:
    """Its morale, one less for a wounded leader (11.1.2)."""
    return game.unit_type(u)["morale"] - (1 if u.marks.wounded else 0)


def lm(game: Game, u: UnitState, rallied: bool = False) -> int:
    """Leadership modifier: a Good Order leader's (or one that has just `rallied`), less one if
    wounded (11.1.2)."""
    if not u.on_map or (shaken(u) and not rallied):
        return 0
    return max(0, game.unit_type(u)["lm"] - (1 if u.marks.wounded else 0))


def best_leader(game: Game, h: Hex, side: str, exclude: str | None = None, vehicles: bool = False) -> int:
    """The best LM in hex h; an armour leader's (11.5) counts only for vehicles (`vehicles`)."""
    return max((lm(game, u) for u in game.units.values() if u.on_map and u.hex == h and u.side == side
                and u.id != exclude and (vehicles or kind(game, u) != "armour_leader")), default=0)


def tm(game: Game, h: Hex) -> int:
    return min(MAX_TM, game.rules.terrain_types[game.map.terrain[h]]["tm"])


def between_buildings(game: Game, a: Hex, b: Hex) -> bool:
    """10.3.2: a line of sight between two adjacent building hexes (TEC `building`)."""
    from ...core.hexgrid import hex_distance
    kinds = game.rules.terrain_types
    return hex_distance(a, b) == 1 and bool(kinds[game.map.terrain[a]].get("building")) \
        and bool(kinds[game.map.terrain[b]].get("building"))


def sight_of(game_map, rules, h: Hex) -> str:
    kinds = [rules.terrain_types[game_map.terrain[h]]["sight"]]
    kinds += [rules.overlays[o.kind]["sight"] for o in game_map.overlays_at(h) if o.kind in rules.overlays]
    return "blocking" if "blocking" in kinds else ("degrading" if "degrading" in kinds else "open")


def vehicle(game: Game, u: UnitState) -> dict | None:
    """The vehicle counter's armour, turret and passengers (vehicles.toml), or None."""
    return game.rules.tables["vehicles"].section("entry").get(u.type) if kind(game, u) == "vehicle" else None


def aircraft(game: Game, u: UnitState) -> bool:
    """A fixed-wing aircraft over its target (19.1, 19.1.1; vehicles.toml `aircraft`)."""
    v = vehicle(game, u)
    return bool(v and v.get("aircraft"))


def gun(game: Game, u: UnitState) -> dict | None:
    """The unit's ordnance (ordnance.toml), or None."""
    return game.rules.tables["ordnance"].section("entry").get(u.type)


def passengers(game: Game, u: UnitState) -> list[UnitState]:
    return [v for v in game.units.values() if v.carried_by == u.id and v.status == "on_map"]


def lowest_armour(game: Game, u: UnitState) -> int:
    """17.2: small arms face the vehicle's lowest armour value (0 unarmoured)."""
    v = vehicle(game, u)
    return min(v["hull"] + v.get("turret_armour", [])) if v and v["armoured"] else 0


def dct_column(game: Game, u: UnitState) -> str:
    if kind(game, u) == "vehicle":
        if vehicle(game, u).get("helicopter"):
            return "helicopter"                       # DCT: its own column
        return "armoured" if vehicle(game, u)["armoured"] else "unarmoured"
    if kind(game, u) == "hero":
        return "shaken_smc_or_hero"
    if kind(game, u) == "armour_leader":              # DCT: "Armored Vehicle - Armor Leader"
        return "armoured"
    if kind(game, u) in SMC:
        return "shaken_smc_or_hero" if shaken(u) else "good_smc"
    return "shaken_mmc" if shaken(u) else "good_mmc"


def printed(game: Game, u: UnitState) -> str:
    """The counter's firepower-range-morale, a leader's LM in brackets."""
    t = game.unit_type(u)
    if t["kind"] == "support_weapon":                     # a weapon: firepower-range, its mode (1.6)
        from .weapons import mode_of, values
        fp, rng = values(game, u)
        return f"{fp}-{rng}" + (f" ({mode_of(game, u)})" if mode_of(game, u) else "")
    return f"{t['firepower']}-{t['range']}-{morale(game, u)}" + (f" [{t['lm']}]" if t["lm"] else "")


def factors(game: Game, u: UnitState) -> str:
    """The counter's printed factors, a vehicle's armour (hull front/side/rear, turret) and its
    gun."""
    v, g = vehicle(game, u), gun(game, u)
    armour = (f" AV {'/'.join(map(str, v['hull']))}" + (f" T {'/'.join(map(str, v['turret_armour']))}"
                                                         if "turret_armour" in v else "")) if v and v["armoured"] else ""
    return printed(game, u) + armour + (f", {g['gun']}" if g else "")


def gun_text(g: dict) -> str:
    """A gun's to-hit numbers by range band, penetration and HE (14.1)."""
    hits = ", ".join(f"{n} to {b}" for b, n in zip(g["bands"], g["to_hit"]))
    return f"{g['gun']}: to hit {hits} hexes; penetration {'/'.join(map(str, g['penetration']))}; " \
           f"HE {g['he']}" + (" (HEAT)" if g["heat"] else "")


def strength_text(game: Game, u: UnitState) -> str:
    """What anyone who sees the counter reads: its printed factors, and its Shaken side when
    flipped (armour and guns are in the forces table and the inspector)."""
    return printed(game, u) + (" Shaken" if shaken(u) else "")
