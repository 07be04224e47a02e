"""``heap``: a binary heap with lazy deletion. O(log n) push and pop.

A state whose cost improves is pushed again; the loop skips the stale entry when it comes out.
"""

from __future__ import annotations

import sys
from functools import partial
from heapq import heappop, heappush
from typing import Any

__all__ = ["HeapFrontier", "ENTRY_BYTES"]

ENTRY_BYTES = 72  # sys.getsizeof of a 4-tuple: the (priority, tie, seq, item) entry itself


class HeapFrontier:
    """A priority queue of ``(priority, tie, seq, item)`` entries on :mod:`heapq`.

    ``push`` and ``pop`` are the C functions of :mod:`heapq` bound to the list with
    :func:`functools.partial`, so they cost no Python-level call.

    >>> h = HeapFrontier(); h.push((3, 0, 0, "c")); h.push((1, 0, 1, "a")); h.pop()
    (1, 0, 1, 'a')
    """

    name = "heap"
    kind = "priority"
    description = "binary heap with lazy deletion, O(log n) operations"

    __slots__ = ("_heap", "push", "pop")

    def __init__(self) -> None:
        heap: list[Any] = []
        self._heap = heap
        self.push = partial(heappush, heap)
        self.pop = partial(heappop, heap)

    def __len__(self) -> int:
        return len(self._heap)

    def nbytes(self) -> int:
        """Bytes of the heap's array plus its entry tuples."""
        return sys.getsizeof(self._heap) + ENTRY_BYTES * len(self._heap)
