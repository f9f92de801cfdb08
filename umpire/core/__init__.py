"""The core of Umpire.  Nothing in this package imports Qt or a rule system's code."""
