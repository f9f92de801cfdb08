"""What a side reads of the journal (core.witness) in a War Blog game: the attacker reads the
result of its attack, the defender what befell its units."""

from conftest import ROOT
from umpire.autoplay import autoplay
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.core.witness import side_journal


def entries(path, side):
    return side_journal(open_game(path), side, journal(path))


def test_war_blog_attackers_read_the_result_not_the_defenders_state(tmp_path):
    """War Blog 11.2-11.5, 4.0, 6.0: the attacker reads the result of its attack; the defenders'
    depressions, checks and retreats are the defender's (it reads them under the attack it took)."""
    path = autoplay(load_scenario(ROOT / "scenarios" / "osterby-bridges.toml"), tmp_path / "o.umpire", 3, "2")
    game = open_game(path)
    attacks = [r for r in journal(path) if r.kind == "assault" and not r.undone]
    struck = [r for r in attacks if any("depressions, now" in x and not x.strip().startswith(tuple(r.params["units"]))
                                        for x in r.log)]
    assert struck, "no attack left the defenders depressed"
    for side in game.side_ids():
        own = [e for e in entries(path, side) if e.own and "attack" in e.head]
        taken = [e for e in entries(path, side) if not e.own and "were attacked" in e.head]
        for e in own:
            assert any(x.startswith("Result:") for x in e.lines)
            assert not any("retreats to" in x or "morale check" in x for x in e.lines), e
            enemy = {c.label for (s, _), c in game.contacts.items() if s == side}
            assert not any(x.strip().split(":")[0] in enemy for x in e.lines if "depression" in x), e
        for e in taken:
            assert "Result:" in e.head
    defender = game.units[next(x for r in struck for x in game.units if x not in r.params["units"]
                                and any(x in line and "depressions, now" in line for line in r.log))].side
    assert any("depressions, now" in x for e in entries(path, defender) if not e.own for x in e.lines)
