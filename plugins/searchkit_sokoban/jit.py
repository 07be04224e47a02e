"""What the kernels of both compiled searches share, compiled by Numba: the positions' table,
floods, the matching, a heap.

Only the compiled searches' modules import this module (:mod:`.compiledpulls` with the backward
search's kernel, :mod:`.jitpulls`, and :mod:`.compiledfeatures` with the forward one's,
:mod:`.jitfeatures`), and only once Numba is known to be installed (the ``fast`` extra). Every
function works on flat NumPy arrays, so that Numba compiles it to machine code; the first call
compiles them (some seconds), later processes load the compiled code from Numba's cache
(``cache=True``: ``__pycache__`` beside this file, else the user's cache folder).

A position is a row of ``states`` (its box cells, sorted), its keeper's region (``roots``: the
region's smallest cell) and its 64-bit Zobrist hash (``hashes``); the open addressing ``table``
holds position numbers, compared in full on equal hashes.
"""

from __future__ import annotations

from numba import njit

#: A pull distance that means "never"; a matching of ``BIG`` or more: none exists.
BIG = 1_000_000
HUGE = 1 << 50
#: Heap keys: ``guide << IDX_BITS | (IDX_MASK - position)``.
IDX_BITS = 36
IDX_MASK = (1 << IDX_BITS) - 1
#: The slots of the searches' counters ``ctx``: positions stored, positions waiting (in the heap
#: or the cells), expansions, generated, duplicates, cut by dead squares, cut by the matching,
#: status (0 running, 1 solved, 2 exhausted, 3 full), the solved position, the flood stamp;
#: ``CTX_SLOTS`` in all, the slots after these for the cells' (:mod:`.jitcells`) and the compiled
#: forward search's counters (:mod:`.jitfeatures`).
(N_STATES, HEAP, EXPANDED, GENERATED, DUPLICATES, DEAD, UNMATCHED, STATUS, SOLVED_AT,
 STAMP) = range(10)
CTX_SLOTS = 18
RUNNING, SOLVED, EXHAUSTED, FULL = range(4)


@njit(cache=True)
def flood(start, floor, occ, off, mark, stamp, queue):
    """Mark the keeper's region from ``start`` with ``stamp`` (boxes in ``occ`` block); return
    its smallest cell."""
    head, tail, root = 0, 1, start
    queue[0] = start
    mark[start] = stamp
    while head < tail:
        c = queue[head]
        head += 1
        root = min(root, c)
        for d in range(4):
            n = c + off[d]
            if floor[n] and occ[n] == 0 and mark[n] != stamp:
                mark[n] = stamp
                queue[tail] = n
                tail += 1
    return root


@njit(cache=True)
def matching(boxes, dist, u, v, p, way, minv, used):
    """The cost of a minimum-cost assignment of ``boxes`` to the rows of ``dist`` (the
    Hungarian algorithm, O(k^3)); ``BIG`` or more when every assignment has a box that no
    starting cell reaches. The other arguments are scratch arrays of ``k + 1`` entries."""
    k, m = boxes.shape[0], dist.shape[0]
    u[:] = 0
    v[:] = 0
    p[:] = 0
    for i in range(1, k + 1):
        p[0] = i
        j0 = 0
        minv[:] = HUGE
        used[:] = False
        while True:
            used[j0] = True
            i0, delta, j1 = p[j0], HUGE, 0
            cell = boxes[i0 - 1]
            for j in range(1, m + 1):
                if not used[j]:
                    cur = dist[j - 1, cell] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(m + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    return -v[0]


@njit(cache=True)
def find(table, hashes, states, roots, h, boxes, root):
    """The slot of ``table`` holding the position (``boxes``, ``root``) of hash ``h``, or
    ``-(its free slot) - 1`` (slots hold position numbers, ``-1`` when free)."""
    mask = table.shape[0] - 1
    i = h & mask
    while table[i] >= 0:
        s = table[i]
        if hashes[s] == h and roots[s] == root:
            same = True
            for j in range(boxes.shape[0]):
                if states[s, j] != boxes[j]:
                    same = False
                    break
            if same:
                return i
        i = (i + 1) & mask
    return -i - 1


@njit(cache=True)
def rehash(table, hashes, count):
    """Fill the empty ``table`` (every slot ``-1``) with positions ``0 .. count - 1``."""
    mask = table.shape[0] - 1
    for s in range(count):
        i = hashes[s] & mask
        while table[i] >= 0:
            i = (i + 1) & mask
        table[i] = s


@njit(cache=True)
def occupy(s, states, roots, floor, occ, off, mark, queue, ctx):
    """Begin expanding position ``s``: mark its boxes in ``occ``, and its keeper's region in
    ``mark`` with a new stamp, which it returns."""
    for j in range(states.shape[1]):
        occ[states[s, j]] = 1
    ctx[STAMP] += 1
    flood(roots[s], floor, occ, off, mark, ctx[STAMP], queue)
    return ctx[STAMP]


@njit(cache=True)
def add(table, hashes, states, roots, parent, move, n, child, root, h, s, m, ctx):
    """Store the position (``child``, ``root``) of hash ``h`` as number ``n``, reached from
    position ``s`` by move ``m``, unless it is stored already (counted in ``ctx``); whether it
    was new."""
    slot = find(table, hashes, states, roots, h, child, root)
    if slot >= 0:
        ctx[DUPLICATES] += 1
        return False
    table[-slot - 1] = n
    states[n], roots[n], hashes[n] = child, root, h
    parent[n], move[n] = s, m
    return True


@njit(cache=True)
def heap_push(heap, n, key):
    """Add ``key`` to the binary min-heap ``heap[:n]``; its new size."""
    i = n
    while i > 0 and heap[(i - 1) >> 1] > key:
        heap[i] = heap[(i - 1) >> 1]
        i = (i - 1) >> 1
    heap[i] = key
    return n + 1


@njit(cache=True)
def heap_pop(heap, n):
    """The smallest key of the binary min-heap ``heap[:n]``, and its new size."""
    top, n = heap[0], n - 1
    key, i = heap[n], 0
    while 2 * i + 1 < n:
        c = 2 * i + 1
        if c + 1 < n and heap[c + 1] < heap[c]:
            c += 1
        if heap[c] >= key:
            break
        heap[i] = heap[c]
        i = c
    heap[i] = key
    return top, n


@njit(cache=True)
def moved(boxes, old, new, out):
    """Write into ``out`` the sorted ``boxes`` with the box on ``old`` moved to ``new``."""
    m, placed = 0, False
    for c in boxes:
        if c == old:
            continue
        if not placed and new < c:
            out[m] = new
            m += 1
            placed = True
        out[m] = c
        m += 1
    if not placed:
        out[m] = new
