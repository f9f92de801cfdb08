"""What a side reads of the journal (core.witness): its own actions in its own numbering, the
result of its attacks but not the enemy's hidden state, what befell its own units; and the
contact labels it is given carry no trace of the enemy's true names."""

import hashlib
import sqlite3

from dicekit import dice
from umpire.actions import new_game, system_for
from umpire.core.engine import journal, perform
from umpire.core.store.db import open_game
from umpire.core.witness import in_side_words, side_journal


def entries(path, side):
    return side_journal(open_game(path), side, journal(path))


def place(path, **where):
    g = open_game(path)
    with sqlite3.connect(path) as conn:
        for unit, number in where.items():
            h = g.map.grid.parse(number)
            conn.execute("UPDATE unit SET q = ?, r = ? WHERE id = ?", (h.q, h.r, unit.replace("_", " ")))


class TestSideJournal:
    def test_the_sides_own_numbering_hides_the_enemys_actions(self, tmp_path, sample_scenario):
        """The journal's numbers would count, by their gaps, the enemy's moves: Blue reads the same
        journal whether Red moved three units while Blue waited or passed at once."""
        def play(name, busy):
            path = new_game(sample_scenario, tmp_path / name, seed="numbers")
            act = lambda kind, **params: perform(path, kind, params, system_for(path))   # noqa: E731
            act("pass")                                        # Blue waits; Red acts alone
            if busy:
                act("move", unit="R1", path=["0804", "0803"])
                act("move", unit="D1", path=["1006", "1005"])
                act("move", unit="Red HQ", path=["1104", "1103"])
            act("pass")                                        # Red passes: the Combat phase
            act("pass")
            act("pass")
            act("next_phase")                                  # the End phase over: turn 2
            act("move", unit="Scout", path=["0505", "0504"])
            act("move", unit="R2", path=["0807", "0808"])
            act("move", unit="A1", path=["0304", "0404"])
            return path
        quiet, busy = play("a.umpire", False), play("b.umpire", True)
        assert len(journal(busy)) == len(journal(quiet)) + 3
        assert entries(busy, "blue") == entries(quiet, "blue")
        # its two passes, what the umpire tells it of its units digging in, its two moves
        assert [(e.number, e.own) for e in entries(busy, "blue")] == [(1, True), (2, True), (3, False), (4, True),
                                                                     (5, True)]
        # what the opening's spotting showed it, then its own, counted its way: three moves, two
        # passes (its second began the End phase), a move
        assert [(e.number, e.own) for e in entries(busy, "red")] == [(1, False)] + [(n, True) for n in range(2, 8)]
        assert entries(busy, "red")[0].head == "Spotting:"

    def test_an_attack_tells_the_attacker_the_result_and_the_defender_its_losses(self, tmp_path, sample_scenario):
        """Blue's tanks attack R1 in 0804: Blue reads its worksheet and the result; which unit lost
        a step is Red's to know, and Red reads it under the attack it took."""
        path = new_game(sample_scenario, tmp_path / "a.umpire", seed="attack")
        place(path, A1="0704", A2="0705")                     # next to R1, across the stream
        perform(path, "spot", {}, system_for(path))
        perform(path, "next_phase", {}, system_for(path))      # the Combat phase: Blue first
        res = perform(path, "assault", {"units": ["A1", "A2"], "hex": "0804", "kind": "attack"}, system_for(path),
                      typed=dice(6))
        assert res.summary == "Attack on 0804: the defenders are hit"
        assert any(line.startswith("R1 loses a step") for line in res.log)
        own = [x for e in entries(path, "blue") if e.own and "Attack on 0804" in e.head for x in e.lines]
        assert "Result: the defenders are hit" in own and "Defenders: 1 unit of Red Force" in own
        assert not any("loses a step" in x or "R1" in x for x in own)
        taken = [e for e in entries(path, "red") if not e.own and e.head != "Spotting:"]
        assert taken and taken[0].head.startswith("Our units in 0804 were attacked by")
        assert "Result: the defenders are hit" in taken[0].head
        assert any(x.startswith("R1 loses a step") for x in taken[0].lines)

    def test_no_side_reads_the_dice_lines(self, tmp_path, sample_scenario):
        """The dice are the umpire's (a worksheet prints its own die in its own words)."""
        from umpire.autoplay import autoplay
        from umpire.core.dice import Roll
        path = autoplay(sample_scenario, tmp_path / "auto.umpire", 3, "dice")
        dice_lines = {Roll.from_json(x).describe() for r in journal(path) for x in r.rolls}
        assert dice_lines
        for side in ("blue", "red"):
            assert not {x.strip() for e in entries(path, side) for x in e.lines} & dice_lines


class TestInSideWords:
    def test_enemy_formations_are_never_named(self, sample_scenario, tmp_path):
        path = new_game(sample_scenario, tmp_path / "w.umpire", seed="w")
        game = open_game(path)
        said = in_side_words(game, "red", ["A Coy has lost 1 unit", "1st Blue Battalion attacks", "C Coy moves",
                                           "B1 in 0403"])
        label = next(c.label for (s, uid), c in game.contacts.items() if s == "red" and uid == "B1")
        assert said == ["C Coy moves", f"{label} in 0403"]

    def test_the_longest_name_first(self, sample_scenario, tmp_path):
        """'B2 Truck' is a unit of its own, not 'B2' followed by a word."""
        path = new_game(sample_scenario, tmp_path / "w.umpire", seed="w")
        with sqlite3.connect(path) as conn:
            conn.execute("INSERT INTO contact (side_id, unit_id, label, status, q, r, turn, detail, type_label, role,"
                         " strength, seen_by) VALUES ('red', 'B2 Truck', 'C9', 'seen', 1, 1, 1, 'unit', '', 'unknown',"
                         " '', '[]')")
        assert in_side_words(open_game(path), "red", ["B2 Truck is destroyed", "B2 is destroyed"]) == \
            ["C9 is destroyed"]


def test_labels_are_given_in_a_seeded_order_not_the_true_names(tmp_path, sample_scenario):
    """Contacts spotted in one pass are labelled in the order of a seeded shuffle (the game's
    secret seed), not of their ids: 'C5' next to 'C4' says nothing of their names."""
    orders = []
    for seed in ("s1", "s2"):
        path = new_game(sample_scenario, tmp_path / f"{seed}.umpire", seed=seed)
        # a Blue unit next to every Red unit: each seen, whatever the sight lines (Toy 5)
        place(path, A1="1105", A2="0904", Blue_HQ="0805", B1="0808", Scout="1007")
        with sqlite3.connect(path) as conn:
            conn.execute("DELETE FROM contact")
        perform(path, "spot", {}, system_for(path))
        game = open_game(path)
        seen = sorted((c for (s, _), c in game.contacts.items() if s == "blue"), key=lambda c: int(c.label[1:]))
        assert len(seen) >= 5
        ids = [c.unit for c in seen]
        assert ids == sorted(ids, key=lambda u: hashlib.sha256(f"{seed}|blue|{u}".encode()).hexdigest())
        assert ids != sorted(ids)
        orders.append(ids)
    assert set(orders[0]) == set(orders[1]) and orders[0] != orders[1]


def test_a_side_reads_its_own_spotting_and_never_the_enemys(tmp_path, sample_scenario):
    """Issue 19: what a spotting pass showed a side is in that side's journal, whoever's action
    brought it about; what it showed the enemy is not (it would say where the side was seen)."""
    path = new_game(sample_scenario, tmp_path / "g.umpire", seed="1")
    game = open_game(path)
    opening = journal(path)[0]
    seers = {game.side(s).name: s for s in game.side_ids()}
    spotted = [x for x in opening.log if " spots a new contact: " in x]
    assert spotted, "the toy opening spots something"
    for name, side in seers.items():
        said = [x for e in entries(path, side) for x in e.lines]
        mine = [x for x in spotted if x.startswith(f"{name} spots")]
        theirs = [x for x in spotted if not x.startswith(f"{name} spots")]
        assert all(x in said for x in mine) and not any(x in said for x in theirs), (name, said)
    # the same lines in an older file, written before they were kept for their side, stay hidden
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE action SET readers = '{}' WHERE seq = ?", (opening.seq,))
    conn.close()
    assert not any(" spots a new contact: " in x for s in seers.values() for e in entries(path, s) for x in e.lines)


def test_sightings_between_two_of_a_sides_actions_are_one_entry(tmp_path, sample_scenario):
    """Three enemy actions that each show the side something make one Spotting entry, not three:
    the side learns what it saw, not how many actions the enemy took to show it."""
    path = new_game(sample_scenario, tmp_path / "s.umpire", seed="1")
    side = open_game(path).side_ids()[0]
    opening = journal(path)[0]
    fake = []
    for n in range(3):                                 # three enemy actions, each showing one unit
        row = opening.model_copy(update={"seq": 100 + n, "kind": "spot", "side_id": None,
                                         "log": [f"{open_game(path).side(side).name} spots a new contact: X{n}"],
                                         "readers": {"0": side}, "rolls": []})
        fake.append(row)
    got = side_journal(open_game(path), side, fake)
    assert len(got) == 1 and got[0].head == "Spotting:" and len(got[0].lines) == 3


def test_a_line_shared_by_the_sides_that_saw_it_is_read_by_them_alone():
    """engine.Log.share: lines several sides witnessed (mines striking a unit) are kept for each
    of them -- the actor among them, who reads them as its own row's -- and for no other; a line
    kept for one reader stays its own, the dice the umpire's."""
    from types import SimpleNamespace

    from umpire.core.acting import UMPIRE_ONLY, Log
    from umpire.core.witness import readable
    log = Log()
    log.add(["blue moves"])
    log.add(["mines strike", "its passengers' fate"])
    log.keep("the umpire's note", UMPIRE_ONLY)
    log.share(1, ["blue", "red"])
    log.add(["a die"], UMPIRE_ONLY)
    row = SimpleNamespace(log=list(log), rolls=[object()], readers={str(i): x for i, x in log.readers.items()})
    assert [x for _, x in readable(row, "blue", True)] == ["blue moves", "mines strike", "its passengers' fate"]
    assert [x for _, x in readable(row, "red", False)] == ["mines strike", "its passengers' fate"]
    assert readable(row, "green", False) == []


class TestNamesOnlyWhereALineNamesAUnit:
    """An enemy unit's id may also be a word of the game: the toy's Blue "Scout" is a word of its
    record sheet "Scout car" and of Red's own "Red Scout".  Red reads those words as written; only
    "Scout" standing alone, naming the unit, becomes Red's label for it (or keeps the line from Red
    while Red has none)."""

    def test_a_word_of_a_label_or_of_an_own_unit_is_not_the_unit(self, sample_scenario, tmp_path):
        game = open_game(new_game(sample_scenario, tmp_path / "a.umpire", seed="w"))
        lines = ["Red Force spots a new contact: Scout car in 0505 (C1)", "Red Scout moves 0903 0904",
                 "Scout is destroyed"]
        assert in_side_words(game, "red", lines, {"Scout": "C1"}) == [
            "Red Force spots a new contact: Scout car in 0505 (C1)", "Red Scout moves 0903 0904", "C1 is destroyed"]

    def test_an_unknown_enemy_still_keeps_its_line_from_the_side(self, sample_scenario, tmp_path):
        game = open_game(new_game(sample_scenario, tmp_path / "a.umpire", seed="w"))
        lines = ["Red Force spots a new contact: Scout car in 0903", "Scout is destroyed", "Red Scout moves"]
        assert in_side_words(game, "red", lines, {}) == ["Red Force spots a new contact: Scout car in 0903",
                                                         "Red Scout moves"]
