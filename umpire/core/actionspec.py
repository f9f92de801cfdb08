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
            raise UmpireError(f"{self.key}={text!r}: expected one of {', '.join(c for c in self.choices if c)}")
        return text


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
