"""What a search returns: :class:`Result` and its :class:`Stats`."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from .errors import ProblemError, excerpt

__all__ = ["Result", "Stats", "Status", "at_least_zero", "checked_cost"]

Status = Literal["solved", "no_solution", "budget_exhausted", "interrupted"]


@dataclass
class Stats:
    """Counters of one search.

    ``expanded``
        States whose successors were generated.
    ``generated``
        Successor states produced (including duplicates and pruned dead ends).
    ``duplicates``
        Generated states skipped because an equal key was already known at no greater cost.
    ``reopened``
        States expanded again after a cheaper path to them was found (A* with an inconsistent
        heuristic, or a weighted/greedy search).
    ``pruned``
        Generated states dropped as dead ends (heuristic ``inf``).
    ``max_frontier``
        Largest number of entries in the frontier (for depth-first loops: the deepest stack).
    ``visited``
        Number of keys in the visited structure at the end.
    ``iterations``
        Iterations of an iterative-deepening loop (1 for the others).
    ``seconds``
        Wall-clock duration.
    ``peak_bytes``
        Estimated peak memory of the search's structures (frontier, visited maps and sets,
        recursion) and of the objects they keep alive (keys, states, entries; sampled sizes),
        taken at every budget check and at the end (:mod:`searchkit.loops.memory`; docs/results.md
        says what it counts and what it cannot see).
    ``bound``
        How far the loop's order got: the last depth or f-cost bound of an iterative-deepening
        loop; the priority of the last state a priority search expanded (g + w * h: f for A*,
        g for Dijkstra, h for greedy search); the depth of the last layer of a breadth-first
        graph search (the goal's, when solved); the length of the path where a bidirectional
        search met. Searches in the frontier's plain order otherwise have none (0; 1 for a
        depth-first graph search that solved).
    """

    expanded: int = 0
    generated: int = 0
    duplicates: int = 0
    reopened: int = 0
    pruned: int = 0
    max_frontier: int = 0
    visited: int = 0
    iterations: int = 1
    seconds: float = 0.0
    peak_bytes: int = 0
    bound: float = 0

    def as_dict(self) -> dict[str, Any]:
        """The counters as a plain dict (for JSON output)."""
        return asdict(self)


@dataclass
class Result:
    """The outcome of :func:`searchkit.search`.

    ``status``
        ``"solved"``, ``"no_solution"`` (the reachable space was exhausted, or the instance is
        provably unsolvable, or a depth-limited search found nothing within its limit: ``reason``
        says which), ``"budget_exhausted"`` or ``"interrupted"`` (Ctrl-C).
    ``cost``
        Total cost of the plan (``None`` when not solved).
    ``actions``
        The plan, first action first (``None`` when not solved).
    ``states``
        The states along the plan, the initial state first and a goal last (``None`` when not
        solved).
    ``stats``
        A :class:`Stats` instance.
    ``strategy``
        Name of the strategy that produced the result.
    ``reason``
        A human-readable explanation of a status other than ``solved``.
    """

    status: Status
    cost: float | None = None
    actions: list[Any] | None = None
    states: list[Any] | None = None
    stats: Stats = field(default_factory=Stats)
    strategy: str = ""
    reason: str = ""

    @property
    def solved(self) -> bool:
        """Whether a plan to a goal was found."""
        return self.status == "solved"

    def _repr_html_(self) -> str:
        """Jupyter's display: status, plan and statistics (see :mod:`searchkit.visual`)."""
        from .visual.notebook import result_html
        return result_html(self)

    def __repr__(self) -> str:
        plan = "" if self.actions is None else f", length={len(self.actions)}"
        return (
            f"Result(status={self.status!r}, cost={self.cost!r}{plan}, strategy={self.strategy!r}, "
            f"expanded={self.stats.expanded})"
        )


def at_least_zero(value: Any) -> bool:
    """Whether ``value`` is a number of at least 0, as costs and heuristic values must be: false
    for NaN, a negative number, and what cannot be compared with 0 (a string, ``None``, a
    complex, ``Decimal('NaN')``).

    >>> [at_least_zero(v) for v in (0, float("inf"), -1, float("nan"), "1", None)]
    [True, True, False, False, False, False]
    """
    try:
        return bool(value >= 0)  # False for NaN
    except (TypeError, ArithmeticError):
        return False


def checked_cost(cost: Any) -> Any:
    """``cost``, the cost of a plan a search found, if it is a number of at least 0. Anything
    else (NaN, a negative sum, a string) can only come from successors outside the contract
    (costs ``>= 0``), under which no strategy's guarantee holds: a
    :class:`~searchkit.errors.ProblemError` instead of a plan.

    >>> checked_cost(7), checked_cost(0.5)
    (7, 0.5)
    >>> checked_cost(float("nan"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    searchkit.errors.ProblemError: the plan found costs nan: the problem's successors gave ...
    """
    if not at_least_zero(cost):
        raise ProblemError(f"the plan found costs {excerpt(cost)}: the problem's successors "
                             "gave costs that are not numbers of at least 0")
    return cost
