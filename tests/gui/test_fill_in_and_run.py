"""The one way the Unit menu and Turn → Side Actions fill in a rule system's action form and run
it (ruleactiondialog.fill_in_and_run; reviewer's item 4.3): no form when nothing is asked, the
answers parsed into the action's parameters, nothing run when cancelled or an answer is bad."""

from types import SimpleNamespace

import pytest

from umpire.core.errors import UmpireError
from umpire.gui import ruleactiondialog
from umpire.gui.ruleactiondialog import fill_in_and_run


def _hex(text: str) -> str:
    if not text.isdigit():
        raise UmpireError(f"'{text}' is not a hex number")
    return text


SPEC = SimpleNamespace(name="dig_in", label="Dig in", help="", rule="X 1.2")
FIELDS = [SimpleNamespace(key="hex", parse=_hex), SimpleNamespace(key="note", parse=str)]


def _window(monkeypatch):
    ran, warned = [], []
    monkeypatch.setattr(ruleactiondialog.QMessageBox, "warning", lambda *a: warned.append(a[2]))
    return SimpleNamespace(play=SimpleNamespace(run=lambda kind, params: ran.append((kind, params)))), ran, warned


def _form(answers: dict, answer: int = 1):
    class Form:
        Accepted = 1

        def __init__(self, window, title, who, fields, help="", rule=""):
            self.who = who

        def exec(self):
            return answer

        def params(self):
            return answers
    return Form


def test_the_answers_become_the_actions_parameters(monkeypatch):
    w, ran, warned = _window(monkeypatch)
    fill_in_and_run(w, SPEC, "A1", FIELDS, {"unit": "A1"}, _form({"hex": "0405", "note": ""}))
    assert ran == [("dig_in", {"unit": "A1", "hex": "0405"})] and not warned     # an empty answer: left out


def test_no_fields_no_form(monkeypatch):
    w, ran, _ = _window(monkeypatch)
    fill_in_and_run(w, SPEC, "Blue", [], {"side": "blue"}, lambda *a: pytest.fail("a form was opened"))
    assert ran == [("dig_in", {"side": "blue"})]


@pytest.mark.parametrize("answer, answers, said", [(0, {"hex": "0405"}, []),
                                                    (1, {"hex": "north"}, ["'north' is not a hex number"])])
def test_cancelled_or_a_bad_answer_runs_nothing(monkeypatch, answer, answers, said):
    w, ran, warned = _window(monkeypatch)
    params = {"unit": "A1"}
    fill_in_and_run(w, SPEC, "A1", FIELDS, params, _form(answers, answer))
    assert ran == [] and [x.split(" (")[0] for x in warned] == said and params == {"unit": "A1"}
