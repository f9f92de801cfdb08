"""Schema 7: the scenario's optional rules and units' ammunition levels."""

from umpire.core.store.migrations.steps import add_columns, integer, json, schema

revision = "0007_options_ammo"
down_revision = "0006_battalion_morale"


def upgrade() -> None:
    add_columns("game_info", json("options", "{}"))
    add_columns("unit", integer("ammo_level", 3))
    schema(7)
