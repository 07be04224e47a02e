"""Our open-addressing hash table: a compact dict/set replacement for visited states.

Design (the one of the Rush Hour reference TD, made compact):

* the capacity is a power of two, starting at 1;
* a key goes to slot ``hash(key) mod capacity``; collisions are resolved by linear probing
  (next slot, circularly);
* when an insertion would make ``size > 2/3 * capacity``, the capacity doubles and every key is
  re-inserted in slot order;
* deletion uses backward shifting, so there are no tombstones and lookups never degrade.

Keys live in an ``array('q')`` (8 bytes per slot) while they are all 64-bit integers -- the common
case of puzzles that encode states as integers -- and in a list otherwise (the switch is automatic
and one-way). Values are stored only once a value other than ``None`` is set, in a parallel list,
so a table used as a set costs 12 to 24 bytes per integer key, against about 100 for a ``dict``
holding the same int objects (see ``searchkit bench visited``).

The hash function is a parameter: Python's :func:`hash` by default, or a puzzle's own integer
hash (e.g. the base-3 cell code of Rush Hour). Lookups cost O(1) expected, O(n) worst case.

>>> t = HashTable(capacity=8, hash=lambda k: k[1])
>>> for i, h in enumerate([1, 7, 3, 3, 7]):
...     t[(f"e{i}", h)] = i
>>> [k[0] if k is not None else "-" for k in t.slots()]
['e4', 'e0', '-', 'e2', 'e3', '-', '-', 'e1']
>>> t[("e3", 3)], len(t), t.capacity
(3, 5, 8)
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, MutableMapping
from typing import Any

__all__ = ["HashTable"]

_INT_MIN = -(2**63)
_INT_MAX = 2**63 - 1
_EMPTY_INT = _INT_MIN  # marks an empty slot of an integer key array; that one key forces a list


class _Empty:
    """The empty-slot marker of list storage (equal to nothing but itself)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<empty>"


_EMPTY_OBJ = _Empty()


def _fits_int_array(key: object) -> bool:
    return type(key) is int and _INT_MIN < key <= _INT_MAX


class HashTable(MutableMapping):
    """A mapping (and set, via :meth:`add`) with open addressing and linear probing.

    Parameters
    ----------
    items:
        Initial ``(key, value)`` pairs or a mapping.
    hash:
        Function from a key to an integer; defaults to the built-in :func:`hash`. Equal keys must
        have equal hashes.
    capacity:
        Initial number of slots, rounded up to a power of two (default 1).
    """

    __slots__ = ("_hash", "_keys", "_values", "_mask", "_size", "_empty", "_limit")

    def __init__(
        self,
        items: Iterable[tuple[Hashable, Any]] | MutableMapping = (),
        *,
        hash: Callable[[Any], int] | None = None,
        capacity: int = 1,
    ) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, not {capacity}")
        cap = 1
        while cap < capacity:
            cap *= 2
        self._hash = hash if hash is not None else _builtin_hash
        self._keys: Any = array("q", [_EMPTY_INT]) * cap
        self._empty: Any = _EMPTY_INT
        self._values: list[Any] | None = None
        self._mask = cap - 1
        self._size = 0
        self._limit = (2 * cap) // 3  # the largest size allowed at this capacity
        self.update(items)

    # -- inspection -------------------------------------------------------------------------
    @property
    def capacity(self) -> int:
        """The number of slots (a power of two)."""
        return self._mask + 1

    def slots(self) -> list[Any]:
        """The key in each slot, ``None`` for an empty slot (for tests and teaching)."""
        empty = self._empty
        return [None if k == empty else k for k in self._keys]

    def nbytes(self) -> int:
        """Bytes of the table's own buffers (key array or list, value list)."""
        total = sys.getsizeof(self._keys)
        if self._values is not None:
            total += sys.getsizeof(self._values)
        return total

    def __len__(self) -> int:
        return self._size

    def __repr__(self) -> str:
        return f"HashTable({dict(self.items())!r})"

    # -- core operations ----------------------------------------------------------------------
    def _slot(self, key: Any) -> int:
        """Index of ``key``'s slot, or of the empty slot where it would be inserted."""
        keys = self._keys
        empty = self._empty
        mask = self._mask
        i = self._hash(key) & mask
        while True:
            k = keys[i]
            if k == empty or k == key:
                return i
            i = (i + 1) & mask

    def __contains__(self, key: object) -> bool:
        keys = self._keys
        empty = self._empty
        mask = self._mask
        i = self._hash(key) & mask
        while True:
            k = keys[i]
            if k == empty:
                return False
            if k == key:
                return True
            i = (i + 1) & mask

    def get(self, key: Any, default: Any = None) -> Any:
        keys = self._keys
        empty = self._empty
        mask = self._mask
        i = self._hash(key) & mask
        while True:
            k = keys[i]
            if k == empty:
                return default
            if k == key:
                values = self._values
                return None if values is None else values[i]
            i = (i + 1) & mask

    def __getitem__(self, key: Any) -> Any:
        value = self.get(key, _EMPTY_OBJ)
        if value is _EMPTY_OBJ:
            raise KeyError(key)
        return value

    def __setitem__(self, key: Any, value: Any) -> None:
        if type(self._keys) is array and not _fits_int_array(key):
            self._use_list_storage()
        i = self._slot(key)
        if self._keys[i] == self._empty:
            if self._size + 1 > self._limit:
                self._grow()
                i = self._slot(key)
            self._keys[i] = key
            self._size += 1
        if value is not None and self._values is None:
            self._values = [None] * (self._mask + 1)
        if self._values is not None:
            self._values[i] = value

    def add(self, key: Any) -> None:
        """Insert ``key`` (set usage); its value is ``None``."""
        self.__setitem__(key, None)

    def __delitem__(self, key: Any) -> None:
        if key not in self:
            raise KeyError(key)
        keys, values, empty, mask, h = self._keys, self._values, self._empty, self._mask, self._hash
        i = self._slot(key)
        # Backward-shift deletion: pull later entries of the probe run into the hole when their
        # home slot does not lie strictly between the hole and their current slot.
        j = i
        while True:
            j = (j + 1) & mask
            k = keys[j]
            if k == empty:
                break
            home = h(k) & mask
            if ((j - home) & mask) >= ((j - i) & mask):
                keys[i] = k
                if values is not None:
                    values[i] = values[j]
                i = j
        keys[i] = empty
        if values is not None:
            values[i] = None
        self._size -= 1

    def discard(self, key: Any) -> None:
        """Remove ``key`` if present (set usage)."""
        if key in self:
            del self[key]

    def __iter__(self) -> Iterator[Any]:
        empty = self._empty
        return (k for k in list(self._keys) if k != empty)

    def items(self) -> Iterator[tuple[Any, Any]]:  # type: ignore[override]
        empty, values = self._empty, self._values
        return (
            (k, None if values is None else values[i])
            for i, k in enumerate(list(self._keys))
            if k != empty
        )

    def clear(self) -> None:
        self.__init__(hash=self._hash)  # type: ignore[misc]

    # -- growth ---------------------------------------------------------------------------------
    def _grow(self) -> None:
        self._rebuild(2 * (self._mask + 1), self._keys, self._empty)

    def _use_list_storage(self) -> None:
        self._rebuild(self._mask + 1, self._keys, self._empty, as_list=True)

    def _rebuild(self, cap: int, old_keys: Any, old_empty: Any, as_list: bool = False) -> None:
        old_values = self._values
        if as_list or type(old_keys) is list:
            keys: Any = [_EMPTY_OBJ] * cap
            empty: Any = _EMPTY_OBJ
        else:
            keys = array("q", [_EMPTY_INT]) * cap
            empty = _EMPTY_INT
        values = None if old_values is None else [None] * cap
        mask = cap - 1
        h = self._hash
        for j, k in enumerate(old_keys):
            if k == old_empty:
                continue
            i = h(k) & mask
            while keys[i] != empty:
                i = (i + 1) & mask
            keys[i] = k
            if values is not None:
                values[i] = old_values[j]  # type: ignore[index]
        self._keys, self._values, self._empty, self._mask = keys, values, empty, mask
        self._limit = (2 * cap) // 3


_builtin_hash = hash
