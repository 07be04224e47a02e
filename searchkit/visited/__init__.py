"""Visited-set backends: how a search remembers the states it has seen.

The contract is the protocol :class:`VisitedBackend`: ``make(key_hash)`` returns an empty
mutable mapping whose keys are :meth:`~searchkit.Problem.key` values, and ``nbytes(mapping)``
estimates that mapping's own memory. A backend whose ``is_tree_search`` is true stores nothing:
the loops then search the tree of paths (no duplicate detection) and never call ``make``.

Built-ins: ``dict`` (Python's dict), ``hashtable`` (our compact open-addressing table, which uses
the problem's ``key_hash`` when it has one) and ``none``. A backend is one small module (or one
:class:`MappingBackend` value); adding it to :data:`BUILTIN_BACKENDS` or returning it from a
plugin's ``searchkit_visited_backends`` hook makes it available to every strategy.

docs/visited.md shows the :class:`VisitedBackend` protocol verbatim (a test checks it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, MutableMapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

from ..errors import IncompatibleError
from .hashtable import HashTable

__all__ = ["VisitedBackend", "MappingBackend", "TreeSearch", "HashTable", "BUILTIN_BACKENDS"]

KeyHash = Callable[[Hashable], int]


@runtime_checkable
class VisitedBackend(Protocol):
    """A named way to build the visited structures of a search.

    Graph searches call ``make`` once per structure they keep (the best-first loop: a parent
    map, and a best-``g`` map for priority searches; the deepening loop: a transposition table
    per iteration; ``explore``: a distance map) and ``nbytes`` at every budget check.
    """

    name: str
    """The registered name (``search(..., visited=name)``)."""
    description: str
    """One line for ``searchkit list``."""
    is_tree_search: bool
    """True for a backend that stores nothing (``none``): no duplicate detection."""

    def make(self, key_hash: KeyHash | None) -> MutableMapping[Hashable, Any]:
        """An empty mapping; ``key_hash`` is the problem's own ``key_hash`` or ``None``."""
        ...

    def nbytes(self, mapping: MutableMapping[Hashable, Any]) -> int:
        """An estimate of ``mapping``'s own memory in bytes (not counting the keys' objects)."""
        ...


@dataclass(frozen=True)
class MappingBackend:
    """A :class:`VisitedBackend` from a mapping factory and a size function.

    >>> backend = MappingBackend("dict", "Python's dict", lambda key_hash: {})
    >>> table = backend.make(None); table["a"] = 1; backend.nbytes(table) > 0
    True
    """

    name: str
    description: str
    factory: Callable[[KeyHash | None], MutableMapping[Hashable, Any]]
    size: Callable[[Any], int] = sys.getsizeof
    is_tree_search: ClassVar[bool] = False

    def make(self, key_hash: KeyHash | None) -> MutableMapping[Hashable, Any]:
        return self.factory(key_hash)

    def nbytes(self, mapping: MutableMapping[Hashable, Any]) -> int:
        return self.size(mapping)


@dataclass(frozen=True)
class TreeSearch:
    """The ``none`` backend: remember nothing, so a search explores the tree of paths."""

    name: str = "none"
    description: str = "no duplicate detection (tree search)"
    is_tree_search: ClassVar[bool] = True

    def make(self, key_hash: KeyHash | None) -> MutableMapping[Hashable, Any]:
        raise IncompatibleError("the 'none' visited backend stores no states")

    def nbytes(self, mapping: MutableMapping[Hashable, Any]) -> int:
        return 0


def _make_dict(key_hash: KeyHash | None) -> dict[Hashable, Any]:
    return {}


def _make_hashtable(key_hash: KeyHash | None) -> HashTable:
    return HashTable(hash=key_hash)


BUILTIN_BACKENDS: tuple[VisitedBackend, ...] = (
    MappingBackend("dict", "Python's built-in dict (fastest lookups)", _make_dict),
    MappingBackend(
        "hashtable",
        "searchkit's open-addressing table with linear probing (compact integer keys; "
        "uses the puzzle's own key_hash when it has one)",
        _make_hashtable,
        HashTable.nbytes,
    ),
    TreeSearch(),
)
