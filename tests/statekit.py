"""Setting a rule system's own state in a game file by hand, for tests that start from a
situation: a unit's marks, a key of the game's rule state (JSON, core.rulestate)."""

import json
import sqlite3


def set_marks(path, unit, **fields):
    """Merge `fields` into the unit's marks (None: back to the default)."""
    with sqlite3.connect(path) as conn:
        (marks,) = conn.execute("SELECT marks FROM unit WHERE id = ?", (unit,)).fetchone()
        marks = {**json.loads(marks), **fields}
        conn.execute("UPDATE unit SET marks = ? WHERE id = ?",
                     (json.dumps({k: v for k, v in marks.items() if v is not None}), unit))


def set_state(path, *keys, **values):
    """Merge `values` into the mapping at `keys` of the game's rule state."""
    with sqlite3.connect(path) as conn:
        (state,) = conn.execute("SELECT rule_state FROM game_info").fetchone()
        state = json.loads(state)
        inner = state
        for k in keys:
            inner = inner.setdefault(k, {})
        inner.update(values)
        conn.execute("UPDATE game_info SET rule_state = ?", (json.dumps(state),))
