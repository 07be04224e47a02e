"""The entry point :func:`search`: validate the request, assemble the parts, run the loop.

Everything a request can get wrong (names, options, a frontier of the wrong kind, a problem
without what the strategy needs) is checked here, before the loop starts; the loop then runs
under a :class:`~searchkit.loops.Run` that turns budgets and Ctrl-C into results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .budget import Budget, Clock, Progress
from .capabilities import Capabilities
from .errors import IncompatibleError, OptionError, SearchkitError, excerpt
from .events import End, Event, Solution, Start
from .loops import Run, SearchContext
from .loops.diagnose import explaining
from .loops.variants import OBSERVED, PLAIN, Variant
from .plugins import frontiers, get_frontier, get_strategy, get_visited_backend, visited_backends
from .result import Result
from .strategies.base import Strategy
from .visited import VisitedBackend

__all__ = ["search", "check_parts", "check_problem", "check_run_arguments", "prepare",
           "closing_events"]


def search(
    problem: Any,
    strategy: str | Strategy = "astar",
    *,
    frontier: str | None = None,
    visited: str | None = None,
    budget: Budget | None = None,
    progress: Callable[[Progress], None] | None = None,
    observer: Callable[[Event], Any] | None = None,
    since: Clock | None = None,
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
        A registered frontier name; ``None`` takes the strategy's default. The frontier must be
        of the kind the strategy needs (plain: ``fifo``/``lifo`` for BFS/DFS; priority:
        ``heap``, ``indexed-heap``, ``buckets`` for Dijkstra, A*, weighted A* and greedy).
    visited:
        ``dict``, ``hashtable`` or ``none`` (tree search, no duplicate detection); ``None``
        takes the strategy's default (``dict``, or ``none`` for depth-first deepening
        strategies, for which a backend means a transposition table).
    budget:
        A :class:`~searchkit.Budget` or ``None`` (no limit); when exhausted the result has
        ``status="budget_exhausted"`` and the statistics so far. It counts what this call runs,
        setup included, but not the building of ``problem`` before it (see ``since``).
    progress:
        A callable or ``None``: called with a :class:`~searchkit.budget.Progress` about twice a
        second.
    observer:
        A callable or ``None``: called with every event of the search
        (:mod:`searchkit.events`): ``start``, ``bound``, ``expand``, ``generate``, ``solution``,
        ``end``. Without one the loops run exactly as fast as if observers did not exist
        (docs/observe.md); :func:`~searchkit.steps` yields the same events one at a time.
    since:
        A :class:`~searchkit.budget.Clock` read earlier in this thread: the time budgets count
        from it instead of from this call, so that what ran in between (building ``problem``)
        is under the same time budget; ``stats.seconds`` still times this call. ``None``: they
        count from this call. Anything else (a number from ``time.perf_counter()``, say) is an
        :class:`~searchkit.OptionError`, with or without a time budget.
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
        For a frontier that makes no sense for the strategy, ``bibfs`` on a problem without
        ``predecessors``/``goal_states``, or a states budget (``max_visited``) on a search that
        stores no states (a tree search, ``visited="none"``, the default of the deepening
        strategies): it would never stop it.
    OptionError
        For an unknown strategy option or an invalid value, and for a ``budget``, ``since``,
        ``progress`` or ``observer`` of the wrong kind (see :func:`check_run_arguments`).

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
    if observer is None:
        ctx, run = prepare(problem, strategy, frontier, visited, budget, progress, options,
                           since=since)
        return run.guard(lambda: _search(ctx, run), run.ended)
    ctx, run = prepare(problem, strategy, frontier, visited, budget, progress, options,
                       OBSERVED, observer, since)

    def observed() -> Result:
        observer(Start(ctx.caps.initial(), run.strategy))
        return _search(ctx, run)

    result = run.guard(observed, run.ended)
    for event in closing_events(result):
        observer(event)
    return result


def prepare(problem: Any, strategy: str | Strategy, frontier: str | None, visited: str | None,
            budget: Budget | None, progress: Callable[[Progress], None] | None,
            options: dict[str, Any], variant: Variant = PLAIN,
            observer: Callable[[Event], Any] | None = None,
            since: Clock | None = None) -> tuple[SearchContext, Run]:
    """Validate a request (see :func:`search`) and build its context and run."""
    check_run_arguments(budget, progress, since, observer)
    caps = Capabilities.of(problem)
    strat = get_strategy(strategy) if isinstance(strategy, str) else strategy
    if not isinstance(strat, Strategy):
        raise SearchkitError(
            f"strategy must be a name or a Strategy, not {type(strategy).__name__}")
    resolved = strat.resolve_options(options)
    _check_needs(strat, caps)
    frontier_factory = _frontier_for(strat, frontier)
    backend = _backend_for(strat, visited)
    _check_budget_fits(strat, backend, budget)
    ctx = SearchContext(caps, strat, resolved, frontier_factory, backend, variant, observer)
    return ctx, Run(strat.name, budget, progress, since)


def check_run_arguments(budget: Any, progress: Any, since: Any, observer: Any = None) -> None:
    """Raise :class:`OptionError` unless ``budget`` is a :class:`Budget`, ``since`` a
    :class:`Clock`, ``progress`` and ``observer`` callables, each or ``None`` (the arguments
    :func:`search`, :func:`~searchkit.steps` and :func:`~searchkit.explore` hand to their run).

    >>> check_run_arguments(Budget(max_seconds=5), print, Clock.now())
    >>> check_run_arguments(5, None, None)
    Traceback (most recent call last):
    ...
    searchkit.errors.OptionError: budget must be a Budget or None, not 5
    """
    for name, value, valid, wanted in (
            ("budget", budget, isinstance(budget, Budget), "a Budget"),
            ("since", since, isinstance(since, Clock), "a Clock (searchkit.budget.Clock.now())"),
            ("progress", progress, callable(progress), "a callable"),
            ("observer", observer, callable(observer), "a callable")):
        if value is not None and not valid:
            raise OptionError(f"{name} must be {wanted} or None, not {excerpt(value)}")


def closing_events(result: Result) -> list[Event]:
    """The events that close a search with ``result``: ``solution`` (when solved), ``end``."""
    if result.status == "solved":
        return [Solution(result.actions, result.states, result.cost), End(result)]
    return [End(result)]


def _search(ctx: SearchContext, run: Run) -> Result:
    """The guarded part of a search: a puzzle's own unsolvability proof, then the loop (or,
    under ``Budget(max_expansions=0)``, the start's goal test alone; in a stepped run, the loop is
    a generator of its events returning the result)."""
    unsolvable = ctx.caps.unsolvable_reason
    reason = unsolvable() if unsolvable is not None else None
    if reason:
        return run.no_solution(reason)
    if run.budget.max_expansions == 0:
        start = ctx.caps.initial()
        if ctx.caps.is_goal(start):
            return run.solved([], [start], 0)
        run.next_check(0)  # raises: the budget allows no expansion
    with explaining(ctx.caps, ctx.heuristic):  # a move of the wrong shape: say which
        return ctx.strategy.loop.run(ctx, run)


def check_problem(problem: Any) -> None:
    """Raise :class:`SearchkitError` unless ``problem`` has the required methods (see
    :meth:`Capabilities.of <searchkit.capabilities.Capabilities.of>`)."""
    Capabilities.of(problem)


def check_parts(strategy: str, frontier: str | None = None, visited: str | None = None,
                budget: Budget | None = None) -> None:
    """Raise what :func:`search` would for a frontier or visited backend that ``strategy``
    cannot use, or a ``budget`` it cannot apply (:class:`IncompatibleError`), or an unknown
    name, before any problem is built.

    >>> check_parts("bfs", frontier="heap")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    searchkit.errors.IncompatibleError: frontier 'heap' cannot be used with strategy 'bfs' (...)
    >>> check_parts("idastar", budget=Budget(max_visited=100))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    searchkit.errors.IncompatibleError: strategy 'idastar' takes no states budget (...
    """
    strat = get_strategy(strategy)
    _frontier_for(strat, frontier)
    _check_budget_fits(strat, _backend_for(strat, visited), budget)


def _check_budget_fits(strat: Strategy, backend: VisitedBackend, budget: Budget | None) -> None:
    """Refuse a states budget where nothing counts states: a run without a visited structure (a
    tree search; a deepening loop without a transposition table) has ``Stats.visited == 0``, so
    ``max_visited`` would silently never stop it."""
    if budget is None or budget.max_visited is None or not backend.is_tree_search:
        return
    storing = ", ".join(name for name, b in visited_backends().items() if not b.is_tree_search)
    raise IncompatibleError(
        f"strategy {strat.name!r} takes no states budget (max_visited, --max-states) with "
        f"visited {backend.name!r}, which stores no states to count: use max_expansions or "
        f"max_bytes (--max-expansions, --max-memory), or a visited backend that stores states "
        f"({storing})"
    )


def _check_needs(strat: Strategy, caps: Capabilities) -> None:
    needs = strat.loop.needs
    missing = [name for name in needs if getattr(caps, name) is None] if needs else None
    if missing:
        raise IncompatibleError(
            f"strategy {strat.name!r} needs a problem with "
            + " and ".join(f"{name}()" for name in missing)
        )


def _backend_for(strat: Strategy, name: str | None) -> VisitedBackend:
    config = strat.loop
    backend: VisitedBackend = get_visited_backend(
        name if name is not None else config.default_visited)
    if backend.is_tree_search and not config.allows_tree_search:
        raise IncompatibleError(
            f"strategy {strat.name!r} needs a visited backend that stores states, not "
            f"{backend.name!r}"
        )
    return backend


def _frontier_for(strat: Strategy, name: str | None) -> Any:
    config = strat.loop
    kind = config.frontier_kind
    if kind is None:
        if name is not None:
            raise IncompatibleError(f"strategy {strat.name!r} keeps its own "
                                    f"{config.own_frontier} and takes no frontier")
        return None
    factory = get_frontier(name if name is not None else config.default_frontier)
    if factory.kind != kind:
        valid = sorted(n for n, f in frontiers().items() if f.kind == kind)
        raise IncompatibleError(
            f"frontier {factory.name!r} cannot be used with strategy {strat.name!r} "
            f"(valid: {', '.join(valid)})"
        )
    return factory
