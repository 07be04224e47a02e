"""``indexed-heap``: a binary heap with decrease-key. O(log n) push, pop and decrease.

Each item appears at most once: pushing an item that is already queued with a worse priority
moves it up in place (decrease-key), and pushing it with a priority that is not better does
nothing. Entries compare as tuples; ``seq`` is unique, so items themselves are never compared.
The frontier therefore never holds stale entries, at the price of a position index
(a dict from item to heap slot); items must be hashable.
"""

from __future__ import annotations

import sys
from typing import Any

from ..errors import IncompatibleError
from .heap import ENTRY_BYTES

__all__ = ["IndexedHeapFrontier"]


class IndexedHeapFrontier:
    """A priority queue of ``(priority, tie, seq, item)`` entries with decrease-key.

    >>> h = IndexedHeapFrontier()
    >>> h.push((5, 0, 0, "a")); h.push((3, 0, 1, "b")); h.push((1, 0, 2, "a"))
    >>> len(h), h.pop(), h.pop()
    (2, (1, 0, 2, 'a'), (3, 0, 1, 'b'))
    """

    name = "indexed-heap"
    kind = "priority"
    description = "binary heap with decrease-key (no stale entries), O(log n) operations"

    __slots__ = ("_heap", "_pos")

    def __init__(self) -> None:
        self._heap: list[tuple[Any, Any, int, Any]] = []
        self._pos: dict[Any, int] = {}

    def __len__(self) -> int:
        return len(self._heap)

    def nbytes(self) -> int:
        """Bytes of the heap array, its entries and the position index."""
        return sys.getsizeof(self._heap) + ENTRY_BYTES * len(self._heap) + sys.getsizeof(self._pos)

    def push(self, entry: tuple[Any, Any, int, Any]) -> None:
        item = entry[3]
        try:
            i = self._pos.get(item)
        except TypeError:
            raise IncompatibleError(
                f"the indexed-heap frontier needs hashable states, got {type(item).__name__}"
            ) from None
        heap = self._heap
        if i is None:
            heap.append(entry)
            self._pos[item] = len(heap) - 1
            self._sift_up(len(heap) - 1)
        elif entry < heap[i]:
            heap[i] = entry
            self._sift_up(i)

    def pop(self) -> tuple[Any, Any, int, Any]:
        heap, pos = self._heap, self._pos
        top = heap[0]
        last = heap.pop()
        del pos[top[3]]
        if heap:
            heap[0] = last
            pos[last[3]] = 0
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
            pos[above[3]] = i
            i = parent
        heap[i] = entry
        pos[entry[3]] = i

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
            pos[below[3]] = i
            i = child
        heap[i] = entry
        pos[entry[3]] = i
