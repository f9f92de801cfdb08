# A package only so that setuptools installs these files; Alembic reads them as revisions.
