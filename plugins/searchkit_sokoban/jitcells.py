"""The cells of a feature-space search, for both compiled searches: their kernels and arrays.

A feature-space search (FESS, :mod:`.features`) keeps each position waiting in the *cell* of
its features, and takes the cells in turn instead of the best position overall. Here a cell is
a bucket queue on the search's bound (``heads[cell, bound]``, the positions of one bucket
linked newest first through the searches' ``link`` array, ``low[cell]`` at or below its
smallest non-empty bucket, ``sizes[cell]`` its positions); ``keys`` and ``cell_of``, an
open-addressing table, map a feature key to its cell's number, ``cell_key`` the way back. The
cells are taken in rounds, in the order they were made: a round gives each cell made before it
one turn, and a turn takes the best position of one cell (a cell made during a round waits for
the next: taking it at once, the compiled forward search does not solve Sasquatch 17 in 100 s).

:func:`enqueue` and :func:`take` are the kernels (compiled by Numba, called by
:mod:`.jitfeatures` and :mod:`.jitpulls`), :class:`Cells` holds and grows the arrays. This
module needs Numba: only the compiled searches import it, once it is known to be installed.

>>> import numpy as np
>>> from . import jit
>>> cells, link, ctx = Cells(buckets=8), np.full(4, -1, np.int32), np.zeros(jit.CTX_SLOTS, np.int64)
>>> for position, bound, key in ((0, 5, 70), (1, 2, 70), (2, 7, 30)):
...     enqueue(position, bound, key, *cells.arrays, link, ctx)
>>> [int(take(*cells.arrays, link, ctx)) for _ in range(3)]  # cell 70, cell 30, cell 70 again
[1, 2, 0]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jit import HEAP
from .jitrules import insert_all, slot_of

#: The slots of the searches' counters ``ctx`` that the cells use (after :mod:`.jit`'s): the
#: cells made, the next cell's turn, the cells the round takes turns over.
CELLS, TURN, ROUND = range(10, 13)
#: Cells the arrays hold at first; they double when full.
FIRST_CELLS = 64
#: The most buckets a cell has: larger bounds share the last one.
MAX_BUCKETS = 4096


class Cells:
    """The arrays of the cells, room for :data:`FIRST_CELLS` at first, each of ``buckets``
    buckets (at most :data:`MAX_BUCKETS`): ``arrays`` is ``(keys, cell_of, cell_key, heads,
    low, sizes)``, what :func:`enqueue` and :func:`take` take."""

    def __init__(self, buckets: int) -> None:
        buckets = max(1, min(MAX_BUCKETS, buckets))
        self.arrays = (*_table(FIRST_CELLS), np.empty(FIRST_CELLS, np.int64),
                       np.full((FIRST_CELLS, buckets), -1, np.int32),
                       np.zeros(FIRST_CELLS, np.int64), np.zeros(FIRST_CELLS, np.int64))

    def nbytes(self) -> int:
        return sum(a.nbytes for a in self.arrays)

    def full(self, made: int, more: int) -> bool:
        """Whether ``more`` cells might not fit beside the ``made`` ones."""
        return made + more > self.arrays[3].shape[0]

    def grow(self, made: int) -> None:
        """Double the room for cells, keeping the ``made`` ones and their positions."""
        keys, cell_of, cell_key, heads, low, sizes = self.arrays
        keys, cell_of = _table(2 * heads.shape[0])
        insert_all(keys, cell_of, cell_key[:made])
        self.arrays = (keys, cell_of, *(np.concatenate([a, np.full_like(a, fill)])
                                        for a, fill in ((cell_key, 0), (heads, -1), (low, 0),
                                                        (sizes, 0))))


def _table(cells: int) -> tuple[np.ndarray, np.ndarray]:
    """An empty open-addressing table from feature keys to the numbers of up to ``cells``
    cells (keys ``-1``: free slots)."""
    slots = 1 << (4 * cells - 1).bit_length()
    return np.full(slots, -1, np.int64), np.zeros(slots, np.int32)


@njit(cache=True)
def enqueue(s, h, key, keys, cell_of, cell_key, heads, low, sizes, link, ctx):
    """Put position ``s`` of bound ``h`` into the cell of feature key ``key``, made if new
    (``ctx[HEAP]`` counts the positions waiting in all cells)."""
    slot = slot_of(keys, key)
    if keys[slot] == -1:
        keys[slot], cell_of[slot] = key, ctx[CELLS]
        cell_key[ctx[CELLS]] = key
        low[ctx[CELLS]] = heads.shape[1] - 1
        ctx[CELLS] += 1
    cell = cell_of[slot]
    bucket = min(h, heads.shape[1] - 1)
    link[s] = heads[cell, bucket]
    heads[cell, bucket] = s
    low[cell] = min(low[cell], bucket)
    sizes[cell] += 1
    ctx[HEAP] += 1


@njit(cache=True)
def take(keys, cell_of, cell_key, heads, low, sizes, link, ctx):
    """Take the best position of the cell whose turn it is (the newest of its lowest bucket);
    some position must wait (``ctx[HEAP]`` > 0)."""
    cell = ctx[TURN]
    while True:
        if cell >= ctx[ROUND]:  # a new round, over the cells made before it
            cell, ctx[ROUND] = 0, ctx[CELLS]
        if sizes[cell]:
            break
        cell += 1
    ctx[TURN] = cell + 1
    bucket = low[cell]
    while heads[cell, bucket] < 0:
        bucket += 1
    low[cell] = bucket
    s = heads[cell, bucket]
    heads[cell, bucket] = link[s]
    sizes[cell] -= 1
    ctx[HEAP] -= 1
    return s
