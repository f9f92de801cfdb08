"""Wardogs p. 7 step 6, pp. 16-17: every line a person reads names a weapon by its record-sheet
name ("Particle Cannon"), never by the catalogue's key ("coyote_particle_cannon") -- the side's
declaration in its journal and its report, the umpire's reveal, the penetration lines.  A
declaration may name the weapon either way (a player copies what the report prints)."""

from __future__ import annotations

import re

from reportkit import report, text_of

from umpire.actions import system_for
from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal
from umpire.rules.wardogs.penetration import penetrate

from .wdkit import act, to_phase, wardogs_game


def _game(tmp_path):
    # facing S, the Tank to the south-east is in the torso's front half and the left arm's side (p. 14)
    loc = wardogs_game(tmp_path, [{"id": "Coyote 1", "type": "coyote", "hex": "0303", "facing": "S"}],
                       [{"id": "Tank 1", "type": "tank", "hex": "0505", "facing": "NW"}])
    to_phase(loc, "declare", 3, 7)
    return loc


def _reads(loc, side) -> str:
    g = open_game(loc)
    return "\n".join(x for e in side_journal(g, side, journal(loc), system_for(loc)) for x in (e.head, *e.lines))


def _keys(loc) -> re.Pattern:
    keys = open_game(loc).rules.tables["units"].section("weapon")
    return re.compile(r"\b(" + "|".join(map(re.escape, keys)) + r")\b")


def test_the_declaration_and_the_reveal_name_the_weapons_as_the_sheet_does_p7(tmp_path):
    loc = _game(tmp_path)
    act(loc, "declare_fire", side="blue", shots="Coyote 1, coyote_particle_cannon, Tank 1; "
                                                "Coyote 1, 30mm autocannon, Tank 1")      # by key and by name
    act(loc, "declare_fire", side="red", shots="")
    g = open_game(loc)
    assert [s["weapon"] for s in g.rule_state.declarations["blue"]] == ["coyote_particle_cannon", "coyote_autocannon"]
    act(loc, "next_phase")                                # the reveal and lock-on (p. 7 step 7)
    blue = _reads(loc, "blue")
    label = g.contacts[("blue", "Tank 1")].label
    assert f"Coyote 1 Particle Cannon at {label}" in blue and f"Coyote 1 30mm Autocannon at {label}" in blue
    assert not _keys(loc).search(blue), _keys(loc).search(blue)
    umpire = "\n".join(x for r in journal(loc) for x in r.log)
    assert "Coyote 1 Particle Cannon at Tank 1; Coyote 1 30mm Autocannon at Tank 1" in umpire      # the reveal
    assert not _keys(loc).search(umpire)


def test_the_sides_report_prints_the_declaration_by_the_sheets_names(tmp_path):
    loc = _game(tmp_path)
    act(loc, "declare_fire", side="blue", shots="Coyote 1, coyote_particle_cannon, Tank 1")
    text = text_of(report(loc, "blue", tmp_path / "r"))
    assert re.search(r"Coyote 1 Particle Cannon at C\d", text)
    # the key stands only in the orders page's own column, the one an orders file may use
    assert not re.search(r"coyote_particle_cannon at", text)
    assert text.count("coyote_particle_cannon") == 1


def test_a_refused_weapon_lists_the_sheet_by_name_and_key(tmp_path):
    loc = _game(tmp_path)
    import pytest
    from umpire.core.errors import UmpireError
    with pytest.raises(UmpireError, match=r"no weapon 'laser' \(its sheet: Particle Cannon \(coyote_particle_cannon\), "
                                          r"30mm Autocannon \(coyote_autocannon\)\)"):
        act(loc, "declare_fire", side="blue", shots="Coyote 1, laser, Tank 1")


def test_a_penetration_names_the_system_as_the_sheet_does_table_8():
    weapons = [("coyote_particle_cannon", "torso"), ("coyote_autocannon", "left_arm")]
    names = {"weapon:coyote_particle_cannon": "Particle Cannon", "weapon:coyote_autocannon": "30mm Autocannon"}
    hit = penetrate("mecha", 7, {}, weapons, [], names=names)             # Table 8, 7: weapon damaged
    assert hit.system == "weapon:coyote_particle_cannon" and "-- Particle Cannon damaged" in hit.line
    arm = penetrate("mecha", 4, {}, weapons, [], side_d6=2, names=names)    # Table 8, 4: arm blown off
    assert "-- left arm destroyed" in arm.line and "_" not in arm.line.split("--")[1]
