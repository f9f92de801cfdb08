"""The schema number this Umpire writes, on its own so that a quick reader (`umpire status`)
learns it without loading SQLAlchemy."""

from pathlib import Path

# The schema this Umpire writes: the number of the head revision in migrations/versions.  Bump
# it with a new revision whenever a table changes (migrations/__init__.py tells how).
SCHEMA_VERSION = 20    # 2: spotting state, contacts; 3: the journal (actions) and the dice seed;
                       # 4: column, fatigue, company activations, formation doctrine, exits;
                       # 5: panic, suppression, spent missiles; 6: battalion HQ ratings and morale;
                       # 7: a scenario's optional rules, ammunition levels; 8: defilade markers,
                       # brigades/regiments; 9: indirect fire plots; 10: supports' features and
                       # use, where units fired from, the umpire's impact hexes; 11: a rule
                       # system's own unit counters and game-wide state (depressions, morale...);
                       # 12: who may read each journal line, which sides know of a secret marker;
                       # 13: the columns and tables only one rule system used moved into its own
                       # state (unit marks, game rule_state); 14: what a scenario gives a side,
                       # battalion, company, unit, reinforcement or support beyond the core's keys
                       # kept as the rule system's traits (core.traits), a JSON column each;
                       # 15: an order's hex in columns named for what they hold (hex_q, hex_r);
                       # 16: a snapshot of the state at each turn's end (turn_snapshot);
                       # 17: a battalion's own counter colour; 18: a side's detached
                       # last-known contacts (past_contact), labels never given twice;
                       # 19: the game's signing keys (side packages);
                       # 20: who performed each action, the umpires' seats

# The revisions' files; a revision's id is its file name (migrations/__init__.py).
VERSIONS = Path(__file__).resolve().parent / "migrations" / "versions"
