"""Umpire: an umpire's workstation for double-blind hex wargames."""

__version__ = "0.1.0"
