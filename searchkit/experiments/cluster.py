"""Running tasks on a Dask cluster: an existing scheduler, or a ``LocalCluster`` for the run.

Needs the optional extra ``dask`` (``pip install 'searchkit[dask]'``), imported only here and only
when used. The workers need searchkit and the puzzles' plugins installed (tasks carry the puzzle's
name and the instance's text; each worker rebuilds the problem). Dask retries a chunk whose
worker dies (``distributed.scheduler.allowed-failures`` times); a chunk that still fails is
retried one task at a time, and a task that kills its workers alone becomes an error record.

>>> from searchkit.experiments.tasks import Task
>>> tasks = [Task("nstar", f"t{n}", f"1 {n}", "bfs") for n in (10, 20)]
>>> sorted((r["instance"], r["cost"]) for chunk in run_dask(tasks, local_workers=1)
...        for r in chunk)  # doctest: +SKIP
[('t10', 4), ('t20', 5)]
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import signal
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import SearchkitError
from .schedule import WorkerLost, drive
from .tasks import Task
from .worker import run_chunk

__all__ = ["DaskBackend", "run_dask", "MissingDask"]


class MissingDask(ImportError):
    """``dask.distributed`` is not installed."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise MissingDask("Dask is not installed: pip install 'searchkit[dask]' "
                          "(dask[distributed])") from None
    return distributed


@contextlib.contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """SIGINT ignored while a LocalCluster starts its processes, which inherit that (Python
    leaves an ignored SIGINT ignored): a terminal's Ctrl-C reaches the whole process group, and
    the workers printed their KeyboardInterrupt tracebacks; this process stops them itself."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _check_address(distributed: Any, address: str) -> None:
    """Refuse an address Dask cannot read ('nonsense', '') before ``Client`` sees it: given one,
    ``Client`` usually raises ValueError, but in a process that has run other clients it has
    raised an AssertionError from inside its connection code instead."""
    try:
        distributed.comm.get_address_host(address)  # parses only: no connection, no DNS
    except ValueError as exc:
        raise SearchkitError(f"bad Dask scheduler address {address!r}: {exc} (e.g. "
                             "tcp://127.0.0.1:8786)") from None


class DaskBackend:
    """A ``distributed.Client`` on ``scheduler`` (an address) or on a new ``LocalCluster`` of
    ``local_workers`` single-threaded worker processes."""

    serial_retry = False  # a dead worker loses only its own chunks
    broken = False
    chunk_seconds = 0.5  # a round trip through the scheduler costs milliseconds

    def __init__(self, scheduler: str | None = None, local_workers: int | None = None,
                 task_memory: int | None = None) -> None:
        distributed = _distributed()
        if scheduler is not None:
            _check_address(distributed, scheduler)
        self.task_memory = task_memory
        self.address = scheduler
        self.cluster = None
        if scheduler is None:
            try:
                with _workers_ignore_ctrl_c():
                    self.cluster = distributed.LocalCluster(
                        n_workers=local_workers or 1, threads_per_worker=1, processes=True,
                        dashboard_address=":0", silence_logs=logging.ERROR)
            except (RuntimeError, OSError) as exc:
                raise SearchkitError(f"could not start a Dask LocalCluster: {exc} (a script "
                                     "that starts one needs if __name__ == '__main__':)") from None
        try:
            # waits up to Dask's distributed.comm.timeouts.connect (30 s by default)
            self.client = distributed.Client(self.cluster or scheduler)
        except BaseException:
            if self.cluster is not None:
                self.cluster.close()
            raise
        self._killed = distributed.KilledWorker

    @property
    def slots(self) -> int:
        """Threads of the workers connected now."""
        return sum(self.client.nthreads().values())

    def submit(self, chunk: list[Task]) -> Any:
        return self.client.submit(run_chunk, chunk, self.task_memory, pure=False)

    def wait(self, futures: list[Any]) -> Any:
        try:
            return _distributed().wait(futures, return_when="FIRST_COMPLETED").done
        except concurrent.futures.CancelledError as exc:  # the scheduler went away
            raise self._lost(exc) from None

    def result(self, future: Any) -> tuple[list[dict[str, Any]], float]:
        try:
            return future.result()  # type: ignore[no-any-return]
        except self._killed as exc:
            raise WorkerLost(f"Dask: {exc}") from None
        except concurrent.futures.CancelledError as exc:
            raise self._lost(exc) from None
        except ImportError as exc:  # unpickling the task on a worker without searchkit
            raise SearchkitError(f"a Dask worker cannot run searchkit's tasks ({exc}): install "
                                 "searchkit and the puzzles' plugins on every worker") from None

    def _lost(self, exc: BaseException) -> SearchkitError:
        where = "the Dask scheduler" + (f" {self.address}" if self.address else "")
        why = (str(exc).splitlines() or [type(exc).__name__])[0].rstrip(":")  # one line
        return SearchkitError(f"lost {where} ({why}): the records stored so far are kept, and "
                              "--resume runs the rest")

    def recover(self) -> None:
        """Nothing to do: Dask replaces its workers itself."""

    def stop(self) -> None:
        """Cancel everything and disconnect (and stop the local cluster)."""
        self.close()

    def close(self) -> None:
        try:
            self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()
                self.cluster = None


def run_dask(tasks: Sequence[Task], scheduler: str | None = None,
             local_workers: int | None = None, task_memory: int | None = None
             ) -> Iterator[list[dict[str, Any]]]:
    """Run ``tasks`` on the Dask scheduler at ``scheduler`` or on a new ``LocalCluster`` of
    ``local_workers`` processes; yield the records of each chunk as it completes."""
    backend = DaskBackend(scheduler, local_workers, task_memory)
    try:
        yield from drive(backend, tasks)
    finally:
        backend.close()
