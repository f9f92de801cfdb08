"""Wardogs Table 9, 7: a damaged turret fires into the forward arc only and its weapons are "-2 to
hit".  Basic Training's roll to hit is the damage die (p. 15, Hit Resolution; Table 7's hit or
miss): Umpire applies the -2 to each damage die of the turret's weapons, as it does Table 6's
range modifier."""

from __future__ import annotations

import json
import sqlite3

from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.rules.wardogs.damage import TURRET_DAMAGED, resolve_dice

from .wdkit import act, no_fire_yet, to_phase, wardogs_game


def test_minus_2_to_hit_on_each_damage_die_table_9():
    # a d8 of 8 at short range (+1) against AR 5: 9 penetrates; with the turret damaged 7 still
    # penetrates, a 6 becomes 5 (a hit, no penetration), a 5 becomes 4 (a miss)
    assert TURRET_DAMAGED == -2
    plain = resolve_dice([8, 6, 5], "short", 5)
    shaken = resolve_dice([8, 6, 5], "short", 5, TURRET_DAMAGED)
    assert [d.modified for d in plain] == [9, 7, 6] and [d.modified for d in shaken] == [7, 5, 4]
    assert [(d.hit, d.penetrates) for d in shaken] == [(True, True), (True, False), (False, False)]


def test_a_tank_with_a_damaged_turret_fires_at_minus_2_table_9(tmp_path):
    loc = wardogs_game(tmp_path, [{"id": "Coyote", "type": "coyote", "hex": "0303", "facing": "N"}],
                       [{"id": "Tank", "type": "tank", "hex": "0503", "facing": "NW"}])
    g = open_game(loc)
    marks = g.units["Tank"].marks.but(damage={"turret": 1})
    with sqlite3.connect(loc) as conn:
        conn.execute("UPDATE unit SET marks = ? WHERE id = 'Tank'", (json.dumps(marks.model_dump(mode="json")),))
    assert open_game(loc).units["Tank"].marks.damage == {"turret": 1}
    to_phase(loc, "declare", 3, 7)
    act(loc, "declare_fire", side="red", shots="Tank tank_gun C1")     # forward: the Coyote is ahead of it
    no_fire_yet(loc)
    to_phase(loc, "lock_on", 1)
    to_phase(loc, "damage", 6)                  # the gun's d8 6: +1 short -2 turret = 5
    log = "\n".join(x for r in journal(loc) for x in r.log)
    assert "Tank Main gun (sample): its turret is damaged, -2 to hit (Wardogs p. 17, Table 9)" in log
    assert "6->5" in log
