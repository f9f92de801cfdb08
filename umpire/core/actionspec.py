"""What an action is, for the shells: its name in the journal, what a menu calls it, whose action
it is, what it asks for.  The core's actions (move, pass, spot...) and each rule system's own
(`RuleSystem.actions`) are described alike, so that the command line lists them (`umpire
actions GAME`) and the window builds its menus and forms from them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from .errors import UmpireError

# Whose action a journal row is: the side that reads it (core.witness).  The key names the
# parameter that says so -- a unit's side, the first of several units', a side's own.
WHO = ("unit", "units", "firers", "side", "company", "umpire")


@dataclass(frozen=True)
class ActionField:
    """One thing an action asks for: its parameter's key, what users read, the choices (empty:
    typed text, such as a hex number) and whether it may be left empty.  `kind` says what
    the text is: text, hex, unit (one of the acting side's), units, enemy (a unit the side
    sees, named by its contact), company, number or flag."""

    key: str
    label: str
    choices: tuple[str, ...] = ()
    required: bool = True
    kind: str = "text"
    # what a form shows for a choice whose value is a key the engine reads ("at" -> "anti-tank
    # weapons"); a choice not named here shows as itself
    names: tuple[tuple[str, str], ...] = ()

    def name_of(self, choice: str) -> str:
        return dict(self.names).get(choice, choice.replace("_", " "))

    def parse(self, text: str) -> Any:
        """The value an action's params hold for what a user typed (a shell's form, `umpire act`):
        a whole number, yes/no, a comma-separated list of units or hexes, a structured value as
        JSON, or the text -- one of the choices when there are any.  A bad value is refused in
        one line naming the field."""
        text = text.strip()
        if self.kind == "number":
            try:
                return int(text)
            except ValueError:
                raise UmpireError(f"{self.key}={text!r}: expected a whole number") from None
        if self.kind == "flag":
            if text.lower() not in ("yes", "no", "true", "false", "1", "0"):
                raise UmpireError(f"{self.key}={text!r}: expected yes or no")
            return text.lower() in ("yes", "true", "1")
        if self.kind in ("units", "hexes"):
            return [x.strip() for x in text.split(",") if x.strip()]
        if text[:1] in ("[", "{"):
            try:
                return json.loads(text)
            except ValueError as e:
                raise UmpireError(f"{self.key}: not valid JSON ({e})") from None
        if self.choices and text not in self.choices:
            offered = ", ".join(c for c in self.choices if c) or "nothing (there is none to choose now)"
            raise UmpireError(f"{self.key}={text!r}: expected one of {offered}")
        return text


UNIT = ActionField("unit", "Unit", kind="unit")     # the acting unit, a unit action's first field


@dataclass(frozen=True)
class ActionSpec:
    name: str                                      # its kind in the journal
    label: str                                     # what a menu says
    run: Callable[[Any], tuple[str, Any]]          # (context) -> (summary, detail)
    who: Any = "unit"                              # whose action it is (WHO), or (game, params) -> side
    fields: tuple[ActionField, ...] = ()
    rule: str = ""                                 # the rule it follows, for help
    help: str = ""
    worksheet: bool = False                        # the acting side reads the lines it journals
    # what it asks for when that depends on who acts -- (game, side, unit id) -> fields, whose
    # choices name only what that side may know; None: always `fields`
    ask: Callable[[Any, Any, Any], tuple[ActionField, ...]] | None = None
    # whether it belongs to this point of the turn at all -- (game) -> bool; the shells grey
    # out the others and the engine refuses them with the reason.  None: whenever one may act
    open: Callable[[Any], bool] | None = None
    when: str = ""                                 # when it is open, for the refusal: "only in the Rally phase"
    # whether either side may take it now, while no side has the turn, without taking one
    # (game) -> bool (picking up weapons in a rally phase).  None: never
    free: Callable[[Any], bool] | None = None
    formerly: str = ""                             # its name in files that journaled it as a "rule_action"
    # whether a unit could take it at all -- (game, unit) -> bool: its kind (engineers lay mines,
    # aircraft strike) or a state it needs (recalled from where it is).  The shells grey it out
    # for the others; the engine still refuses with the reason.  None: any unit
    fits: Callable[[Any, Any], bool] | None = None

    def fields_for(self, game, side: str | None = None, unit: str | None = None) -> tuple[ActionField, ...]:
        """What it asks for when `unit` of `side` acts (neither: as a listing shows it)."""
        return self.ask(game, side, unit) if self.ask is not None else self.fields

    @property
    def by_unit(self) -> bool:
        """Whether it is one unit's action: it asks for the acting unit first."""
        return self.fields[:1] == (UNIT,)

    def is_open(self, game) -> bool:
        return self.open is None or bool(self.open(game))

    def fits_unit(self, game, unit) -> bool:
        return self.fits is None or bool(self.fits(game, unit))

    def is_free(self, game) -> bool:
        return self.free is not None and bool(self.free(game))

    def actor(self, game, params: dict) -> str | None:
        """The side whose action this is (None: the umpire's)."""
        if callable(self.who):
            return self.who(game, params)

        def side_of(uid):
            u = game.units.get(uid) if isinstance(uid, str) else None
            return u.side if u is not None else None
        if self.who == "side":
            return params.get("side") or game.active_side
        if self.who == "unit":
            return side_of(params.get("unit"))
        if self.who in ("units", "firers"):
            return side_of((params.get(self.who) or [None])[0])
        if self.who == "company":
            bat = next((c.battalion for c in game.companies if c.id == params.get("company")), None)
            return next((b.side for b in game.battalions if b.id == bat), None)
        return None
