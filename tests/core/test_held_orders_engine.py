"""The engine's held-orders plumbing (issue 23, core.play.inbox) on the toy rule system, which
takes no orders files: after every action the engine looks for held files only where a rule
system could have kept one waiting -- one whose "orders" action applies them."""

from __future__ import annotations

import pytest

from umpire.actions import new_game, system_for
from umpire.core.actionspec import ActionSpec
from umpire.core.engine import perform
from umpire.core.play import inbox
from umpire.core.rulesystem import RuleSystem


@pytest.fixture()
def game(tmp_path, sample_scenario):
    return new_game(sample_scenario, tmp_path / "h.umpire")


def test_every_rule_system_answers_orders_wait_so_it_cannot_tell_who_takes_files(game):
    """What `hasattr(system, "orders_wait")` once asked is always yes: the protocol has a default."""
    system = system_for(game)
    assert hasattr(system, "orders_wait") and type(system).orders_wait is RuleSystem.orders_wait
    assert "orders" not in system.actions() and not inbox.takes_files(system)
    assert not inbox.takes_files(None)


def test_a_rule_system_without_orders_files_never_has_the_journal_searched(game, monkeypatch):
    def searched(session):
        raise AssertionError("the journal was searched for held files")
    monkeypatch.setattr(inbox, "held_files", searched)
    assert perform(game, "next_phase", {}, system_for(game)).seq
    assert perform(game, "end_turn", {}, system_for(game)).seq


def test_a_rule_system_with_an_orders_action_takes_files(game, monkeypatch):
    system = system_for(game)
    orders = ActionSpec("orders", "Orders", lambda ctx: ("none", None), "side")
    monkeypatch.setattr(type(system), "actions", lambda self: {"orders": orders})
    assert inbox.takes_files(system)
    looked = []
    monkeypatch.setattr(inbox, "held_files", lambda session: looked.append(1) or [])
    perform(game, "next_phase", {}, system)
    assert looked                                                     # asked: a file could be waiting
