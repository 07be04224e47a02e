"""Assignment problems between boxes and goals: minimum-cost perfect matching and feasibility.

:class:`Assignment` is the Hungarian algorithm in its shortest-augmenting-path form (Kuhn-Munkres
with potentials, as in Jonker-Volgenant): O(n^3) time, exact on integer costs, with an O(n^2)
shortcut when every row's cheapest column is distinct (common for boxes near their goals). It
keeps its dual potentials, so a matrix that differs in one row -- a push moves one box -- is
re-solved by a single augmenting path in O(n^2) (:meth:`Assignment.replace_row`).
:func:`min_cost_assignment` is the one-shot value. Missing edges are ``math.inf``; the value is
``inf`` when no perfect matching avoids them. :func:`has_perfect_matching` only asks whether one
exists (Kuhn's augmenting paths, O(n * edges)), which is cheaper when costs do not matter.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import inf

__all__ = ["Assignment", "has_perfect_matching", "min_cost_assignment"]


class Assignment:
    """An optimal assignment of a square cost matrix, kept with its dual potentials so that a
    matrix differing in one row can be solved in O(n^2) (:meth:`replace_row`).

    ``value`` is the minimum total cost (``inf`` when every perfect matching uses a missing
    edge). Missing edges (``inf``) are stored as ``big``, which must exceed any matching of
    finite edges (``n`` times the largest finite cost, plus one, is enough). Internals, 1-based
    with index 0 as the algorithm's sentinel: ``rows`` (the matrix rows, with ``big``), ``u``
    and ``v`` (row and column potentials: ``rows[i-1][j-1] - u[i] - v[j] >= 0``, with equality
    on matched pairs) and ``match`` (``match[j]`` is the row of column ``j``).

    >>> a = Assignment.solve([[4, 1, 3], [2, 0, 5], [3, 2, 2]], big=100)
    >>> a.value
    5
    >>> a.replace_row(0, [0, 9, 9]).value  # row 0 now prefers column 0
    2
    >>> Assignment.solve([[1, inf], [inf, inf]], big=100).value
    inf
    """

    __slots__ = ("big", "match", "rows", "u", "v", "value")

    def __init__(self, rows: list[list[float]], big: float, u: list[float], v: list[float],
                 match: list[int]) -> None:
        self.rows, self.big, self.u, self.v, self.match = rows, big, u, v, match
        total: float = 0
        for j in range(1, len(match)):
            total += rows[match[j] - 1][j - 1]
        self.value: float = inf if total >= big else total

    @classmethod
    def solve(cls, cost: Sequence[Sequence[float]], big: float) -> Assignment:
        """The optimal assignment of ``cost`` (``inf`` entries are missing edges). O(n^3).

        Shortcut in O(n^2): when every row's cheapest column is a different column, taking
        those is optimal (each row pays its minimum; potentials: the row minima and zeros).
        """
        rows = [[c if c != inf else big for c in row] for row in cost]
        n = len(rows)
        lows = [min(row) for row in rows]
        columns = [row.index(low) for row, low in zip(rows, lows)]
        if len(set(columns)) == n:
            match = [0] * (n + 1)
            for i, j in enumerate(columns, start=1):
                match[j + 1] = i
            return cls(rows, big, [0, *lows], [0] * (n + 1), match)
        u: list[float] = [0] * (n + 1)
        v: list[float] = [0] * (n + 1)
        match = [0] * (n + 1)
        for i in range(1, n + 1):
            _augment(rows, u, v, match, i, big * (n + 1))
        return cls(rows, big, u, v, match)

    def replace_row(self, index: int, costs: Sequence[float]) -> Assignment:
        """The optimal assignment of this matrix with row ``index`` (0-based) set to ``costs``.

        The other rows keep their match and potentials (still feasible and tight); the changed
        row is unmatched and one augmenting path rematches it. O(n^2).
        """
        big = self.big
        rows = self.rows[:]
        rows[index] = [c if c != inf else big for c in costs]
        u, v, match = self.u[:], self.v[:], self.match[:]
        match[match.index(index + 1, 1)] = 0
        u[index + 1] = 0
        _augment(rows, u, v, match, index + 1, big * (len(rows) + 1))
        return Assignment(rows, big, u, v, match)

    def move_row(self, index: int, to: int) -> Assignment:
        """The same assignment with row ``index`` moved to position ``to`` (0-based). O(n)."""
        if index == to:
            return self
        order = list(range(len(self.rows)))
        order.insert(to, order.pop(index))  # order[new position] = old position
        new_of_old = [0] * (len(order) + 1)
        for new, old in enumerate(order, start=1):
            new_of_old[old + 1] = new
        u = [self.u[0]] + [self.u[old + 1] for old in order]
        match = [new_of_old[i] if i else 0 for i in self.match]
        return Assignment([self.rows[old] for old in order], self.big, u, self.v, match)


def _augment(rows: list[list[float]], u: list[float], v: list[float], match: list[int],
             i: int, limit: float) -> None:
    """Match the free row ``i`` by one shortest augmenting path (Kuhn-Munkres with potentials,
    as in Jonker-Volgenant), updating ``u``, ``v`` and ``match`` in place. O(n^2)."""
    n = len(rows)
    way = [0] * (n + 1)
    match[0] = i
    j0 = 0
    minv = [limit] * (n + 1)
    free = [j for j in range(1, n + 1)]  # columns not yet in the alternating tree
    used = [0]
    while True:
        i0 = match[j0]
        row = rows[i0 - 1]
        ui0 = u[i0]
        delta = limit
        j1 = 0
        for j in free:
            cur = row[j - 1] - ui0 - v[j]
            low = minv[j]
            if cur < low:
                minv[j] = low = cur
                way[j] = j0
            if low < delta:
                delta = low
                j1 = j
        if delta:  # (a zero step, common on ties, changes nothing)
            for j in used:
                u[match[j]] += delta
                v[j] -= delta
            for j in free:
                minv[j] -= delta
        free.remove(j1)
        used.append(j1)
        j0 = j1
        if match[j0] == 0:
            break
    while j0:
        j1 = way[j0]
        match[j0] = match[j1]
        j0 = j1


def min_cost_assignment(cost: Sequence[Sequence[float]]) -> float:
    """The minimum total cost of a perfect matching of rows to columns of a square matrix.

    >>> min_cost_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    5
    >>> min_cost_assignment([[1, float("inf")], [float("inf"), float("inf")]])
    inf
    >>> min_cost_assignment([])
    0
    """
    if not cost:
        return 0
    finite = [c for row in cost for c in row if c != inf]
    big = (max(finite, default=0) + 1) * (len(cost) + 1)  # more than any finite matching
    return Assignment.solve(cost, big).value


def has_perfect_matching(adjacent: Sequence[Sequence[int]], columns: int) -> bool:
    """Whether every row can be matched to a distinct column among ``adjacent[row]``.

    >>> has_perfect_matching([[0, 1], [0]], 2), has_perfect_matching([[0], [0]], 2)
    (True, False)
    """
    owner = [-1] * columns

    def augment(row: int, seen: list[bool]) -> bool:
        for col in adjacent[row]:
            if not seen[col]:
                seen[col] = True
                if owner[col] < 0 or augment(owner[col], seen):
                    owner[col] = row
                    return True
        return False

    return all(augment(row, [False] * columns) for row in range(len(adjacent)))
