"""Each side's page (`umpire serve`, issue 24): behind its own secret, built from its view only.
A wrong secret gets nothing; another side's secret sees nothing of this side's; moving and
renaming every enemy the side never saw changes not one byte of its page or map."""

from __future__ import annotations

import html
import os
import shutil
import stat
from pathlib import Path

import pytest

from umpire.autoplay import autoplay
from umpire.core.engine import journal
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.serve.app import create_app
from umpire.serve.links import make_links

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    folder = tmp_path_factory.mktemp("served")
    return {name: autoplay(load_scenario(ROOT / "scenarios" / f"{name}.toml"), folder / f"{name}.umpire", 4, "2")
            for name in ("kaltenbach-gap", "tolliver-ridge")}


def client(location, links=None):
    links = links or make_links(open_game(location).side_ids())
    app = create_app(str(location), links)
    app.testing = True
    return app.test_client(), links


def test_a_wrong_or_missing_secret_gets_nothing(played):
    c, links = client(played["kaltenbach-gap"])
    for url in ("/", "/s/", "/s/nope/", "/s/nope/map.png", "/s/nope/report.pdf", "/static/x", "/s//"):
        r = c.get(url)
        assert r.status_code == 404 and r.data == b"", url
    assert c.post("/s/nope/orders", data={"orders": "x"}).status_code == 404
    token = links.tokens["nato"]
    assert c.get(f"/s/{token[:-1]}/").status_code == 404          # almost right is wrong
    assert c.get(f"/s/{token}/").status_code == 200


def test_each_secret_opens_its_own_side_only(played):
    location = played["kaltenbach-gap"]
    game = open_game(location)
    c, links = client(location)
    for side in game.side_ids():
        page = c.get(f"/s/{links.tokens[side]}/").get_data(as_text=True)
        assert game.side(side).name in page
        own = [u for u in game.units.values() if u.side == side and u.on_map and not u.carried_by]
        assert own and all(u.id in page for u in own)
        unseen = [u for u in game.units.values() if u.side != side and (side, u.id) not in game.contacts]
        assert all(f"<tr><td>{u.id}</td>" not in page for u in unseen)      # no row of its own
        other = next(s for s in game.sides if s.id != side)
        assert other.name not in page.split("<h2>")[0]         # the heading names this side, not the other


@pytest.mark.parametrize("name", ["kaltenbach-gap", "tolliver-ridge"])
def test_the_page_and_map_hold_nothing_the_side_never_saw(played, tmp_path, name):
    from test_side_leaks import hide_the_unseen
    path = played[name]
    moved = 0
    for side in open_game(path).side_ids():
        copy = tmp_path / f"{side}.umpire"
        shutil.copy(path, copy)
        links = make_links(open_game(path).side_ids())
        before_client, _ = client(path, links)
        token = links.tokens[side]
        before = (before_client.get(f"/s/{token}/").data, before_client.get(f"/s/{token}/map.png").data)
        changed = hide_the_unseen(str(copy), side)
        after_client, _ = client(copy, links)
        after = (after_client.get(f"/s/{token}/").data, after_client.get(f"/s/{token}/map.png").data)
        assert before[0] == after[0], f"{side}'s page changed ({changed})"
        assert before[1] == after[1] and before[1].startswith(b"\x89PNG"), f"{side}'s map changed ({changed})"
        moved += changed["units"]
    assert moved, "every side saw everything: the test proves nothing"


def test_orders_handed_in_on_the_page_are_checked_and_applied(tmp_path, sample_scenario):
    from umpire.actions import new_game
    location = new_game(sample_scenario, tmp_path / "g.umpire", seed="o")
    c, links = client(location)
    nato, warpac = links.tokens["nato"], links.tokens["warpac"]
    before = len(journal(location))
    # another side's orders on this side's page: refused, nothing applied
    r = c.post(f"/s/{warpac}/orders", data={"orders": 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n'})
    assert r.status_code == 400 and "written for side 'nato'" in html.unescape(r.get_data(as_text=True))
    assert 'class="said refused"' in r.get_data(as_text=True) and len(journal(location)) == before
    # a broken file: one line, nothing applied, the text kept in the form
    r = c.post(f"/s/{nato}/orders", data={"orders": "side = \n"})
    assert r.status_code == 400 and "side = " in r.get_data(as_text=True) and len(journal(location)) == before
    r = c.post(f"/s/{nato}/orders", data={"orders": 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n'})
    assert r.status_code == 200 and "Orders received" in r.get_data(as_text=True)
    assert journal(location)[-1].kind == "orders" and journal(location)[-1].side_id == "nato"
    assert journal(location)[-2].kind == "receive_orders"           # kept in the inbox, as a file is


def test_an_uploaded_orders_file_is_read_like_the_text(tmp_path, sample_scenario):
    import io

    from umpire.actions import new_game
    location = new_game(sample_scenario, tmp_path / "g.umpire", seed="o")
    c, links = client(location)
    data = {"orders": "", "file": (io.BytesIO(b'side = "nato"\nturn = 1\n[commands]\n"B/2-32" = "overwatch"\n'),
                                   "orders.toml")}
    r = c.post(f"/s/{links.tokens['nato']}/orders", data=data, content_type="multipart/form-data")
    assert r.status_code == 200 and journal(location)[-1].kind == "orders"


def test_a_rule_system_without_orders_says_so(played):
    from umpire.rules import rule_system
    from umpire.serve.app import takes_orders
    location = played["kaltenbach-gap"]
    assert takes_orders(rule_system(open_game(location).rules))
    from umpire.core.rulesystem import RuleSystem

    class Plain(RuleSystem):
        pass
    assert not takes_orders(Plain.__new__(Plain))


def test_the_links_are_kept_for_the_umpire_alone(tmp_path):
    path = tmp_path / "links.toml"
    first = make_links(["nato", "warpac"], path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    again = make_links(["nato", "warpac"], path)
    assert again.tokens == first.tokens and first.tokens["nato"] != first.tokens["warpac"]
    assert len(first.tokens["nato"]) >= 32
    path.write_text('[links]\nnato = "short"\n')
    from umpire.core.errors import UmpireError
    with pytest.raises(UmpireError, match="not a secret of at least 16 characters"):
        make_links(["nato"], path)


def test_a_game_that_requires_signed_orders_refuses_unsigned_ones_from_a_page_too(tmp_path, sample_scenario):
    """The page takes orders as `umpire orders` does (packages.inbox): the game's setting holds."""
    from umpire.actions import new_game
    from umpire.cli import main
    location = new_game(sample_scenario, tmp_path / "g.umpire", seed="o")
    assert main(["require-signatures", location, "on"]) == 0
    c, links = client(location)
    before = len(journal(location))
    r = c.post(f"/s/{links.tokens['nato']}/orders",
               data={"orders": 'side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n'})
    text = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 400 and "unsigned orders" in text and "orders.toml" not in text
    assert len(journal(location)) == before


def test_options_tells_a_wrong_secret_nothing(played):
    c, links = client(played["kaltenbach-gap"])
    for url in ("/s/wrong-secret/", "/s/wrong-secret/orders", f"/s/{links.tokens['nato']}/orders"):
        r = c.open(url, method="OPTIONS")
        assert r.status_code == 404 and r.data == b"" and "Allow" not in r.headers, url


def test_a_links_file_giving_two_sides_one_secret_or_no_table_is_refused(tmp_path):
    from umpire.core.errors import UmpireError
    path = tmp_path / "links.toml"
    path.write_text('[links]\nnato = "0123456789abcdefXYZ"\nwarpac = "0123456789abcdefXYZ"\n')
    with pytest.raises(UmpireError, match="same secret as another side"):
        make_links(["nato", "warpac"], path)
    path.write_text("links = 3\n")
    with pytest.raises(UmpireError, match=r"\[links\] is a table"):
        make_links(["nato", "warpac"], path)


def test_an_enemys_secret_action_does_not_make_the_sides_map_anew(tmp_path, sample_scenario, monkeypatch):
    """The map is kept while what the side knows is unchanged: an enemy's secret orders change
    the journal, not the side's knowledge, so the side's page answers as fast as before -- its
    speed tells nothing (reviewer's probe: a map made anew took a second)."""
    from umpire.actions import new_game, system_for
    from umpire.core.engine import perform
    from umpire.serve import pictures
    location = new_game(sample_scenario, tmp_path / "g.umpire", seed="t")
    c, links = client(location)
    made = []
    real = pictures.subprocess.run
    monkeypatch.setattr(pictures.subprocess, "run", lambda *a, **k: (made.append(a[0][-1]), real(*a, **k))[1])
    token = links.tokens["nato"]
    first = c.get(f"/s/{token}/map.png").data
    report = c.get(f"/s/{token}/report.pdf").data
    assert len(made) == 2
    system = system_for(location)
    perform(location, "orders", system.read_orders(_orders(tmp_path, "warpac", "1 MRC", "rally"))[1], system,
            side="warpac")
    assert c.get(f"/s/{token}/map.png").data == first and c.get(f"/s/{token}/report.pdf").data == report
    assert len(made) == 2                                    # both kept: nato knows nothing new
    perform(location, "orders", system.read_orders(_orders(tmp_path, "nato", "A/2-32", "overwatch"))[1], system,
            side="nato")
    c.get(f"/s/{token}/report.pdf")
    assert len(made) == 3                                    # its own orders: its report is made anew


def _orders(folder, side, company, command):
    path = folder / f"{side}.toml"
    path.write_text(f'side = "{side}"\nturn = 1\n[commands]\n"{company}" = "{command}"\n')
    return path


def test_the_sides_own_passengers_are_listed_in_their_carriers(tmp_path, sample_scenario):
    from umpire.actions import new_game
    location = new_game(sample_scenario, tmp_path / "g.umpire", seed="p")
    game = open_game(location)
    riding = [u for u in game.units.values() if u.carried_by and u.status == "on_map"]
    assert riding
    for side in game.side_ids():
        c, links = client(location)
        page = html.unescape(c.get(f"/s/{links.tokens[side]}/").get_data(as_text=True))
        for u in riding:
            assert (f"<tr><td>{u.id}</td>" in page and f"in {u.carried_by}" in page) == (u.side == side), (side, u.id)
