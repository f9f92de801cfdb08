"""The actions of play every rule system shares: the sequence of play (open, pass, next phase,
end turn), spotting, moving and halting, attacking a hex, and how a rule system's unit actions
run (rule_actions).  Importing this package registers them with the engine (core.engine.ACTIONS);
`kit` holds what every action -- the core's and a rule system's own -- shares."""

from . import attacks, movement, rule_actions, sequence, spotting  # noqa: F401  (they register)
from . import inbox  # noqa: F401  (a side's orders file kept in the journal, issue 23)
