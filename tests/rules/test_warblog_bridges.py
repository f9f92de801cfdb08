"""War Blog bridging units (1.27): a bridge laid over a river carries its side's units across
(2.5.2), not the enemy's, and stays the side's secret until the enemy sees its hex."""

import pytest

from reportkit import images_of, report, text_of

from umpire.actions import system_for
from umpire.cli import main
from umpire.core.engine import undo
from umpire.core.errors import UmpireError
from umpire.core.knowledge import build_view
from umpire.rules.warblog.movement import step_cost

from .gamekit import act, game, make_game

RIVER = '[map.hexsides]\nriver = ["0501 SE", "0502 NE SE", "0503 NE SE", "0504 NE SE"]\n'


def _game(tmp_path, red=(("R", "infantry_bn", "0806"),)):
    return make_game(tmp_path, [("B", "bridging_coy", "0502"), ("I", "infantry_coy", "0502")], list(red),
                     hexsides=RIVER)


def test_1_27_a_bridge_laid_carries_the_side_over_the_river(tmp_path):
    """1.27: the infantry may not cross the river (2.5.2) until the bridging company lays a bridge
    to 0602; then it crosses, and the company has spent its movement.  Undo lifts the bridge."""
    loc = _game(tmp_path)
    with pytest.raises(UmpireError, match="river"):
        act(loc, "move", unit="I", path=["0502", "0602"])
    res = act(loc, "lay_bridge", side="blue", unit="B", hex="0602")
    assert res.summary == "B lays a bridge over the river from 0502 to 0602 (1.27)"
    assert game(loc).units["B"].mp_spent == game(loc).unit_type(game(loc).units["B"])["movement"]
    g = game(loc)
    h = g.map.grid.parse
    assert step_cost(g, g.unit_type(g.units["R"]), h("0602"), h("0502"), "red")[0] is None   # not the enemy's
    act(loc, "move", unit="I", path=["0502", "0602"])
    assert g.map.number(game(loc).units["I"].hex) == "0602"
    undo(loc)
    undo(loc)
    assert not [o for o in game(loc).map.overlays if o.kind == "laid_bridge"]
    with pytest.raises(UmpireError, match="river"):
        act(loc, "move", unit="I", path=["0502", "0602"])


def test_an_attack_over_a_laid_bridge_is_at_0_4(tmp_path):
    """2.5.2: over the bridge the infantry's attack goes in at 0.4, as over a printed one."""
    loc = _game(tmp_path, red=(("R", "infantry_coy", "0602"),))
    g = game(loc)
    with pytest.raises(UmpireError, match="river"):
        act(loc, "assault", units=["I"], hex="0602")
    act(loc, "lay_bridge", side="blue", unit="B", hex="0602")
    g = game(loc)
    sheet = system_for(loc).assault_sheet(g, ["I"], g.map.grid.parse("0602"), "assault")
    assert sheet.legal and round(sheet.attack, 2) == 0.8 and any("river bridge x0.4" in x for x in sheet.lines)


def test_lay_bridge_refuses_in_one_line(tmp_path, capsys):
    loc = _game(tmp_path)
    with pytest.raises(UmpireError, match="no river between 0502 and 0503"):
        act(loc, "lay_bridge", side="blue", unit="B", hex="0503")
    with pytest.raises(UmpireError, match="not a bridging or engineer unit"):
        act(loc, "lay_bridge", side="blue", unit="I", hex="0602")
    assert main(["rule-action", loc, "lay_bridge", "B", "--hex", "0802"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not next to B" in err


def test_the_enemy_knows_nothing_of_a_bridge_it_has_not_seen(tmp_path):
    """Red, far off, sees no laid bridge: its view holds no such marker, and its report is the
    same bytes before and after Blue lays it."""
    loc = _game(tmp_path)
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    before = report(loc, "red", tmp_path / "a")
    act(loc, "lay_bridge", side="blue", unit="B", hex="0602")
    g = game(loc)
    assert not [o for o in build_view(g, "red", system_for(loc)).map.overlays if o.kind == "laid_bridge"]
    assert [o for o in build_view(g, "blue", system_for(loc)).map.overlays if o.kind == "laid_bridge"]
    after = report(loc, "red", tmp_path / "b")
    assert text_of(after) == text_of(before) and images_of(after) == images_of(before)


def test_1_16_engineers_lay_bridges_too(tmp_path):
    """1.16: engineers "will be able to ... build ... bridges": an engineer company lays one as a
    bridging unit does (1.27)."""
    loc = make_game(tmp_path, [("E", "engineer_coy", "0502")], [("R", "infantry_bn", "0806")], hexsides=RIVER)
    act(loc, "lay_bridge", side="blue", unit="E", hex="0602")
    act(loc, "pass", side="blue")
    act(loc, "pass", side="red")
    act(loc, "move", unit="E", path=["0502", "0602"])
    g = game(loc)
    assert g.map.number(g.units["E"].hex) == "0602"
