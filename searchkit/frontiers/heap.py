"""``heap``: a binary heap with lazy deletion. O(log n) push and pop.

A state whose cost improves is pushed again; the loop skips the stale entry when it comes out.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from heapq import heappop, heappush

from .protocol import FrontierKind, PriorityEntry

__all__ = ["HeapFrontier", "ENTRY_BYTES"]

#: ``sys.getsizeof`` of one ``(priority, tie, seq, item, h, key)`` entry tuple.
ENTRY_BYTES = sys.getsizeof((0, 0, 0, None, 0, None))


class HeapFrontier(list):
    """A priority queue of ``(priority, tie, seq, item, h, key)`` entries on :mod:`heapq`.

    The frontier *is* the heap's list, so ``len()`` and truth tests are C calls, and ``push`` and
    ``pop`` are the C functions of :mod:`heapq` bound to it with :func:`functools.partial`: no
    operation costs a Python-level call (the loops take them once, then call them once or more
    per node). They are bound on each access rather than stored on the frontier, which would be
    a reference cycle: a finished search's frontier is freed as soon as the loop drops it, not at
    the cyclic collector's next full pass.

    >>> h = HeapFrontier(); h.push((3, 0, 0, "c", 3, "c")); h.push((1, 0, 1, "a", 1, "a"))
    >>> h.pop()
    (1, 0, 1, 'a', 1, 'a')
    """

    name = "heap"
    kind = FrontierKind.PRIORITY
    description = "binary heap with lazy deletion, O(log n) operations"

    __slots__ = ()

    @property
    def push(self) -> Callable[[PriorityEntry], None]:
        """``heappush`` bound to this heap."""
        return partial(heappush, self)

    @property
    def pop(self) -> Callable[[], PriorityEntry]:  # type: ignore[override]
        """``heappop`` bound to this heap."""
        return partial(heappop, self)

    def nbytes(self) -> int:
        """Bytes of the heap's array plus its entry tuples."""
        return sys.getsizeof(self) + ENTRY_BYTES * len(self)
