"""An orders file made of the rule system's own actions (issue 23): what a side may hand in between
turns where the rule system has no orders of its own to write -- forces' written orders and
their changes, a rally phase's free actions, where aircraft fly and what engineers do.

A rule system describes its file by `Entries` (which TOML keys it reads and the action each
entry becomes); `read_entries` reads the file whole, refusing it with every reason; the
rule system's "orders" action (`orders_action`) runs the entries in order as its own actions, in
one journal row and one transaction -- all of them or, when one is refused, none.

A side orders only its own units and forces: an entry naming anything else is refused with the
same words whether it is an enemy's or nothing at all (the file must not tell the side what the
enemy has).
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..acting import Context, spec_of
from ..actionspec import ActionField, ActionSpec
from ..errors import UmpireError
from ..limits import TURNS, out_of_range, shown, too_big


@dataclass(frozen=True)
class ByName:
    """A table `[key]` of name = text: an entry per name (a force's written order),
    run as the action `kind` with params {name_field: name, text_field: text}."""
    key: str
    kind: str
    name_field: str
    text_field: str
    note: str = ""            # what the table is, with its rule (the orders template's comment)


@dataclass(frozen=True)
class Listed:
    """An array of tables `[[key]]`, each naming `unit` and the action's fields as text."""
    key: str
    kind: str
    fields: tuple[str, ...] = ()          # required besides unit
    optional: tuple[str, ...] = ()
    note: str = ""
    who: str = "one of your units"    # which units take it (the orders template's hint)


Entry = ByName | Listed


def orders_toml(path: Path) -> dict:
    """An orders file's TOML, or one line naming the file and why it cannot be read."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise UmpireError(f"cannot read: {e.strerror}", file=str(path)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError) as e:
        raise UmpireError(f"not a valid orders file: {e}", file=str(path)) from None


def own_unit(game, side: str, params: dict) -> str | None:
    """An entry's `unit` must be one of `side`'s: refused in the same words for an enemy's unit
    and for none at all (an orders check for `orders_action`)."""
    u = game.units.get(params.get("unit") or "")
    if u is None or u.side != side:
        return f"{params.get('unit')!r} is not one of {game.side(side).name}'s units"
    return None


def read_entries(path: str | Path, entries: tuple[Entry, ...], rule: str) -> tuple[str, dict]:
    """The side and the "orders" action's params of an orders file made of `entries`."""
    path = Path(path)
    data = orders_toml(path)
    keys = {"side", "turn"} | {e.key for e in entries}
    problems = []
    if set(data) - keys:
        problems.append(f"unknown key(s) {', '.join(sorted(set(data) - keys))} (use "
                        + ", ".join(["side", "turn"] + [f"[{e.key}]" if isinstance(e, ByName) else f"[[{e.key}]]"
                                                         for e in entries]) + ")")
    if not isinstance(data.get("side"), str):
        problems.append('side must name your side, e.g. side = "blue"')
    if problem := out_of_range(data.get("turn"), TURNS):
        problems.append(f"turn {problem}")
    problems += [f"{key}: {shown(value)} is too large a number" for key, value in too_big(data) if key != "turn"]
    out: list[list] = []
    for e in entries:
        value = data.get(e.key)
        if value is None:
            continue
        if isinstance(e, ByName):
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                problems.append(f"[{e.key}] maps names to text, e.g. \"Able\" = \"...\"")
                continue
            out += [[e.kind, {e.name_field: k, e.text_field: v}] for k, v in value.items()]
            continue
        allowed = {"unit", *e.fields, *e.optional}
        if not isinstance(value, list) or not all(
                isinstance(x, dict) and {"unit", *e.fields} <= set(x) <= allowed
                and all(isinstance(v, str) for v in x.values()) for x in value):
            problems.append(f"each [[{e.key}]] gives " + ", ".join(["unit", *e.fields])
                            + (f" (and may give {', '.join(e.optional)})" if e.optional else "") + ", as text")
            continue
        out += [[e.kind, {k: v for k, v in x.items() if v != ""}] for x in value]
    if problems:
        raise UmpireError("; ".join(problems) + f" ({rule})", file=str(path))
    return data["side"], {"side": data["side"], "turn": data["turn"], "entries": out}


def named_in(entries_params: list, entries: tuple[Entry, ...]) -> tuple[set[str], set[str]]:
    """The units and the names (forces) a file's entries name."""
    by_name = {e.kind: e.name_field for e in entries if isinstance(e, ByName)}
    units = {p["unit"] for k, p in entries_params if "unit" in p}
    names = {p[by_name[k]] for k, p in entries_params if k in by_name}
    return units, names


def orders_action(label: str, rule: str, help: str, entries: tuple[Entry, ...],
                  mine: Callable[[Any, str, dict], str | None], **spec: Any) -> ActionSpec:
    """The rule system's "orders" action: the file's entries as its own actions, in order -- only
    the kinds `entries` names (the action taken at `umpire act` must not run any other).
    `mine(game, side, params)`: why an entry is not the side's to give (its unit or force), or None."""
    kinds = {e.kind for e in entries}

    def run(ctx: Context) -> tuple[str, Any]:
        game, side = ctx.game, ctx.params.get("side")
        if side not in game.side_ids():
            raise UmpireError(f"orders refused: unknown side {side!r}")
        turn = ctx.params.get("turn", game.turn)
        if turn != game.turn:
            raise UmpireError(f"orders refused: they are for turn {turn}, and this is turn {game.turn} ({rule})")
        done = []
        for n, (kind, params) in enumerate(ctx.params.get("entries") or [], 1):
            action = spec_of(kind, ctx.system) if kind in kinds else None
            why = mine(game, side, params) if action is not None else f"{kind!r} is not an order a side gives by file"
            if why:
                raise UmpireError(f"orders refused, nothing applied: order {n}: {why}")
            try:
                summary, _ = action.run(dataclasses.replace(ctx, params=dict(params, side=side)))
            except UmpireError as e:
                raise UmpireError(f"orders refused, nothing applied: order {n} ({action.label}): {e.problem}") from None
            ctx.log.add([f"{n}. {summary}"])
            done.append(summary)
        name = game.side(side).name
        return f"{name}'s orders for turn {turn}: " + (f"{len(done)} carried out" if done else "none given"), None
    # whose: the side named (a function, not "side": the window's Side Actions menu offers no form
    # for it -- a file is taken with File → Take Orders File…)
    return ActionSpec("orders", label, run, lambda game, params: params.get("side"),
                      (ActionField("side", "Side", kind="side"), ActionField("entries", "Orders", kind="text")),
                      rule, help, worksheet=True, **spec)
