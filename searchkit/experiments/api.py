"""``searchkit.batch``: run many tasks in parallel and get one flat record per task as it
completes.

Where tasks run: ``jobs`` processes of a standard-library pool on this machine (default: every
core; ``jobs=1`` in this process), or Dask -- ``scheduler="tcp://host:8786"`` for an existing
cluster, ``dask_local=N`` for a ``LocalCluster`` of N processes started for the run. With
``store`` (a path or an open :class:`~searchkit.experiments.store.Store`) each record is written
as it arrives; with ``resume=True`` tasks already in the store are skipped (see :func:`pending`).

>>> import searchkit
>>> from searchkit import PuzzleInstance
>>> from searchkit.experiments import sweep
>>> pairs = [("a", PuzzleInstance("a", "1 42", known=7)), ("b", PuzzleInstance("b", "3 100"))]
>>> tasks = sweep("nstar", pairs, ["bfs", "astar"])
>>> records = sorted(searchkit.batch(tasks, jobs=1), key=lambda r: (r["instance"], r["strategy"]))
>>> [(r["instance"], r["strategy"], r["cost"], r["matches_known"]) for r in records]
[('a', 'astar', 7, True), ('a', 'bfs', 7, True), ('b', 'astar', 6, None), ('b', 'bfs', 6, None)]
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Iterable, Iterator
from typing import Any

from ..budget import limit_error
from ..errors import IncompatibleError, OptionError, excerpt
from .tasks import Task, TaskKey, options_json, task_key

__all__ = ["batch", "check_tasks", "pending", "label_keys"]


def check_tasks(tasks: Iterable[Task]) -> None:
    """Raise the error a worker would (unknown puzzle, strategy, frontier, backend or option, a
    task for the puzzle's own solver where it has none, a states budget on a search that stores
    no states) before anything runs; each distinct configuration is checked once."""
    from ..plugins import get_puzzle, get_strategy
    from ..search import check_parts

    seen: set[tuple[Any, ...]] = set()
    for task in tasks:
        key = (task.puzzle, task.strategy, options_json(task.options),
               options_json(task.strategy_options), task.frontier, task.visited,
               task.budget is not None and task.budget.max_visited is not None)
        if key in seen:
            continue
        seen.add(key)
        puzzle = get_puzzle(task.puzzle)
        puzzle.resolve_options(task.options)
        if task.solver:
            if puzzle.solver(task.options) is None:
                raise IncompatibleError(f"puzzle {task.puzzle!r} has no solver of its own for "
                                        f"the options {options_json(task.options)}")
            continue
        get_strategy(task.strategy).resolve_options(dict(task.strategy_options))
        # names, and that they fit (the budget too)
        check_parts(task.strategy, task.frontier, task.visited, task.budget)


def _check_workers(name: str, value: object) -> None:
    """Raise :class:`OptionError` unless ``value`` (``jobs``, ``dask_local``) is ``None`` or a
    whole number, 1 or more."""
    if value is None:
        return
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise OptionError(f"{name} must be a whole number of worker processes, not "
                          f"{excerpt(value)}")
    if value < 1:
        raise OptionError(f"{name} must be at least 1, not {excerpt(value)}")


def _task_list(tasks: object) -> list[Task]:
    """``tasks`` as a list, each checked to be a :class:`Task` (not a name or a tuple)."""
    try:
        listed = list(tasks)  # type: ignore[call-overload]
    except TypeError:
        if not isinstance(tasks, Iterable):
            raise OptionError(f"tasks must be an iterable of Task objects, not "
                              f"{excerpt(tasks)}") from None
        raise  # from inside the caller's own iterator
    for number, task in enumerate(listed, start=1):
        if not isinstance(task, Task):
            raise OptionError(f"tasks must be Task objects (see searchkit.experiments.sweep), "
                              f"not {excerpt(task)} (task {number})")
    return listed


def label_keys(keys: Iterable[TaskKey]) -> set[tuple[str, str, str, str]]:
    """The keys, less their digest, of the records stored without one (written before records
    carried the digest of the instance's text): each stands for the task of its instance label,
    strategy and options, whatever the text under that label now."""
    return {key[:-1] for key in keys if key[-1] is None}


def pending(tasks: Iterable[Task], store: Any) -> list[Task]:
    """The ``tasks`` whose key is not in ``store`` yet (and each key once): a task whose text
    differs from the stored record's (an edited file, another file of the same name) runs. A
    record without a digest marks its label's task as done (see :func:`label_keys`)."""
    done = set(store.keys())
    by_label = label_keys(done)
    result = []
    for task in tasks:
        key = task_key(task)
        if key not in done and key[:-1] not in by_label:
            done.add(key)
            result.append(task)
    return result


def batch(tasks: Iterable[Task], *, jobs: int | None = None, scheduler: str | None = None,
          dask_local: int | None = None, store: Any = None, resume: bool = False,
          task_memory: int | None = None) -> Iterator[dict[str, Any]]:
    """Run ``tasks`` and yield one record per task as it completes.

    A record is a flat dict with the fields of :data:`~searchkit.experiments.tasks.FIELDS`:
    ``puzzle``, ``instance``, ``strategy``, ``options``, ``status`` (a search status, or
    ``"error"``), ``cost``, ``length``, ``known``, ``matches_known``, ``expanded``,
    ``generated``, ``cpu_seconds``, ``seconds``, ``peak_bytes``, ``worker``, ``error`` and
    ``plan``. A task that fails (bad text, an exception in plugin code, more memory than
    ``task_memory`` bytes, a worker that died under it) yields a record with ``status="error"``
    and the batch goes on. Ctrl-C stops the workers and raises :class:`KeyboardInterrupt`; the
    records yielded (and stored) so far are kept.

    ``tasks`` are :class:`~searchkit.experiments.Task` objects (:func:`sweep` makes them);
    ``jobs`` and ``dask_local`` are whole numbers of worker processes, 1 or more, and
    ``task_memory`` a whole number of bytes, 1 or more (``None``: each worker's share of the
    machine's memory).

    Raises :class:`~searchkit.errors.SearchkitError` for an unknown name, a bad option or an
    argument of the wrong kind (:class:`~searchkit.OptionError`) before anything runs (at the
    first record asked for), and :class:`~searchkit.experiments.cluster.MissingDask` when Dask
    is asked for but not installed.
    """
    for name, value in (("jobs", jobs), ("dask_local", dask_local)):
        _check_workers(name, value)
    if task_memory is not None:
        problem = limit_error("max_bytes", task_memory)
        if problem:
            raise OptionError(f"task_memory {problem}, not {excerpt(task_memory)} (leave it out "
                              "for each worker's share of the machine's memory)")
        task_memory = int(task_memory)
    tasks = _task_list(tasks)
    check_tasks(tasks)
    from .store import Store, open_store

    opened = open_store(store) if isinstance(store, (str, os.PathLike)) else store
    try:
        if opened is not None:
            if resume:
                tasks = pending(tasks, opened)
            opened.prepare()  # an unwritable store fails here, before any task runs
        if scheduler is not None or dask_local is not None:
            from .cluster import run_dask

            runner = run_dask(tasks, scheduler, dask_local, task_memory)
        else:
            from .local import run_local

            runner = run_local(tasks, jobs, task_memory)
        try:
            for records in runner:  # the records of one chunk, stored in one transaction
                if opened is not None:
                    opened.add_many(records)
                yield from records
        finally:
            runner.close()
    finally:
        if opened is not None and not isinstance(store, Store):
            opened.close()
