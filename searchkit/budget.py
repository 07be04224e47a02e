"""Budgets and progress reports of one search.

A :class:`Budget` caps a search; when a cap is hit the search stops and returns a
:class:`~searchkit.Result` with ``status="budget_exhausted"`` and the statistics so far. Loops do
not look at the clock on every expansion: their :class:`~searchkit.loops.Run` checks the budget
every :attr:`~searchkit.loops.Run.interval` expansions (and exactly when ``max_expansions`` is
reached), which keeps the hot loop free of system calls.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import OptionError
from .result import Stats

__all__ = ["Budget", "Progress"]


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
