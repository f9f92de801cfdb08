"""Finding names in text: a unit's, a formation's, written as whole words.  Shared by the
witness (a side's journal in its own words) and the umpires' seats (what a line of text names)."""

from __future__ import annotations

import re


def whole_names(names) -> re.Pattern | None:
    """One pattern for whole names, the longest first ("BMP 7 Rifles" before "BMP 7")."""
    names = sorted({x for x in names if x}, key=len, reverse=True)
    return re.compile("|".join(rf"(?<![\w/]){re.escape(x)}(?![\w/])" for x in names)) if names else None
