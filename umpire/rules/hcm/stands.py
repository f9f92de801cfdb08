"""What a hit does to a stand of infantry, as changes (HCM 3.7.2, 3.7.5, 3.7.15, 3.7.19): the
arithmetic is smallarms.take_hit's; fire, melee and the command rules (panic, a failed order's
hit markers) all place hits through here, so a third hit costs a figure and a stand left with two
figures routs and runs whatever placed the hit."""

from __future__ import annotations

from ...core.changes import Change
from . import smallarms
from .rout import rout_path
from .smallarms import Stand
from .state import figures_left


def stand_hit(game, t, markers: int, figures: int, why: str, readers, run: bool = True) -> tuple[list[str], list[Change]]:
    """Figures and hit markers on an infantry stand (smallarms.take_hit) as changes; a stand that
    routs runs its move away at once (3.7.19, rout.py) unless `run` is False (a push-back places
    it instead, 3.8 d)."""
    before = Stand(figures_left(game, t), t.marks.hits, t.marks.routed)
    out = smallarms.take_hit(before, markers, figures, why)
    lost = before.figures - out.stand.figures
    values = {"hits": out.stand.hits, "routed": out.stand.routed}
    if out.eliminated:
        values = {"status": "destroyed", "steps_lost": game.unit_type(t)["steps"]}
    elif lost:
        values["steps_lost"] = t.steps_lost + lost
    lines = [f"{t.id}: {x}" for x in out.lines]
    changes = [Change("unit", t.id, values, tuple(lines), readers)]
    if run and out.routs and not before.routed:
        path = rout_path(game, t)
        if len(path) > 1:            # where it runs to is its own side's to read; spotting tells the rest
            changes.append(Change("unit", t.id, {"q": path[-1].q, "r": path[-1].r},
                                  (f"{t.id} runs to {game.map.number(path[-1])} (HCM 3.7.19)",), t.side))
    return lines, changes
