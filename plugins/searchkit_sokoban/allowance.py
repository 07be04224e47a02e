"""The time, expansions and memory that the searches of one solve share, one after the other.

:func:`~.solve.solve_level` runs one search, or a portfolio of them, under one budget. An
:class:`Allowance` hands each search its part: a share of the time left (wall-clock, or the CPU
time of the thread that solves) and of the expansions left, and whatever the process's resident
memory may still grow by (a portfolio keeps the backward search's positions for the later
searches to meet, so the memory is the whole solve's, not each search's). :meth:`Allowance.run`
runs one search within its part; a search past its part stops ``budget_exhausted`` with its
statistics.

>>> allowance = Allowance(time_limit=10.0, clock="cpu", max_nodes=1000)
>>> seconds, budget = allowance.part(0.3, expanded=0)
>>> 0 < seconds <= 3.0, budget.max_expansions, budget.max_bytes
(True, 300, None)
>>> allowance.part(0.5, expanded=1000) is None  # the expansions are spent
True
>>> allowance.why(Result("budget_exhausted", reason="expansion limit"), expanded=1000)
'expansion budget exhausted (1000 expansions)'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from searchkit import Budget, Progress, Result, search
from searchkit.budget import limit_error
from searchkit.loops.memory import resident_growth

__all__ = ["Allowance", "check_limits"]


def check_limits(time_limit: float | None, clock: str, max_nodes: int | None,
                 max_memory: int | None) -> None:
    """Raise ``ValueError`` naming the first invalid limit of a solve (see :class:`Allowance`).

    >>> check_limits(float("inf"), "cpu", None, None)
    Traceback (most recent call last):
    ...
    ValueError: time_limit=inf: must be a positive, finite number of seconds (None: no limit)
    """
    if clock not in ("wall", "cpu"):
        raise ValueError(f"unknown clock {clock!r} (valid: wall, cpu)")
    for name, limit, value, unlimited in (
            ("time_limit", "max_seconds", time_limit, " (None: no limit)"),
            ("max_nodes", "max_expansions", max_nodes, ""),
            ("max_memory", "max_bytes", max_memory, "")):
        problem = None if value is None else limit_error(limit, value)
        if problem:
            raise ValueError(f"{name}={value!r}: {problem}{unlimited}")


class Allowance:
    """``time_limit`` seconds of ``clock`` time (``"wall"``, or ``"cpu"``: the CPU time of the
    thread that runs the solve, which a busy machine does not shrink; each search gets its part
    as a :class:`~searchkit.Budget`'s ``max_seconds`` or ``max_cpu_seconds``), ``max_nodes``
    expansions and ``max_memory`` bytes of growth of the process's resident memory, for a whole
    solve (``None``: no limit); ``progress``, if given, is every search's progress callback.
    Invalid values raise ``ValueError`` (:func:`check_limits`)."""

    def __init__(self, time_limit: float | None = None, clock: str = "wall",
                 max_nodes: int | None = None, max_memory: int | None = None,
                 progress: Callable[[Progress], None] | None = None) -> None:
        check_limits(time_limit, clock, max_nodes, max_memory)
        self.time_limit, self.clock = time_limit, clock
        self.max_nodes, self.max_memory = max_nodes, max_memory
        #: handed to every search (:func:`searchkit.search`'s ``progress``)
        self.progress = progress
        self.now = time.perf_counter if clock == "wall" else time.thread_time
        self.start = self.now()
        self._growth = None if max_memory is None else resident_growth()

    def seconds_left(self) -> float | None:
        """The time left (``None``: no limit)."""
        if self.time_limit is None:
            return None
        return max(0.0, self.time_limit - (self.now() - self.start))

    def grown(self) -> int:
        """The bytes the process's resident memory grew by since the solve began."""
        return 0 if self._growth is None else self._growth()

    def expiry(self, seconds: float | None = None) -> Callable[[], bool]:
        """A test for work outside any search (building tables) that turns true once
        ``seconds`` from now have passed (``None``: the solve's time left), or the solve's time
        or memory budget is spent."""
        left = self.seconds_left()
        if seconds is not None:
            left = seconds if left is None else min(left, seconds)
        deadline = None if left is None else self.now() + left
        memory = self.max_memory

        def expired() -> bool:
            return deadline is not None and self.now() > deadline or \
                memory is not None and self.grown() >= memory

        return expired

    def part(self, share: float, expanded: int, first: bool = False
             ) -> tuple[float | None, Budget] | None:
        """The next search's seconds (``share`` of the time left) and budget (``share`` of
        the expansions left, the memory left), ``expanded`` being the expansions of the
        searches before; ``None`` when the time, the expansions or the memory are spent (never
        for the ``first`` search, which runs at least to its first check)."""
        nodes = None if self.max_nodes is None else max(0, self.max_nodes - expanded)
        memory = None if self.max_memory is None else max(0, self.max_memory - self.grown())
        left = self.seconds_left()
        if not first and (nodes == 0 or memory == 0 or left == 0.0):
            return None
        return (None if left is None else left * share,
                Budget(max_expansions=None if nodes is None else int(nodes * share),
                       max_bytes=None if memory is None else max(1, memory)))

    def why(self, result: Result, expanded: int) -> str:
        """Why the solve stopped, its last search having ended with ``result`` after
        ``expanded`` expansions in all: empty when solved; the solve's memory, expansion or time
        budget when spent (a search's own reason names its part only) and it did not stop on
        Ctrl-C; else the search's."""
        if result.solved or result.status == "interrupted":
            return "" if result.solved else result.reason
        if self.max_memory is not None and (self.grown() >= self.max_memory or
                                            result.reason.startswith("memory budget")):
            return f"memory budget exhausted ({self.max_memory} bytes: the solve grew the " \
                f"process by {self.grown() / 1e6:,.1f} MB)"
        if self.max_nodes is not None and expanded >= self.max_nodes:
            return f"expansion budget exhausted ({self.max_nodes} expansions)"
        if result.status == "budget_exhausted" and self.seconds_left() == 0.0:
            return f"time limit exhausted ({self.time_limit:g} s of " \
                f"{'CPU' if self.clock == 'cpu' else 'wall-clock'} time)"
        return result.reason

    def run(self, problem: Any, strategy: str, seconds: float | None, budget: Budget
            ) -> Result:
        """``search(problem, strategy)`` within ``seconds`` of this allowance's clock and
        ``budget`` (``budget_exhausted`` past either, or at once without time)."""
        if seconds is not None and seconds <= 0:
            return Result("budget_exhausted", strategy=strategy, reason="no time left")
        limit = "max_seconds" if self.clock == "wall" else "max_cpu_seconds"
        return search(problem, strategy, budget=replace(budget, **{limit: seconds}),
                      progress=self.progress)
