"""Typed dice for tests: the faces given, in order, then the program rolls (None), as the
umpire typing in real dice would (core.dice.TypeIn)."""


def dice(*faces):
    queue = list(faces)
    return lambda purpose, count, sides: [queue.pop(0) for _ in range(count)] if len(queue) >= count else None
