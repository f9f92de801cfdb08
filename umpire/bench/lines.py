"""One printed line per figure: `name: VALUE`, its goal and whether it is met, what it compared."""

from __future__ import annotations


def figure(name: str, value: float, unit: str, op: str | None, goal: float | None, compared: str) -> str:
    shown = f"{value:.1f}{unit}" if value >= 10 or unit == "x" else f"{value:.2f}{unit}"
    if op is None or goal is None:
        verdict = "no goal"
    else:
        met = value >= goal if op == ">=" else value <= goal
        verdict = f"goal {op} {goal}{unit}: {'met' if met else 'NOT MET'}"
    return f"{name}: {shown}  ({verdict}; {compared})"
