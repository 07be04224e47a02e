"""Running tasks where the work happens: rebuild the problem, search, return a flat record.

:func:`run_task` never raises for a task's own failure: a format error, an exception in plugin
code or a task that outgrows its memory becomes a record with ``status="error"`` and a one-line
``error``. A worker keeps the problems it built last (a strategy sweep parses an instance once)
and builds a puzzle's costly setup once: the first problem of each (puzzle, options) pair is
built under a lock file in the cache directory, so of the workers of one machine one builds a
pattern database and saves it while the others wait, then read it from disk.

Memory: in a pool worker, :func:`run_chunk` lets a chunk of tasks allocate at most the worker's
limit beyond what the worker held when the chunk started (``RLIMIT_AS``); past it, allocation
fails with :class:`MemoryError` and the task that hit it becomes an error record. A Dask worker
runs its own threads in the same process, which an address-space limit would bind too (they
fail, and the worker hangs), so there the limit is each task's memory budget instead
(``Budget.max_bytes``, the process's growth): the search stops ``budget_exhausted``.

``seconds`` and ``cpu_seconds`` time the search (wall clock and this process's CPU), not the
building of the problem.

>>> from searchkit.experiments.tasks import Task
>>> r = run_task(Task("nstar", "pairs.txt:1", "1 42", "bfs", known=7, plan=True))
>>> r["status"], r["cost"], r["matches_known"], r["plan"]
('solved', 7, True, ['x2', 'x2', '+1', 'x2', 'x2', '+1', 'x2'])
>>> r = run_task(Task("nstar", "bad.txt:3", "1 x", "bfs", source="bad.txt", line=3))
>>> r["status"], r["error"]
('error', "bad.txt:3: expected an integer, got 'x'")
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import socket
import time
import traceback
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any

from ..budget import Budget
from ..errors import IncompatibleError, PuzzleFormatError
from ..result import Result
from .tasks import Task, record_options

__all__ = ["blank_record", "run_task", "run_chunk", "init_worker", "forget_problems",
           "memory_guard", "worker_name"]

_PROBLEMS: OrderedDict[tuple[Any, ...], Any] = OrderedDict()  # the last problems built
_KEEP = 4
_PREPARED: set[tuple[str, str]] = set()  # (puzzle, options) whose setup this worker has done
_LIMIT: list[int | None] = [None]  # bytes a chunk may allocate (init_worker, run_chunk)
_NAME: dict[int, str] = {}


def worker_name() -> str:
    """``host:pid`` of this process, the ``worker`` field of its records."""
    pid = os.getpid()
    if pid not in _NAME:
        _NAME[pid] = f"{socket.gethostname()}:{pid}"
    return _NAME[pid]


def forget_problems() -> None:
    """Drop the problems this process built (a new run may come with other plugins)."""
    _PROBLEMS.clear()
    _PREPARED.clear()


def init_worker(task_memory: int | None = None) -> None:
    """Set up a pool worker: Ctrl-C is the parent's business (it stops the workers), the worker
    dies with its parent (Linux), each task may allocate at most ``task_memory`` bytes, and
    nothing the parent built is reused."""
    import signal

    forget_problems()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(Exception):  # Linux only: SIGKILL this worker when the parent dies
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    _LIMIT[0] = task_memory


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return None


@contextlib.contextmanager
def memory_guard(limit: int | None) -> Iterator[None]:
    """Let the code inside allocate at most ``limit`` more bytes of address space (the soft
    ``RLIMIT_AS``; allocation beyond raises :class:`MemoryError`), then restore the limit."""
    current = _address_space() if limit is not None else None
    try:
        import resource
    except ImportError:  # not a POSIX system: no guard
        current = None
    if current is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = current + int(limit)  # type: ignore[arg-type]
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@contextlib.contextmanager
def _setup_lock(puzzle: str) -> Iterator[None]:
    """An exclusive lock shared by the processes of this machine (no-op where unavailable)."""
    try:
        import fcntl

        from ..patterndb import cache_directory

        directory = cache_directory()
        directory.mkdir(parents=True, exist_ok=True)
        handle = open(directory / f".setup-{puzzle}.lock", "w")  # noqa: SIM115
    except (ImportError, OSError):
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _problem(task: Task, options_key: str) -> Any:
    from ..plugins import get_puzzle

    key = (task.puzzle, task.text, options_key)
    if key in _PROBLEMS:
        _PROBLEMS.move_to_end(key)
        return _PROBLEMS[key]
    puzzle = get_puzzle(task.puzzle)
    group = (task.puzzle, options_key)
    if group in _PREPARED:
        problem = puzzle.parse(task.text, **task.options)
    else:
        with _setup_lock(task.puzzle):
            problem = puzzle.parse(task.text, **task.options)
        _PREPARED.add(group)
    _PROBLEMS[key] = problem
    while len(_PROBLEMS) > _KEEP:
        _PROBLEMS.popitem(last=False)
    return problem


def _where(exc: BaseException) -> str:
    """`` (at file.py:42 in successors)``: the innermost frame of a traceback."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (at {os.path.basename(last.filename)}:{last.lineno} in {last.name})"


def _error(exc: BaseException, task: Task) -> str:
    if isinstance(exc, PuzzleFormatError):
        line = None if exc.line is None else exc.line + task.line - 1
        return str(PuzzleFormatError(exc.reason, line, task.source or task.instance))
    if isinstance(exc, MemoryError):
        limit = _LIMIT[0]
        size = "" if limit is None else f" ({limit / 2**30:.2f} GiB)"
        return f"MemoryError: the task needed more than its memory limit{size}"
    return f"{type(exc).__name__}: {exc}{_where(exc)}"


def blank_record(task: Task) -> dict[str, Any]:
    """The record of ``task`` before it ran: ``status="error"``, counters at zero."""
    return {
        "puzzle": task.puzzle, "instance": task.instance, "strategy": task.strategy,
        "options": record_options(task), "status": "error", "cost": None, "length": None,
        "known": task.known, "matches_known": None, "expanded": 0, "generated": 0,
        "cpu_seconds": 0.0, "seconds": 0.0, "peak_bytes": 0, "worker": worker_name(),
        "error": None, "plan": None, "digest": task.digest,
    }


def solve_task(task: Task, problem: Any, max_bytes: int | None = None) -> Result:
    """The result of ``task`` on ``problem`` (parsed from its text with its options): its
    search, or the puzzle's own solver (``task.solver``); ``max_bytes`` caps its budget's."""
    from ..plugins import get_puzzle
    from ..search import search

    budget = task.budget
    if max_bytes is not None:  # the smaller of the two, when the task has its own
        own = budget.max_bytes if budget is not None else None
        budget = dataclasses.replace(budget or Budget(), max_bytes=max_bytes if own is None
                                     else min(own, max_bytes))

    if task.solver:
        solver = get_puzzle(task.puzzle).solver(task.options)
        if solver is None:
            raise IncompatibleError(f"puzzle {task.puzzle!r} has no solver of its own for "
                                    f"these options")
        return solver(problem, budget, None)
    return search(problem, task.strategy, frontier=task.frontier, visited=task.visited,
                  budget=budget, **dict(task.strategy_options))


def run_task(task: Task, max_bytes: int | None = None) -> dict[str, Any]:
    """The record of ``task`` (see :data:`~searchkit.experiments.tasks.FIELDS`); ``max_bytes``
    caps its memory budget (the record's options still show the task's own)."""
    from .tasks import options_json

    record = blank_record(task)
    cpu = time.thread_time()
    try:
        problem = _problem(task, options_json(task.options))
        cpu = time.thread_time()
        result = solve_task(task, problem, max_bytes)
        cpu = time.thread_time() - cpu
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # plugin code may raise anything: it becomes the record
        _PROBLEMS.clear()
        record["error"] = _error(exc, task)
        return record
    stats = result.stats
    record.update(status=result.status, expanded=stats.expanded, generated=stats.generated,
                  cpu_seconds=round(cpu, 6), seconds=round(stats.seconds, 6),
                  peak_bytes=stats.peak_bytes)
    if result.status == "solved":
        record.update(cost=result.cost, length=len(result.actions or []))
        if task.known is not None:
            record["matches_known"] = result.cost == task.known
        if task.plan:
            fmt = getattr(problem, "format_action", str)
            record["plan"] = [fmt(a) for a in result.actions or []]
    elif result.status == "no_solution" and task.known is not None:
        record["matches_known"] = False  # the file says it has a solution
    return record


def run_chunk(tasks: Sequence[Task], task_memory: int | None = None
              ) -> tuple[list[dict[str, Any]], float]:
    """The records of ``tasks`` run one after the other, and the wall time they took. Used by
    every backend: in a pool worker under the memory guard (:func:`memory_guard` with the
    worker's limit, :func:`init_worker`); with ``task_memory`` (a Dask worker, whose own threads
    must not be bound by it) as each task's memory budget instead, nothing kept for later."""
    start = time.perf_counter()
    if task_memory is not None:
        records = [run_task(task, task_memory) for task in tasks]
    else:
        with memory_guard(_LIMIT[0]):
            records = [run_task(task) for task in tasks]
    return records, time.perf_counter() - start
