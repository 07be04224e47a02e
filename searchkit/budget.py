"""Budgets, progress reports and the clock of one search.

A :class:`Budget` caps a search; when a cap is hit the search stops and returns a
:class:`~searchkit.Result` with ``status="budget_exhausted"`` and the statistics so far. Loops do
not look at the clock on every expansion: they call :meth:`Control.check` every
:attr:`Control.interval` expansions (and exactly when ``max_expansions`` is reached), which keeps
the hot loop free of system calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .errors import OptionError
from .result import Stats

__all__ = ["Budget", "Control", "Progress"]


@dataclass(frozen=True)
class Budget:
    """Limits on one search; ``None`` means unlimited.

    ``max_expansions``
        Stop after this many expansions (exact).
    ``max_seconds``
        Stop after this much wall-clock time (checked every few hundred expansions).
    ``max_visited``
        Stop once the visited structure holds more than this many keys (checked with the time,
        so it may be exceeded by at most one check interval's worth of states).
    ``max_bytes``
        Stop once the estimated memory of the search structures (see
        :attr:`searchkit.Stats.peak_bytes`) exceeds this many bytes.

    >>> Budget(max_expansions=10)
    Budget(max_expansions=10, max_seconds=None, max_visited=None, max_bytes=None)
    """

    max_expansions: int | None = None
    max_seconds: float | None = None
    max_visited: int | None = None
    max_bytes: int | None = None

    def __post_init__(self) -> None:
        for name in ("max_expansions", "max_seconds", "max_visited", "max_bytes"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, (int, float)) or value < 0):
                raise OptionError(f"budget {name} must be a non-negative number, not {value!r}")


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


class Control:
    """The budget, progress callback and clock of one running search.

    Loops keep their counters in local variables and, whenever ``expanded`` reaches
    :meth:`next_check`, copy them into :attr:`stats` and call :meth:`check`, which returns a reason
    string when the budget is exhausted.
    """

    interval = 512  # expansions between checks
    progress_every = 0.5  # seconds between progress callbacks

    def __init__(
        self,
        budget: Budget | None = None,
        progress: Callable[[Progress], None] | None = None,
    ) -> None:
        self.budget = budget or Budget()
        self.progress = progress
        self.stats = Stats()
        self.start = time.perf_counter()
        self._next_report = self.start + self.progress_every
        self._max_expansions = self.budget.max_expansions

    def next_check(self, expanded: int) -> int:
        """The expansion count at which the loop must call :meth:`check` next."""
        nxt = expanded + self.interval
        cap = self._max_expansions
        return nxt if cap is None or cap > nxt else max(cap, expanded)

    def check(self, frontier: int = 0, nbytes: int = 0) -> str | None:
        """Record memory, report progress and return why the budget is exhausted, if it is.

        The caller has already copied its counters into :attr:`stats` (including ``visited``).
        """
        stats = self.stats
        now = time.perf_counter()
        stats.seconds = now - self.start
        if nbytes > stats.peak_bytes:
            stats.peak_bytes = nbytes
        if self.progress is not None and now >= self._next_report:
            self._next_report = now + self.progress_every
            self.progress(Progress(stats, frontier, stats.seconds))
        b = self.budget
        if b.max_expansions is not None and stats.expanded >= b.max_expansions:
            return f"expansion budget exhausted ({b.max_expansions} expansions)"
        if b.max_seconds is not None and stats.seconds >= b.max_seconds:
            return f"time budget exhausted ({b.max_seconds:g} s)"
        if b.max_visited is not None and stats.visited > b.max_visited:
            return f"visited-states budget exhausted ({b.max_visited} states)"
        if b.max_bytes is not None and nbytes > b.max_bytes:
            return f"memory budget exhausted ({b.max_bytes} bytes)"
        return None

    def finish(self, nbytes: int = 0) -> Stats:
        """Stamp the final time and memory on :attr:`stats` and return it."""
        self.stats.seconds = time.perf_counter() - self.start
        if nbytes > self.stats.peak_bytes:
            self.stats.peak_bytes = nbytes
        return self.stats
