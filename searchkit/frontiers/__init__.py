"""Frontiers: the containers holding generated but not yet expanded states.

The contract is the protocol :class:`~searchkit.frontiers.protocol.Frontier`; its ``kind`` (a
:class:`~searchkit.frontiers.protocol.FrontierKind`) says which discipline it serves:

``FrontierKind.PLAIN`` (``fifo``, ``lifo``)
    ``push(item)`` and ``pop() -> item``: breadth- and depth-first search, which need no
    priorities. Items are states (graph search) or tree nodes (``visited="none"``).
``FrontierKind.PRIORITY`` (``heap``, ``indexed-heap``, ``buckets``)
    ``push(entry)`` and ``pop() -> entry`` with ``entry = (priority, tie, seq, item, h, key)``
    (:data:`~searchkit.frontiers.protocol.PriorityEntry`): the smallest ``priority`` comes out
    first, then the smallest ``tie`` (the loop passes ``-g``, so among equal f the deepest state
    wins), then the smallest ``seq`` (insertion order), so every pop is deterministic.

A frontier is one small module; adding it to :data:`BUILTIN_FRONTIERS` (or returning it from a
plugin's ``searchkit_frontiers`` hook) makes it available to every strategy of its kind.
"""

from .buckets import BucketFrontier
from .fifo import FifoFrontier
from .heap import HeapFrontier
from .indexed_heap import IndexedHeapFrontier
from .lifo import LifoFrontier
from .protocol import PRIORITY_ENTRY_FIELDS, Frontier, FrontierKind, PriorityEntry

__all__ = [
    "Frontier",
    "FrontierKind",
    "PriorityEntry",
    "PRIORITY_ENTRY_FIELDS",
    "FifoFrontier",
    "LifoFrontier",
    "HeapFrontier",
    "IndexedHeapFrontier",
    "BucketFrontier",
    "BUILTIN_FRONTIERS",
]

BUILTIN_FRONTIERS = (FifoFrontier, LifoFrontier, HeapFrontier, IndexedHeapFrontier, BucketFrontier)
