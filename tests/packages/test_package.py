"""Side packages (issue 23): what one holds, its signature by the game's key, trust on first use,
`umpire package`, and the game file's keys (schema 18)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import zipfile
from io import BytesIO

import pytest

from packagekit import package_of, rewritten, self_signed
from storekit import as_schema
from umpire.actions import system_for
from umpire.cli import main
from umpire.core.errors import UmpireError
from umpire.core.knowledge import build_view
from umpire.core.store.db import create_game, open_game
from umpire.packages.keys import game_keys
from umpire.packages.package import ENTRIES, SIGNATURE, read_package
from umpire.packages.trust import check_trust


class TestBuildPackage:
    def test_it_holds_the_sides_view_and_key_and_the_same_view_gives_the_same_bytes(self, qapp, game_path):
        data = package_of(game_path, "nato")
        assert data == package_of(game_path, "nato")
        assert zipfile.ZipFile(BytesIO(data)).namelist() == [*ENTRIES, SIGNATURE]
        package = read_package(data)
        game = open_game(game_path)
        view = build_view(game, "nato", system_for(str(game_path)))
        # the whole side view, read back equal (its map's cache key is the game file's, not the side's)
        assert dataclasses.replace(package.view, units=(), map=None) == dataclasses.replace(view, units=(), map=None)
        assert set(package.view.units) == set(view.units)
        for part in ("grid", "terrain", "elevation", "hexsides", "overlays"):
            assert getattr(package.view.map, part) == getattr(view.map, part), part
        assert {u.key for u in package.view.units if u.knowledge == "own"} == \
               {u.id for u in game.units.values() if u.side == "nato" and u.on_map and not u.carried_by}
        assert not any(u.side == "warpac" for u in package.view.units if u.knowledge == "own")
        keys = game_keys(str(game_path))
        assert package.side_key == keys.sides["nato"] and package.manifest["game_key"] == keys.game_public()
        assert package.manifest["side"] == "nato" and package.manifest["orders_turn"] == game.turn + 1
        assert package.report_pdf.startswith(b"%PDF") and package.orders_form

    def test_only_the_sides_own_key_goes_into_its_package(self, qapp, game_path):
        data = package_of(game_path, "nato")
        keys = game_keys(str(game_path))
        assert keys.sides["warpac"].encode() not in data and keys.game.encode() not in data
        entries = zipfile.ZipFile(BytesIO(data))
        assert all(keys.sides["warpac"].encode() not in entries.read(n) for n in entries.namelist())

    def test_the_keys_are_made_once(self, qapp, game_path):
        assert game_keys(str(game_path)) is None
        package_of(game_path, "nato")
        first = game_keys(str(game_path))
        package_of(game_path, "warpac")
        assert game_keys(str(game_path)) == first

    def test_an_unknown_side_is_refused(self, qapp, game_path):
        with pytest.raises(UmpireError, match="unknown side 'aliens'"):
            package_of(game_path, "aliens")


class TestReadPackage:
    def test_an_altered_package_is_refused(self, qapp, game_path):
        data = package_of(game_path, "nato")
        forged = rewritten(data, "view.json", lambda raw: raw.replace(b'"strength":"', b'"strength":"9', 1))
        with pytest.raises(UmpireError, match="altered after the umpire made it"):
            read_package(forged)

    def test_a_package_resigned_with_another_key_reads_but_is_not_trusted(self, qapp, game_path, tmp_path):
        data = package_of(game_path, "nato")
        trust = tmp_path / "trusted.json"
        assert check_trust(read_package(data), "a.umpkg", trust) is True        # first use: remembered
        assert check_trust(read_package(data), "a.umpkg", trust) is False
        # someone makes his own keys for the same game id (as a fake game file would) and signs a package
        copy = tmp_path / "fake.umpire"
        copy.write_bytes(game_path.read_bytes())
        with sqlite3.connect(copy) as conn:
            keys = json.loads(conn.execute("SELECT keys FROM game_info").fetchone()[0])
            from umpire.packages.keys import private_hex
            from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
            keys["game"] = private_hex(Ed25519PrivateKey.generate())
            conn.execute("UPDATE game_info SET keys = ?", (json.dumps(keys),))
        fake = read_package(package_of(copy, "nato"))       # its own signature holds...
        with pytest.raises(UmpireError, match="another key than this game's earlier packages"):
            check_trust(fake, "b.umpkg", trust)             # ...but it is not the game's key

    @pytest.mark.parametrize("raw,why", [(b"hello", "not an Umpire side package"),
                                         (b"", "not an Umpire side package")])
    def test_not_a_package(self, raw, why):
        with pytest.raises(UmpireError, match=why):
            read_package(raw)

    def test_a_zip_of_something_else(self):
        out = BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            z.writestr("buildFile", "a VASSAL module")
        with pytest.raises(UmpireError, match=r"not an Umpire side package \(it holds buildFile\)"):
            read_package(out.getvalue())


class TestPackageCommand:
    def test_one_side_and_all_sides(self, qapp, game_path, tmp_path, capsys):
        out = tmp_path / "nato.umpkg"
        assert main(["package", str(game_path), "--side", "nato", "--out", str(out)]) == 0
        assert read_package(out).side == "nato"
        folder = tmp_path / "out"
        folder.mkdir()
        assert main(["package", str(game_path), "--side", "all", "--out", str(folder)]) == 0
        assert sorted(p.name for p in folder.iterdir()) == ["game-turn01-nato.umpkg", "game-turn01-warpac.umpkg"]
        assert (folder / "game-turn01-nato.umpkg").read_bytes() == out.read_bytes()

    def test_bad_input_is_one_line_and_exit_2(self, qapp, game_path, tmp_path, capsys):
        assert main(["package", str(game_path), "--side", "aliens", "--out", str(tmp_path / "x.umpkg")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "unknown side 'aliens'" in err and not (tmp_path / "x.umpkg").exists()
        assert main(["package", str(game_path), "--side", "all", "--out", str(tmp_path / "x.umpkg")]) == 2
        assert "give a folder" in capsys.readouterr().err


def test_a_game_file_of_schema_18_gets_its_keys(qapp, tmp_path, sample_scenario):
    from umpire.core.store import models as m
    path = tmp_path / "old.umpire"
    create_game(sample_scenario, path)
    as_schema(path, 18, (("game_info", "keys"),), alembic=True)
    read_package(package_of(path, "warpac"))          # migrated to 19 and on, the keys made
    assert game_keys(str(path)).sides.keys() == {"nato", "warpac"}
    assert open_game(path).schema_version == m.SCHEMA_VERSION >= 19


def test_an_earlier_turns_package_is_the_one_made_then(qapp, game_path, tmp_path, capsys):
    from umpire.core.engine import perform
    then = package_of(game_path, "nato")                     # turn 1, as it ends
    perform(str(game_path), "end_turn", {}, system_for(str(game_path)))
    assert package_of(game_path, "nato") != then             # turn 2's is another
    out = tmp_path / "again.umpkg"
    assert main(["package", str(game_path), "--side", "nato", "--turn", "1", "--out", str(out)]) == 0
    assert out.read_bytes() == then                          # replayed to turn 1's end, signed with the game's keys
    assert main(["package", str(game_path), "--side", "nato", "--turn", "3", "--out", str(out)]) == 2
    assert "packages for turns 1 to 2" in capsys.readouterr().err


def test_a_zip_too_large_unpacked_is_refused_unread(monkeypatch):
    import umpire.packages.package as pk
    out = BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in (*ENTRIES, SIGNATURE):
            z.writestr(name, b"0" * 4096)
    monkeypatch.setattr(pk, "LARGEST", 4096)
    with pytest.raises(UmpireError, match="too large to be a side package"):
        read_package(out.getvalue())


def test_the_rule_systems_tables_travel_with_the_package(qapp, game_path):
    package = read_package(package_of(game_path, "warpac"))
    assert {"crt.toml", "units.toml", "terrain.toml"} <= set(package.rule_tables)
    folder = open_game(game_path).rules.path
    assert package.rule_tables["crt.toml"] == (folder / "crt.toml").read_text(encoding="utf-8")


class TestDamagedPackages:
    """Review 6, finding 7: every damaged or ill-formed package is refused in one line by
    read_package, before anything reads its fields."""

    @pytest.mark.parametrize("entry,raw,why", [
        ("manifest.json", b"[]", "manifest.json is not a JSON object"),
        ("manifest.json", b"7", "manifest.json is not a JSON object"),
        ("signature.json", b"[1]", "signature.json is not a JSON object"),
        ("signature.json", b'{"game_key":"ab","signature":1}', "signature.json's signature is 1, not a string"),
    ])
    def test_an_entry_that_is_not_an_object(self, qapp, game_path, entry, raw, why):
        with pytest.raises(UmpireError, match=why) as e:
            read_package(rewritten(package_of(game_path, "nato"), entry, lambda b: raw))
        assert e.value.file == "the package" and "\n" not in e.value.one_line()

    def test_damaged_deflate_data(self, qapp, game_path):
        raw = bytearray(package_of(game_path, "nato"))
        at = raw.find(b"report.pdf") + 40                   # into report.pdf's compressed bytes
        raw[at:at + 30] = b"\xff" * 30
        with pytest.raises(UmpireError, match="a damaged one"):
            read_package(bytes(raw))

    @pytest.mark.parametrize("change,why", [
        (lambda m: m.pop("side_name"), "manifest.json lacks side_name"),
        (lambda m: m.update(orders_turn="x"), "manifest.json's orders_turn is 'x', not a whole number"),
        (lambda m: m.update(turns="ten"), "manifest.json's turns is 'ten', not a whole number"),
        (lambda m: m.update(turn=True), "manifest.json's turn is True, not a whole number"),
        (lambda m: m.update(orders_turn=9), "orders are for turn 9, and it is of turn 1"),
        (lambda m: m.update(side='nato"\nx = 1'), "manifest.json's side .* is not a side's id"),
        (lambda m: m.update(extra=1), "manifest.json has unknown extra"),
        (lambda m: m.update(orders_applied=3), "manifest.json's orders_applied is 3, not a string"),
    ])
    def test_a_self_signed_package_with_a_missing_or_mistyped_manifest_key(self, qapp, game_path, change, why):
        good = self_signed(package_of(game_path, "nato"), lambda m: None)
        assert read_package(good).manifest["side_name"]           # the forging itself keeps a package readable
        with pytest.raises(UmpireError, match=why):
            read_package(self_signed(package_of(game_path, "nato"), change))

    def test_an_orders_key_of_another_game(self, qapp, game_path):
        with pytest.raises(UmpireError, match="its orders key is another side's or another game's"):
            read_package(self_signed(package_of(game_path, "nato"), lambda m: m.update(game_id="0" * 32)))
        with pytest.raises(UmpireError, match="orders-key.json's key is not a key"):
            read_package(self_signed(package_of(game_path, "nato"), lambda m: None, lambda k: k.update(key="zz")))
