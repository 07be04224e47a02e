"""The entry point :func:`search`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .budget import Budget, Control, Progress
from .errors import IncompatibleError, SearchkitError
from .loops import SearchContext
from .plugins import frontiers, get_frontier, get_strategy, get_visited_backend
from .result import Result
from .strategies.base import Strategy

__all__ = ["search", "check_problem"]

_REQUIRED = ("initial", "successors", "is_goal")


def search(
    problem: Any,
    strategy: str | Strategy = "astar",
    *,
    frontier: str | None = None,
    visited: str | None = None,
    budget: Budget | None = None,
    progress: Callable[[Progress], None] | None = None,
    **options: Any,
) -> Result:
    """Search ``problem`` with ``strategy`` and return a :class:`~searchkit.Result`.

    Parameters
    ----------
    problem:
        Any object following the :class:`~searchkit.Problem` protocol.
    strategy:
        A registered name (``bfs``, ``dfs``, ``dls``, ``iddfs``, ``dijkstra``/``ucs``,
        ``astar``, ``wastar``, ``greedy``, ``idastar``, ``bibfs``, or a plugin's) or a
        :class:`~searchkit.strategies.Strategy`.
    frontier:
        A registered frontier name; ``None`` takes the strategy's default. The frontier must
        belong to the family the strategy needs (``fifo``/``lifo`` for BFS/DFS; ``heap``,
        ``indexed-heap``, ``buckets`` for Dijkstra, A*, weighted A* and greedy).
    visited:
        ``dict``, ``hashtable`` or ``none`` (tree search, no duplicate detection); ``None``
        takes the strategy's default (``dict``, or ``none`` for depth-first deepening
        strategies, for which a backend means a transposition table).
    budget:
        A :class:`~searchkit.Budget`; when exhausted the result has
        ``status="budget_exhausted"`` and the statistics so far.
    progress:
        Called with a :class:`~searchkit.budget.Progress` about twice a second.
    **options:
        Strategy options, e.g. ``depth=`` for ``dls``, ``weight=`` for ``wastar``,
        ``cycle_check=`` for the deepening strategies.

    Returns
    -------
    Result
        ``solved`` with ``cost``, ``actions`` and ``states``; or ``no_solution`` (with a
        ``reason``), ``budget_exhausted`` or ``interrupted`` (Ctrl-C) with the statistics so far.

    Raises
    ------
    UnknownNameError
        For an unknown strategy, frontier or visited backend (the message lists valid names).
    IncompatibleError
        For a frontier that makes no sense for the strategy, or ``bibfs`` on a problem without
        ``predecessors``/``goal_states``.
    OptionError
        For an unknown strategy option or an invalid value.

    Examples
    --------
    >>> from searchkit import GraphProblem, search
    >>> roads = GraphProblem({"a": {"b": 4, "c": 1}, "c": {"b": 1}}, start="a", goals={"b"})
    >>> r = search(roads, "dijkstra")
    >>> r.status, r.cost, r.states
    ('solved', 2, ['a', 'c', 'b'])
    >>> search(roads, "bfs").cost  # fewest steps, not cheapest
    4
    """
    check_problem(problem)
    strat = get_strategy(strategy) if isinstance(strategy, str) else strategy
    if not isinstance(strat, Strategy):
        raise SearchkitError(f"strategy must be a name or a Strategy, not {type(strategy).__name__}")
    resolved = strat.resolve_options(options)
    frontier_factory = _frontier_for(strat, frontier)
    backend = get_visited_backend(visited if visited is not None else strat.default_visited)
    if backend.is_tree_search and not strat.tree_search:
        raise IncompatibleError(
            f"strategy {strat.name!r} needs a visited backend that stores states, not 'none'"
        )
    control = Control(budget, progress)
    unsolvable = getattr(problem, "unsolvable_reason", None)
    reason = unsolvable() if unsolvable is not None else None
    if reason:
        control.finish()
        return Result("no_solution", stats=control.stats, strategy=strat.name, reason=reason)
    context = SearchContext(problem, strat, resolved, frontier_factory, backend, control)
    return strat.loop(context)


def check_problem(problem: Any) -> None:
    """Raise :class:`SearchkitError` unless ``problem`` has the required methods."""
    missing = [name for name in _REQUIRED if not callable(getattr(problem, name, None))]
    if missing:
        raise SearchkitError(
            f"{type(problem).__name__} is not a Problem: missing "
            + ", ".join(f"{name}()" for name in missing)
        )


def _frontier_for(strat: Strategy, name: str | None) -> Any:
    if strat.frontier_kind is None:
        if name is not None:
            raise IncompatibleError(
                f"strategy {strat.name!r} keeps its own depth-first stack and takes no frontier"
            )
        return None
    factory = get_frontier(name if name is not None else strat.default_frontier)
    if factory.kind != strat.frontier_kind:
        valid = sorted(n for n, f in frontiers().items() if f.kind == strat.frontier_kind)
        raise IncompatibleError(
            f"frontier {factory.name!r} cannot be used with strategy {strat.name!r} "
            f"(valid: {', '.join(valid)})"
        )
    return factory
