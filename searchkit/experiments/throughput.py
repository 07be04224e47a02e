"""Measuring batches: the same tasks on several backends, alternating, for the bench suites.

:func:`compare_backends` runs one task list on each backend (``jobs=1``, ``jobs=2``,
``dask_local=2``...) in alternating order (A B, then B A...) and reports wall time, throughput
and the speed-up over the first backend, checking that every known optimum was matched.
:func:`per_task_overhead` compares ``searchkit.batch`` with a plain loop that parses and searches
each task in this process: the difference per task is what batching costs. Both put the load
average beside the numbers (the machines are shared: compare ratios of one run, not seconds
across runs). Wall time includes starting a process pool (but not a Dask cluster given by its
address: a cluster outlives runs).

>>> from searchkit.experiments.tasks import Task
>>> tasks = [Task("nstar", f"t{n}", f"1 {n}", "bfs") for n in range(10, 30)]
>>> table = per_task_overhead(tasks, [1], rounds=1)
>>> table.columns[:3], [row[0] for row in table.rows]
(['runner', 'tasks', 'wall s'], ['plain loop', 'batch jobs=1'])
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .api import batch
from .tasks import Task

__all__ = ["compare_backends", "per_task_overhead", "load_note"]


def load_note() -> str:
    """The machine's load average and core count, to print beside timings."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "- load average: unknown"
    return (f"- load average {one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min) on "
            f"{os.cpu_count()} cores, measured {time.strftime('%Y-%m-%d %H:%M')}")


def _timed_batch(tasks: Sequence[Task], options: Mapping[str, Any]
                 ) -> tuple[float, list[dict[str, Any]]]:
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        records = list(batch(tasks, store=Path(folder) / "runs.sqlite", **options))
        return time.perf_counter() - start, records


def compare_backends(suite: str, title: str, tasks: Sequence[Task],
                     backends: Mapping[str, Mapping[str, Any]], rounds: int = 2,
                     log: Callable[[str], None] | None = None) -> Any:
    """A :class:`~searchkit.bench.table.Table`: each backend's best and median wall time over
    ``rounds`` alternating runs (each writing an SQLite store), tasks per second, speed-up over
    the first backend (best times), and whether every record matched its known optimum."""
    from ..bench.table import Table

    walls: dict[str, list[float]] = {label: [] for label in backends}
    matched: dict[str, bool] = {label: True for label in backends}
    order = list(backends)
    for round_ in range(rounds):
        for label in order if round_ % 2 == 0 else order[::-1]:
            wall, records = _timed_batch(tasks, backends[label])
            walls[label].append(wall)
            matched[label] &= len(records) == len(tasks) and all(
                r["status"] == "solved" and r["matches_known"] is not False for r in records)
            if log is not None:
                log(f"{suite}: {label} round {round_ + 1}: {wall:.2f} s")
    first = min(walls[order[0]])
    rows = [[label, len(tasks), min(walls[label]), statistics.median(walls[label]),
             len(tasks) / min(walls[label]), first / min(walls[label]), matched[label]]
            for label in order]
    notes = [load_note(), f"- {rounds} alternating runs per backend; wall time includes "
                          "starting a process pool and writing an SQLite store"]
    return Table(suite, title, ["backend", "tasks", "best wall s", "median wall s", "tasks/s",
                                f"speed-up vs {order[0]}", "all known optima matched"],
                 rows, notes)


def _plain_loop(tasks: Sequence[Task]) -> float:
    from ..plugins import get_puzzle
    from .worker import solve_task

    start = time.perf_counter()
    for task in tasks:
        solve_task(task, get_puzzle(task.puzzle).parse(task.text, **task.options))
    return time.perf_counter() - start


def per_task_overhead(tasks: Sequence[Task], jobs: Sequence[int], rounds: int = 2,
                      suite: str = "overhead", title: str = "per-task overhead") -> Any:
    """A :class:`~searchkit.bench.table.Table`: a plain in-process loop (parse + search) against
    ``searchkit.batch`` with each ``jobs`` (writing an SQLite store), best of ``rounds``
    alternating runs; the overhead is ``(batch wall - loop wall) / tasks`` (negative when the
    workers' parallelism more than pays for it)."""
    from ..bench.table import Table

    runners: dict[str, Callable[[], float]] = {"plain loop": lambda: _plain_loop(tasks)}
    for n in jobs:
        runners[f"batch jobs={n}"] = lambda n=n: _timed_batch(tasks, {"jobs": n})[0]
    walls: dict[str, list[float]] = {label: [] for label in runners}
    order = list(runners)
    for round_ in range(rounds):
        for label in order if round_ % 2 == 0 else order[::-1]:
            walls[label].append(runners[label]())
    loop = min(walls["plain loop"])
    rows = [[label, len(tasks), min(walls[label]),
             None if label == "plain loop" else 1000 * (min(walls[label]) - loop) / len(tasks)]
            for label in order]
    return Table(suite, title, ["runner", "tasks", "wall s", "overhead ms/task"], rows,
                 [load_note(), f"- best of {rounds} alternating runs"])
