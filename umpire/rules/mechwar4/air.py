"""Advanced (MechWar 2) close air support (MW4 15.3-15.8): an aircraft flies across the map in
its side's Indirect Fire phase, acquires targets, strikes and leaves, under the enemy's air
defence.  `umpire act GAME air_pass side=nato support="A-10 pair" path=0115,0215,... low=...
strikes="bomb 1215, strafe 1012 1312"`; in the window, the Fire Plots dock's Air Pass… button.

Our readings, case by case:
* 15.31, 15.35: a pass is one of the support's strikes; its path enters at a map-edge hex and
  leaves from one, hex by hex.  Off-map air defences (15.31) are the scenario's and none is
  listed in Umpire's scenarios: not played.  15.36's plotting three turns ahead stays with the
  plotted strikes of 15.0-15.2 (traits.py); a pass is flown when it is ordered.
* 15.32: each hex is flown high or low (`low` lists the hexes flown low); 15.33/15.34 (printed
  twice): the aircraft flies its turn mode in hexes straight before it turns one hexside.
* 15.41: a bombing strike is flown over its target hex -- one a pass -- and strikes it as a
  tight, unscattered H attack (the armour may not button up, 15.24), at the aircraft's low or high
  H factor (the text says altitude decides how well it bombs and gives no numbers: the data
  sheet's two factors); smart bombs (15.42) from up to 10 hexes with the target in the forward
  arc, from high altitude.  15.43 (bridges), 15.44 (RABFAC) and 15.45 (weather) are not played.
* 15.51, 15.52: a strafing strike is a direct fire of the M factor with range attenuation, from
  low altitude at a target exactly three hexes ahead in the forward arc.
* 15.61-15.63: missiles strike vehicles only, 15M without attenuation, at any range the
  aircraft sees -- read as the 15 hexes of acquisition -- from either altitude; after each one a
  die at or under the load's depletion number (conventional or Maverick) spends them.
* 15.71-15.73: strafing and missiles need an acquired target: an enemy unit kept in the forward
  arc, in the aircraft's sight, within 15 hexes, for five hexes of flight at high altitude, then
  a die above its hex's Loss Modification (vehicle or infantry column).  A failed die starts the
  five hexes again.  A ground unit firing air defence is acquired at once by an aircraft flying
  high within 15 hexes (15.72).  The side learns only "a vehicle" or "infantry" in a hex -- an
  "acquired" marker for the phase -- never the unit (15.73).  A strike names the hex of its target;
  with no unit acquired there it is lost.
* The forward arc is the 60-degree wedge ahead of the aircraft's last hexside crossed.
* 15.81, 15.82: enemy air defence units (a catalogue `flak` row of the Air Defense CRT) track the
  aircraft while it flies within their tracking range in their line of sight, and fire each 5
  hexes tracked (guns) or 15 (missiles): 1d6 plus the aircraft's defense modifier at or under the
  strength for the range hits; a second die at or under its Loss Modification and it survives,
  else it is shot down and the pass ends.  Other vehicles track within 5 hexes for 5 and fire a
  strength of 2 at an aircraft flying low over or next to them.  No fire from heavy woods.
  Ammunition depletion of air defence (15.81) is not played.
Readers: the flying side reads its pass, its acquisitions (kinds only) and that it was fired at;
the units struck and the air defence that fired are their own side's to read.  Tables:
`aircraft.toml` and `air_defence.toml`, both samples.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from ...core.hexgrid import DIRECTIONS, Hex, hex_distance
from .traits import AirTraits
from .worksheet import FireSheet, read_table

ACQUIRE_HEXES, ACQUIRE_RANGE = 5, 15        # 15.71
STRAFE_RANGE, SMART_RANGE = 3, 10           # 15.52, 15.42
ASM_STRENGTH = 15                           # 15.62
TRACK = {"gun": 5, "missile": 15}           # 15.81
LOADS = ("bombs", "smart_bombs", "asm", "maverick")      # 15.63 (A)-(D)
PHASE = "indirect_fire"                                  # 15.31


@dataclass
class Pass:
    """What the resolution gathers: groups of changes, each read by the flying side (None) or
    by one side alone, in the order they happened."""
    side: str
    name: str
    groups: list[tuple[list[Change], str | None]] = field(default_factory=list)

    def say(self, line: str, reader: str | None = None) -> None:
        self.groups.append(([Change("note", self.name, {}, (line,), reader)], reader))


def aircraft_of(game: Game, support) -> tuple[dict, AirTraits]:
    traits = AirTraits.model_construct(**support.traits)
    sheet = game.rules.tables["aircraft"].section("entry").get(traits.aircraft or "")
    if not traits.advanced or sheet is None:
        raise UmpireError(f"{support.id} flies no advanced air: the scenario gives it no `advanced = true` "
                          "and `aircraft` of aircraft.toml (MW4 15.3)")
    return sheet, traits


def edge(game: Game, h: Hex) -> bool:
    return game.map.contains(h) and any(not game.map.contains(h + d) for d in DIRECTIONS)


def facing(a: Hex, b: Hex) -> int:
    return DIRECTIONS.index(b - a)


def in_arc(at: Hex, face: int, target: Hex) -> bool:
    """In the 60-degree wedge ahead (our reading of the forward arc, 15.42, 15.52, 15.71)."""
    if target == at:
        return False
    flat = lambda h: (h.q + h.r / 2, h.r * 0.8660254037844386)         # noqa: E731
    (ax, ay), (bx, by) = flat(DIRECTIONS[face]), flat(target - at)
    return (ax * bx + ay * by) / ((ax * ax + ay * ay) ** 0.5 * (bx * bx + by * by) ** 0.5) >= 0.866 - 1e-6


def path_problem(game: Game, path: list[Hex], turn_mode: int) -> str | None:
    """15.31, 15.33, 15.35: edge to edge, hex by hex, straight for the turn mode between turns."""
    n = game.map.number
    if len(path) < 2 or not edge(game, path[0]) or not edge(game, path[-1]):
        return "an air pass enters at a map-edge hex and leaves from one (MW4 15.31, 15.35)"
    straight = 0
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if hex_distance(a, b) != 1:
            return f"{n(a)} and {n(b)} are not next to each other"
        if i:
            turn = (facing(a, b) - facing(path[i - 1], a)) % 6
            if turn in (2, 3, 4):
                return f"at {n(a)} the aircraft turns more than one hexside (MW4 15.33)"
            if turn and straight < turn_mode:
                return f"at {n(a)} it has flown {straight} hexes straight; its turn mode is {turn_mode} (MW4 15.33)"
            straight = 0 if turn else straight
        straight += 1
    return None


def parse_strikes(game: Game, text) -> list[tuple[str, Hex, Hex]]:
    """"bomb 1215, strafe 1012 1312, missile 0915 1418": (kind, the hex flown, the target hex)."""
    out = []
    items = text if isinstance(text, list) else [x for x in str(text or "").split(",") if x.strip()]
    for item in items:
        words = str(item).split()
        if not words or words[0] not in ("bomb", "strafe", "missile") or len(words) not in (2, 3):
            raise UmpireError(f"strike {item!r}: write bomb HEX, bomb FROM TARGET (smart bombs), "
                              "strafe FROM TARGET or missile FROM TARGET")
        try:
            hexes = [game.map.grid.parse(w) for w in words[1:]]
        except ValueError as e:
            raise UmpireError(f"strike {item!r}: {e}") from None
        out.append((words[0], hexes[0], hexes[-1]))
    return out


def loss_mod(game: Game, u: UnitState) -> int:
    rows = game.rules.tables["air_defence"].section("entry")
    row = rows.get(f"loss_{game.map.terrain[u.hex]}", {})
    foot = game.unit_type(u)["move_class"] == "foot"
    return int(row.get("infantry" if foot else "vehicle") or 0)


def kind_of(game: Game, u: UnitState) -> str:
    """What an acquisition reveals (15.73): infantry or a vehicle, nothing more."""
    return "infantry" if game.unit_type(u)["move_class"] == "foot" else "a vehicle"


def defences(game: Game, side: str) -> list[tuple[UnitState, dict]]:
    """The enemy's units that track aircraft (15.81, 15.82) with their Air Defense CRT row."""
    rows = game.rules.tables["air_defence"].section("entry")
    out = []
    for u in sorted(game.units.values(), key=lambda v: v.id):
        if u.side == side or not u.on_map or u.carried_by:
            continue
        kind = game.unit_type(u)
        if kind.get("flak") in rows:
            out.append((u, rows[kind["flak"]]))
        elif kind["move_class"] in ("vehicle", "truck") and kind["attack"] > 0:
            out.append((u, {**rows["vehicles"], "general": True}))
    return out


def strike_sheet(game: Game, name: str, t: UnitState, attack: int, distance: int | None) -> FireSheet:
    """A strafing (M, 15.51) or missile (15M, no attenuation, 15.62) attack on the target."""
    tt = game.unit_type(t)
    sheet = FireSheet(name, t.id, True)
    add = sheet.lines.append
    add(("attack strength", f"{attack}M", "MW4 15.51" if distance is not None else "MW4 15.62"))
    if distance is not None:
        mod = game.rules.tables["attenuation"].section("entry")[f"{tt['target']}_M"]["by_range"][distance]
        attack += mod
        add(("range attenuation", f"{mod:+d} at {distance} hexes", "MW4 6.0 step 3"))
    superiority = attack - tt["defense"]
    add(("attack superiority", f"{attack} - defense {tt['defense']} = {superiority:+d}", "MW4 6.0 step 3"))
    cover = game.rules.terrain_types[game.map.terrain[t.hex]]["cover"]
    if cover:
        add(("terrain", f"{cover:+d}", "MW4 10.21"))
    key = "anti_personnel" if tt["target"] == "soft" else "anti_armor_full"
    read_table(game, sheet, key, superiority, cover)
    return sheet
