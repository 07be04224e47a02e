"""The guarded-run helper every loop (and :func:`~searchkit.explore`) runs under: :class:`Run`.

A loop does the search; its :class:`Run` does the bookkeeping, the same way for every loop:

* **counters** -- the loop keeps its counters in local variables (the hot loop pays nothing for
  them) and registers one ``sync(stats)`` function with :meth:`Run.count` that copies them into
  the run's :class:`~searchkit.Stats`; the run calls it at every check and once at the end,
  whatever the ending (a solution, exhaustion, a budget, Ctrl-C);
* **budget checks** -- the loop calls :meth:`Run.checkpoint` whenever its expansion count reaches
  the number the previous call returned (paced by :mod:`.pacing`: exactly at
  ``max_expansions``, and otherwise at most a few hundred expansions later, fewer when
  expansions are slow or allocate much); the run syncs the counters, measures memory, reports
  progress and raises :class:`BudgetExhausted` when a limit is reached;
* **memory** -- the loop declares its containers once with :meth:`Run.track`; :meth:`Run.memory`
  is the one estimate of ``Stats.peak_bytes`` (:mod:`.memory`: the containers and the objects
  they keep alive), used at every check and at the end. A memory budget is checked against the
  larger of that estimate and the process's growth since the run started (its RSS), plus the
  next resize of a big table;
* **setup** -- everything :meth:`Run.guard` runs is under the budget and Ctrl-C, the heuristic's
  first call and the first expansion included: :mod:`.watch` stops code that reaches no check
  (:func:`~searchkit.check_budget`, and a timer at the deadline of a time budget);
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

import time
from collections.abc import Callable, Collection, Iterable, Sized
from typing import Any, TypeVar

from ..budget import Budget, BudgetExhausted, Clock, Progress
from ..frontiers.protocol import FrontierKind
from ..result import Result, Stats, Status, checked_cost
from .memory import MemoryMeter, resident_growth
from .pacing import Pacing
from .watch import alarm, disarm, running

__all__ = ["Run", "FRAME_BYTES"]

T = TypeVar("T")

#: Estimated bytes per level of a depth-first recursion (a Python frame plus the list of
#: children the successor function returned).
FRAME_BYTES = 600


_UNLIMITED = Budget()


def _no_counters(stats: Stats) -> None:
    """The counters of a run whose loop has registered none yet."""


def _size(nbytes: float) -> str:
    """``"58 kB"``, ``"4.2 MB"``: a size for a reason line."""
    return f"{nbytes / 1e3:.0f} kB" if nbytes < 1e6 else f"{nbytes / 1e6:,.1f} MB"


class Run:
    """The counters, budget, clock, memory estimate and endings of one search.

    ``strategy`` names the strategy in the results; ``budget``, ``progress`` and ``since`` are
    those given to :func:`~searchkit.search`. The clock (``Stats.seconds``) and the process's
    memory baseline start here: what the search does after its run is made (setup included)
    counts against its budget. The time budgets count from ``since`` (a
    :class:`~searchkit.budget.Clock` read earlier in this thread) when given: what ran in
    between counts against them too.
    """

    sample_every = 16  # checks between two samplings of the entries' sizes
    sample_after = 4096  # expansions before the first sampling without a memory budget
    progress_every = 0.5  # seconds between progress callbacks
    _checks = 0  # checks so far
    _sampled: int | None = None  # the check at which the entries were last sampled
    _next_poll = 0.0  # when check_budget() next reads the process's size
    _polled = (0.0, 0)  # (time, growth) at the last read of check_budget

    def __init__(self, strategy: str = "", budget: Budget | None = None,
                 progress: Callable[[Progress], None] | None = None,
                 since: Clock | None = None) -> None:
        self.strategy = strategy
        self.budget = budget = budget or _UNLIMITED
        self.progress = progress
        self.stats = Stats()
        self.meter = MemoryMeter()
        self._sync: Callable[[Stats], None] = _no_counters
        seconds, cpu = budget.max_seconds, budget.max_cpu_seconds
        self._growth = None if budget.max_bytes is None else resident_growth()
        now = Clock.now()
        since = since or now
        self.start = start = now.wall
        self._next_report = start + self.progress_every
        self.pacing = Pacing(budget, start)
        self.deadline = None if seconds is None else since.wall + seconds
        self.cpu_deadline = None if cpu is None else since.cpu + cpu

    # -- what the loop registers -----------------------------------------------------------

    def count(self, sync: Callable[[Stats], None]) -> None:
        """Register the loop's ``sync(stats)``, which copies its counters into ``stats``."""
        self._sync = sync

    def track(self, *, frontier: Sized | None = None, maps: tuple[Any, ...] = (),
              backend: Any = None, sets: tuple[Collection[Any], ...] = (),
              recursive: bool = False, lists: Callable[[], Iterable[list[Any]]] | None = None,
              ancestors: bool = False) -> None:
        """Declare the containers :meth:`memory` measures (replacing any declared before).

        ``frontier`` is asked its ``nbytes()``; ``maps`` were made by ``backend``, which sizes
        them; ``sets`` are plain Python sets of keys; ``lists()`` returns the lists of states the
        loop keeps beside a frontier (the layers of a breadth-first loop); ``recursive`` adds
        :data:`FRAME_BYTES` per level of the deepest path so far (``Stats.max_frontier`` of
        depth-first loops); ``ancestors``: each expansion leaves a node alive (a tree search's
        nodes hold their parents). The objects the containers hold are measured by sampling
        (:mod:`.memory`).
        """
        meter = self.meter
        meter.frontier, meter.maps, meter.backend, meter.sets = frontier, maps, backend, sets
        meter.priority_entries = getattr(frontier, "kind", None) == FrontierKind.PRIORITY
        meter.lists, meter.ancestors = lists, ancestors
        meter.frame_bytes = FRAME_BYTES if recursive else 0
        if self._sampled is not None:
            meter.sample()

    # -- during the search -----------------------------------------------------------------

    def next_check(self, expanded: int) -> int:
        """The expansion count at which the loop must call :meth:`checkpoint` next; raises
        :class:`BudgetExhausted` when ``expanded`` already reaches ``max_expansions`` (a budget
        of 0 expansions, before the first one)."""
        return self.pacing.next_check(expanded)

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
        self._sample()
        self._checks += 1
        nbytes = self.memory()
        if nbytes > stats.peak_bytes:
            stats.peak_bytes = nbytes
        if self.progress is not None and now >= self._next_report:
            self._next_report = now + self.progress_every
            self.progress(Progress(stats, frontier, stats.seconds))
        held = nbytes
        if self.budget.max_bytes is not None:
            held = self._check_memory(nbytes, stats)
        reason = self.budget.exhausted_by(stats, held) or self._out_of_cpu()
        if reason:
            raise BudgetExhausted(reason)
        self.pacing.adapt(now, stats.expanded, held, stats.visited, self._time_left(now))
        return self.pacing.next_check(stats.expanded)

    def _sample(self) -> None:
        """Sample the entries' sizes every :attr:`sample_every` checks, from the first one
        under a memory budget, else once the search has made :attr:`sample_after` expansions (a
        smaller search reports its containers only: one sampling, about 0.1 ms, would cost it
        more than 1% of its time)."""
        last = self._sampled
        if last is None:
            if self.budget.max_bytes is None and self.stats.expanded < self.sample_after:
                return
        elif self._checks - last < self.sample_every:
            return
        self._sampled = self._checks
        self.meter.sample()

    def _check_memory(self, nbytes: int, stats: Stats) -> int:
        """Raise if the memory budget cannot hold the search until the next check; else return
        the bytes held (the larger of the estimate and the process's growth)."""
        max_bytes = self.budget.max_bytes
        assert max_bytes is not None
        grown = self.grown()
        held = max(nbytes, grown)
        pacing = self.pacing
        done = stats.expanded - pacing.last[1]
        reserve = self.meter.reserve(2 * pacing.step / done if done > 0 else 2.0)
        if held + reserve > max_bytes:
            detail = (f"the structures hold {_size(nbytes)}, the process grew by {_size(grown)}"
                      + (f", the next table resize needs {_size(reserve)}" if reserve else ""))
            raise BudgetExhausted(f"memory budget exhausted ({max_bytes} bytes: {detail})")
        return held

    def grown(self) -> int:
        """Bytes the process's resident memory grew by since the run started (0 unknown)."""
        return 0 if self._growth is None else self._growth()

    def _time_left(self, now: float) -> float | None:
        """Seconds before the nearer of the wall-clock and CPU deadlines (``None``: neither)."""
        left = None if self.deadline is None else self.deadline - now
        if self.cpu_deadline is not None:
            cpu_left = self.cpu_deadline - time.thread_time()
            left = cpu_left if left is None else min(left, cpu_left)
        return left

    def poll(self) -> None:
        """The check of :func:`~searchkit.check_budget`: raise :class:`BudgetExhausted` past the
        deadline, or once the process grew beyond the memory budget (its size is read again
        before it can have grown by :attr:`.Pacing.check_fraction` of the budget at the pace
        seen so far, and at least every millisecond)."""
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            self.expire()
        reason = self._out_of_cpu()
        if reason:
            raise BudgetExhausted(reason)
        max_bytes = self.budget.max_bytes
        if max_bytes is not None and now >= self._next_poll:
            grown = self.grown()
            if grown > max_bytes:
                raise BudgetExhausted(f"memory budget exhausted ({max_bytes} bytes: the "
                                      f"process grew by {_size(grown)})")
            then, grown_then = self._polled
            pace = (grown - grown_then) / (now - then) if now > then else 0
            wait = self.pacing.check_fraction * max_bytes / pace if pace > 0 else 0.001
            self._polled = (now, grown)
            self._next_poll = now + min(wait, 0.001)

    def pause(self, seconds: float, cpu_seconds: float = 0.0) -> None:
        """Leave ``seconds`` of wall-clock time and ``cpu_seconds`` of the thread's CPU time
        out of the run's clocks: its elapsed time, deadlines, progress reports and check pacing
        skip them (a stepped search, :func:`~searchkit.steps`, waiting for its consumer between
        two events: the consumer runs in the search's thread)."""
        self.start += seconds
        self._next_report += seconds
        if self.deadline is not None:
            self.deadline += seconds
        if self.cpu_deadline is not None:
            self.cpu_deadline += cpu_seconds
        self.pacing.skip(seconds)

    def expire(self) -> None:
        """Raise the time budget's :class:`BudgetExhausted` (its deadline has passed)."""
        self.stats.seconds = time.perf_counter() - self.start
        raise BudgetExhausted(f"time budget exhausted ({self.budget.max_seconds:g} s)")

    def _out_of_cpu(self) -> str | None:
        """The CPU time budget's reason once the search's thread has used it up, else
        ``None``."""
        if self.cpu_deadline is None or time.thread_time() < self.cpu_deadline:
            return None
        return f"CPU time budget exhausted ({self.budget.max_cpu_seconds:g} s)"

    def memory(self) -> int:
        """The estimated bytes of the tracked containers and of the objects they keep alive
        (see :attr:`Stats.peak_bytes` and :mod:`.memory`)."""
        stats = self.stats
        return self.meter.estimate(stats.max_frontier, stats.expanded)

    # -- endings -----------------------------------------------------------------------------

    def solved(self, actions: list[Any], states: list[Any], cost: float) -> Result:
        """The ``solved`` result for a plan (its cost checked: :func:`~searchkit.result.
        checked_cost`)."""
        return Result("solved", checked_cost(cost), actions, states, self.stats, self.strategy)

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
        the final time and memory are stamped on :attr:`stats`. While ``body`` runs, this run is
        the one :func:`~searchkit.check_budget` checks, and a wall-clock budget's timer is armed
        (:mod:`.watch`).
        """
        try:
            try:
                running().append(self)
                if self.deadline is not None:
                    alarm(self, self.deadline - time.perf_counter())
                outcome = body()
            finally:
                self._leave()
        except BudgetExhausted as stop:
            self._leave()  # again: the timer or a Ctrl-C may have cut the first call short
            outcome = stopped("budget_exhausted", stop.reason)
        except KeyboardInterrupt:
            self._leave()
            outcome = stopped("interrupted", "interrupted by the user")
        self.finish()
        return outcome

    def _leave(self) -> None:
        """Disarm this run's timer and leave the running searches (idempotent)."""
        disarm(self)
        stack = running()
        if self in stack:
            stack.remove(self)

    def finish(self) -> Stats:
        """Sync the counters, stamp the final time and memory, and return :attr:`stats`."""
        stats = self.stats
        self._sync(stats)
        stats.seconds = time.perf_counter() - self.start
        if self._sampled is None and stats.expanded >= self.sample_after:
            self.meter.sample()
        nbytes = self.memory()
        if nbytes > stats.peak_bytes:
            stats.peak_bytes = nbytes
        return stats
