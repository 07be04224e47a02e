"""Our open-addressing hash table: a compact dict/set replacement for visited states.

Design (the one of the Rush Hour reference TD, made compact):

* the capacity is a power of two, starting at 1;
* a key goes to slot ``hash(key) mod capacity``; collisions are resolved by linear probing
  (next slot, circularly);
* when an insertion would make ``size > 2/3 * capacity``, the capacity doubles and every key is
  re-inserted in slot order;
* deletion uses backward shifting, so there are no tombstones and lookups never degrade.

The hash function is a parameter: Python's :func:`hash` by default, or a puzzle's own integer
hash (e.g. the base-3 cell code of Rush Hour). Some keys defeat it: Python's hash of an int is
the int itself, and the states of real puzzles share their low bits (a packed taquin board, runs
of consecutive N* numbers), which linear probing turns into long clusters -- 39 extra probes per
key on taquin states, where random keys need 0.3. The table watches for it at no cost to lookups:
each re-insertion at a growth counts its probes, and when they average more than
:data:`MAX_AVERAGE_PROBES` per key (64 more allowed in all, for a small table's few collisions)
the table *mixes* its hash for good: the slot comes from the hash of the 1-tuple
``(hash(key),)``, one round of xxHash in C, and keys probe as often as random ones again
(Python's dict solves the same problem by perturbing its probe sequence; mixing keeps the TD's
linear probing and its deletions without tombstones).

Keys are compared as ``dict`` compares them: identity first, then ``==``; the empty-slot marker
is recognised by identity and never compared with a key, so a NaN, a key whose ``__eq__``
always answers ``True``, or one whose ``__eq__`` raises, is stored and found as itself.

Keys live in an ``array('q')`` (8 bytes per slot) while they are all 64-bit integers -- the common
case of puzzles that encode states as integers -- and in a list otherwise (the switch is automatic
and one-way: the table becomes an :class:`_ObjectKeyTable`, whose methods probe a list). Values
are stored only once a value other than ``None`` is set, in a parallel list, so a table used as a
set costs 12 to 24 bytes per integer key, against about 100 for a ``dict`` holding the same int
objects (see ``searchkit bench visited``). Lookups cost O(1) expected, O(n) worst case.

>>> t = HashTable(capacity=8, hash=lambda k: k[1])
>>> for i, h in enumerate([1, 7, 3, 3, 7]):
...     t[(f"e{i}", h)] = i
>>> [k[0] if k is not None else "-" for k in t.slots()]
['e4', 'e0', '-', 'e2', 'e3', '-', '-', 'e1']
>>> t[("e3", 3)], len(t), t.capacity
(3, 5, 8)
>>> nan, s = float("nan"), HashTable()
>>> s.add(nan); s.add(nan)
>>> nan in s, len(s), list(s)
(True, 1, [nan])
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, MutableMapping
from typing import Any

from .mixing import MAX_AVERAGE_PROBES, mix

__all__ = ["HashTable", "MAX_AVERAGE_PROBES"]

_INT_MIN = -(2**63)
_INT_MAX = 2**63 - 1
_EMPTY_INT = _INT_MIN  # marks an empty slot of an integer key array; that one key forces a list


class _Empty:
    """The empty-slot marker of list storage, recognised by identity only."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<empty>"


_EMPTY_OBJ = _Empty()
_MISSING = _Empty()  # the "no such key" answer of get() inside __getitem__


def _stored(keys: Any) -> list[tuple[int, Any]]:
    """``(slot, key)`` of every stored key of a key array or list (a snapshot)."""
    if type(keys) is array:
        return [(i, k) for i, k in enumerate(keys) if k != _EMPTY_INT]
    return [(i, k) for i, k in enumerate(keys) if k is not _EMPTY_OBJ]


class HashTable(MutableMapping):
    """A mapping (and set, via :meth:`add`) with open addressing and linear probing.

    Parameters
    ----------
    items:
        Initial ``(key, value)`` pairs or a mapping.
    hash:
        Function from a key to an integer; defaults to the built-in :func:`hash`. Equal keys must
        have equal hashes. Mixed when it clusters (see the module docstring).
    capacity:
        Initial number of slots, rounded up to a power of two (default 1).
    """

    __slots__ = ("_hash", "_mixed", "_keys", "_values", "_mask", "_size", "_empty", "_limit")

    _int_keys = True  # keys in an array('q'); False in _ObjectKeyTable

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
        self._mixed = False
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

    @property
    def mixed(self) -> bool:
        """Whether the table found its hash clustering and mixes it (see the module docstring)."""
        return self._mixed

    def slots(self) -> list[Any]:
        """The key in each slot, ``None`` for an empty slot (for tests and teaching)."""
        keys = [None] * (self._mask + 1)
        for i, k in _stored(self._keys):
            keys[i] = k
        return keys

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

    def _home(self, key: Any) -> int:
        """The slot where ``key``'s probe run starts."""
        return self._hash(key) & self._mask

    # -- core operations (integer array; _ObjectKeyTable has the list versions) ----------------
    def _slot(self, key: Any) -> int:
        """Index of ``key``'s slot, or ``~index`` of the empty slot where it would go."""
        keys = self._keys
        empty = self._empty
        mask = self._mask
        i = self._hash(key) & mask
        while True:
            k = keys[i]
            if k == empty:
                return ~i
            if k == key:
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
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __setitem__(self, key: Any, value: Any) -> None:
        if self._int_keys and (type(key) is not int or not _INT_MIN < key <= _INT_MAX):
            self._use_list_storage()
        i = self._slot(key)
        if i < 0:  # a new key
            if self._size + 1 > self._limit:
                self._grow()
                i = self._slot(key)
            i = ~i
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
        i = self._slot(key)
        if i < 0:
            raise KeyError(key)
        keys, values, mask = self._keys, self._values, self._mask
        # Backward-shift deletion: pull later entries of the probe run into the hole when their
        # home slot does not lie strictly between the hole and their current slot.
        j = i
        while True:
            j = (j + 1) & mask
            k = keys[j]
            if self._vacant(k):
                break
            if ((j - self._home(k)) & mask) >= ((j - i) & mask):
                keys[i] = k
                if values is not None:
                    values[i] = values[j]
                i = j
        keys[i] = self._empty
        if values is not None:
            values[i] = None
        self._size -= 1

    @staticmethod
    def _vacant(k: Any) -> bool:
        """Whether the slot content ``k`` marks an empty slot."""
        return k == _EMPTY_INT

    def discard(self, key: Any) -> None:
        """Remove ``key`` if present (set usage)."""
        if key in self:
            del self[key]

    def __iter__(self) -> Iterator[Any]:
        return (k for _, k in _stored(self._keys))

    def items(self) -> Iterator[tuple[Any, Any]]:  # type: ignore[override]
        values = self._values
        return ((k, None if values is None else values[i]) for i, k in _stored(self._keys))

    def clear(self) -> None:
        self._keys = array("q", [_EMPTY_INT])
        self._empty = _EMPTY_INT
        self._values = None
        self._mask = self._size = self._limit = 0
        self.__class__ = HashTable  # type: ignore[assignment]

    # -- growth ---------------------------------------------------------------------------------
    def _grow(self) -> None:
        self._rebuild(2 * (self._mask + 1), self._keys)

    def _use_list_storage(self) -> None:
        self.__class__ = _ObjectKeyTable  # type: ignore[assignment]
        self._rebuild(self._mask + 1, self._keys)

    def _rebuild(self, cap: int, old_keys: Any) -> None:
        """Re-insert the keys of ``old_keys`` (an array or a list) into ``cap`` slots of this
        class's storage, in slot order; mix the hash and start again if they probe too much."""
        old_values = self._values
        from_array = type(old_keys) is array
        keys: Any = array("q", [_EMPTY_INT]) * cap if self._int_keys else [_EMPTY_OBJ] * cap
        values = None if old_values is None else [None] * cap
        mask = cap - 1
        h = self._hash
        used = bytearray(cap)
        probes = 0
        for j, k in enumerate(old_keys):
            if k is _EMPTY_OBJ or (from_array and k == _EMPTY_INT):
                continue
            i = h(k) & mask
            while used[i]:
                i = (i + 1) & mask
                probes += 1
            used[i] = 1
            keys[i] = k
            if values is not None:
                values[i] = old_values[j]  # type: ignore[index]
        if probes > MAX_AVERAGE_PROBES * self._size + 64 and not self._mixed:
            self._hash, self._mixed = mix(h), True
            self._rebuild(cap, old_keys)
            return
        self._keys, self._values, self._mask = keys, values, mask
        self._empty = _EMPTY_INT if self._int_keys else _EMPTY_OBJ
        self._limit = (2 * cap) // 3


class _ObjectKeyTable(HashTable):
    """A :class:`HashTable` whose keys are not all 64-bit ints: keys in a list, ``_EMPTY_OBJ``
    in empty slots, recognised by identity; keys compared by identity, then ``==``."""

    __slots__ = ()

    _int_keys = False

    def _slot(self, key: Any) -> int:
        keys = self._keys
        mask = self._mask
        i = self._hash(key) & mask
        while True:
            k = keys[i]
            if k is _EMPTY_OBJ:
                return ~i
            if k is key or k == key:
                return i
            i = (i + 1) & mask

    def __contains__(self, key: object) -> bool:
        keys = self._keys
        mask = self._mask
        i = self._hash(key) & mask
        while True:
            k = keys[i]
            if k is _EMPTY_OBJ:
                return False
            if k is key or k == key:
                return True
            i = (i + 1) & mask

    def get(self, key: Any, default: Any = None) -> Any:
        keys = self._keys
        mask = self._mask
        i = self._hash(key) & mask
        while True:
            k = keys[i]
            if k is _EMPTY_OBJ:
                return default
            if k is key or k == key:
                values = self._values
                return None if values is None else values[i]
            i = (i + 1) & mask

    @staticmethod
    def _vacant(k: Any) -> bool:
        return k is _EMPTY_OBJ


_builtin_hash = hash
