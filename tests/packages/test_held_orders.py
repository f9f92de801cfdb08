"""Held orders (issue 23): a file taken before the phase that applies it is kept -- the inbox says
"in, waiting for <phase>" -- and applied by the engine when that phase comes, in the transaction
of the action that brought it; not refused and not lost.  A newer file of the side for the same
turn replaces a held one; a held file the rule system refuses when its phase comes is settled with
the reason in the journal (the side reads it).  And the replay check (is a signed file newer than
the one kept?) reads the journal outside the write transaction, so a long check never blocks
another writer; a writer that comes between the check and the lock makes it run again."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from playerkit import bots_until
from storekit import replays_identically
from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.packages import inbox as inbox_module
from umpire.packages.inbox import orders_in, take_orders
from umpire.packages.package import read_package, write_package
from umpire.packages.signing import sign_orders

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def wardogs(tmp_path):
    """Tolliver Ridge at its start (the movement phases, before the declaration of fire)."""
    location = new_game(load_scenario(ROOT / "scenarios" / "tolliver-ridge.toml"), tmp_path / "tr.umpire", seed="4")
    side = open_game(location).side_ids()[0]
    package = read_package(write_package(location, side, system_for(location), tmp_path / "p.umpkg"))
    return location, side, package


def handed_in(tmp_path, package, body: str, name: str) -> Path:
    path = tmp_path / name
    path.write_text(sign_orders(package, f'side = "{package.side}"\nturn = 1\n{body}'), encoding="utf-8")
    return path


def declared(location):
    return [r for r in journal(location) if r.kind == "orders"]


def test_a_declaration_handed_in_before_its_phase_waits_and_is_applied_when_it_comes(wardogs, tmp_path):
    """Wardogs p. 7 step 6: the declaration of fire is applied in the declaration phase only."""
    location, side, package = wardogs
    assert open_game(location).phase != "declare"
    results = take_orders(location, handed_in(tmp_path, package, "", "early.toml"), system_for(location))
    assert len(results) == 1 and "kept until the declaration phase" in results[0].summary
    assert orders_in(location, 1)[side].state() == "in, waiting for the declaration phase"
    assert not declared(location)
    bots_until(location, "4", lambda g: g.phase == "declare")
    assert [r.side_id for r in declared(location)] == [side]          # applied as the phase began
    assert side in open_game(location).rule_state.declarations
    assert orders_in(location, 1)[side].state() == "in, applied"
    assert replays_identically(location)


def test_a_newer_file_replaces_a_held_one(wardogs, tmp_path):
    location, side, package = wardogs
    take_orders(location, handed_in(tmp_path, package, "", "first.toml"), system_for(location))
    take_orders(location, handed_in(tmp_path, package, "# second thoughts\n", "second.toml"), system_for(location))
    bots_until(location, "4", lambda g: g.phase == "declare")
    assert len(declared(location)) == 1                               # the newer only, once
    assert "second thoughts" in orders_in(location, 1)[side].text


def test_a_held_file_refused_when_its_phase_comes_is_settled_with_the_reason(wardogs, tmp_path):
    location, side, package = wardogs
    own = next(u.key for u in package.view.units if u.knowledge == "own")
    shot = f'[[shot]]\nfirer = "{own}"\nweapon = "no_such_gun"\ntarget = "C9"\n'
    take_orders(location, handed_in(tmp_path, package, shot, "bad.toml"), system_for(location))
    assert orders_in(location, 1)[side].waiting
    bots_until(location, "4", lambda g: g.phase == "declare")         # the phase came, and went on
    kept = orders_in(location, 1)[side]
    assert kept.waiting is None and kept.refused and kept.state().startswith("in, refused when its phase came: ")
    row = next(r for r in journal(location) if r.kind == "orders_not_applied")
    assert row.side_id == side and row.params["file"] == kept.seq and not declared(location)
    assert replays_identically(location)


def test_the_replay_check_does_not_hold_the_write_lock(wardogs, tmp_path, monkeypatch):
    """Another writer acts while a (slow) check of a signed file runs; the file is then taken,
    the check having run again on the journal the other writer changed."""
    location, side, package = wardogs
    path = handed_in(tmp_path, package, "", "slow.toml")
    started, go_on, checks = threading.Event(), threading.Event(), []
    real = inbox_module.not_older

    def slow(*args):
        checks.append(time.monotonic())
        if len(checks) == 1:
            started.set()
            assert go_on.wait(30), "the other writer was blocked"
        return real(*args)
    monkeypatch.setattr(inbox_module, "not_older", slow)
    taken = []
    worker = threading.Thread(target=lambda: taken.append(take_orders(location, path, system_for(location))))
    worker.start()
    assert started.wait(30)
    other = perform(location, "next_phase", {}, system_for(location))   # the write lock is free
    assert other.seq
    go_on.set()
    worker.join(30)
    assert taken and len(checks) == 2                                  # checked again after the other writer
    assert [r.kind for r in journal(location)][-2:] == ["next_phase", "receive_orders"]


def test_a_file_not_newer_than_the_one_kept_is_still_refused(wardogs, tmp_path):
    location, side, package = wardogs
    older = handed_in(tmp_path, package, "", "older.toml")
    newer = handed_in(tmp_path, package, "", "newer.toml")
    take_orders(location, newer, system_for(location))
    with pytest.raises(UmpireError, match="are not newer than those already taken"):
        take_orders(location, older, system_for(location))


def test_undoing_the_applied_file_holds_it_again_until_the_next_action(wardogs, tmp_path):
    from umpire.core.engine import undo
    location, side, package = wardogs
    take_orders(location, handed_in(tmp_path, package, "", "early.toml"), system_for(location))
    bots_until(location, "4", lambda g: g.phase == "declare")
    while [r for r in journal(location) if not r.undone][-1].kind != "orders":   # back to the file's row
        undo(location)
    undo(location)
    assert orders_in(location, 1)[side].waiting and side not in open_game(location).rule_state.declarations
    other = next(s for s in open_game(location).side_ids() if s != side)
    perform(location, "declare_fire", {"side": other}, system_for(location), side=other)
    assert side in open_game(location).rule_state.declarations           # applied again, not lost
    assert orders_in(location, 1)[side].state() == "in, applied"
