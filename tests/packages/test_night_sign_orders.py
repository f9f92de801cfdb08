"""`umpire sign-orders` reads the orders as the player's window does before signing (found at a
game night on Ambush at Xom Lang): it signed a `[[weapon]]` table and a `[[weapons]]` entry with
no weapon, which the umpire's `umpire orders` then refused -- a round trip by mail for nothing."""

from __future__ import annotations

from pathlib import Path

from packagekit import package_of
from umpire.actions import new_game
from umpire.cli import main
from umpire.core.scenario import load_scenario

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "xom-lang-ambush.toml"
GOOD = 'side = "nva"\nturn = 2\n[[weapons]]\nunit = "B Sqd"\ndo = "hand_over"\nweapon = "B Sqd RPG"\nto = "Cpt Vo"\n'


def test_sign_orders_refuses_what_the_umpire_would_refuse_and_signs_the_rest(qapp, tmp_path, capsys, monkeypatch):
    """LnLT 3.0 step 5: [[weapons]] gives unit, do, weapon (and may give to)."""
    monkeypatch.setenv("UMPIRE_TRUST", str(tmp_path / "trust.json"))
    game = new_game(load_scenario(SCENARIO), tmp_path / "x.umpire", seed="night")
    pkg = tmp_path / "nva.umpkg"
    pkg.write_bytes(package_of(game, "nva"))
    for name, text, why in (("a.toml", GOOD.replace("[[weapons]]", "[[weapon]]"), "unknown key(s) weapon"),
                            ("b.toml", GOOD.replace('weapon = "B Sqd RPG"\n', ""), "gives unit, do, weapon")):
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert main(["sign-orders", str(pkg), str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{tmp_path / name}: " in err and why in err
        assert not (tmp_path / name).with_suffix(".signed.toml").exists()
    (tmp_path / "c.toml").write_text(GOOD, encoding="utf-8")
    assert main(["sign-orders", str(pkg), str(tmp_path / "c.toml")]) == 0
    assert main(["orders", game, str(tmp_path / "c.signed.toml"), "--require-signature"]) == 0
    assert "kept until the Rally phase of turn 2" in capsys.readouterr().out
