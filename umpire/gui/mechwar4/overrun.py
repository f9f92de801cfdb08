"""Overruns in the window (MW4 12.0): a move dragged onto a hex where the viewer knows an enemy
unit stands is an overrun; after a firefight that leaves both sides in the hex the window asks
at once whether the unit fights on or leaves, and to which next hex."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMessageBox

from ...core.hexgrid import Hex, hex_distance
from ...rules.mechwar4.actions.overrun import in_overrun
from ...core.knowledge import UMPIRE


def enemy_known_at(game, viewer: str, side: str, h: Hex) -> bool:
    """Whether the viewer knows an enemy of `side` in hex h: the umpire knows every unit, a side
    only the contacts it sees there now."""
    if viewer == UMPIRE:
        return any(v.on_map and v.hex == h and v.side != side for v in game.units.values())
    return any(c.side == side and c.status == "seen" and c.hex == h for c in game.contacts.values())


def leave_choices(game, uid: str) -> list[str]:
    """The next hexes a unit held in an overrun may leave to: on the map, free of the enemy."""
    u = game.units[uid]
    out = []
    for h in game.map.on_map_neighbours(u.hex):
        if hex_distance(h, u.hex) == 1 and not any(v.on_map and v.hex == h and v.side != u.side
                                                   for v in game.units.values()):
            out.append(game.map.number(h))
    return sorted(out)


def ask_overrun(play, uid: str) -> None:
    """Ask whether the unit held in an overrun fights on or leaves, then do it."""
    w = play.w
    game = w.game
    held = in_overrun(game) if game is not None else None
    if held is None or held.id != uid or (w.viewer != UMPIRE and w.viewer != held.side):
        return
    n = game.map.number
    box = QMessageBox(QMessageBox.Question, "Overrun (MW4 12.0)",
                      f"{uid} and the enemy both hold on in {n(held.hex)}.\n"
                      "Fight on at once, or leave to a next hex at no cost?", parent=w)
    fight = box.addButton("Fight On", QMessageBox.AcceptRole)
    leave = box.addButton("Leave…", QMessageBox.RejectRole)
    box.exec()
    if box.clickedButton() is fight:
        play.run("overrun", {"unit": uid, "then": "stay"})
    elif box.clickedButton() is leave:
        choices = leave_choices(game, uid)
        if not choices:
            QMessageBox.warning(w, "Overrun (MW4 12.0)", f"Every hex next to {n(held.hex)} holds the enemy: fight on.")
            return
        to, ok = QInputDialog.getItem(w, "Leave the overrun", f"{uid} leaves {n(held.hex)} for:", choices, 0, False)
        if ok:
            play.run("overrun", {"unit": uid, "then": "leave", "to": to})
    if in_overrun(w.game) is not None and in_overrun(w.game).id == uid:
        ask_overrun(play, uid)          # still held: ask again (another firefight may follow)
