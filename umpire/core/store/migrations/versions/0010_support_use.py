"""Schema 10: supports' features and use, where a unit fired
indirect from, units unbuttoned, the umpire's impact hexes and plots' outcomes."""

from umpire.core.store.migrations.steps import add_columns, flag, json, schema

revision = "0010_support_use"
down_revision = "0009_plots"


def upgrade() -> None:
    add_columns("support", json("features", "{}"), json("used", "{}"))
    add_columns("unit", json("fired_from", None), flag("unbuttoned"))
    add_columns("plot", json("impact", None), json("outcome", None))
    schema(10)
