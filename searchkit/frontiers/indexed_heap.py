"""``indexed-heap``: a binary heap with decrease-key. O(log n) push, pop and decrease.

Each key appears at most once: pushing an entry whose key is already queued with a worse entry
moves it up in place (decrease-key), and pushing one that is not better does nothing. The key is
the entry's last field (the state's :meth:`~searchkit.Problem.key`; see
:data:`~searchkit.frontiers.protocol.PriorityEntry`), so states need not be hashable. Entries
compare as tuples and ``seq`` is unique, so items and keys are never compared. The frontier
never holds stale entries, at the price of a position index (a dict from key to heap slot).
"""

from __future__ import annotations

import sys
from collections.abc import Hashable

from .heap import ENTRY_BYTES
from .protocol import FrontierKind, PriorityEntry

__all__ = ["IndexedHeapFrontier"]


class IndexedHeapFrontier:
    """A priority queue of ``(priority, tie, seq, item, h, key)`` entries with decrease-key.

    >>> h = IndexedHeapFrontier()
    >>> h.push((5, 0, 0, "a", 5, "A")); h.push((3, 0, 1, "b", 3, "B"))
    >>> h.push((1, 0, 2, "a", 1, "A"))  # key "A" again, better: decrease-key
    >>> len(h), h.pop()[:4], h.pop()[:4]
    (2, (1, 0, 2, 'a'), (3, 0, 1, 'b'))
    """

    name = "indexed-heap"
    kind = FrontierKind.PRIORITY
    description = "binary heap with decrease-key (no stale entries), O(log n) operations"

    __slots__ = ("_heap", "_pos")

    def __init__(self) -> None:
        self._heap: list[PriorityEntry] = []
        self._pos: dict[Hashable, int] = {}

    def __len__(self) -> int:
        return len(self._heap)

    def nbytes(self) -> int:
        """Bytes of the heap array, its entries and the position index."""
        return sys.getsizeof(self._heap) + ENTRY_BYTES * len(self._heap) + sys.getsizeof(self._pos)

    def push(self, entry: PriorityEntry) -> None:
        heap = self._heap
        i = self._pos.get(entry[5])
        if i is None:
            heap.append(entry)
            self._sift_up(len(heap) - 1)
        elif entry < heap[i]:
            heap[i] = entry
            self._sift_up(i)

    def pop(self) -> PriorityEntry:
        heap, pos = self._heap, self._pos
        top = heap[0]
        last = heap.pop()
        del pos[top[5]]
        if heap:
            heap[0] = last
            self._sift_down(0)
        return top

    def _sift_up(self, i: int) -> None:
        heap, pos = self._heap, self._pos
        entry = heap[i]
        while i > 0:
            parent = (i - 1) >> 1
            above = heap[parent]
            if above <= entry:
                break
            heap[i] = above
            pos[above[5]] = i
            i = parent
        heap[i] = entry
        pos[entry[5]] = i

    def _sift_down(self, i: int) -> None:
        heap, pos = self._heap, self._pos
        n = len(heap)
        entry = heap[i]
        while True:
            child = 2 * i + 1
            if child >= n:
                break
            if child + 1 < n and heap[child + 1] < heap[child]:
                child += 1
            below = heap[child]
            if entry <= below:
                break
            heap[i] = below
            pos[below[5]] = i
            i = child
        heap[i] = entry
        pos[entry[5]] = i
