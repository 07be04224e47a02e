"""When a loop checks its budget next: :class:`Pacing`, the interval between two checks of a
:class:`~searchkit.loops.run.Run`.

A check syncs the counters, reads the clock, estimates memory and may report progress, so a loop
makes one every few hundred expansions, not one per expansion; but a budget holds only if the
checks come often enough. The interval starts small under a budget (nothing is known yet),
doubles up to :attr:`Pacing.interval` while that is safe, and shrinks so that the next check
comes

* exactly at ``max_expansions``;
* about :attr:`Pacing.check_seconds` later (half the time left, near a time limit);
* before the search grows by :attr:`Pacing.check_fraction` of a memory budget;
* before it stores more states than a states budget leaves,

each at the pace measured since the previous check.

>>> from searchkit.budget import Budget
>>> pacing = Pacing(Budget(max_expansions=100), start=0.0)
>>> pacing.next_check(0)  # an expansions budget alone: no early check
100
>>> pacing = Pacing(Budget(max_seconds=1), start=0.0)
>>> pacing.next_check(0)  # a time budget: the first check comes early
16
>>> pacing.adapt(now=0.016, expanded=16, held=0, visited=0, time_left=0.984)
>>> pacing.next_check(16)  # 1 ms an expansion: the interval doubles
48
>>> pacing.adapt(now=0.048, expanded=48, held=0, visited=0, time_left=0.952)
>>> pacing.next_check(48)  # and stops at a check every 50 ms
98
"""

from __future__ import annotations

from ..budget import Budget, BudgetExhausted

__all__ = ["Pacing"]


class Pacing:
    """The expansions between a run's checks under ``budget`` (see the module docstring);
    ``start`` is the run's clock (``time.perf_counter()``) when it began."""

    interval = 512  # the most expansions between two checks
    first_interval = 16  # expansions before the first check under a time or memory budget
    check_seconds = 0.05  # aimed time between two checks
    check_fraction = 0.01  # aimed memory growth between two checks, as a part of max_bytes

    def __init__(self, budget: Budget, start: float) -> None:
        self.budget = budget
        timed = budget.max_seconds is not None or budget.max_bytes is not None or \
            budget.max_cpu_seconds is not None or budget.max_visited is not None
        #: expansions from one check to the next
        self.step = self.first_interval if timed else self.interval
        if budget.max_visited is not None:  # a small states budget: before a few children each
            self.step = max(1, min(self.step, budget.max_visited // 4))
        #: ``(time, expansions, bytes held, states)`` at the last check
        self.last = (start, 0, 0, 0)

    def next_check(self, expanded: int) -> int:
        """The expansion count of the next check after ``expanded``; raises
        :class:`BudgetExhausted` when ``expanded`` already reaches ``max_expansions``."""
        nxt = expanded + self.step
        cap = self.budget.max_expansions
        if cap is None or cap > nxt:
            return nxt
        if cap <= expanded:
            raise BudgetExhausted(f"expansion budget exhausted ({cap} expansions)")
        return cap

    def adapt(self, now: float, expanded: int, held: int, visited: int,
              time_left: float | None) -> None:
        """Choose :attr:`step` after a check at time ``now``, with ``expanded`` expansions,
        ``held`` bytes, ``visited`` states stored and ``time_left`` seconds before the nearer
        deadline (``None``: no time budget)."""
        then, expanded_then, held_then, visited_then = self.last
        self.last = (now, expanded, held, visited)
        done = expanded - expanded_then
        step = min(self.interval, 2 * self.step)
        if done > 0:
            per_expansion = (now - then) / done
            seconds = self.check_seconds
            if time_left is not None:
                seconds = min(seconds, time_left / 2)
            if per_expansion > 0:
                step = min(step, int(seconds / per_expansion))
            growth = (held - held_then) / done
            max_bytes = self.budget.max_bytes
            if max_bytes is not None and growth > 0:
                room = min(self.check_fraction * max_bytes, (max_bytes - held) / 2)
                step = min(step, int(room / growth))
            stored, max_visited = visited - visited_then, self.budget.max_visited
            if max_visited is not None and stored > 0:
                step = min(step, int((max_visited - visited) * done / stored))
        self.step = max(1, step)

    def skip(self, seconds: float) -> None:
        """Leave ``seconds`` out of the pace: time the run spent paused (:meth:`~searchkit.
        loops.run.Run.pause`)."""
        then, expanded, held, visited = self.last
        self.last = (then + seconds, expanded, held, visited)
