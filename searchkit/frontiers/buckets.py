"""``buckets``: a bucket queue for integer priorities. O(1) push, O(1) amortised pop.

Entries are filed by integer priority (f), then by tie value (``-g``), each bucket a FIFO queue;
pop takes the lowest priority, then the lowest tie, then the oldest entry -- the same order as
``heap``. Best when priorities are small integers (unit-cost puzzles with integer heuristics);
a non-integral priority is an error.
"""

from __future__ import annotations

import sys
from collections import deque
from typing import Any

from ..errors import IncompatibleError
from .heap import ENTRY_BYTES
from .protocol import FrontierKind, PriorityEntry

__all__ = ["BucketFrontier"]


class BucketFrontier:
    """A two-level bucket queue of ``(priority, tie, seq, item, h, key)`` entries.

    >>> b = BucketFrontier()
    >>> b.push((4, -1, 0, "x", 3, "x")); b.push((4, -3, 1, "deep", 1, "deep"))
    >>> b.push((2, 0, 2, "low", 2, "low"))
    >>> [b.pop()[3] for _ in range(3)]
    ['low', 'deep', 'x']
    """

    name = "buckets"
    kind = FrontierKind.PRIORITY
    description = "bucket queue for integer priorities, O(1) operations"

    __slots__ = ("_buckets", "_low", "_size")

    def __init__(self) -> None:
        self._buckets: list[dict[Any, deque[Any]] | None] = []
        self._low = 0  # no non-empty bucket below this index
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def nbytes(self) -> int:
        """Bytes of the bucket array and the entries (the per-bucket queues are estimated)."""
        return sys.getsizeof(self._buckets) + (ENTRY_BYTES + 8) * self._size

    def push(self, entry: PriorityEntry) -> None:
        f = entry[0]
        if type(f) is not int:
            if isinstance(f, float) and f.is_integer():
                f = int(f)
            else:
                raise IncompatibleError(
                    f"the buckets frontier needs integer priorities, got {f!r}; use 'heap'"
                )
        if f < 0:
            raise IncompatibleError(f"the buckets frontier needs non-negative priorities, got {f}")
        buckets = self._buckets
        if f >= len(buckets):
            buckets.extend([None] * (f + 1 - len(buckets)))
        bucket = buckets[f]
        if bucket is None:
            bucket = buckets[f] = {}
        queue = bucket.get(entry[1])
        if queue is None:
            queue = bucket[entry[1]] = deque()
        queue.append(entry)
        if f < self._low:
            self._low = f
        self._size += 1

    def pop(self) -> PriorityEntry:
        if not self._size:
            raise IndexError("pop from an empty bucket queue")
        buckets = self._buckets
        f = self._low
        while not buckets[f]:
            f += 1
        self._low = f
        bucket = buckets[f]
        tie = min(bucket)  # type: ignore[arg-type]
        queue = bucket[tie]  # type: ignore[index]
        entry = queue.popleft()
        if not queue:
            del bucket[tie]  # type: ignore[attr-defined]
        self._size -= 1
        return entry
