"""The contract between the best-first loop and a frontier: :class:`Frontier` and its two kinds.

docs/frontiers.md shows this module's protocol classes verbatim (a test checks it), so the page
and the code cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Hashable
from enum import StrEnum
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

__all__ = ["FrontierKind", "Frontier", "PriorityEntry", "PRIORITY_ENTRY_FIELDS"]

Item = TypeVar("Item")


class FrontierKind(StrEnum):
    """Which loop discipline a frontier serves; a strategy accepts the frontiers of its kind."""

    PLAIN = "plain"
    """``push(item)``/``pop() -> item`` in the frontier's own order (FIFO, LIFO, ...); the loop
    marks states when generated and tests goals when generated."""
    PRIORITY = "priority"
    """``push(entry)``/``pop() -> entry`` in entry order (a :data:`PriorityEntry`); the loop keeps
    the best ``g`` per key and tests goals on expansion."""


PriorityEntry = tuple[float, float, int, Any, float, Hashable]
"""What the best-first loop pushes into a priority frontier: ``(priority, tie, seq, item, h,
key)``.

``priority``
    ``f = g_weight * g + h_weight * h``; the smallest comes out first.
``tie``
    ``-g``: among equal priorities the deepest item comes out first.
``seq``
    The insertion counter, unique within a search: among equal ``(priority, tie)`` the oldest
    entry comes out first, and no two entries compare equal (so items are never compared).
``item``
    The state (graph search) or the tree node (tree search, ``visited="none"``).
``h``
    The item's heuristic value, carried so that it is never computed twice.
``key``
    The item's identity: the state's :meth:`~searchkit.Problem.key` in a graph search, ``seq``
    in a tree search (where every node is distinct). A frontier that keeps one entry per item
    (``indexed-heap``) deduplicates on it.
"""

PRIORITY_ENTRY_FIELDS = ("priority", "tie", "seq", "item", "h", "key")


@runtime_checkable
class Frontier(Protocol[Item]):
    """A container of generated states waiting to be expanded.

    The best-first loop calls ``factory()`` (the registered class) once per search, then only
    ``push``, ``pop``, ``len()`` and, at every budget check, ``nbytes()``; a frontier that has
    ``__iter__`` is also iterated, a few entries at a time, to measure what its entries hold
    (memory budgets and ``Stats.peak_memory``). A plain frontier holds
    items (states, or tree nodes); a priority frontier holds :data:`PriorityEntry` tuples and
    must pop them in tuple order (it may compare only their first three fields, which are
    unique). A frontier may set ``layered = True`` when it pops items in non-decreasing depth
    order (FIFO): the loop then reports the depth in ``Stats.bound``.
    """

    name: ClassVar[str]
    """The registered name (``search(..., frontier=name)``)."""
    kind: ClassVar[FrontierKind]
    """Which loop discipline it serves."""
    description: ClassVar[str]
    """One line for ``searchkit list``."""

    def push(self, item: Item) -> None:
        """Add ``item`` (a priority frontier: a :data:`PriorityEntry`)."""
        ...

    def pop(self) -> Item:
        """Remove and return the next item; only called when ``len(self) > 0``."""
        ...

    def __len__(self) -> int:
        """The number of items held."""
        ...

    def nbytes(self) -> int:
        """An estimate of the frontier's own memory in bytes (its buffers and entry tuples)."""
        ...
