"""MechWar 4 company morale (MW4 19.812) and the panic level it feeds (13.0)."""

import pytest

from umpire.rules.mechwar4.fire import panic_number
from umpire.rules.mechwar4.morale import company_loss, unit_panic_level

from .mapkit import MW4, make_map
from .test_mw4_spotting import game_on, unit


class Faces:
    def __init__(self, *faces):
        self.faces = list(faces)
        self.asked = []

    def roll(self, purpose, count=1, sides=6):
        self.asked.append(purpose)
        return type("R", (), {"total": self.faces.pop(0)})()


@pytest.fixture()
def g():
    m = make_map(["." * 8] * 6)
    game = game_on(m, [unit("a", "blue", "0203", m), unit("b", "blue", "0303", m)])
    for u in game.units.values():
        u.company = "A"
    return game


@pytest.mark.parametrize("losses,face,rise", [
    (0, 1, 2), (0, 2, 1),          # first loss: +1, one more on a 1
    (1, 4, 2), (1, 5, 1),          # second: +1, one more on 1-4
    (2, 5, 2), (2, 6, 0),          # third: +2 on 1-5
])
def test_19_812_panic_level_rises_with_losses(g, losses, face, rise):
    g.company_morale["A"] = (losses, 0)
    state, lines = company_loss(g, "A", Faces(face))
    assert state == {"losses": losses + 1, "panic_rise": rise} and "MW4 19.812" in lines[0]


def test_19_812_no_more_after_the_third_loss(g):
    g.company_morale["A"] = (3, 4)
    dice = Faces()
    assert company_loss(g, "A", dice)[0] == {"losses": 4, "panic_rise": 4} and dice.asked == []


def test_13_0_units_check_panic_at_the_companys_risen_level(g):
    a = g.units["a"]
    base = MW4.qualities[a.quality]["panic_level"]
    g.company_morale["A"] = (2, 3)
    assert unit_panic_level(g, a) == base + 30
    row = MW4.tables["panic"].section("entry")[str(base + 30)]
    assert panic_number(g, a)[0] == row["full"]
    g.company_morale["A"] = (3, 20)                         # beyond the table: its last row
    last = max(int(k) for k in MW4.tables["panic"].section("entry"))
    assert panic_number(g, a)[0] == MW4.tables["panic"].section("entry")[str(last)]["full"]
