"""The engine's held-orders plumbing (issue 23, core.play.inbox) on the toy rule system.  The toy
takes no orders files: the engine never searches the journal for held ones.  Given an "orders"
action open in its Combat phase only (Toy 2), a file received in the Movement phase is held, and
the game's state counts it (GameState.held_orders): the count rises and falls with the rows that
keep and settle files, undo and redo carry it, and while it is 0 no action makes the engine
search the journal -- the behaviour otherwise unchanged: the file is applied when Combat begins."""

from __future__ import annotations

import pytest

from umpire.actions import new_game, system_for
from umpire.core.actionspec import ActionSpec
from umpire.core.engine import journal, perform, redo, undo
from umpire.core.play import inbox
from umpire.core.replay import verify
from umpire.core.rulesystem import RuleSystem
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game, reading
from umpire.rules import rule_system


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
    def searched(session, pending=None):
        raise AssertionError("the journal was searched for held files")
    monkeypatch.setattr(inbox, "held_files", searched)
    assert perform(game, "next_phase", {}, system_for(game)).seq
    assert perform(game, "end_turn", {}, system_for(game)).seq


@pytest.fixture()
def files(game, monkeypatch):
    """The toy given an orders file applied by an "orders" action open in Combat only; the
    number of times the engine searched the journal for held files."""
    system = system_for(game)
    toy = dict(system.actions())
    orders = ActionSpec("orders", "Orders from a file", lambda ctx: ("the file's orders carried out", None), "side",
                        open=lambda g: g.phase == "combat", when="only in the Combat phase")
    monkeypatch.setattr(type(system), "actions", lambda self: {**toy, "orders": orders})
    searches = []
    real = inbox.held_files
    monkeypatch.setattr(inbox, "held_files", lambda session, pending=None: searches.append(1) or real(session, pending))
    return system, searches


def received(game, system):
    params = {"side": "blue", "turn": 1, "entries": []}
    waiting = system.orders_wait(open_game(game), "blue", params)
    assert waiting == "the Combat phase"
    return perform(game, "receive_orders", {"side": "blue", "turn": 1, "text": "side = 'blue'\n", "signed": False,
                                            "held": params, "waiting": waiting}, system, side="blue")


def in_step(game) -> int:
    """The state's count, checked against the journal's own answer."""
    with reading(game) as session:
        counted = len(inbox.held_files(session))
    assert open_game(game).rule_state.held_orders == counted
    return counted


def test_the_count_follows_the_files_and_spares_the_search_when_none_is_held(game, files):
    system, searches = files
    assert open_game(game).phase == "movement" and in_step(game) == 0
    received(game, system)
    assert in_step(game) == 1
    searches.clear()
    perform(game, "next_phase", {}, system)                        # Combat begins: the file applied
    assert [r.kind for r in journal(game)][-2:] == ["next_phase", "orders"] and searches
    assert in_step(game) == 0
    searches.clear()
    perform(game, "next_phase", {}, system)                        # nothing held: no search
    assert searches == []
    undo(game)
    undo(game)                                                      # the file's row: held again
    assert in_step(game) == 1
    redo(game)
    assert in_step(game) == 0
    stored = verify(game, lambda g: rule_system(g.rules), load_scenario)
    assert stored.same


def test_end_turn_settles_the_count_too(game, files):
    system, searches = files
    received(game, system)
    result = perform(game, "end_turn", {}, system)
    assert "the file's orders carried out (kept at journal #2 until now)" in result.log and in_step(game) == 0
    assert journal(game)[-1].params["held_orders"] == [{"file": 2, "side": "blue"}]
    undo(game)
    assert in_step(game) == 1


def test_a_file_replaced_by_one_applied_at_once_is_no_longer_counted(game, files):
    system, _ = files
    received(game, system)
    perform(game, "next_phase", {}, system)
    assert in_step(game) == 0
    undo(game)                                                     # the "orders" row: held again
    assert in_step(game) == 1
    # a newer file for the same turn, taken now (its phase running) replaces the held one
    perform(game, "receive_orders", {"side": "blue", "turn": 1, "text": "newer", "signed": False}, system, side="blue")
    assert in_step(game) == 0


def test_with_none_held_apply_held_reads_one_column_of_the_game_row_only(game, files):
    """apply_held with nothing held asks the database one thing: the game row's state, where the
    count is -- never the journal."""
    from sqlalchemy import event

    from umpire.core.store.db import writing
    system, searches = files
    with writing(game) as session:
        sent = []
        engine = session.get_bind()
        listen = lambda *args: sent.append(args[2])              # noqa: E731  (the statement)
        event.listen(engine, "before_cursor_execute", listen)
        try:
            assert inbox.apply_held(session, game, system) == []
        finally:
            event.remove(engine, "before_cursor_execute", listen)
    assert len(sent) == 1 and sent[0].startswith("SELECT game_info.rule_state") and "action" not in sent[0]
    assert searches == []


def test_a_file_held_before_the_count_is_counted_when_the_next_file_comes(game, files):
    """Our reading for game files written before the count: one holding a file counts 0 (nothing in
    its state) and the file waits on; the next file received counts both, and play applies them."""
    import sqlite3
    system, _ = files
    received(game, system)
    with sqlite3.connect(game) as conn:           # as a file written before GameState.held_orders
        conn.execute("UPDATE game_info SET rule_state = json_remove(rule_state, '$.held_orders')")
    conn.close()
    assert open_game(game).rule_state.held_orders == 0
    perform(game, "next_phase", {}, system)                        # Combat: not looked for
    assert [r.kind for r in journal(game)][-1] == "next_phase"
    params = {"side": "red", "turn": 2, "entries": []}
    perform(game, "receive_orders", {"side": "red", "turn": 2, "text": "later", "signed": False, "held": params,
                                     "waiting": "turn 2"}, system, side="red")
    assert in_step(game) == 1                                      # blue's applied after the receipt: 2 - 1
    assert [r.kind for r in journal(game)][-2:] == ["receive_orders", "orders"]
