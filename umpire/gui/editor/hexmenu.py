"""The editor's right-click menu on a hex: set up the selected unit there or take a unit off,
add an objective, a minefield or a reinforcement entering there, put an overlay of the rule
system's chart on it (smoke, a wreck, a village) or take it off, put the hex in a deployment
zone or take it out.  Each entry asks what it needs and is one operation of the document."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMenu

from ...core.hexgrid import Hex
from ...core.scenario_doc import map_edit, oob_edit, places_edit
from ...core.scenario_doc.preview import game_map
from ...core.zones import resolve_zone
from .zonedialog import new_zone


class HexMenu:
    def __init__(self, editor) -> None:
        self.editor = editor

    def build(self, h: Hex) -> QMenu:
        ed, doc = self.editor, self.editor.doc
        number = doc.grid().number(h)
        menu = QMenu(ed)
        menu.setTitle(f"Hex {number}")
        selected = ed.oob.current()
        if selected and selected[0] == "unit":
            menu.addAction(f"Set up {selected[1]} in {number}",
                           lambda: ed.run(oob_edit.place_unit, selected[1], number))
        for _, _, u in oob_edit.units(doc):
            if str(u.get("hex", "")) == number:
                uid = str(u.get("id"))
                menu.addAction(f"Take {uid} off the map", lambda uid=uid: ed.run(oob_edit.place_unit, uid, None))
        menu.addSeparator()
        menu.addAction(f"Objective in {number}…", lambda: self.objective(number))
        menu.addAction(f"Minefield in {number}…", lambda: self.minefield(number))
        menu.addAction(f"Reinforcement entering at {number}…", lambda: self.reinforcement(number))
        overlays = [k for k in ed.rules.overlays if k != "minefield"]
        if overlays:                    # smoke, wrecks, villages...: the rule system's overlay chart
            here = map_edit.overlays_at(doc, number)
            sub = menu.addMenu("Overlay")
            for kind in overlays:
                act = sub.addAction(ed.rules.overlays[kind].get("label", kind),
                                    lambda kind=kind: ed.run(map_edit.toggle_overlay, kind, number))
                act.setCheckable(True)
                act.setChecked(kind in here)
        zones = menu.addMenu("Deployment zone")
        m = game_map(doc, ed.rules)
        for z in doc.entries("zone"):
            zid = str(z.get("id"))
            try:
                inside = m is not None and h in resolve_zone(m.grid, z.unwrap())
            except (ValueError, TypeError, KeyError):
                inside = False
            if inside and number in z.get("hexes", []):
                zones.addAction(f"Take {number} out of {zid}", lambda zid=zid: ed.run(
                    places_edit.zone_hexes, zid, remove=[number]))
            elif not inside:
                zones.addAction(f"Add {number} to {zid}", lambda zid=zid: ed.run(
                    places_edit.zone_hexes, zid, add=[number]))
        zones.addAction("New zone here…", lambda: self.new_zone(number))
        zones.addAction(f"New zone round {number}…", lambda: new_zone(ed, number))   # zonedialog.py
        return menu

    def _side(self, title: str) -> str | None:
        sides = oob_edit.ids(self.editor.doc, "side")
        if not sides:
            self.editor.say("Add a side first (Order of battle → + Side).")
            return None
        side, ok = QInputDialog.getItem(self.editor, title, "Side:", sides, 0, False)
        return side if ok else None

    def objective(self, number: str) -> None:
        side = self._side("Objective")
        if side is None:
            return
        label, ok = QInputDialog.getText(self.editor, "Objective", f"Name of the objective in {number}:")
        if not ok:
            return
        points, ok = QInputDialog.getInt(self.editor, "Objective", "Points:", 5, 0, 999)
        if ok:
            self.editor.run(places_edit.add_objective, side, number, label.strip(), points)

    def minefield(self, number: str) -> None:
        side = self._side("Minefield")
        types = list(self.editor.rules.mine_types)
        if side is None:
            return
        if not types:
            return self.editor.say(f"{self.editor.rules.title} has no minefields.")
        kind, ok = QInputDialog.getItem(self.editor, "Minefield", "Type (the rule system's):", types, 0, False)
        if ok:
            self.editor.run(places_edit.add_minefield, side, kind, [number], True)

    def reinforcement(self, number: str) -> None:
        side = self._side("Reinforcement")
        if side is None:
            return
        doc = self.editor.doc
        arriving = {str(x) for r in doc.entries("reinforcement") for x in r.get("units", [])}
        battalions = {str(b.get("id")) for b in doc.entries("battalion") if b.get("side") == side}
        companies = {str(c.get("id")): str(c.get("battalion")) for c in doc.entries("company")}
        waiting = [str(u.get("id")) for kind, owner, u in oob_edit.units(doc)
                   if "hex" not in u and str(u.get("id")) not in arriving
                   and (owner if kind == "battalion" else companies.get(owner)) in battalions]
        turn, ok = QInputDialog.getInt(self.editor, "Reinforcement", "Arrives on turn:", 2, 1, 999)
        if not ok:
            return
        units, ok = QInputDialog.getText(self.editor, "Reinforcement",
                                         "Units or companies arriving (ids, comma-separated; off the map):",
                                         text=", ".join(waiting))
        ids = [u.strip() for u in units.split(",") if u.strip()]
        if ok and ids:
            self.editor.run(places_edit.add_reinforcement, side, turn, [number], ids)

    def new_zone(self, number: str) -> None:
        side = self._side("New zone")
        if side is None:
            return
        ident, ok = QInputDialog.getText(self.editor, "New zone", "Zone id:", text=f"{side}-setup")
        if ok and ident.strip():
            self.editor.run(places_edit.add_zone, ident.strip(), side, [number], "")
