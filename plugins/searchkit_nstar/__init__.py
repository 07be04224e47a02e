"""searchkit plugin: the N* numbers game (n -> 2n or n + 1, from a start to a target)."""

from .problem import NStar

__all__ = ["NStar"]
