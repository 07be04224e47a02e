"""The N* game as a :class:`~searchkit.Problem`.

States are positive integers; from ``n`` a move goes to ``2n`` (action ``"x2"``) or to ``n + 1``
(action ``"+1"``), each costing 1. The goal is the target ``t``. Every move increases ``n``, so a
state above ``t`` is a dead end: with ``prune=True`` (the default) such states are never
generated, which keeps the reachable space finite (at most ``t`` states).

The ``log2`` heuristic, ``ceil(log2(t / n))`` for ``n <= t``, is admissible and consistent: a move
at most doubles ``n``, so at least ``log2(t / n)`` moves remain, and one move changes the estimate
by at most 1. The ``exact`` heuristic is the true number of moves left (:func:`moves_left`): A*
then expands the states of optimal paths only, and solves targets of a thousand digits at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import inf

from searchkit import ProblemBase

__all__ = ["NStar", "ceil_log2_ratio", "moves_left"]


def ceil_log2_ratio(n: int, t: int) -> int:
    """``ceil(log2(t / n))`` for ``1 <= n <= t``, in exact integer arithmetic.

    >>> [ceil_log2_ratio(n, 42) for n in (1, 2, 21, 22, 42)]
    [6, 5, 1, 1, 0]
    """
    k = t.bit_length() - n.bit_length()  # n << k has t's length: k or k + 1
    return k if n << k >= t else k + 1


def moves_left(n: int, t: int) -> int:
    """The fewest moves from ``n`` to ``t`` (``1 <= n <= t``), in exact integer arithmetic.

    A plan with ``k`` doublings ends at ``n * 2**k`` plus ``2**j`` for each ``+1`` made while
    ``j`` doublings remain: the rest ``r = t - n * 2**k`` is paid for with the fewest powers of
    two up to ``2**k``, ``r >> k`` of ``2**k`` and one per 1 bit of ``r``'s low ``k`` bits. The
    answer is the best ``k``. The scan goes from the most doublings down and stops once
    ``(t >> k) - n + k``, a lower bound on the cost with ``k`` doublings that only grows as ``k``
    falls, reaches the best found.

    >>> [moves_left(n, 42) for n in (1, 2, 5, 21, 22, 42)]
    [7, 6, 4, 1, 20, 0]
    """
    best = t - n  # no doubling: +1 all the way
    most = ceil_log2_ratio(n, t + 1) - 1  # the most doublings: n * 2**most <= t
    for k in range(most, 0, -1):
        if (t >> k) - n + k >= best:
            break
        r = t - (n << k)
        best = min(best, k + (r >> k) + (r & ((1 << k) - 1)).bit_count())
    return best


class NStar(ProblemBase):
    """From ``start`` reach ``target`` with moves n -> 2n and n -> n + 1.

    >>> from searchkit import search
    >>> search(NStar(1, 42), "bfs").states
    [1, 2, 4, 5, 10, 20, 21, 42]
    """

    def __init__(self, start: int = 1, target: int = 42, heuristic: str = "log2",
                 prune: bool = True) -> None:
        self.start, self.target = start, target
        self.heuristic_name = heuristic
        self.prune = prune

    def initial(self) -> int:
        return self.start

    def successors(self, n: int) -> Iterator[tuple[str, int, int]]:
        limit = self.target if self.prune else inf
        if 2 * n <= limit:
            yield "x2", 2 * n, 1
        if n + 1 <= limit:
            yield "+1", n + 1, 1

    def predecessors(self, n: int) -> Iterator[tuple[str, int, int]]:
        if n % 2 == 0 and n // 2 >= 1:
            yield "x2", n // 2, 1
        if n - 1 >= 1:
            yield "+1", n - 1, 1

    def goal_states(self) -> list[int]:
        return [self.target]

    def is_goal(self, n: int) -> bool:
        return n == self.target

    def heuristic(self, n: int) -> float:
        if n > self.target:
            return inf
        if self.heuristic_name == "zero":
            return 0
        if self.heuristic_name == "exact":
            return moves_left(n, self.target)
        return ceil_log2_ratio(n, self.target)

    def unsolvable_reason(self) -> str | None:
        if self.start > self.target:
            return (f"the start {self.start} is above the target {self.target}; moves only "
                    "increase n")
        return None

    def render(self, n: int) -> str:
        return str(n)

    def render_svg(self, n: int) -> str:
        """``n`` on the number line from 1 to the target (see :mod:`searchkit_nstar.svg`)."""
        from .svg import render
        return render(self, n)

    def format_action(self, action: str) -> str:
        return action

    def __repr__(self) -> str:
        return f"NStar({self.start} -> {self.target})"
