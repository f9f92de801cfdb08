"""What a scenario says of its records beyond what every hex game has: a rule system's traits.

The core reads the sides, battalions, companies, units, reinforcements and fire supports of a
scenario with the keys every hex game has (an id, a name, a side, a unit's type and hex...).
A rule system may read more -- a troop quality, a battalion's HQ rating, a battery's special
rounds -- and declares those keys for each kind of record as a `TraitModel`: fields with
defaults (or required), strict types, nothing else.  Its `Traits` family, the `RuleSystem.Traits`
class attribute, names one model per kind; a kind it says nothing of has `NoTraits`.

The scenario loader accepts a record's core keys and the keys its rule system declares for that
kind, and refuses any other; a value of the wrong type is refused in one line too.  A record
keeps them as `traits`: a dict of the values that differ from the defaults, which the game file
stores as JSON (the `traits` column of each table) and checks again on every read.  The rule
system reads them back through its own models; `Traits.problems` is its hook to check the values
against its own tables (a quality its quality table does not list), for the scenario and the
game file alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict, ValidationError

from .limits import out_of_range, shown

# the kinds of record a rule system may give traits, as the game file's tables hold them
KINDS = ("side", "battalion", "company", "unit", "reinforcement", "artillery", "air")


class TraitModel(BaseModel):
    """The keys a rule system reads on one kind of record: unknown keys and wrong types refused
    (strict: `1` is no `true`, `"3"` no number)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class NoTraits(TraitModel):
    """A kind of record the rule system adds nothing to."""


class Traits:
    """A rule system's trait models, one per kind of record (`KINDS`); none by default."""

    side: type[TraitModel] = NoTraits
    battalion: type[TraitModel] = NoTraits
    company: type[TraitModel] = NoTraits
    unit: type[TraitModel] = NoTraits
    reinforcement: type[TraitModel] = NoTraits
    artillery: type[TraitModel] = NoTraits
    air: type[TraitModel] = NoTraits

    @classmethod
    def model(cls, kind: str) -> type[TraitModel]:
        return getattr(cls, kind)

    @classmethod
    def problems(cls, rules, kind: str, record) -> Iterable[tuple[str, str]]:
        """What is wrong with a record's traits by the rule system's own tables, beyond their
        types (`rules`: its Ruleset; `record`: a Side, Battalion... or a unit, its `traits`
        already checked): (key, problem) each.  None by default."""
        return ()

    @classmethod
    def first_marks(cls, scenario, unit) -> dict[str, Any]:
        """The marks a unit of `scenario` starts the game with because of its traits (and its
        reinforcement's): values for the rule system's `Marks`.  None by default."""
        return {}

    @classmethod
    def choices(cls, rules, kind: str, key: str) -> dict[str, str]:
        """The values a text key of a kind of record may take by the rule system's own tables
        (value -> the label users read), for an editor to offer as a list rather than free
        text.  None by default: any text."""
        return {}


class TraitError(ValueError):
    """A record's traits that its rule system's model refuses: the key and the problem, the
    problem a sentence that names the key."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(problem)
        self.key = key
        self.problem = problem


def read_traits(model: type[TraitModel], data: Any) -> dict[str, Any]:
    """The traits as a record keeps them: checked by `model`, only the values that differ from
    its defaults, as JSON.  TraitError if the model refuses them."""
    if not isinstance(data, dict):
        raise TraitError("", f"must be a table of keys, got {shown(data)}")
    try:
        return model.model_validate(data).model_dump(mode="json", exclude_defaults=True)
    except ValidationError as e:
        err = e.errors()[0]
        key = ".".join(str(x) for x in err["loc"])
        raise TraitError(key, _problem(model, key, err)) from None


def _problem(model: type[TraitModel], key: str, err: dict) -> str:
    """The validation error in the words the scenario loader uses for the core's own keys."""
    kind, value = err["type"], err.get("input")
    field = model.model_fields.get(key)
    if kind == "missing":
        return f"missing {key!r}"
    if kind == "extra_forbidden":
        return f"unknown key {key!r}"
    bounds = _bounds(field)
    if bounds is not None and kind in ("int_type", "greater_than_equal", "less_than_equal"):
        return f"{key} {out_of_range(value, bounds)}"
    if kind == "int_type":
        return f"{key} must be a whole number, got {shown(value)}"
    if kind == "bool_type":
        return f"{key} must be true or false, got {shown(value)}"
    if kind == "string_type":
        return f"{key} must be text, got {shown(value)}"
    if kind == "literal_error" and field is not None:
        choices = [str(c) for c in get_args(field.annotation)]
        listed = " or ".join(choices) if len(choices) <= 2 else f"{', '.join(choices[:-1])} or {choices[-1]}"
        return f"{key} must be {listed}, got {shown(value)}"
    return f"{key}: {err['msg'].lower()}"


def _bounds(field) -> tuple[int, int] | None:
    """A whole number's range, as its model gives it (Field(ge=..., le=...))."""
    if field is None:
        return None
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    return None if low is None or high is None else (low, high)
