"""The guarded-run helper every loop (and :func:`~searchkit.explore`) runs under: :class:`Run`.

A loop does the search; its :class:`Run` does the bookkeeping, the same way for every loop:

* **counters** -- the loop keeps its counters in local variables (the hot loop pays nothing for
  them) and registers one ``sync(stats)`` function with :meth:`Run.count` that copies them into
  the run's :class:`~searchkit.Stats`; the run calls it at every check and once at the end,
  whatever the ending (a solution, exhaustion, a budget, Ctrl-C);
* **budget checks** -- the loop calls :meth:`Run.checkpoint` whenever its expansion count reaches
  the number the previous call returned (every :attr:`Run.interval` expansions, and exactly at
  ``max_expansions``); the run syncs the counters, measures memory, reports progress and raises
  :class:`BudgetExhausted` when a limit is reached;
* **memory** -- the loop declares its containers once with :meth:`Run.track`; :meth:`Run.memory`
  is the one estimate of ``Stats.peak_bytes``, used at every check and at the end;
* **endings** -- :meth:`Run.guard` runs the loop, turns :class:`BudgetExhausted` and
  :class:`KeyboardInterrupt` into results with the statistics so far, and stamps the final time
  and memory; the loop itself only returns :meth:`Run.solved` or :meth:`Run.no_solution`.

>>> run = Run("demo")
>>> def loop():
...     expanded = 0
...     run.count(lambda stats: setattr(stats, "expanded", expanded))
...     while expanded < 5:
...         expanded += 1
...     return run.no_solution("nothing here")
>>> result = run.guard(loop, run.ended)
>>> result.status, result.stats.expanded, result.reason
('no_solution', 5, 'nothing here')
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Collection, Sized
from typing import Any, TypeVar

from ..budget import Budget, Progress
from ..result import Result, Stats, Status

__all__ = ["Run", "BudgetExhausted", "FRAME_BYTES"]

T = TypeVar("T")

#: Estimated bytes per level of a depth-first recursion (a Python frame plus the list of
#: children the successor function returned).
FRAME_BYTES = 600


class BudgetExhausted(Exception):
    """A budget limit was reached; raised by :meth:`Run.checkpoint` inside the loop and turned
    into a ``budget_exhausted`` result by :meth:`Run.guard`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_UNLIMITED = Budget()


def _no_counters(stats: Stats) -> None:
    """The counters of a run whose loop has registered none yet."""


class Run:
    """The counters, budget, clock, memory estimate and endings of one search.

    ``strategy`` names the strategy in the results; ``budget`` and ``progress`` are those given
    to :func:`~searchkit.search`.
    """

    interval = 512  # expansions between checks
    progress_every = 0.5  # seconds between progress callbacks

    def __init__(self, strategy: str = "", budget: Budget | None = None,
                 progress: Callable[[Progress], None] | None = None) -> None:
        self.strategy = strategy
        self.budget = budget or _UNLIMITED
        self.progress = progress
        self.stats = Stats()
        self.start = time.perf_counter()
        self._next_report = self.start + self.progress_every
        self._sync: Callable[[Stats], None] = _no_counters
        self._frontier: Any = None
        self._maps: tuple[Any, ...] = ()
        self._sets: tuple[Collection[Any], ...] = ()
        self._backend: Any = None
        self._recursive = False

    # -- what the loop registers -----------------------------------------------------------

    def count(self, sync: Callable[[Stats], None]) -> None:
        """Register the loop's ``sync(stats)``, which copies its counters into ``stats``."""
        self._sync = sync

    def track(self, *, frontier: Sized | None = None, maps: tuple[Any, ...] = (),
              backend: Any = None, sets: tuple[Collection[Any], ...] = (),
              recursive: bool = False) -> None:
        """Declare the containers :meth:`memory` measures (replacing any declared before).

        ``frontier`` is asked its ``nbytes()``; ``maps`` were made by ``backend``, which sizes
        them; ``sets`` are plain Python sets; ``recursive`` adds :data:`FRAME_BYTES` per level
        of the deepest path so far (``Stats.max_frontier`` of depth-first loops).
        """
        self._frontier, self._maps, self._backend = frontier, maps, backend
        self._sets, self._recursive = sets, recursive

    # -- during the search -----------------------------------------------------------------

    def next_check(self, expanded: int) -> int:
        """The expansion count at which the loop must call :meth:`checkpoint` next."""
        nxt = expanded + self.interval
        cap = self.budget.max_expansions
        return nxt if cap is None or cap > nxt else max(cap, expanded)

    def checkpoint(self, frontier: int) -> int:
        """Sync the counters, record memory and progress, and check the budget.

        ``frontier`` is the current frontier size (for the progress report). Raises
        :class:`BudgetExhausted` when a limit is reached; else returns the expansion count of the
        next check.
        """
        stats = self.stats
        self._sync(stats)
        now = time.perf_counter()
        stats.seconds = now - self.start
        nbytes = self.memory()
        if nbytes > stats.peak_bytes:
            stats.peak_bytes = nbytes
        if self.progress is not None and now >= self._next_report:
            self._next_report = now + self.progress_every
            self.progress(Progress(stats, frontier, stats.seconds))
        reason = self.budget.exhausted_by(stats, nbytes)
        if reason:
            raise BudgetExhausted(reason)
        return self.next_check(stats.expanded)

    def memory(self) -> int:
        """The estimated bytes of the tracked containers (see :attr:`Stats.peak_bytes`)."""
        total = 0 if self._frontier is None else self._frontier.nbytes()
        for mapping in self._maps:
            total += self._backend.nbytes(mapping)
        for members in self._sets:
            total += sys.getsizeof(members)
        if self._recursive:
            total += FRAME_BYTES * self.stats.max_frontier
        return total

    # -- endings -----------------------------------------------------------------------------

    def solved(self, actions: list[Any], states: list[Any], cost: float) -> Result:
        """The ``solved`` result for a plan."""
        return Result("solved", cost, actions, states, self.stats, self.strategy)

    def no_solution(self, reason: str) -> Result:
        """The ``no_solution`` result: the search proved there is no plan, for ``reason``."""
        return self.ended("no_solution", reason)

    def ended(self, status: Status, reason: str) -> Result:
        """A result without a plan (``no_solution``, ``budget_exhausted`` or ``interrupted``)."""
        return Result(status, stats=self.stats, strategy=self.strategy, reason=reason)

    def guard(self, body: Callable[[], T], stopped: Callable[[Status, str], T]) -> T:
        """Run ``body()`` and finish the run, whatever happens.

        A :class:`BudgetExhausted` or a Ctrl-C (:class:`KeyboardInterrupt`) inside ``body`` ends
        it with ``stopped(status, reason)``. Either way the counters are synced one last time and
        the final time and memory are stamped on :attr:`stats`.
        """
        try:
            outcome = body()
        except BudgetExhausted as stop:
            outcome = stopped("budget_exhausted", stop.reason)
        except KeyboardInterrupt:
            outcome = stopped("interrupted", "interrupted by the user")
        self.finish()
        return outcome

    def finish(self) -> Stats:
        """Sync the counters, stamp the final time and memory, and return :attr:`stats`."""
        stats = self.stats
        self._sync(stats)
        stats.seconds = time.perf_counter() - self.start
        nbytes = self.memory()
        if nbytes > stats.peak_bytes:
            stats.peak_bytes = nbytes
        return stats
