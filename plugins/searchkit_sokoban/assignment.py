"""Assignment problems between boxes and goals: minimum-cost perfect matching and feasibility.

:func:`min_cost_assignment` is the Hungarian algorithm in its shortest-augmenting-path form
(Kuhn-Munkres with potentials, as in Jonker-Volgenant): O(n^3) time, O(n) extra memory, exact on
integer costs. It first tries an O(n^2) shortcut: if every row's cheapest column is distinct,
taking those is optimal (each row pays its minimum), which is common for boxes near their goals. Missing edges are ``math.inf``; the result is ``inf`` when no perfect matching
avoids them. :func:`has_perfect_matching` only asks whether one exists (Kuhn's augmenting paths,
O(n * edges)), which is cheaper when costs do not matter.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import inf

__all__ = ["has_perfect_matching", "min_cost_assignment"]


def min_cost_assignment(cost: Sequence[Sequence[float]]) -> float:
    """The minimum total cost of a perfect matching of rows to columns of a square matrix.

    >>> min_cost_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    5
    >>> min_cost_assignment([[1, float("inf")], [float("inf"), float("inf")]])
    inf
    >>> min_cost_assignment([])
    0
    """
    n = len(cost)
    if n == 0:
        return 0
    # shortcut: when every row's cheapest column is a different column, that is the optimum
    best_columns = set()
    lower: float = 0
    for row in cost:
        low = min(row)
        lower += low
        best_columns.add(row.index(low))
    if len(best_columns) == n:
        return lower
    finite = [c for row in cost for c in row if c != inf]
    big = (max(finite, default=0) + 1) * (n + 1)  # larger than any matching of finite edges
    matrix = [[c if c != inf else big for c in row] for row in cost]
    limit = big * (n + 1)
    u: list[float] = [0] * (n + 1)  # row potentials (1-based; 0 is a sentinel)
    v: list[float] = [0] * (n + 1)  # column potentials
    match = [0] * (n + 1)  # match[j] = row matched to column j
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        minv = [limit] * (n + 1)
        free = list(range(1, n + 1))  # columns not yet in the alternating tree
        used = [0]
        while True:
            i0 = match[j0]
            row = matrix[i0 - 1]
            ui0 = u[i0]
            delta = limit
            j1 = 0
            for j in free:
                cur = row[j - 1] - ui0 - v[j]
                if cur < minv[j]:
                    minv[j] = cur
                    way[j] = j0
                if minv[j] < delta:
                    delta = minv[j]
                    j1 = j
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
    total: float = 0
    for j in range(1, n + 1):
        c = cost[match[j] - 1][j - 1]
        if c == inf:
            return inf
        total += c
    return total


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
