"""A report's map key reads a counter's state marks in the rule system's words
(RuleSystem.MARK_WORDS): each mark once, in the order it shows, a mark with a number read with
its number, and a mark the system does not describe still listed -- the key hides none."""

from umpire.core.rulesystem import RuleSystem


class Marked(RuleSystem):
    MARK_WORDS = ((r"S(\d+)", "suppressed, level {0}"), ("S", "shaken"), ("out of fuel", "cannot move"),
                  ("out", "out of ammunition"))


def test_marks_are_read_in_the_systems_words_and_none_is_dropped():
    system = Marked.__new__(Marked)          # the words need no ruleset
    assert system.mark_words("S2 S out of fuel X9") == [
        ("S2", "suppressed, level 2"), ("S", "shaken"), ("out of fuel", "cannot move"),
        ("X9", "a marker of the rules in play")]
    assert system.mark_words("out") == [("out", "out of ammunition")]
    assert RuleSystem.__new__(RuleSystem).mark_words("Q") == [("Q", "a marker of the rules in play")]
    assert system.mark_words("") == []
