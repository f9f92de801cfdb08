"""War Blog (../shared/rules/warblog-print-and-play-rules.txt): in progress (issue 8).

So far its combat arithmetic (combat.py) on transcribed tables; there is no `RuleSystem` and no
resources/rulesets/warblog/ruleset.toml yet, so it is not offered as a rule system.
"""
