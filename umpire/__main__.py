"""`python -m umpire ...`: the same as the `umpire` command."""

import sys

from .cli import main

sys.exit(main())
