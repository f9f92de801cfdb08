"""Lock 'n Load Tactical mounted units (6.6, 6.6.2): stacking (1.3), their DFT and OFT target
modifiers, and which support weapons they fire."""

import pytest

from umpire.core.errors import UmpireError

from .gamekit import act, game
from .test_lnlt_vehicles import blue_first, lnlt


def _sheet(loc, who, where, how="fire"):
    from umpire.actions import system_for
    g = game(loc)
    return system_for(loc).assault_sheet(g, [who], g.map.grid.parse(where), how)


def test_two_mounted_squads_fill_a_hex(tmp_path):
    """1.3: three regular squads or two mounted ones: a squad joining two motorcycle squads is
    refused; joining one, it fits."""
    from umpire.actions import system_for
    loc = lnlt(tmp_path, [("M1", "us_motorcycle_squad", "0202"), ("M2", "us_motorcycle_squad", "0202"),
                          ("M3", "us_motorcycle_squad", "0204"), ("A", "us_squad", "0201"), ("B", "us_squad", "0203")],
               [("X", "nva_squad", "1006")])
    g = game(loc)
    h = g.map.grid.parse
    refused = system_for(loc).check_move(g, "A", [h("0201"), h("0202")])
    assert not refused.legal and "squads' worth" in refused.reason
    assert system_for(loc).check_move(g, "B", [h("0203"), h("0204")]).legal


def test_a_mounted_target_is_easier_standing_and_harder_moving(tmp_path):
    """6.6 (DFT): a mounted unit not marked Moved is +1 to hit; once it has moved, -1 as a
    vehicle, not the leg unit's +1.  OFT: +1 standing (a penalty to the gun)."""
    loc = lnlt(tmp_path, [("A", "us_squad", "0103"), ("T", "us_m48", "0104")], [("H", "nva_horse_squad", "0403")])
    blue_first(loc)
    mods = dict(_sheet(loc, "A", "0403").modifiers)
    assert mods["mounted target not moving (6.6)"] == 1 and "target marked Moved (6.0)" not in mods
    assert dict(_sheet(loc, "T", "0403", "ordnance").modifiers)["mounted target not moving (6.6)"] == 1
    act(loc, "pass", side="blue")
    act(loc, "move", side="red", unit="H", path=["0403", "0503"])
    mods = dict(_sheet(loc, "A", "0503").modifiers)
    assert mods["mounted target marked Moved or moving (6.6)"] == -1 and "target marked Moved (6.0)" not in mods


def test_only_motorcycles_fire_a_light_support_weapon(tmp_path):
    """6.6.2: the motorcycle squad (4) adds its RPD (2): 6; with an M60 (3) it fires its own 4
    only; the horse squad fires no weapon; a LAW (ordnance) is refused a mounted unit."""
    loc = lnlt(tmp_path, [("M", "us_motorcycle_squad", "0103"), ("R", "nva_rpd", "0103", "M"),
                          ("N", "us_motorcycle_squad", "0104"), ("G", "us_m60", "0104", "N"),
                          ("H", "nva_horse_squad", "0105"), ("R2", "nva_rpd", "0105", "H"),
                          ("L", "us_law", "0105", "H")],
               [("X", "nva_squad", "0303")])
    assert _sheet(loc, "M", "0303").firepower == 6
    assert _sheet(loc, "N", "0303").firepower == 4
    assert _sheet(loc, "H", "0303").firepower == 4
    sheet = _sheet(loc, "H", "0303", "ordnance")
    assert not sheet.legal and "(6.6.2)" in sheet.reason
    blue_first(loc)
    with pytest.raises(UmpireError, match="6.6.2"):
        act(loc, "assault", side="blue", units=["H"], hex="0303", kind="ordnance")
