"""Running tasks on this machine: in this process (``jobs=1``) or on a standard-library
process pool (:class:`concurrent.futures.ProcessPoolExecutor`).

Pool workers ignore Ctrl-C (the parent stops them), die with the parent, and limit each task's
memory (:func:`~searchkit.experiments.worker.memory_guard`): by default each worker may take its
share of the machine's memory. A worker that dies breaks the whole pool; the pool is then
replaced and the chunks that were running are retried one task at a time (see
:mod:`~searchkit.experiments.schedule`).

>>> from searchkit.experiments.tasks import Task
>>> tasks = [Task("nstar", f"t{n}", f"1 {n}", "bfs") for n in (10, 20, 30)]
>>> sorted((r["instance"], r["cost"]) for chunk in run_local(tasks, jobs=2) for r in chunk)
[('t10', 4), ('t20', 5), ('t30', 7)]
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .schedule import WorkerLost, drive
from .tasks import Task
from .worker import init_worker, memory_guard, run_chunk, run_task

__all__ = ["PoolBackend", "run_local", "run_in_process", "default_task_memory"]


def default_task_memory(workers: int) -> int | None:
    """Each worker's share of the machine's physical memory (``None`` if unknown)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    return int(total * 0.9) // max(workers, 1)


class PoolBackend:
    """A process pool of ``jobs`` workers, replaced whenever one of them dies."""

    serial_retry = True  # a dead worker breaks the pool: every running chunk is lost

    def __init__(self, jobs: int, task_memory: int | None) -> None:
        self.slots = jobs
        self.task_memory = task_memory
        self.broken = False
        self.pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.slots, initializer=init_worker,
                                            initargs=(self.task_memory,))
        return self.pool

    def submit(self, chunk: list[Task]) -> Future[Any]:
        """Hand ``chunk`` to the pool; :class:`WorkerLost` if a worker died since the last
        :meth:`wait` (the pool refuses work before its running chunks report it)."""
        try:
            return self._executor().submit(run_chunk, chunk)
        except BrokenProcessPool:
            self.broken = True
            raise WorkerLost("a worker of the pool died: the chunk was not started") from None

    def wait(self, futures: list[Future[Any]]) -> set[Future[Any]]:
        return wait(futures, return_when=FIRST_COMPLETED).done

    def result(self, future: Future[Any]) -> tuple[list[dict[str, Any]], float]:
        try:
            return future.result()  # type: ignore[no-any-return]
        except BrokenProcessPool:
            self.broken = True
            raise WorkerLost("its process ended abruptly: killed by a signal, the system's "
                             "out-of-memory killer, or a crash of the interpreter") from None

    def recover(self) -> None:
        """Replace a broken pool."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool, self.broken = None, False

    def stop(self) -> None:
        """End the workers now (their running tasks are lost) and the pool."""
        if self.pool is None:
            return
        for pid in list(getattr(self.pool, "_processes", None) or {}):  # no public way
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True)
            self.pool = None


def run_in_process(tasks: Sequence[Task], task_memory: int | None = None
                   ) -> Iterator[list[dict[str, Any]]]:
    """Run ``tasks`` one after the other in this process, yielding a list of one record per
    task; Ctrl-C during a search raises :class:`KeyboardInterrupt` (the interrupted task yields
    no record). ``task_memory`` limits how much this process may grow during the run."""
    from . import worker

    worker.forget_problems()
    worker._LIMIT[0] = task_memory
    with memory_guard(task_memory):
        for task in tasks:
            record = run_task(task)
            if record["status"] == "interrupted":
                raise KeyboardInterrupt
            yield [record]


def run_local(tasks: Sequence[Task], jobs: int | None = None,
              task_memory: int | None = None) -> Iterator[list[dict[str, Any]]]:
    """Run ``tasks`` on ``jobs`` processes (default: every core; 1: in this process), each task
    allowed ``task_memory`` bytes (default: the worker's share of memory); yield the records of
    each chunk of tasks as it completes."""
    jobs = jobs or os.cpu_count() or 1
    if task_memory is None:
        task_memory = default_task_memory(jobs)
    if jobs == 1:
        yield from run_in_process(tasks, task_memory)
        return
    backend = PoolBackend(jobs, task_memory)
    try:
        yield from drive(backend, tasks)
    finally:
        backend.close()
