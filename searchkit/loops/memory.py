"""What a search's memory is: :class:`MemoryMeter`, the estimate behind ``Stats.peak_bytes`` and
the memory budget, and :func:`rss_bytes`, the process's resident memory.

The estimate adds up, for the containers a loop declared with :meth:`Run.track
<searchkit.loops.Run.track>`:

* **the containers themselves** -- the frontier's ``nbytes()``, each visited mapping as its
  backend sizes it, plain sets by ``sys.getsizeof``, a Python frame per level of a recursion;
* **the objects they keep alive** -- the visited keys (states, when the problem has no key
  function), the states in the frontier and in the layer lists, the numbers in the frontier's
  entries and the maps' values, the ancestors a tree search's nodes hold. Their size is
  *sampled*: a few dozen entries of each container are measured (an object with its own
  sub-objects, by allocated size), and the mean is multiplied by the container's length.

An object is counted once, where it is *owned*: a visited key belongs to its mapping (the first
one sampled: the parent map and the best-``g`` map share their keys); any other object belongs to
its container only when nothing else refers to it (its reference count), so that a state that is
also a visited key, a parent pointer that is another entry's key, or a small int cached by Python
is never counted twice. Sampling is repeated every few checks, never per expansion.

The **reserve** is the memory that the next resize of a big hash table would take while the old
table still exists (a ``dict``, a ``set`` or our :class:`~searchkit.visited.HashTable` doubles by
allocating its new table first): a budget check stops a search *before* a resize that the budget
could not hold, instead of discovering it after the process grew.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Collection, Iterable
from itertools import islice
from typing import Any

from ..visited.hashtable import HashTable

__all__ = ["MemoryMeter", "rss_bytes", "resident_growth", "allocated_size", "owned_size"]

SAMPLE = 32  # entries measured per container
_SMALL_OBJECT = 512  # pymalloc serves requests up to this size in 16-byte steps
_SET_BASE = sys.getsizeof(set())
_SET_SLOT = 16  # bytes per slot of a set's table (hash + pointer)


def allocated_size(obj: Any) -> int:
    """The bytes ``obj`` takes from the allocator: ``sys.getsizeof`` rounded up to the 16-byte
    steps of Python's small-object allocator (plus malloc's header for bigger objects).

    >>> allocated_size(2**64), sys.getsizeof(2**64)
    (48, 36)
    """
    size = sys.getsizeof(obj)
    return (size + 15) & ~15 if size <= _SMALL_OBJECT else size + 16


def _refcount(obj: Any) -> int:
    return sys.getrefcount(obj)


def _calibrate() -> tuple[int, int]:
    """The reference counts that :func:`_refcount` sees for an object held by exactly one
    container, when it is reached by iterating that container and by ``gc.get_referents``."""
    holder = [object()]
    for item in islice(iter(holder), 1):
        by_iteration = _refcount(item)
    box = (object(),)
    for item in gc.get_referents(box):
        by_referents = _refcount(item)
    return by_iteration, by_referents


_ONE_HOLDER_ITERATED, _ONE_HOLDER_REFERENT = _calibrate()


def owned_size(obj: Any, seen: set[int], depth: int = 4) -> int:
    """``allocated_size(obj)`` plus the sizes of the objects only ``obj`` refers to (and theirs,
    ``depth`` levels down); objects whose id is in ``seen`` are skipped, counted ones added.

    Shared sub-objects (a board every state points to, interned strings, small ints, classes)
    have other holders and are not counted.

    >>> pair = tuple(2**64 + i for i in range(2))  # two big ints only the tuple holds
    >>> owned_size(pair, set()) == allocated_size(pair) + 2 * allocated_size(2**64)
    True
    >>> owned_size(tuple(range(2)), set()) == allocated_size((0, 1))  # small ints are shared
    True
    """
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    total = allocated_size(obj)
    if depth:
        for child in gc.get_referents(obj):
            if id(child) not in seen and _refcount(child) <= _ONE_HOLDER_REFERENT:
                total += owned_size(child, seen, depth - 1)
    return total


def _sample_size(items: Iterable[Any], seen: set[int], *, own_top: bool,
                 shallow: bool = False) -> tuple[int, int]:
    """``(bytes, count)`` over the first :data:`SAMPLE` of ``items``.

    ``own_top``: an item is counted when something holds it (a visited key, even if referred to
    elsewhere); otherwise only when its container is its one holder. ``shallow``: the items
    themselves are already counted by their container (priority-frontier entry tuples): only
    what they alone hold is added.
    """
    total = count = 0
    for item in islice(iter(items), SAMPLE):
        count += 1
        refs = _refcount(item)
        if id(item) in seen or refs < _ONE_HOLDER_ITERATED:
            continue  # already counted, or made on the fly by the iteration (no object stored)
        if shallow:
            seen.add(id(item))
            for child in gc.get_referents(item):
                if id(child) not in seen and _refcount(child) <= _ONE_HOLDER_REFERENT:
                    total += owned_size(child, seen)
        elif own_top or refs <= _ONE_HOLDER_ITERATED:
            total += owned_size(item, seen)
    return total, count


def _values(mapping: Any) -> Iterable[Any]:
    values = getattr(mapping, "values", None)
    return values() if values is not None else ()


def _growth(container: Any, pending: float) -> int:
    """The bytes the next resize of ``container`` would allocate, if ``pending`` more entries
    could trigger it; else 0 (also for containers that grow without a transient copy)."""
    size = len(container)
    if type(container) is dict:
        slots = 8
        while 2 * slots // 3 < size:
            slots *= 2
        return 2 * sys.getsizeof(container) if size + pending > 2 * slots // 3 else 0
    if type(container) is set:
        slots = max(8, (sys.getsizeof(container) - _SET_BASE) // _SET_SLOT)
        if (size + pending) * 5 < (slots - 1) * 3:
            return 0
        wanted, new = size * 2 if size > 50_000 else size * 4, 8
        while new <= wanted:
            new *= 2
        return _SET_SLOT * new
    if isinstance(container, HashTable):
        return 2 * container.nbytes() if 3 * (size + pending) > 2 * container.capacity else 0
    return 0


class MemoryMeter:
    """The memory of one search's declared containers (see the module docstring).

    :meth:`estimate` is cheap (lengths and container sizes times the sampled per-entry sizes);
    :meth:`sample` measures the entries again; :meth:`reserve` is the next resize's transient.
    """

    # Set by Run.track; the class defaults describe a run that declared nothing.
    frontier: Any = None
    priority_entries = False
    maps: tuple[Any, ...] = ()
    backend: Any = None
    sets: tuple[Collection[Any], ...] = ()
    lists: Callable[[], Iterable[list[Any]]] | None = None
    frame_bytes = 0
    ancestors = False

    _per_entry: dict[int, float] = {}  # container index -> sampled bytes per entry (none yet)
    _last_len: dict[int, int] | None = None  # container index -> its length at reserve()

    def _containers(self) -> list[tuple[int, Any]]:
        """``(role, container)``: 0 frontier, 1 a map, 2 a layer list (the index in the list
        identifies the container across calls)."""
        found: list[tuple[int, Any]] = []
        if self.frontier is not None:
            found.append((0, self.frontier))
        found += [(1, mapping) for mapping in self.maps]
        if self.lists is not None:
            found += [(2, members) for members in self.lists()]
        return found

    def sample(self) -> None:
        """Measure a few entries of every container again (bytes per entry)."""
        seen: set[int] = set()
        per_entry: dict[int, float] = {}
        containers = self._containers()
        # Maps first: their keys are counted there, whoever else refers to them.
        for index in sorted(range(len(containers)), key=lambda i: containers[i][0] != 1):
            role, container = containers[index]
            if role == 1:
                keys, n = _sample_size(container, seen, own_top=True)
                values, _ = _sample_size(_values(container), seen, own_top=False)
                total = keys + values
            else:
                iterable = container if hasattr(container, "__iter__") else ()
                total, n = _sample_size(iterable, seen, own_top=False,
                                        shallow=role == 0 and self.priority_entries)
            if n:
                per_entry[index] = total / n
        self._per_entry = per_entry

    def containers_bytes(self) -> int:
        """The containers' own sizes (tables, arrays, frames), without the objects they hold."""
        total = 0 if self.frontier is None else self.frontier.nbytes()
        for mapping in self.maps:
            total += self.backend.nbytes(mapping)
        for members in self.sets:
            total += sys.getsizeof(members)
        if self.lists is not None:
            for members in self.lists():
                total += sys.getsizeof(members)
        return total

    def estimate(self, depth: int, expanded: int) -> int:
        """Bytes held now; ``depth`` is the deepest recursion (frames), ``expanded`` the
        expansions (ancestors of a tree search)."""
        total = self.containers_bytes() + self.frame_bytes * depth
        per_entry = self._per_entry
        if not per_entry:
            return total
        for index, (role, container) in enumerate(self._containers()):
            size = per_entry.get(index)
            if size:
                total += int(size * len(container))
                if role == 0 and self.ancestors:
                    total += int(size * expanded)
        return total

    def reserve(self, fraction: float) -> int:
        """The bytes the resizes that may happen before the next check would add: a container
        that grew by ``n`` entries since the previous call may grow by ``fraction * n`` more."""
        total = 0
        last = self._last_len
        if last is None:
            last = self._last_len = {}
        for index, container in enumerate((*self.maps, *self.sets)):
            size = len(container)
            pending = max(0, size - last.get(index, size)) * fraction
            last[index] = size
            total += _growth(container, pending)
        return total


def _statm_reader() -> Callable[[], int | None]:
    page = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

    def from_statm() -> int | None:
        try:
            with open("/proc/self/statm", "rb") as statm:
                return int(statm.read().split()[1]) * page
        except (OSError, ValueError, IndexError):
            return None

    if from_statm() is not None:
        return from_statm
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return lambda: None
    scale = 1 if sys.platform == "darwin" else 1024

    def peak() -> int | None:  # pragma: no cover - systems without /proc
        # The peak, not the current size: it never decreases, which errs on the safe side.
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale

    return peak


rss_bytes = _statm_reader()
rss_bytes.__doc__ = """The process's resident memory in bytes (``/proc/self/statm``; the peak from
``getrusage`` where there is no ``/proc``; ``None`` when neither is available)."""


def resident_growth() -> Callable[[], int]:
    """A function that returns the bytes the process's resident memory (:func:`rss_bytes`) grew
    by since this call: what a memory budget on the real process measures (0 where unknown).

    >>> grown = resident_growth()
    >>> block = bytearray(64 * 2**20)
    >>> grown() >= 60 * 2**20 or rss_bytes() is None
    True
    """
    start = rss_bytes()

    def grown() -> int:
        now = None if start is None else rss_bytes()
        return 0 if now is None or start is None else max(0, now - start)

    return grown
