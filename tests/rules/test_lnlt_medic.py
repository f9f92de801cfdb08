"""Lock 'n Load Tactical medics (3.0 step 4, 11.3, medics.toml a sample): in the Rally phase a
medic tries to heal a wound from a single-man counter of its hex or to bring a Shaken unit
back to Good Order; medics neither fire nor carry weapons (1.6 notes)."""

import json
import sqlite3

import pytest

from umpire.actions import system_for
from umpire.core.errors import UmpireError

from .gamekit import act, game, make_game


def lnlt(tmp_path, us, nva=(("X", "nva_squad", "0906"),)):
    return make_game(tmp_path, list(us), list(nva), rules="lnlt", cols=10)


def mark(loc, uid, **marks):
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = ?", (json.dumps(marks), uid))


def heal(loc, medic, patient, *faces):
    return act(loc, "heal", *faces, side="blue", unit=medic, patient=patient)


def test_a_medic_heals_a_wounded_leader_once_a_rally_phase(tmp_path):
    """A 2 (3 or less) heals the wound; the leader stays Shaken until it rallies; one try each
    Rally phase; the medic's own number is the sample's 3."""
    loc = lnlt(tmp_path, [("D", "us_medic", "0303"), ("L", "us_leader", "0303")])
    mark(loc, "L", wounded=True, shaken=True)
    assert system_for(loc).actions()["heal"].fields_for(game(loc), "blue", "D")[1].choices == ("L",)
    res = heal(loc, "D", "L", 2)
    g = game(loc)
    assert "D heals the wound of L on 2 (3.0, 11.3)" in res.summary
    assert not g.units["L"].marks.wounded and g.units["L"].marks.shaken and g.active_side is None
    with pytest.raises(UmpireError, match=r"D has already tried this Rally phase"):
        heal(loc, "D", "L", 1)


def test_a_medic_brings_a_shaken_squad_back_or_fails(tmp_path):
    loc = lnlt(tmp_path, [("D", "us_medic", "0303"), ("A", "us_squad", "0303"), ("B", "us_squad", "0403")])
    mark(loc, "A", shaken=True)
    mark(loc, "B", shaken=True)
    assert system_for(loc).actions()["heal"].fields_for(game(loc), "blue", "D")[1].choices == ("A",)  # B is elsewhere
    res = heal(loc, "D", "A", 4)
    assert "D fails to help A on 4" in res.summary and game(loc).units["A"].marks.shaken
    loc2 = lnlt(tmp_path / "2", [("D", "us_medic", "0303"), ("A", "us_squad", "0303")])
    mark(loc2, "A", shaken=True)
    heal(loc2, "D", "A", 3)
    assert not game(loc2).units["A"].marks.shaken


def test_a_shaken_medic_treats_only_itself(tmp_path):
    loc = lnlt(tmp_path, [("D", "us_medic", "0303"), ("A", "us_squad", "0303")])
    mark(loc, "D", wounded=True, shaken=True)
    mark(loc, "A", shaken=True)
    assert system_for(loc).actions()["heal"].fields_for(game(loc), "blue", "D")[1].choices == ("D",)
    with pytest.raises(UmpireError, match="'A' is not itself"):
        heal(loc, "D", "A", 1)
    heal(loc, "D", "D", 1)
    d = game(loc).units["D"]
    assert not d.marks.wounded and d.marks.healed == 1


def test_medics_do_not_fire_and_heal_only_in_the_rally_phase(tmp_path):
    loc = lnlt(tmp_path, [("D", "us_medic", "0303"), ("A", "us_squad", "0303")])
    g = game(loc)
    assert "medics do not fire" in system_for(loc).assault_sheet(g, ["D"], g.map.grid.parse("0906"), "fire").reason
    mark(loc, "A", shaken=True)
    act(loc, "next_phase")
    if game(loc).active_side == "red":
        act(loc, "pass", side="red")
    with pytest.raises(UmpireError, match=r"only in the Rally phase, not in the Operations phase \(LnLT 3.0"):
        heal(loc, "D", "A", 1)
