"""Issue 19: a stack spreads out under the mouse so each counter can be clicked, and a right-click
on a counter or an order-of-battle row opens the Unit menu for that unit."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from windowkit import window_on
from umpire.gui.mapscene import ClickableStack


@pytest.fixture
def window(qtbot, tmp_path, sample_scenario):
    from umpire.actions import new_game
    return window_on(qtbot, tmp_path, new_game(sample_scenario, tmp_path / "g.umpire"))


def a_stack(w) -> ClickableStack:
    stacks = [i for i in w.scene.items() if isinstance(i, ClickableStack) and len(i.marks) > 1]
    assert stacks, "the sample has a hex with several counters"
    return stacks[0]


def test_a_stack_spreads_out_and_any_counter_can_be_clicked(window, qtbot):
    w = window
    stack = a_stack(w)
    before = stack.boundingRect()
    stack.spread_out()
    rects = stack.spread_rects()
    assert len(rects) == len(stack.marks) and stack.boundingRect().width() >= sum(r.width() for r in rects)
    assert not any(a.intersects(b) for a, b in zip(rects, rects[1:]))          # every counter whole
    last = len(stack.marks) - 1
    index = stack.mark_at(rects[last].center())
    assert index == (stack.top + last) % len(stack.marks)
    picked = []
    w.scene.unit_clicked.connect(picked.append)
    w.map_view.centerOn(rects[last].center())
    qtbot.mouseClick(w.map_view.viewport(), Qt.LeftButton, pos=w.map_view.mapFromScene(rects[last].center()))
    assert picked == [stack.marks[index].key] and w.selected == stack.marks[index].key
    stack.gather()
    assert stack.boundingRect() == before and stack.zValue() == 10


def test_right_click_on_a_counter_opens_the_unit_menu_for_it(window, monkeypatch):
    w = window
    shown = []
    monkeypatch.setattr(w.context_menus, "show_menu", lambda menu, where: shown.append(menu))
    stack = a_stack(w)
    key = stack.marks[stack.top].key
    w.map_view.centerOn(stack.counter_rect.center())
    pos = w.map_view.mapFromScene(stack.counter_rect.center())
    assert w.context_menus.unit_on_map(pos) == key
    w.map_view.customContextMenuRequested.emit(pos)
    assert shown == [w.unit_menu.menu] and w.selected == key


def test_right_click_on_an_order_of_battle_row(window, monkeypatch):
    w = window
    shown = []
    monkeypatch.setattr(w.context_menus, "show_menu", lambda menu, where: shown.append(menu))
    w.context_menus.open_for("A3", QPointF(0, 0).toPoint())
    assert shown == [w.unit_menu.menu] and w.selected == "A3"
    assert w.unit_menu.menu.actions()            # the same menu as the menu bar's Unit
