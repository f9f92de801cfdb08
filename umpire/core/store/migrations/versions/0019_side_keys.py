"""Schema 19: the game's signing keys (issue 23, side packages and signed orders): the key that
signs each side's package, each side's orders key and the game's id, as JSON in game_info.keys.
Older games have none: they are made when the first package is (umpire.packages.keys)."""

from umpire.core.store.migrations.steps import add_columns, json, schema

revision = "0019_side_keys"
down_revision = "0018_past_contacts"


def upgrade() -> None:
    add_columns("game_info", json("keys", "{}"))
    schema(19)
