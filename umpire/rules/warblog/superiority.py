"""War Blog's air superiority box (9.2, 9.3): who holds the air, the patrols that contest it and
the air combat they start, and the recall that brings fighters home.

Readings where the text leaves a choice:
* Air combat starts when a side *moves* air units into the box where the enemy has units (9.3;
  9.2: the other side contests "by adding an air unit").  Units already in the box join their
  side's arrivals but never start a combat themselves: a patrol names units from the air pool,
  and a unit goes up once a turn (one that aborted or was recalled has flown, 9.0).  Before,
  naming units already in the box fought another round each time -- unlimited rounds a turn.
* A combat is fought in full rounds (9.3): in each, the arriving side's unbeaten units are spread
  as evenly as they go over the enemy's unbeaten ones, strongest against strongest, each pairing
  one combat (D6 plus air combat value each): equal a stand-off, 1-2 the loser aborts to the
  pool, 3 or more the loser is destroyed; a unit beaten earlier in the round fights no more.
  "After the first full round, either player can pull out": the arriving side says how many
  rounds it fights at most (`rounds`, 1 unless it asks for more); the other side, giving no
  orders in the enemy's turn, stays and may recall its fighters in its own turn.  The combat
  also ends when one side has no unbeaten unit left.
* What each side reads: the result (who holds the air); the defending side, what befell each
  of its fighters -- never the enemy's unit names, which it has not seen.
"""

from __future__ import annotations

from ...core.changes import Change
from ...core.errors import UmpireError
from ...core.game import Game, UnitState
from . import combat
from .outcome import Kept, Outcome
from .state import kind


def air_units(game: Game, side: str) -> list[UnitState]:
    """The side's air units off the map: in the air pool or in the box (9.0)."""
    return [u for u in game.units.values() if u.side == side and kind(game, u) == "air" and u.status == "off_map"]


def in_box(game: Game, side: str) -> list[UnitState]:
    return [u for u in air_units(game, side) if u.marks.box]


def holder(game: Game) -> str | None:
    """9.2: the one side with air units in the superiority box, else nobody."""
    sides = [s for s in game.side_ids() if in_box(game, s)]
    return sides[0] if len(sides) == 1 else None


def ready(game: Game, u: UnitState) -> bool:
    """In the air pool and not yet flown this turn (9.0)."""
    return not u.marks.box and u.marks.flew != game.turn


def air_combat_value(game: Game, u: UnitState) -> int:
    """The second number on an air unit's counter (9.3)."""
    return int(game.unit_type(u).get("air_combat") or 0)


def air_unit(game: Game, side: str, uid: str | None, what: str) -> UnitState:
    u = game.units.get(uid)
    if u is None or u.side != side or kind(game, u) != "air":
        raise UmpireError(f"{what}: {uid!r} is not an air unit of {side}")
    if u.status != "off_map":
        raise UmpireError(f"{what}: {uid} is lost")
    return u


def _fighter(game: Game, u: UnitState) -> None:
    """A unit that may go up to the box: not a transport, drone, helicopter or missile."""
    t = game.unit_type(u)
    for key, why in (("air_lift", "an air transport: it lifts units out, it does not fight (1.36)"),
                     ("drone", "a drone: drones fly no air superiority (1.45)"),
                     ("helicopter", "a helicopter: it fires on the ground, it does not fight for the air (1.26, 11.5)"),
                     ("ballistic", "a missile: it strikes the ground (1.11)")):
        if t.get(key) and (key != "air_lift" or t[key] == "transport"):
            raise UmpireError(f"air patrol: {u.id} is {why}")
    if u.marks.box:
        raise UmpireError(f"air patrol: {u.id} is already in the air superiority box: air combat starts when "
                          "units are sent up from the air pool (9.2, 9.3)")
    if not ready(game, u):
        raise UmpireError(f"air patrol: {u.id} has flown this turn (9.0, 9.2)")


def _rounds(params: dict) -> int:
    value = 1 if params.get("rounds") in (None, "") else params["rounds"]
    if isinstance(value, str) and value.strip().isdigit():      # typed at the command line (--set rounds=3)
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UmpireError(f"air patrol: rounds must be a whole number of 1 or more, not {value!r} (9.3)")
    return value


def patrol(game: Game, params: dict, dice) -> tuple[str, list]:
    """9.2, 9.3: units into the air superiority box; air combat if the enemy is there."""
    side = params.get("side")
    named = [air_unit(game, side, x, "air patrol") for x in (params.get("units") or [params.get("unit")])]
    units = list({u.id: u for u in named}.values())           # a unit named twice goes up once
    if not units:
        raise UmpireError("air patrol: name the air units sent to the air superiority box")
    for u in units:
        _fighter(game, u)
    rounds = _rounds(params)
    out = Outcome(game, side)
    lines = out.lines
    lines.append(f"{', '.join(u.id for u in units)} into the air superiority box (9.2)")
    for u in units:
        out.set(u, marks=u.marks.but(box=True))
    enemy = [v for s in game.side_ids() if s != side for v in in_box(game, s)]
    ours = in_box(game, side) + units
    beaten: set[str] = set()
    if enemy:
        lines.append(f"Air combat (9.3): {len(ours)} against {len(enemy)}")
        for n in range(1, rounds + 1):
            left = [x for x in ours if x.id not in beaten], [x for x in enemy if x.id not in beaten]
            if not all(left):
                break
            if rounds > 1:
                lines.append(f"  round {n} (9.3)")
            _round(game, out, lines, *left, beaten, dice)
        held = [s for s in game.side_ids() if any(x.side == s and x.id not in beaten for x in ours + enemy)]
        result = (f"{game.side(held[0]).name} holds air superiority (9.2)" if len(held) == 1
                  else "air superiority contested: nobody holds it (9.2)")
    else:
        result = f"{game.side(side).name} holds air superiority (9.2)"
    lines.append(f"Result: {result}")
    return f"{game.side(side).name} air patrol: {result}", out.notes() + out.changes()


def _round(game: Game, out: Outcome, lines: list, ours: list[UnitState], enemy: list[UnitState],
           beaten: set[str], dice) -> None:
    """One full round (9.3): each arriving unit, strongest first, against the enemy's spread
    evenly, strongest first."""
    ours = sorted(ours, key=lambda u: (-air_combat_value(game, u), u.id))
    enemy = sorted(enemy, key=lambda v: (-air_combat_value(game, v), v.id))
    for k, u in enumerate(ours):
        v = enemy[k % len(enemy)]
        if v.id in beaten or u.id in beaten:
            continue
        a = dice.roll(f"air combat {u.id}", 1, 6, (("air combat", air_combat_value(game, u)),)).total
        d = dice.roll(f"air combat {v.id}", 1, 6, (("air combat", air_combat_value(game, v)),)).total
        result = combat.air_combat(a - d)
        loser = None if a == d else (v if a > d else u)
        lines.append(f"  {u.id} {a} against {v.id} {d}: {result}" + (f" ({loser.id})" if loser else ""))
        # the defending side fought it too: what befell its fighter, without the enemy's name
        fate = ("a stand-off" if loser is None else "it wins" if loser is u else
                "it aborts to the air pool" if result == "loser aborted" else "it is destroyed")
        lines.append(Kept(f"  {v.id} fights an enemy aircraft in the air superiority box: {fate} (9.3)", v.side))
        if loser is not None:
            beaten.add(loser.id)
            if result == "loser eliminated":
                out.set(loser, status="destroyed", marks=out.marks(loser).but(box=False))
            else:
                out.set(loser, marks=out.marks(loser).but(box=False, flew=game.turn))


def recall(game: Game, params: dict, dice) -> tuple[str, list]:
    """9.3: units in the box pull out, back to the air pool; they have flown this turn."""
    side = params.get("side")
    units = [air_unit(game, side, x, "air recall") for x in (params.get("units") or [params.get("unit")])]
    if not units or any(not u.marks.box for u in units):
        raise UmpireError("air recall: name air units of the side that are in the air superiority box (9.3)")
    changes = [Change("unit", u.id, {"box": False, "flew": game.turn}) for u in units]
    return f"{', '.join(u.id for u in units)} recalled from the air superiority box (9.3)", \
        [Change("note", "", {}, (f"{', '.join(u.id for u in units)} leave the air superiority box (9.3)",))] + changes
