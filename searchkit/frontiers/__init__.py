"""Frontiers: the data structures holding generated but not yet expanded states.

Two families, told apart by the class attribute ``kind``:

``"plain"`` (``fifo``, ``lifo``)
    ``push(item)`` and ``pop() -> item``; used by breadth- and depth-first search, which need no
    priorities.
``"priority"`` (``heap``, ``indexed-heap``, ``buckets``)
    ``push(entry)`` and ``pop() -> entry`` where ``entry = (priority, tie, seq, item)``: the
    smallest ``priority`` comes out first, then the smallest ``tie`` (loops pass ``-g``, so that
    among equal f the deepest state wins), then the smallest ``seq`` (insertion order), so every
    pop is deterministic.

Every frontier also has ``__len__`` and ``nbytes()`` (an estimate of its own memory). A frontier
is one small module; registering a new one (see :mod:`searchkit.hookspecs`) makes it available to
every strategy of the matching family.
"""

from .buckets import BucketFrontier
from .fifo import FifoFrontier
from .heap import HeapFrontier
from .indexed_heap import IndexedHeapFrontier
from .lifo import LifoFrontier

__all__ = ["FifoFrontier", "LifoFrontier", "HeapFrontier", "IndexedHeapFrontier", "BucketFrontier"]

BUILTIN_FRONTIERS = (FifoFrontier, LifoFrontier, HeapFrontier, IndexedHeapFrontier, BucketFrontier)
