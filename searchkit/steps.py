"""Step through a search: :func:`steps` yields its events one at a time.

The events are those an ``observer`` of :func:`~searchkit.search` receives
(:mod:`searchkit.events`), produced by the same loops: in a stepped run each loop is a
generator (:mod:`searchkit.loops.variants`), so nothing runs between two events -- no thread, no
work ahead. The consumer may stop at any event and continue later; a stepper dropped half-way
(or closed with ``.close()``) unwinds the loop and holds nothing. Time spent by the consumer
between two events is not counted in ``stats.seconds`` nor in ``Budget(max_seconds=...)``.

>>> from searchkit import GraphProblem, steps
>>> roads = GraphProblem({"a": {"b": 4, "c": 1}, "c": {"b": 1}}, start="a", goals={"b"})
>>> stepper = steps(roads, "dijkstra")
>>> next(stepper).kind, next(stepper)
('start', Expand(state='a', g=0, h=0, depth=0, f=0, frontier=1, backward=False))
>>> [e.fate for e in stepper if e.kind == "generate"]  # ... and on to the end
['new', 'new', 'improved']
>>> stepper = steps(roads, "dijkstra")
>>> events = list(stepper)
>>> events[-1].result.cost, events[-1].result.stats.expanded
(2, 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from functools import partial
from typing import Any

from .budget import Budget, BudgetExhausted, Progress
from .errors import SearchkitError
from .events import Event, Start
from .loops.deepening import STEPPED_DEPTH
from .loops.diagnose import explaining
from .loops.run import Run
from .loops.variants import STEPPED
from .loops.watch import running
from .result import Result
from .search import _search, closing_events, prepare
from .strategies.base import Strategy

__all__ = ["steps", "Stepper"]

Stepper = Generator[Event, None, Result]
"""What :func:`steps` returns: an iterator of events whose ``StopIteration.value`` (the value of
``yield from``) is the :class:`~searchkit.Result`, also carried by the last event, ``end``."""


def steps(
    problem: Any,
    strategy: str | Strategy = "astar",
    *,
    frontier: str | None = None,
    visited: str | None = None,
    budget: Budget | None = None,
    progress: Callable[[Progress], None] | None = None,
    **options: Any,
) -> Stepper:
    """The events of ``search(problem, strategy, ...)``, one at a time (see the module docstring).

    Takes the arguments of :func:`~searchkit.search` but ``observer`` and ``since`` (its clock
    counts only the steps), and checks them at once: a bad name or option raises here, not at
    the first event. The search advances only when the
    next event is asked for. The last event is ``end``, whose ``result`` is what
    :func:`~searchkit.search` would have returned; a budget or a Ctrl-C during a step ends the
    events the same way (``budget_exhausted``, ``interrupted``). Throwing
    :class:`~searchkit.loops.BudgetExhausted` into the stepper (``stepper.throw(...)``) ends it
    like a budget would.

    >>> from searchkit import GraphProblem
    >>> line = GraphProblem({1: {2: 1}, 2: {3: 1}, 3: {4: 1}}, start=1, goals={4})
    >>> stepper = steps(line, "iddfs")
    >>> [(e.kind, getattr(e, "bound", None)) for e in stepper if e.kind in ("bound", "end")]
    [('bound', 0), ('bound', 1), ('bound', 2), ('bound', 3), ('end', None)]
    """
    ctx, run = prepare(problem, strategy, frontier, visited, budget, progress, options, STEPPED)
    return _paused(_guarded(ctx, run), run)


def _guarded(ctx: Any, run: Run) -> Stepper:
    """The stepped twin of ``run.guard(lambda: _search(ctx, run), run.ended)`` in
    :func:`~searchkit.search`, with the closing events."""
    try:
        yield Start(ctx.caps.initial(), run.strategy)
        outcome: Any = _search(ctx, run)
        if isinstance(outcome, Generator):  # a built-in loop; a third party's returns a Result
            with explaining(ctx.caps, ctx.heuristic):  # a move of the wrong shape: say which
                outcome = yield from outcome
    except BudgetExhausted as stop:
        outcome = run.ended("budget_exhausted", stop.reason)
    except KeyboardInterrupt:
        outcome = run.ended("interrupted", "interrupted by the user")
    except RecursionError:
        raise SearchkitError(
            f"the search went deeper than step-through follows (about {STEPPED_DEPTH:,} "
            "levels), or the problem's own code recursed too deep: observe it with "
            "search(..., observer=...) instead") from None
    run.finish()
    for event in closing_events(outcome):
        yield event
    return outcome  # type: ignore[no-any-return]


def _paused(events: Stepper, run: Run) -> Stepper:
    """``yield from events``, with the run's clock stopped while the consumer holds an event,
    and the run registered as the running search (for :func:`~searchkit.check_budget`) only
    while a step runs. No timer is armed: it would fire in the consumer's code."""
    try:
        event = _step(run, lambda: next(events))
        while True:
            held, held_cpu = time.perf_counter(), time.thread_time()
            try:
                yield event
            except GeneratorExit:
                events.close()
                raise
            except BaseException as exc:  # thrown in by the consumer: pass it on
                run.pause(time.perf_counter() - held, time.thread_time() - held_cpu)
                event = _step(run, partial(events.throw, exc))
                continue
            run.pause(time.perf_counter() - held, time.thread_time() - held_cpu)
            event = _step(run, lambda: next(events))
    except StopIteration as stop:
        return stop.value  # type: ignore[no-any-return]


def _step(run: Run, advance: Callable[[], Event]) -> Event:
    """``advance()`` with ``run`` the innermost running search of this thread."""
    stack = running()
    stack.append(run)
    try:
        return advance()
    finally:
        stack.remove(run)
