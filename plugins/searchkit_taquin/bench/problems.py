"""Compact :class:`~searchkit.ProblemBase` puzzles used to measure the engine's own overhead.

They use the same integer encoding and incremental heuristic as the hand-tuned baselines, so the
difference between the engine on these problems and the baselines is the price of the generic
loops alone; the puzzle plugins are measured separately (their successors may cost more).
Successors are returned as lists, not yielded: for a handful of children a list is about 25%
cheaper than a generator in CPython (no generator frame to create and resume).
"""

from __future__ import annotations

from searchkit import ProblemBase

from .baselines.sliding8 import encode, manhattan_tables

__all__ = ["Sliding8"]


class Sliding8(ProblemBase):
    """The 3x3 sliding puzzle on 40-bit int states (see :mod:`.baselines.sliding8`); actions are
    the cell of the tile that slides; Manhattan distance, incrementally updated.

    >>> from searchkit import search
    >>> from .baselines.sliding8 import parse
    >>> search(Sliding8(parse("87 135462"), parse(" 12345678")), "astar").cost
    24
    """

    def __init__(self, start: tuple[int, ...], goal: tuple[int, ...]) -> None:
        self.start, self.goal = encode(start), encode(goal)
        self._md, self._moves = manhattan_tables(goal)

    def initial(self) -> int:
        return self.start

    def is_goal(self, state: int) -> bool:
        return state == self.goal

    def successors(self, s: int) -> list[tuple[int, int, int]]:
        out = []
        for shp, shb, d, _dh in self._moves[s & 15]:
            t = s >> shp & 15
            out.append((shp // 4 - 1, s + (t << shb) - (t << shp) + d, 1))
        return out

    def successors_with_heuristic(self, s: int, h: float) -> list[tuple[int, int, int, float]]:
        out = []
        for shp, shb, d, dh in self._moves[s & 15]:
            t = s >> shp & 15
            out.append((shp // 4 - 1, s + (t << shb) - (t << shp) + d, 1, h + dh[t]))
        return out

    def heuristic(self, s: int) -> int:
        md = self._md
        return sum(md[s >> (4 * (p + 1)) & 15][p] for p in range(9))

