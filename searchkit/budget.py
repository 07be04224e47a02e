"""Budgets and progress reports of one search.

A :class:`Budget` caps a search; when a cap is hit the search stops and returns a
:class:`~searchkit.Result` with ``status="budget_exhausted"`` and the statistics so far. Loops do
not look at the clock on every expansion: their :class:`~searchkit.loops.Run` checks the budget
every few hundred expansions at most (and exactly when ``max_expansions`` is reached), which
keeps the hot loop free of system calls.
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass
from typing import Any

from .errors import OptionError
from .result import Stats

__all__ = ["Budget", "BudgetExhausted", "Clock", "Progress", "limit_error", "LIMITS"]


#: What each limit accepts, as (kind, smallest value, unit): ``None`` always means no limit.
LIMITS: dict[str, tuple[type, float, str]] = {
    "max_expansions": (int, 0, "expansions"),
    "max_seconds": (float, 0, "seconds"),
    "max_cpu_seconds": (float, 0, "seconds"),
    "max_visited": (int, 1, "states"),
    "max_bytes": (int, 1, "bytes"),
}


def limit_error(name: str, value: Any) -> str | None:
    """What ``value`` should be as the ``name`` limit (``"must be ..."``), or ``None`` if valid.

    Counts (``max_expansions``, ``max_visited``, ``max_bytes``) are whole numbers;
    ``max_seconds`` is a positive finite number. ``max_expansions=0`` is valid and means: test
    the start, expand nothing. The command line's budget flags use this check too.

    >>> limit_error("max_seconds", float("nan"))
    'must be a positive, finite number of seconds'
    >>> limit_error("max_expansions", 0) is None
    True
    """
    kind, low, unit = LIMITS[name]
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        valid = number and math.isfinite(value) and float(value).is_integer() and value >= low
        wanted = f"a whole number of {unit}, {low} or more"
    else:
        valid = number and math.isfinite(value) and value > low
        wanted = f"a positive, finite number of {unit}"
    return None if valid else f"must be {wanted}"


@dataclass(frozen=True)
class Clock:
    """A reading of the two clocks that time budgets count on: ``wall``, wall-clock time
    (``time.perf_counter``), and ``cpu``, the CPU time of the thread that read it
    (``time.thread_time``: meaningful in that thread only). :meth:`now` reads them.

    ``search(..., since=clock)`` counts its time budgets from ``clock`` rather than from its own
    start: what ran in between (building the problem, say) counts too.
    """

    wall: float
    cpu: float

    @classmethod
    def now(cls) -> Clock:
        """The clocks' readings now."""
        return cls(time.perf_counter(), time.thread_time())


#: What :meth:`Budget.left` leaves of a limit already spent: a limit must be positive, and this
#: one is spent at the first check.
_SPENT = 1e-9


@dataclass(frozen=True)
class Budget:
    """Limits on one search; ``None`` means unlimited. Invalid values (negative, zero where it
    means nothing, NaN, infinite, not a number) raise :class:`~searchkit.OptionError`.

    ``max_expansions``
        Stop after this many expansions (exact); ``0`` tests the start and expands nothing.
    ``max_seconds``
        Stop after this much wall-clock time, setup included, counted from the search's start or
        its ``since`` (checked about every 50 ms, and by a timer at the deadline, set a day at a
        time when it is further away; see docs/results.md).
    ``max_cpu_seconds``
        Stop after this much CPU time of the thread running the search (``time.thread_time``),
        setup included, counted as ``max_seconds`` is (checked about every 50 ms and by
        :func:`~searchkit.check_budget`; no timer): other programs on a busy machine, and the
        process's other threads (a worker running tasks side by side), do not eat into it,
        which is what a benchmark on a shared machine needs.
    ``max_visited``
        Stop once the visited structure holds more than this many keys (checked with the time,
        so it may be exceeded by at most one check interval's worth of states). A search that
        stores no states (a tree search, ``visited="none"``) refuses it: see
        :func:`~searchkit.search`.
    ``max_bytes``
        Stop before the search holds more than this many bytes: the larger of the estimated
        memory of its structures and the objects they keep alive (:attr:`Stats.peak_bytes
        <searchkit.Stats.peak_bytes>`) and the process's growth since the search started, plus
        the next resize of a big table.

    >>> Budget(max_expansions=10)  # doctest: +NORMALIZE_WHITESPACE
    Budget(max_expansions=10, max_seconds=None, max_visited=None, max_bytes=None,
           max_cpu_seconds=None)
    """

    max_expansions: int | None = None
    max_seconds: float | None = None
    max_visited: int | None = None
    max_bytes: int | None = None
    max_cpu_seconds: float | None = None

    def __post_init__(self) -> None:
        for name in LIMITS:
            value = getattr(self, name)
            problem = None if value is None else limit_error(name, value)
            if problem:
                raise OptionError(f"budget {name} {problem}, not {value!r} (leave it out for no "
                                  "limit)")

    def left(self, since: Clock) -> Budget:
        """This budget less the time gone by since ``since`` (read in this thread): its time
        limits shortened by the wall-clock and CPU time spent (a limit already spent is left
        with a nanosecond: it stops what runs at once), the other limits as they are. For code
        that takes a budget but no ``since`` (a puzzle's own :class:`~searchkit.Solver`).

        >>> budget = Budget(max_seconds=3, max_expansions=10)
        >>> left = budget.left(Clock.now())
        >>> 2.9 < left.max_seconds <= 3, left.max_expansions, left.max_cpu_seconds
        (True, 10, None)
        """
        now = Clock.now()
        limits = {}
        if self.max_seconds is not None:
            limits["max_seconds"] = max(self.max_seconds - (now.wall - since.wall), _SPENT)
        if self.max_cpu_seconds is not None:
            limits["max_cpu_seconds"] = max(self.max_cpu_seconds - (now.cpu - since.cpu), _SPENT)
        return dataclasses.replace(self, **limits)

    def exhausted_by(self, stats: Stats, nbytes: int) -> str | None:
        """Why the budget is exhausted by ``stats`` and ``nbytes`` of memory, or ``None``.

        >>> Budget(max_expansions=10).exhausted_by(Stats(expanded=10), 0)
        'expansion budget exhausted (10 expansions)'
        """
        if self.max_expansions is not None and stats.expanded >= self.max_expansions:
            return f"expansion budget exhausted ({self.max_expansions} expansions)"
        if self.max_seconds is not None and stats.seconds >= self.max_seconds:
            return f"time budget exhausted ({self.max_seconds:g} s)"
        if self.max_visited is not None and stats.visited > self.max_visited:
            return f"visited-states budget exhausted ({self.max_visited} states)"
        if self.max_bytes is not None and nbytes > self.max_bytes:
            return f"memory budget exhausted ({self.max_bytes} bytes)"
        return None


class BudgetExhausted(BaseException):
    """A budget limit was reached; raised by :meth:`~searchkit.loops.Run.checkpoint` inside the
    loop (or by :func:`~searchkit.check_budget` and the time-budget timer in code run by the
    search) and turned into a ``budget_exhausted`` result by :meth:`~searchkit.loops.Run.guard`.

    Like :class:`KeyboardInterrupt` it is no :class:`Exception`, so that plugin code catching
    ``Exception`` cannot swallow it.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Progress:
    """A snapshot handed to a progress callback (about twice a second)."""

    stats: Stats
    frontier: int
    elapsed: float

    @property
    def rate(self) -> float:
        """Expansions per second so far."""
        return self.stats.expanded / self.elapsed if self.elapsed > 0 else 0.0
