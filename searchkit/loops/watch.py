"""Budgets outside the loop's own checks: the running searches, :func:`check_budget` and the
time-budget alarm.

A loop checks its budget every few expansions, but a search also runs code before its first
expansion and between two checks -- a heuristic building its tables on its first call, a slow
successor function. That code belongs to the search and runs under its budget in two ways:

* **cooperatively**: :func:`check_budget`, a public function that costly code (a plugin's table
  builder) calls every so often. Inside a search it raises the search's ``BudgetExhausted``
  once its time (wall-clock or CPU) or memory budget is spent; outside a search it returns at
  once. It works in every thread.
* **by an alarm**: a search with a wall-clock time budget, started in the main thread of a Unix
  process whose ``SIGALRM`` is free, sets a timer for its deadline. If the deadline passes with
  no check in between, the timer interrupts whatever runs -- as Ctrl-C would -- and the search
  returns ``budget_exhausted``. The timer and the previous handler are restored when the search
  ends; a search started inside another one keeps the outer search's timer. Until then the timer
  comes again every :data:`RETRY_SECONDS`: an interruption that lands where Python ignores
  exceptions (a garbage-collector callback, a finaliser) is not lost. It does not interrupt the
  handling of a stop, though (a ``finally`` block or an ``__exit__`` that runs while the stop or a
  Ctrl-C unwinds, killing worker processes, say): that cleanup runs to its end. A CPU time budget
  has no timer: only the loop's checks and :func:`check_budget` stop it. A deadline further
  than :data:`LONGEST_TIMER` away (any positive finite ``max_seconds`` is a valid budget, but
  the system's timer cannot be set for ``1e10`` seconds) sets the timer for that long, and
  again for what is left each time it comes early.

A CPU time budget counts the CPU time of the search's thread alone, and a memory budget the
growth of this process alone: work handed to other processes (or, for CPU time, threads) escapes
them. Costly code asks :func:`cpu_budgeted` and :func:`memory_budgeted` and, when one says so,
does that work in the search's thread, calling :func:`check_budget` as it goes.

Either way :meth:`Run.guard <searchkit.loops.Run.guard>` turns the interruption into the result.
Plugin code must therefore, as for Ctrl-C, leave its caches absent rather than half-built when
an exception passes through it (build, then store).

>>> check_budget()  # outside a search: nothing to check
>>> cpu_budgeted(), memory_budgeted()
(False, False)
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from ..budget import BudgetExhausted

if TYPE_CHECKING:
    from .run import Run

__all__ = ["check_budget", "cpu_budgeted", "memory_budgeted", "running", "alarm", "disarm"]

class _ThreadState(threading.local):
    """Per thread: the running searches (innermost last) and the one whose timer is set."""

    owner: Run | None = None  # class defaults: reading them raises nothing (fast)
    early = False  # the timer is set short of the owner's deadline (see LONGEST_TIMER)

    def __init__(self) -> None:
        self.runs: list[Run] = []


_local = _ThreadState()


def running() -> list[Run]:
    """The searches running in this thread, innermost last."""
    return _local.runs


def check_budget() -> None:
    """Raise the running search's ``BudgetExhausted`` when its time or memory budget is spent.

    Call it from code that may run long inside a search (e.g. every few thousand steps of a
    table build in a heuristic's first call): the search then stops on time even before its
    loop's first check. Outside a search it does nothing. It costs a clock read (and, with a
    memory budget, a read of the process's size at most every millisecond).
    """
    stack = _local.runs
    if stack:
        stack[-1].poll()


def cpu_budgeted() -> bool:
    """Whether a search running in this thread (the innermost or one around it) has a CPU time
    budget. That budget counts this thread's CPU time only, so work done for the search in other
    processes or threads (a pool building tables) is not bounded by it: such work should then run
    in this thread instead, calling :func:`check_budget` as it goes. False outside a search.
    """
    return any(run.cpu_deadline is not None for run in _local.runs)


def memory_budgeted() -> bool:
    """Whether a search running in this thread (the innermost or one around it) has a memory
    budget. That budget counts this process's growth (and the search's own structures) only, so
    memory used for the search by other processes (a pool's workers building tables) is not
    bounded by it: such work should then run in this thread instead, calling
    :func:`check_budget` as it goes. False outside a search.
    """
    return any(run.budget.max_bytes is not None for run in _local.runs)


#: when the timer comes again if its interruption was lost (raised where Python ignores it)
RETRY_SECONDS = 0.01

#: the longest the timer is set for (a day): a deadline further away sets it again when it comes
LONGEST_TIMER = 86400.0


def _set_timer(seconds: float) -> None:
    """Set the timer for ``seconds`` (at least a microsecond, at most :data:`LONGEST_TIMER`)
    and remember whether that falls short of them."""
    _local.early = seconds > LONGEST_TIMER
    signal.setitimer(signal.ITIMER_REAL, max(min(seconds, LONGEST_TIMER), 1e-6))


def _on_alarm(signum: int, frame: Any) -> None:
    owner = _local.owner
    if owner is not None and owner in _local.runs:
        if _local.early and owner.deadline is not None:  # short of a far deadline: set again
            _set_timer(owner.deadline - time.perf_counter())
            return
        # Python ignores an exception raised in a garbage-collector callback (hypothesis
        # installs one) or a finaliser, and the search would run on to its next check: the
        # timer comes again until the search has stopped (the run disarms it as it leaves), but
        # lets the cleanup of a stop already under way finish
        signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)
        if not isinstance(sys.exc_info()[1], (BudgetExhausted, KeyboardInterrupt)):
            owner.expire()


def alarm(run: Run, seconds: float) -> bool:
    """Interrupt ``run`` after ``seconds`` (see the module docstring); False when no timer could
    be set here. :func:`disarm` (called whatever happens) puts things back."""
    if (not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        return False
    handler = signal.getsignal(signal.SIGALRM)
    if handler is _on_alarm and _local.owner in _local.runs:
        return False  # an outer search's own timer: it stays
    if handler is not signal.SIG_DFL and handler is not _on_alarm:
        return False  # the program's own use of SIGALRM
    try:
        signal.signal(signal.SIGALRM, _on_alarm)
    except (ValueError, OSError):  # pragma: no cover - e.g. an embedded interpreter
        return False
    _local.owner = run  # before the timer starts: disarm() must know whose it is
    _set_timer(seconds)
    return True


def disarm(run: Run) -> None:
    """Stop ``run``'s timer and restore the default handler, if ``run`` set them."""
    if _local.owner is run:
        # No owner first: an alarm that came just before the timer stops has its handler run
        # by Python at the next bytecode boundary, maybe after the stop; with an owner it would
        # set the timer again, and the default handler (put back next) would kill the process
        _local.owner = None
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
