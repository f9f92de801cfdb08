"""Schema 8: defilade markers (MW4 10.5), brigades/regiments over battalions (19.83) and
companies' formation penalties (4.1)."""

from umpire.core.store.migrations.steps import add_columns, flag, integer, schema, string

revision = "0008_defilade_brigades"
down_revision = "0007_options_ammo"


def upgrade() -> None:
    add_columns("unit", integer("defilade", None))
    add_columns("battalion", string("parent"))
    add_columns("company_state", flag("formation_penalty"), integer("grace_until", None), integer("losses_checked"))
    schema(8)
