"""Schema 8: defilade markers, brigades/regiments over battalions and
companies' formation penalties."""

from umpire.core.store.migrations.steps import add_columns, flag, integer, schema, string

revision = "0008_defilade_brigades"
down_revision = "0007_options_ammo"


def upgrade() -> None:
    add_columns("unit", integer("defilade", None))
    add_columns("battalion", string("parent"))
    add_columns("company_state", flag("formation_penalty"), integer("grace_until", None), integer("losses_checked"))
    schema(8)
