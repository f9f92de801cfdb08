"""Signed orders files (issue 23): signed with the key only the side's package carries, checked
before any rule system reads them; every refusal says which in one line and applies nothing.
The orders are MechWar 4 company commands (MW4 19.1), the sample scenario's."""

from __future__ import annotations

import tomllib

import pytest

from packagekit import package_of
from umpire.actions import system_for
from umpire.cli import main
from umpire.core.engine import journal, perform, state_digest
from umpire.core.errors import UmpireError
from umpire.core.store.db import create_game
from umpire.packages.inbox import orders_in, take_orders
from umpire.packages.keys import private_hex, private_key, set_require_signature
from umpire.packages.package import read_package
from umpire.packages.signing import check_orders, orders_message, sign_orders

ORDERS = 'side = "nato"\nturn = {turn}\n\n[commands]\n"A/2-32" = "overwatch"\n'


@pytest.fixture()
def nato(qapp, game_path):
    """The sample game's NATO package."""
    return read_package(package_of(game_path, "nato"))


def write(tmp_path, text, name="orders.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(game_path, path, why, require=False):
    """The file is refused with `why`, and nothing of the game or its journal changed."""
    before, rows = state_digest(str(game_path)), len(journal(str(game_path)))
    with pytest.raises(UmpireError, match=why) as e:
        take_orders(str(game_path), path, system_for(str(game_path)), require)
    assert e.value.file == str(path)
    assert state_digest(str(game_path)) == before and len(journal(str(game_path))) == rows
    return e.value


def test_a_signed_file_is_applied_and_kept_in_the_journal(nato, game_path, tmp_path):
    text = sign_orders(nato, ORDERS.format(turn=2))
    path = write(tmp_path, text)
    kept, applied = take_orders(str(game_path), path, system_for(str(game_path)), require=True)
    assert kept.kind == "receive_orders" and applied.kind == "orders"
    assert "A/2-32: Overwatch" in " ".join(applied.log)
    inbox = orders_in(str(game_path), 2)
    assert list(inbox) == ["nato"] and inbox["nato"].signed and inbox["nato"].text == text
    assert orders_in(str(game_path), 1) == {}


def test_comments_and_spacing_may_change_but_not_an_order(nato, game_path, tmp_path):
    text = sign_orders(nato, ORDERS.format(turn=2))
    respaced = text.replace('"A/2-32" = "overwatch"', '# the tanks watch the valley\n"A/2-32"   =   "overwatch"')
    take_orders(str(game_path), write(tmp_path, respaced), system_for(str(game_path)))
    altered = text.replace('"overwatch"', '"bound"')
    refused(game_path, write(tmp_path, altered, "b.toml"), "the signature does not match -- altered after signing")


def test_forged_signed_with_a_key_of_its_own(nato, game_path, tmp_path):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    forged = read_package(package_of(game_path, "nato"))
    forged.side_key = private_hex(Ed25519PrivateKey.generate())
    refused(game_path, write(tmp_path, sign_orders(forged, ORDERS.format(turn=2))),
            "refused: the signature does not match -- altered after signing, or not signed with nato's key")


def test_swapped_side_nato_signs_warpacs_orders(nato, game_path, tmp_path):
    """The NATO player orders the Warsaw Pact's companies with his own key: signed by NATO."""
    body = 'side = "warpac"\nturn = 2\n\n[commands]\n"1/1 MRB" = "bound"\n'
    when = "2026-11-24T12:00:00.000000Z"
    key = private_key(nato.side_key).sign(orders_message(nato.game_id, "nato", 2, when, tomllib.loads(body))).hex()
    text = body + (f'\n[signature]\nside = "nato"\nturn = 2\ngame = "{nato.game_id}"\nsigned = "{when}"\n'
                   f'key = "{key}"\n')
    refused(game_path, write(tmp_path, text), "signed by nato but giving orders for 'warpac'")
    # claiming to be the Warsaw Pact's signature instead: NATO's key does not pass for its key
    refused(game_path, write(tmp_path, text.replace('side = "nato"', 'side = "warpac"'), "c.toml"),
            "not signed with warpac's key")
    with pytest.raises(UmpireError, match="this package's key signs only for side 'nato'"):
        sign_orders(nato, body)          # the player's Umpire will not sign it in the first place


def test_stale_signed_for_a_turn_already_past(nato, game_path, tmp_path):
    path = write(tmp_path, sign_orders(nato, ORDERS.format(turn=1)))
    perform(str(game_path), "end_turn", {}, system_for(str(game_path)))        # the game is at turn 2
    refused(game_path, path, "refused: stale orders, signed for turn 1 and the game is at turn 2")


def test_signed_for_another_game(qapp, game_path, tmp_path, sample_scenario):
    other = tmp_path / "other.umpire"
    create_game(sample_scenario, other)
    theirs = read_package(package_of(other, "nato"))           # the same scenario, another game
    package_of(game_path, "nato")
    refused(game_path, write(tmp_path, sign_orders(theirs, ORDERS.format(turn=2))), "signed for another game")


def test_unsigned_when_the_game_or_the_command_requires_a_signature(nato, game_path, tmp_path):
    path = write(tmp_path, ORDERS.format(turn=2))
    refused(game_path, path, r"unsigned orders \(--require-signature\)", require=True)
    set_require_signature(str(game_path), ["nato", "warpac"], True)
    refused(game_path, path, r"unsigned orders \(the game requires signed orders")
    set_require_signature(str(game_path), ["nato", "warpac"], False)
    kept, _ = take_orders(str(game_path), path, system_for(str(game_path)))   # unsigned, taken: kept as such
    assert "unsigned" in kept.log[0] and not orders_in(str(game_path), 2)["nato"].signed


def test_a_signature_table_in_the_middle_or_malformed(nato, game_path, tmp_path):
    signed = sign_orders(nato, ORDERS.format(turn=2))
    head, sig = signed.split("\n[signature]\n")
    moved = 'side = "nato"\nturn = 2\n\n[signature]\n' + sig + '\n[commands]\n"A/2-32" = "overwatch"\n'
    refused(game_path, write(tmp_path, moved), r"the \[signature\] table must come last")
    refused(game_path, write(tmp_path, signed.replace("key =", "sig =")), "must give side, turn, game, signed and key")


def test_a_rule_systems_refusal_keeps_nothing_either(nato, game_path, tmp_path):
    text = sign_orders(nato, ORDERS.format(turn=2).replace("overwatch", "charge"))
    refused(game_path, write(tmp_path, text), "unknown command 'charge'")


def test_the_command_line_refuses_in_one_line(nato, game_path, tmp_path, capsys):
    path = write(tmp_path, ORDERS.format(turn=2))
    assert main(["orders", str(game_path), str(path), "--require-signature"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: refused: unsigned orders" in err
    signed = write(tmp_path, sign_orders(nato, ORDERS.format(turn=2)), "s.toml")
    assert main(["orders", str(game_path), str(signed), "--require-signature"]) == 0
    assert "orders for turn 2 received" in capsys.readouterr().out
    assert main(["require-signatures", str(game_path), "on"]) == 0
    assert main(["orders", str(game_path), str(path)]) == 2


def test_sign_orders_on_the_command_line(nato, game_path, tmp_path, capsys):
    out = tmp_path / "nato.umpkg"
    out.write_bytes(package_of(game_path, "nato"))
    path = write(tmp_path, ORDERS.format(turn=2))
    assert main(["sign-orders", str(out), str(path)]) == 0
    assert main(["orders", str(game_path), str(tmp_path / "orders.signed.toml"), "--require-signature"]) == 0
    assert main(["sign-orders", str(out), str(tmp_path / "orders.signed.toml")]) == 2
    assert "already signed" in capsys.readouterr().err


def test_a_string_turned_into_a_toml_date_after_signing_is_refused(nato, game_path, tmp_path):
    """A TOML date prints as the string of its digits in the canonical JSON: the file may hold
    none, or "1979-05-27" could become 1979-05-27 under the same signature (review 6, finding 5)."""
    signed = sign_orders(nato, 'note = "1979-05-27"\n' + ORDERS.format(turn=2))
    altered = signed.replace('note = "1979-05-27"', "note = 1979-05-27")
    assert tomllib.loads(altered)["note"] != tomllib.loads(signed)["note"]
    refused(game_path, write(tmp_path, altered), "note is a TOML date or time; orders files hold none")
    with pytest.raises(UmpireError, match="when is a TOML date or time"):
        sign_orders(nato, 'side = "nato"\nturn = 2\nwhen = 07:32:00\n')        # nor will the player's Umpire sign one
    assert check_orders(str(game_path), write(tmp_path, signed, "s.toml")).signed       # quoted, as signed: it passes


def test_an_older_signed_version_handed_in_after_a_newer_one_is_refused(nato, game_path, tmp_path):
    """Two signed versions of NATO's turn-2 orders: the newer kept, the older one replayed after it
    is refused and the newer stays the one in (review 6, finding 5)."""
    older = write(tmp_path, sign_orders(nato, ORDERS.format(turn=2).replace("overwatch", "bound")), "v1.toml")
    newer = write(tmp_path, sign_orders(nato, ORDERS.format(turn=2)), "v2.toml")
    system = system_for(str(game_path))
    take_orders(str(game_path), older, system)
    take_orders(str(game_path), newer, system)
    refused(game_path, older, "refused: nato's orders for turn 2 signed at .* are not newer than those already taken")
    refused(game_path, newer, "not newer")                 # nor the same file twice
    assert '"overwatch"' in orders_in(str(game_path), 2)["nato"].text
    # the signing time is signed: moving it later breaks the signature
    text = older.read_text(encoding="utf-8")
    when = tomllib.loads(text)["signature"]["signed"]
    refused(game_path, write(tmp_path, text.replace(when, "2999" + when[4:]), "v3.toml"), "the signature does not match")
    # an unsigned file kept last does not stop a newer signed one
    set_require_signature(str(game_path), ["nato", "warpac"], False)
    take_orders(str(game_path), write(tmp_path, ORDERS.format(turn=2), "u.toml"), system)
    take_orders(str(game_path), write(tmp_path, sign_orders(nato, ORDERS.format(turn=2)), "v4.toml"), system)
    assert orders_in(str(game_path), 2)["nato"].signed


def test_not_toml_when_signatures_are_required_is_one_line(nato, game_path, tmp_path, capsys):
    """Review 6, finding 6: a file that is not TOML, with signatures required, is refused naming it."""
    bad = write(tmp_path, 'side = "nato"\nturn = = 2\n')
    refused(game_path, bad, r"refused: not valid TOML \(.*line 2.*\), and the orders must be signed", require=True)
    assert main(["require-signatures", str(game_path), "on"]) == 0
    capsys.readouterr()
    assert main(["orders", str(game_path), str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{bad}: refused: not valid TOML" in err


def test_not_toml_on_a_sides_page_when_signatures_are_required(nato, game_path):
    """Finding 6 on the side's page (umpire serve): the same one line, a 400, nothing kept."""
    import html

    from umpire.core.store.db import open_game
    from umpire.serve.app import create_app
    from umpire.serve.links import make_links
    set_require_signature(str(game_path), ["nato", "warpac"], True)
    links = make_links(open_game(str(game_path)).side_ids())
    app = create_app(str(game_path), links)
    app.testing = False                       # a traceback would be a 500 page, not raised here
    rows = len(journal(str(game_path)))
    r = app.test_client().post(f"/s/{links.tokens['nato']}/orders", data={"orders": 'side = "nato"\nturn = = 2\n'})
    page = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 400 and "refused: not valid TOML (Invalid value (at line 2, column 8))" in page
    assert len(journal(str(game_path))) == rows


def test_the_same_signed_file_taken_twice_is_refused_the_second_time(nato, game_path, tmp_path, capsys):
    """Tester's finding (issue 23/24): one signed file handed in twice -- by `umpire orders` and
    then on the side's page -- gave two journal entries.  The second is refused (its signing time
    is not newer than the one kept), in one line, and the journal keeps one."""
    from umpire.serve.app import create_app
    from umpire.serve.links import make_links
    path = write(tmp_path, sign_orders(nato, ORDERS.format(turn=2)))
    assert main(["orders", str(game_path), str(path)]) == 0
    rows = len(journal(str(game_path)))
    capsys.readouterr()
    assert main(["orders", str(game_path), str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not newer than those already taken" in err
    assert len(journal(str(game_path))) == rows
    links = make_links(["nato", "warpac"], tmp_path / "links.toml")
    client = create_app(str(game_path), links).test_client()
    r = client.post(f"/s/{links.tokens['nato']}/orders", data={"orders": path.read_text(encoding="utf-8")})
    assert r.status_code == 400 and "not newer than those already taken" in r.get_data(as_text=True)
    assert len(journal(str(game_path))) == rows and len(orders_in(str(game_path), 2)) == 1
