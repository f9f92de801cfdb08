"""The orders' first text (issue 23/24, tester's findings): one function (packages.orders_template)
gives player mode and the side's web page the same text, for the turn the umpire takes orders
for, in the file's keys -- MW4 command codes (MW4 19.14) with the side's company ids, Wardogs'
declaration of fire (Wardogs p. 7 step 6) with a [[shot]] of the side's own firer and weapon key --
and the rule system's reader refuses before signing what the umpire would refuse."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from umpire.actions import new_game, system_for
from umpire.core.errors import UmpireError
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.packages.orders_template import check_before_signing, game_template, package_template
from umpire.packages.package import read_package, write_package

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mw4(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("mw4")
    location = new_game(load_scenario(ROOT / "scenarios" / "kaltenbach-gap.toml"), tmp / "kg.umpire", seed="5")
    return location, system_for(location), read_package(write_package(location, "nato", system_for(location),
                                                                      tmp / "nato.umpkg"))


@pytest.fixture(scope="module")
def wardogs(tmp_path_factory):
    """Tolliver Ridge at its first declaration of fire (the bots move until then)."""
    tmp = tmp_path_factory.mktemp("wd")
    location = new_game(load_scenario(ROOT / "scenarios" / "tolliver-ridge.toml"), tmp / "tr.umpire", seed="4")
    system, rng = system_for(location), random.Random("bot:4")
    bot = system.bot()
    while open_game(location).phase != "declare":
        assert bot.act(location, open_game(location), rng, lambda s: None, 4, 99)
    side = open_game(location).side_ids()[0]
    return location, system, read_package(write_package(location, side, system, tmp / f"{side}.umpkg"))


def uncommented(text: str, *starts: str) -> str:
    """The text with the `# ` taken off the lines starting with one of `starts` (after the #)."""
    return "\n".join(x[2:] if x.startswith("# ") and x[2:].startswith(starts) else x for x in text.splitlines()) + "\n"


def test_mw4_template_gives_the_command_codes_and_the_companies(mw4):
    location, system, package = mw4
    text = package_template(package, system)
    assert f"turn = {package.manifest['orders_turn']}" in text and 'side = "nato"' in text
    for code in ("bound", "overwatch", "bounding_overwatch", "withdraw", "rally", "regroup"):   # MW4 19.14
        assert re.search(rf"^#\s+{code}\s+", text, re.M), code
    assert '# "A/2-32" = ""' in text and '# "B/2-32" = ""' in text
    assert "Bound / Overwatch" not in text            # the form's display names are not offered as codes
    # and filled in with codes, the reader takes it as it is (nothing else to change)
    filled = uncommented(text, '"A/2-32"').replace('"A/2-32" = ""', '"A/2-32" = "bounding_overwatch"')
    check_before_signing(filled, system, package.view.units)


@pytest.mark.parametrize("line,why", [
    ('"B/2-32" = "Bounding Overwatch"', r"'Bounding Overwatch' is not a command code; write one of bound, "),
    ('"B/2-32" = ""', r"'' is not a command code"),
    ('"1/1 Bn" = "bound"', r"'1/1 Bn' is not one of your companies \(A/2-32, B/2-32\)"),
    ('"B/2-32" = 3', r"\[commands\] must map company ids to text"),
])
def test_mw4_orders_the_umpire_would_refuse_are_refused_before_signing(mw4, line, why):
    """The tester signed "Bounding Overwatch" (the form's name) and the umpire refused the file."""
    _location, system, package = mw4
    text = package_template(package, system).replace('# "B/2-32" = ""', line)
    with pytest.raises(UmpireError, match=why) as e:
        check_before_signing(text, system, package.view.units)
    assert "\n" not in e.value.one_line() and e.value.one_line().startswith("the orders: ")


def test_wardogs_template_one_turn_no_blank_columns_and_a_shot_of_the_sides_own(wardogs):
    location, system, package = wardogs
    turn = package.manifest["orders_turn"]
    assert turn == open_game(location).turn          # declared in the turn being played (Wardogs p. 7 step 6)
    text = package_template(package, system)
    assert f"\nturn = {turn}\n" in text
    assert {int(n) for n in re.findall(r"for turn (\d+)", text)} == {turn}    # header and comments agree
    assert "\u00a0" not in text and not re.search(r"\|\s*$", text, re.M)      # no columns of blanks
    shot = re.search(r'^# firer = "(.+)"\n# weapon = "(.+)"', text, re.M)
    assert shot
    rows = {(r[0], r[2]) for t in package.orders_form for r in t.rows}
    assert (shot[1], shot[2]) in rows                 # the side's own firer and its weapon's key
    own = {u.label for u in package.view.units if u.knowledge == "own"} | {u.id for u in open_game(location).units.values()
                                                                            if u.side == package.side}
    assert shot[1] in own
    # the example, its #s removed, is a shot the reader takes
    check_before_signing(uncommented(text, "[[shot]]", "firer", "weapon", "target"), system, package.view.units)
    side, params = system.read_orders(_written(location, uncommented(text, "[[shot]]", "firer", "weapon", "target")))
    assert side == package.side and (shot[1], shot[2]) in {(s["firer"], s["weapon"]) for s in params["shots"]}


def _written(location, text: str) -> Path:
    path = Path(location).with_suffix(".orders.toml")
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("which", ["mw4", "wardogs"])
def test_the_side_page_and_the_package_start_from_the_same_text(which, request):
    location, system, package = request.getfixturevalue(which)
    assert game_template(open_game(location), package.side, system) == package_template(package, system)


def test_the_side_pages_textarea_starts_with_that_text(mw4, tmp_path):
    """Tester's finding: the page's orders started `turn = <this turn>` while the package said the
    orders are for the next; now the page gives the package's text, and the tables can scroll
    inside their own box at 390 px (the page never sideways)."""
    import html

    from umpire.serve.app import create_app
    from umpire.serve.links import make_links
    location, system, package = mw4
    links = make_links(open_game(location).side_ids(), tmp_path / "links.toml")
    page = create_app(str(location), links).test_client().get(f"/s/{links.tokens['nato']}/").get_data(as_text=True)
    area = html.unescape(re.search(r'<textarea name="orders"[^>]*>(.*?)</textarea>', page, re.S)[1])
    assert area == package_template(package, system)
    # before play, turn 1's orders (MW4 6.9131: the ambush is set then -- test_ambush_by_package)
    assert package.manifest["orders_turn"] == open_game(location).turn == 1
    assert f"turn = {package.manifest['orders_turn']}" in area and "bounding_overwatch" in area
    for table in ("forces", "contacts", "objectives"):
        if f'<table id="{table}">' in page:
            assert f'<div class="wide"><table id="{table}">' in page
    assert re.search(r"\.wide \{ overflow-x: auto;", page) and "overflow-wrap: break-word" in page
