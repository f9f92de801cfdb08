"""What a MechWar 4 scenario says of its sides, battalions, companies, units, reinforcements and
fire supports beyond what every hex game has: troop quality, formation doctrine, battalion HQ
ratings, units starting camouflaged or dug in, reinforcements arriving in column, and what the
scenario grants its artillery and air.  A scenario is the game (MW4 20.1): its set-up (20.2),
each side's available forces and their qualities (20.3), where they deploy or enter (20.4, 20.6);
improved positions exist only where it places them (11.3).  The core keeps them as each record's `traits`
(core.traits); this module declares them and is the one place the rest of MechWar 4 -- and the
GUI and reports showing MechWar 4's own rows -- reads them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from ...core.limits import USES
from ...core.traits import TraitModel, Traits as CoreTraits

Uses = Annotated[int, Field(ge=USES[0], le=USES[1])]


class SideTraits(TraitModel):
    quality: str                        # every side has a troop quality: its panic level (3.4, 13.0)
    doctrine: str | None = None         # a formation.toml entry: its companies may act as formations (4.1)


class BattalionTraits(TraitModel):
    quality: str | None = None          # overrides its side's
    hq_rating: str | None = None        # the Battalion HQ Table column its HQ value is rolled on (19.821)


class CompanyTraits(TraitModel):
    quality: str | None = None          # overrides its battalion's


class UnitTraits(TraitModel):
    quality: str | None = None          # overrides its company's (or, outside a company, its battalion's)
    camouflaged: bool = False           # starts the game camouflaged (5.25)
    improved_position: bool = False     # starts the game in an improved position (11.0)
    mine_plow: bool = False             # a vehicle with a mine plow (16.2)
    rdf: bool = False                   # an HQ equipped for radio direction finding (19.91)


class ReinforcementTraits(TraitModel):
    # "column": the units enter one behind the other, in their listed order (20.61); "free":
    # each unit enters on its own, though those through one hex still queue (20.66)
    formation: Literal["column", "free"] = "free"


class ArtilleryTraits(TraitModel):
    section: bool = False               # a section never fires a loose pattern (7.0)
    unspotted: bool = False             # may fire at hexes no unit of its side sees (14.13)
    multiples: Uses = 0                 # turns on which its side may try to multiply it (14.32-14.34)
    fascam: Uses = 0                    # FASCAM fires it may deliver in the game (19.4)
    target: Literal["soft", "protected"] = "soft"   # what counterbattery strikes off the map (19.21)


class AirTraits(TraitModel):
    advanced: bool = False              # MechWar 2's advanced air: strikes plotted 3 turns ahead (15.36)
    aircraft: str | None = None         # its aircraft.toml type, for passes over the map (15.31-15.8)
    load: Literal["bombs", "smart_bombs", "asm", "maverick"] = "bombs"     # its weapons load (15.63)


class Traits(CoreTraits):
    side = SideTraits
    battalion = BattalionTraits
    company = CompanyTraits
    unit = UnitTraits
    reinforcement = ReinforcementTraits
    artillery = ArtilleryTraits
    air = AirTraits

    @classmethod
    def problems(cls, rules, kind: str, record):
        """Names the tables must know: troop qualities (quality.toml), doctrines (formation.toml),
        HQ ratings (battalion_hq.toml); and no rocket battery as a section."""
        quality = record.traits.get("quality")
        if quality is not None and quality not in qualities(rules):
            yield "quality", f"unknown troop quality {quality!r} (known: {', '.join(qualities(rules))})"
        doctrine = record.traits.get("doctrine") if kind == "side" else None
        if doctrine is not None and doctrine not in _entries(rules, "formation"):
            yield "doctrine", (f"unknown formation doctrine {doctrine!r} "
                               f"(known: {', '.join(_entries(rules, 'formation')) or 'none'})")
        rating = record.traits.get("hq_rating") if kind == "battalion" else None
        if rating is not None and rating not in _entries(rules, "battalion_hq"):
            yield "hq_rating", (f"unknown hq_rating {rating!r} (the battalion HQ table's columns: "
                                f"{', '.join(_entries(rules, 'battalion_hq'))})")
        if kind == "artillery" and record.kind == "rocket" and record.traits.get("section"):
            yield "section", "a section cannot fire loose, and rockets fire only loose (MW4 7.0, 7.21)"

    @classmethod
    def choices(cls, rules, kind: str, key: str) -> dict[str, str]:
        """A troop quality (13.0), a doctrine (4.1) and an HQ rating (19.821) are names of the
        tables' entries: the editor offers them as lists."""
        table = {"quality": "quality", "doctrine": "formation", "hq_rating": "battalion_hq"}.get(key)
        return {name: str(e.get("label", name)) for name, e in _entries(rules, table).items()} if table else {}

    @classmethod
    def first_marks(cls, scenario, unit) -> dict[str, Any]:
        """Camouflage (5.25) and an improved position (11.2) as the scenario sets the unit up;
        column formation for a unit that is to arrive with a reinforcement in column (20.61)."""
        own = UnitTraits.model_construct(**unit.traits)
        arriving = next((r for r in scenario.reinforcements if unit.id in r.units), None)
        marks = {"camouflaged": own.camouflaged, "improved": own.improved_position,
                 "in_column": unit.carried_by is None and unit.hex is None
                 and arriving is not None and enters_in_column(arriving)}
        return {k: v for k, v in marks.items() if v}


def _entries(rules, table: str) -> dict:
    return rules.tables[table].section("entry") if table in rules.tables else {}


# ------------------------------------------------------------------ readers
def qualities(rules) -> dict[str, dict]:
    """The troop qualities a scenario may name: key -> label and panic level (3.4, 13.0)."""
    return _entries(rules, "quality")


def quality_of(game, unit) -> str:
    """The unit's troop quality: its own, else its company's, else its battalion's, else its
    side's (`game`: a Game, or the Scenario it was made from)."""
    if unit.traits.get("quality"):
        return unit.traits["quality"]
    return company_quality(game, unit.company) if unit.company else battalion_quality(game, unit.battalion)


def company_quality(game, company_id: str) -> str:
    company = next(c for c in game.companies if c.id == company_id)
    return company.traits.get("quality") or battalion_quality(game, company.battalion)


def battalion_quality(game, battalion_id: str) -> str:
    battalion = next(b for b in game.battalions if b.id == battalion_id)
    return battalion.traits.get("quality") or side_quality(game, battalion.side)


def side_quality(game, side_id: str) -> str:
    return game.side(side_id).traits["quality"]


def panic_level(game, quality: str) -> int:
    """The panic level in percent of a troop quality (13.0)."""
    return qualities(game.rules)[quality]["panic_level"]


def doctrine_of(game, side_id: str) -> str | None:
    """The side's formation doctrine, a formation.toml entry; None: its units act one by one (4.1)."""
    return game.side(side_id).traits.get("doctrine")


def hq_rating_of(battalion) -> str | None:
    """The Battalion HQ Table column the battalion's HQ value is rolled on; None: unrated (19.821)."""
    return battalion.traits.get("hq_rating")


def enters_in_column(reinforcement) -> bool:
    """Whether the reinforcement enters in column (20.61) rather than free (20.66)."""
    return reinforcement.traits.get("formation") == "column"


def entry_formation(reinforcement) -> str:
    return ReinforcementTraits.model_construct(**reinforcement.traits).formation


def support_traits(support) -> ArtilleryTraits:
    """What the scenario grants an off-board support; nothing for an on-map gun or an air strike
    (their own rules say what they may do)."""
    if support.kind == "air":
        return ArtilleryTraits()
    return ArtilleryTraits.model_construct(**support.traits)


def plot_ahead(support) -> int:
    """Turns ahead an air strike is plotted: one (7.7), three for advanced air (15.36); off-board
    artillery and on-map guns, none."""
    if support.kind != "air":
        return 0
    return 3 if AirTraits.model_construct(**support.traits).advanced else 1
