"""The move tool (M): drag a unit along its path; each hex shows the movement points spent, an
illegal step is red, the hexes in sight of enemy units are marked for the umpire (opportunity
fire); what a drag onto a known enemy means is the rule system's (its Unit menu entries' `how`).
A part of `play.Play`."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (QGraphicsItemGroup, QGraphicsPathItem, QGraphicsRectItem, QGraphicsSimpleTextItem,
                               QMessageBox)

from ..core.errors import cited
from ..core.hexgrid import Hex
from ..core.knowledge import UMPIRE
from ..rules import rule_system


class MoveTool:
    """Methods of Play for the move tool; Play holds the window (`w`) and the path item."""

    def _move_toggled(self, on: bool) -> None:
        if on:
            self.w.sight_tools.act_los.setChecked(False)
        self.w.map_view.set_move_tool(on)
        self._clear_path()

    def _clear_path(self) -> None:
        if self.path_item is not None and self.path_item.scene() is not None:
            self.path_item.scene().removeItem(self.path_item)
        self.path_item = None

    def mover_at(self, h: Hex) -> str | None:
        """The unit a drag from `h` moves: the selected one if it is there (or, for a
        reinforcement selected in the order of battle, if `h` is one of its entry hexes; for a
        unit off the map to be placed, any `h`: placing), else
        the top counter of the stack -- only units the current viewer commands."""
        game, scene = self.w.game, self.w.scene
        sel = game.units.get(self.w.selected) if self.w.selected else None
        if sel is not None and sel.status == "off_map" and (self.w.viewer in (UMPIRE, sel.side)):
            group = next((r for r in game.reinforcements if sel.id in r.units), None)
            if group is not None and h in group.entry:
                return sel.id
            if self.placing(sel.id):
                return sel.id
        stack = scene.stacks.get(h)
        if stack is None:
            return None
        keys = [m.key for m in stack.marks if m.key in game.units
                and (self.w.viewer == UMPIRE or game.units[m.key].side == self.w.viewer)]
        if self.w.selected in keys:
            return self.w.selected
        top = stack.marks[stack.top].key
        return top if top in keys else (keys[0] if keys else None)

    def placing(self, uid: str) -> bool:
        """Whether `uid` is off the map, no reinforcement, and has one of the rule system's unit
        actions open now that names it (ActionSpec.fits -- a lifted commander in his placement
        phase, as RuleSystem.may_act_now counts him): a drag then puts it down where the drag
        ends, as a one-hex move (`umpire move UNIT HEX`), wherever the drag began."""
        game = self.w.game
        u = game.units.get(uid)
        if u is None or u.status != "off_map" or any(uid in r.units for r in game.reinforcements):
            return False
        return any(s.by_unit and s.fits is not None and s.is_open(game) and s.fits_unit(game, u)
                   for s in rule_system(game.rules).actions().values())

    def _dragged(self, path: list[Hex], finished: bool) -> None:
        game = self.w.game
        if game is None or not path:
            return
        uid = self.mover_at(path[0])
        if uid is None:
            self._clear_path()
            if finished:
                self.w.statusBar().showMessage("Drag from one of your own units to move it", 6000)
            return
        n = game.map.number
        if game.units[uid].status == "off_map" and self.placing(uid):
            path = path[-1:]                 # put down where the drag ends, wherever it began
            if finished:
                self._clear_path()
                self.run("move", self._move_params(uid, path))
                return
        if finished:
            self._clear_path()
            if len(path) > 1:
                self.run("move", self._move_params(uid, path))
            return
        if self.w.selected != uid:
            self.w.select_unit(uid)
        check = rule_system(game.rules).check_move(self.preview_game(), uid, path, self._how(uid, path))
        self._draw_path(path, check)
        if check.legal:
            stop = f"; a minefield stops it in {n(check.stop_at)}" if check.stop_at else ""
            if check.stopped:
                stop += f"; {check.stopped}"
            self.w.statusBar().showMessage(f"{uid}: {check.total:g} of {check.allowance:g} MP{stop}")
        else:
            self.w.statusBar().showMessage(f"{uid}: " + cited(check.reason, check.rule))

    def _how(self, uid: str, path: list[Hex]) -> dict:
        """The unit menu's choices for this move along `path` (with what the rule system's own
        entries make of it: a MechWar 4 overrun when it ends on a known enemy)."""
        return self.w.unit_menu.how(uid, path)

    def _move_params(self, uid: str, path: list[Hex]) -> dict:
        """Ask the umpire whether to pause where enemy units could fire (opportunity fire)."""
        game = self.w.game
        n = game.map.number
        params = {"unit": uid, "path": [n(h) for h in path], **self._how(uid, path)}
        if self.w.viewer != UMPIRE:
            return params          # who could fire is the umpire's knowledge, not the mover's
        check = rule_system(game.rules).check_move(game, uid, path, self._how(uid, path))
        ahead = [s.hex for s in check.steps[1:] if s.hex in check.watchers]
        if not check.legal or not ahead:
            return params
        first = ahead[0]
        lines = "\n".join(f"  {n(h)}: {', '.join(check.watchers[h])}" for h in ahead)
        rule = rule_system(game.rules).opportunity_rule
        box = QMessageBox(QMessageBox.Question, "Opportunity fire" + (f" ({rule})" if rule else ""),
                          f"{uid} moves in sight of enemy units that may fire:\n{lines}", parent=self.w)
        pause = box.addButton(f"Pause in {n(first)}", QMessageBox.AcceptRole)
        box.addButton("Move on", QMessageBox.RejectRole)
        box.exec()
        if box.clickedButton() is pause:
            params["until"] = n(first)
        return params

    def preview_game(self):
        """The game as the viewer may know it, for previewing a path: in a side's view, no enemy
        units and no secret enemy minefields -- the real move finds out what is really there."""
        game = self.w.game
        if self.w.viewer == UMPIRE:
            return game
        own = {k: u for k, u in game.units.items() if u.side == self.w.viewer}
        return dataclasses.replace(game, units=own, map=self.w.scene.view.map)

    def _draw_path(self, path: list[Hex], check) -> None:
        self._clear_path()
        scene, lay = self.w.scene, self.w.scene.layout
        group = QGraphicsItemGroup()
        group.setZValue(30)
        ok_hexes = [s.hex for s in check.steps] if check.steps else path[:1]
        for hexes, colour in ((ok_hexes, QColor(0, 120, 0)), (path[len(ok_hexes) - 1:], QColor(200, 0, 0))):
            if len(hexes) < 2 or (colour.red() and check.legal):
                continue
            line = QPainterPath()
            line.moveTo(*lay.center(hexes[0]))
            for h in hexes[1:]:
                line.lineTo(*lay.center(h))
            item = QGraphicsPathItem(line)
            item.setPen(QPen(colour, lay.size * 0.14, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            group.addToGroup(item)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(8, int(lay.size * 0.5)))
        font.setBold(True)
        for step in check.steps[1:]:
            # the movement points spent so far, in a tag above the path
            x, y = lay.center(step.hex)
            label = QGraphicsSimpleTextItem(f"{step.total:g}")
            label.setFont(font)
            watched = step.hex in check.watchers
            label.setBrush(QColor(150, 0, 0) if watched else QColor(0, 0, 0))
            r = label.boundingRect()
            tag = QGraphicsRectItem(x - r.width() / 2 - 3, y - lay.size * 0.55 - r.height() / 2,
                                    r.width() + 6, r.height())
            tag.setBrush(QColor(255, 255, 255, 235))
            tag.setPen(QPen(QColor(150, 0, 0) if watched else QColor(0, 100, 0), 1.5))
            label.setPos(x - r.width() / 2, y - lay.size * 0.55 - r.height() / 2)
            if watched:
                tip = "in sight of " + ", ".join(check.watchers[step.hex]) + ": opportunity fire possible" + \
                    (f" ({rule_system(self.w.game.rules).opportunity_rule})" if rule_system(self.w.game.rules).opportunity_rule
                     else "")
                tag.setToolTip(tip)
                label.setToolTip(tip)
            group.addToGroup(tag)
            group.addToGroup(label)
        scene.addItem(group)
        self.path_item = group
