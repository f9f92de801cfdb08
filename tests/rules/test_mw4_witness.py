"""What a side reads of the journal (core.witness) in a MechWar 4 game: its own actions in its
own numbering (the enemy's secret fire plans leave no gap), the result of its fire but not the
enemy's hidden state (a kill, its passengers, the enemy's losses and panic), never the dice; and
the contact labels it is given carry no trace of the enemy's true names.  The same on the toy
rule system: tests/core/test_witness.py."""

import hashlib
import sqlite3

import pytest

from conftest import ROOT
from umpire.actions import new_game, system_for
from umpire.autoplay import autoplay
from umpire.core.engine import journal, perform
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.core.witness import in_side_words, side_journal


def entries(path, side):
    return side_journal(open_game(path), side, journal(path))


@pytest.fixture(scope="module")
def kaltenbach(tmp_path_factory):
    """Six turns of the bots' Kaltenbach Gap: a TOW destroys a BMP with its riders."""
    return autoplay(load_scenario(ROOT / "scenarios" / "kaltenbach-gap.toml"),
                    tmp_path_factory.mktemp("k") / "k.umpire", 6, "1")


class TestSideJournal:
    def test_the_sides_own_numbering_hides_the_enemys_secret_actions(self, tmp_path, sample_scenario):
        """The journal's numbers would count, by their gaps, the enemy's plots and orders."""
        def play(name, secret):
            path = new_game(sample_scenario, tmp_path / name, seed="numbers")
            for _ in range(secret):         # the Soviets' secret fire plans for the turn
                perform(path, "plot", {"side": "warpac", "turn": 1, "missions": []}, system_for(path), side="warpac")
            perform(path, "move", {"unit": "Recon 1", "path": ["2224", "2223"]}, system_for(path))
            perform(path, "move", {"unit": "Scout 2", "path": ["0512", "0612"]}, system_for(path))
            perform(path, "move", {"unit": "T1", "path": ["1928", "1927"]}, system_for(path))
            perform(path, "move", {"unit": "Scout 1", "path": ["1910", "1909"]}, system_for(path))
            return path
        quiet, busy = play("a.umpire", 0), play("b.umpire", 3)
        assert len(journal(busy)) == len(journal(quiet)) + 3
        assert entries(busy, "nato") == entries(quiet, "nato")
        seen = entries(busy, "nato")
        assert [e.number for e in seen] == list(range(1, len(seen) + 1))     # no gaps where the enemy acted
        assert len([e for e in seen if e.own]) == 2                            # its two moves; the rest, what
        assert all(e.own or e.head in ("Spotting:", "The umpire tells us:") for e in seen)   # it was told or saw
        theirs = entries(busy, "warpac")
        assert [e.number for e in theirs] == list(range(1, len(theirs) + 1))   # counted its way, what it
        assert len([e for e in theirs if e.own]) == 5      # saw between; its own: 3 plots, Recon 1 and T1

    def test_a_kill_tells_the_firer_what_it_saw_and_no_more(self, kaltenbach):
        """The audit's first leak: NATO's TOW destroys a BMP carrying a rifle platoon on turn 6.
        NATO reads 'C7 is destroyed'; the passenger, the Soviet company's losses and panic, and
        the morale die are the Soviets' and the umpire's."""
        game = open_game(kaltenbach)
        shot = next(r for r in journal(kaltenbach) if r.kind == "fire" and any("with its carrier" in x for x in r.log))
        assert game.units[shot.params["firers"][0]].side == "nato"
        text = "\n".join(x for e in entries(kaltenbach, "nato") for x in (e.head, *e.lines))
        label = next(c.label for (s, uid), c in game.contacts.items() if s == "nato" and uid == shot.params["target"])
        assert f"{label} is destroyed" in text
        assert "with its carrier" not in text and "Rifles" not in text
        soviet = {x for c in game.companies if c.battalion == "1 MRB" for x in (c.id, c.name)}
        assert soviet and not any(name in text for name in soviet)
        assert all(x.split(" ")[0] in ("A/2-32", "B/2-32") for x in text.splitlines() if "panic level" in x)
        # the Soviets read of their own losses, from NATO's action, under what befell them
        theirs = [e for e in entries(kaltenbach, "warpac") if not e.own and any("with its carrier" in x for x in e.lines)]
        assert theirs and "came under fire" in theirs[0].head
        assert any("2 MRC has lost" in x for e in entries(kaltenbach, "warpac") for x in e.lines)

    def test_no_side_reads_the_dice_lines(self, kaltenbach):
        """The dice are the umpire's (a worksheet prints the firer's own die in its own words)."""
        from umpire.core.dice import Roll
        dice_lines = {Roll.from_json(x).describe() for r in journal(kaltenbach) for x in r.rolls}
        assert dice_lines
        for side in ("nato", "warpac"):
            assert not {x.strip() for e in entries(kaltenbach, side) for x in e.lines} & dice_lines


class TestInSideWords:
    def test_enemy_formations_and_supports_are_never_named(self, sample_scenario, tmp_path):
        path = new_game(sample_scenario, tmp_path / "w.umpire", seed="w")
        game = open_game(path)
        said = in_side_words(game, "nato", ["2 MRC has lost 1 unit", "Sov Regt Arty fires", "A/2-32 moves",
                                            "Recon 1 in 2224"])
        label = next(c.label for (s, uid), c in game.contacts.items() if s == "nato" and uid == "Recon 1")
        assert said == ["A/2-32 moves", f"{label} in 2224"]

    def test_the_longest_name_first(self, sample_scenario, tmp_path):
        """'BMP 7 Rifles' is a unit of its own, not 'BMP 7' followed by a word."""
        path = new_game(sample_scenario, tmp_path / "w.umpire", seed="w")
        with sqlite3.connect(path) as conn:
            conn.execute("INSERT INTO contact (side_id, unit_id, label, status, q, r, turn, detail, type_label, role,"
                         " strength, seen_by) VALUES ('nato', '2/1', 'C9', 'seen', 1, 1, 1, 'unit', '', 'unknown',"
                         " '', '[]')")
        assert in_side_words(open_game(path), "nato", ["2/1 Rifles is destroyed", "2/1 is destroyed"]) == \
            ["C9 is destroyed"]


def test_labels_are_given_in_a_seeded_order_not_the_true_names(tmp_path, sample_scenario):
    """Contacts spotted in one pass are labelled in the order of a seeded shuffle (the game's
    secret seed), not of their ids: 'C5' next to 'C4' says nothing of their names."""
    orders = []
    for seed in ("s1", "s2"):
        path = new_game(sample_scenario, tmp_path / f"{seed}.umpire", seed=seed)
        with sqlite3.connect(path) as conn:          # every Soviet unit fires: seen at any range in LOS (5.21)
            conn.execute("UPDATE unit SET fired = 1 WHERE side_id = 'warpac'")
            conn.execute("DELETE FROM contact")
        perform(path, "spot", {}, system_for(path))
        game = open_game(path)
        seen = sorted((c for (s, _), c in game.contacts.items() if s == "nato"), key=lambda c: int(c.label[1:]))
        assert len(seen) >= 5
        ids = [c.unit for c in seen]
        assert ids == sorted(ids, key=lambda u: hashlib.sha256(f"{seed}|nato|{u}".encode()).hexdigest())
        assert ids != sorted(ids)
        orders.append(ids)
    assert set(orders[0]) == set(orders[1]) and orders[0] != orders[1]
