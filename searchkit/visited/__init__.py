"""Visited-set backends: how a graph search remembers the states it has seen.

A backend is a small object with a ``name``, a ``description`` and ``make(key_hash)``, which
returns an empty mutable mapping (keys are :meth:`Problem.key` values); ``make`` is ``None`` for
the ``none`` backend, which turns a graph search into a tree search (no duplicate detection:
every path is a separate node). ``nbytes(mapping)`` estimates the mapping's own memory.

Built-ins: ``dict`` (Python's dict), ``hashtable`` (our compact open-addressing table, which uses
the problem's ``key_hash`` when it has one) and ``none``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from .hashtable import HashTable

__all__ = ["VisitedBackend", "HashTable", "BUILTIN_BACKENDS"]


@dataclass(frozen=True)
class VisitedBackend:
    """A named way to build the visited structures of a search."""

    name: str
    description: str
    make: Callable[[Callable[[Any], int] | None], MutableMapping[Any, Any]] | None
    nbytes: Callable[[Any], int] = sys.getsizeof

    @property
    def is_tree_search(self) -> bool:
        """Whether this backend disables duplicate detection."""
        return self.make is None


def _make_dict(key_hash: Callable[[Any], int] | None) -> dict[Any, Any]:
    return {}


def _make_hashtable(key_hash: Callable[[Any], int] | None) -> HashTable:
    return HashTable(hash=key_hash)


BUILTIN_BACKENDS = (
    VisitedBackend("dict", "Python's built-in dict (fastest lookups)", _make_dict),
    VisitedBackend(
        "hashtable",
        "searchkit's open-addressing table with linear probing (compact integer keys; "
        "uses the puzzle's own key_hash when it has one)",
        _make_hashtable,
        HashTable.nbytes,
    ),
    VisitedBackend("none", "no duplicate detection (tree search)", None, lambda _: 0),
)
