"""Handing tasks to workers in chunks and collecting records as they complete, for any backend.

:func:`drive` keeps every worker busy with two chunks each, sized by :class:`Chunker` so that a
chunk takes about a tenth of a second (the backend's ``chunk_seconds``): long tasks travel
alone, tiny ones in hundreds (the overhead of a round trip to a worker is paid once per chunk),
and the runs of one problem that follow each other (a strategy sweep) stay in one chunk, so one
worker builds that problem once.

When a worker dies, the tasks of the chunks it may have been running are run again one by one,
alone when the backend loses all its running chunks at once (a process pool does); a task whose
worker dies when it runs alone becomes an error record.

A backend provides ``slots`` (workers), ``submit(chunk)`` returning a future (or raising
:class:`WorkerLost` with ``broken`` set, the chunk not started, when a worker died since the
last ``wait``), ``wait(futures)`` returning the completed ones, ``result(future)`` returning
``(records, seconds)`` or raising :class:`WorkerLost`, ``broken`` (a lost worker took every
running chunk down with it: no new chunk until ``recover()`` replaced the workers),
``serial_retry`` (whether that can happen), ``stop()`` (Ctrl-C: end at once) and optionally
``chunk_seconds`` (default 0.1).

>>> c = Chunker(slots=2, target=0.1)
>>> c.size(remaining=1000), c.observe(10, 0.01), c.size(remaining=1000), c.size(remaining=40)
(1, None, 100, 10)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from .tasks import Task

__all__ = ["Chunker", "WorkerLost", "drive", "lost_record"]


class WorkerLost(Exception):
    """The worker running a chunk died (killed, out of memory, crashed interpreter)."""


class Chunker:
    """Chunk sizes that make a chunk last about ``target`` seconds, from the average task time
    seen so far (one task per chunk until a first chunk has completed)."""

    def __init__(self, slots: int, target: float = 0.1, largest: int = 500) -> None:
        self.slots, self.target, self.largest = slots, target, largest
        self.per_task: float | None = None

    def observe(self, tasks: int, seconds: float) -> None:
        """A chunk of ``tasks`` tasks took ``seconds``."""
        mean = seconds / max(tasks, 1)
        self.per_task = mean if self.per_task is None else 0.7 * self.per_task + 0.3 * mean

    def size(self, remaining: int) -> int:
        """How many of the ``remaining`` tasks the next chunk takes (the last chunks shrink so
        that every worker gets a share)."""
        if self.per_task is None:
            return 1
        wanted = int(self.target / max(self.per_task, 1e-7))
        fair = remaining // (2 * max(self.slots, 1))
        return max(1, min(wanted, self.largest, fair))


def _same_problem(a: Task, b: Task) -> bool:
    return (a.puzzle, a.text, a.options) == (b.puzzle, b.text, b.options)


def _next_chunk(queue: deque[Task], size: int, together: int = 16) -> list[Task]:
    """The next ``size`` tasks, plus up to ``together`` more that run on the same problem as the
    last one (a sweep's runs of one instance stay on one worker, which builds it once)."""
    chunk = [queue.popleft() for _ in range(min(size, len(queue)))]
    while queue and len(chunk) < size + together and _same_problem(queue[0], chunk[-1]):
        chunk.append(queue.popleft())
    return chunk


def lost_record(task: Task, message: str) -> dict[str, Any]:
    """The error record of a task whose worker died while running it alone."""
    from .worker import blank_record

    return {**blank_record(task), "worker": None, "error": message}


def _fill(backend: Any, queue: deque[Task], suspects: deque[Task],
          inflight: dict[Any, tuple[list[Task], bool]], chunker: Chunker, slots: int) -> None:
    """Submit chunks until every worker has two (a suspect runs alone when the backend loses
    all its running chunks at once); a chunk that the backend refuses, broken since the last
    wait, goes back where it came from, to run after ``recover()``."""
    try:
        lone = 1 if backend.serial_retry else 2 * slots
        while suspects and len(inflight) < lone:
            inflight[backend.submit([suspects[0]])] = ([suspects[0]], True)
            suspects.popleft()
        while queue and not suspects and len(inflight) < 2 * slots:
            chunk = _next_chunk(queue, chunker.size(len(queue)))
            try:
                inflight[backend.submit(chunk)] = (chunk, False)
            except WorkerLost:
                queue.extendleft(reversed(chunk))
                raise
    except WorkerLost:
        if not backend.broken:  # a backend that refuses work must say it needs recover()
            raise


def drive(backend: Any, tasks: Sequence[Task]) -> Iterator[list[dict[str, Any]]]:
    """Run ``tasks`` on ``backend`` and yield the records of each chunk (a list) as it
    completes; on any exception (Ctrl-C included) the backend is stopped at once."""
    queue: deque[Task] = deque(tasks)
    suspects: deque[Task] = deque()  # tasks of chunks lost with a worker: rerun one by one
    inflight: dict[Any, tuple[list[Task], bool]] = {}  # future -> (chunk, a lone suspect?)
    chunker = Chunker(backend.slots, getattr(backend, "chunk_seconds", 0.1))
    try:
        while queue or suspects or inflight:
            slots = chunker.slots = max(backend.slots, 1)
            if not backend.broken:  # a broken pool: collect its chunks, then make a new one
                _fill(backend, queue, suspects, inflight, chunker, slots)
            for future in backend.wait(list(inflight)):
                chunk, alone = inflight.pop(future)
                try:
                    records, seconds = backend.result(future)
                except WorkerLost as exc:
                    if alone:
                        yield [lost_record(chunk[0], f"the worker died while running this task "
                                                     f"alone ({exc})")]
                    else:
                        suspects.extend(chunk)
                    continue
                chunker.observe(len(chunk), seconds)
                yield records
            if backend.broken and not inflight:
                backend.recover()
    except BaseException:
        backend.stop()
        raise
