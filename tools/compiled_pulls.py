"""How far a compiled backward search gets: a measurement of the lead in sokoban-unsolved.md.

Usage (from the repository root, with the project's virtual environment and ``pip install
numba``)::

    python tools/compiled_pulls.py COLLECTION LEVELS SECONDS [--noise N] [--runs R]

``COLLECTION`` names a file of ``../shared/data/sokoban/`` (``sasquatch``, ``microban_ii``...),
``LEVELS`` is ``all`` or numbers joined by commas. Each level gets up to ``R`` runs of at most
``SECONDS`` of CPU time each (stopping at the first solved), and one JSON line per run.

The search is greedy best-first on *pulls*, compiled by Numba: from the solved position (the
keeper in any region of the free floor) to the starting boxes with the keeper's starting cell in
his region, as the plugin's backward search (``pulls.py``) but with none of its extras (tunnel
pulls, macros, ``pull_subsets``, keeper-aware guide): dead cells are those from which no
starting cell can be reached by pulls, the guide is the minimum-cost matching of the boxes onto
the starting cells by box-alone pulls (Hungarian algorithm, exact), ties newest first, and
``--noise N`` adds a random multiple of 1/8 in [0, N) to every child's guide (seeded by the run's
number). A run ends ``solved``, ``limit`` (its time), ``exhausted`` (no plan: every rule is
sound) or ``full`` (``--capacity`` positions stored).
Positions are keyed by the sorted box cells and the keeper's region (its smallest cell), stored
in an open-addressing table of 64-bit Zobrist hashes compared in full. Every plan found is
turned into pushes, spelled in LURD with shortest keeper walks and replayed square by square by
the plugin's :func:`~searchkit_sokoban.lurd.replay_lurd`; the tool fails if one does not solve.
Numba compiles on first use (about 5 s, cached in ``tools/__pycache__``): a one-box level runs
first, untimed, so that no level's time includes it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "plugins"))
from searchkit_sokoban.board import MOVE_CHARS, Board  # noqa: E402
from searchkit_sokoban.levels import RawLevel, split_levels  # noqa: E402
from searchkit_sokoban.lurd import replay_lurd  # noqa: E402
from searchkit_sokoban.pushes import spell_walk  # noqa: E402

BIG = 1_000_000  # a pull distance meaning "never"; a matching of BIG or more: none
HUGE = 1 << 50
IDX_BITS = 36  # heap keys: guide << IDX_BITS | (IDX_MASK - state): ties newest first
IDX_MASK = (1 << IDX_BITS) - 1
STATUS = ("limit", "solved", "exhausted", "full")
# ctx: states, heap size, expansions, status, solved state, flood stamp
N_STATES, HEAP, EXPANDED, STATUS_AT, SOLVED_AT, STAMP = range(6)


@njit(cache=True)
def flood(start, floor, occ, off, mark, stamp, queue):
    """Mark the keeper's region from ``start`` (boxes in ``occ`` block); its smallest cell."""
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
    """Minimum-cost assignment of the boxes to the rows of ``dist`` (Hungarian algorithm)."""
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
def find(table, used, hashes, states, roots, h, boxes, root):
    """The table slot holding the position (``boxes``, ``root``), or ``-(free slot) - 1``."""
    mask = table.shape[0] - 1
    i = h & mask
    while used[i]:
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
def heap_push(heap, n, key):
    i = n
    while i > 0 and heap[(i - 1) >> 1] > key:
        heap[i] = heap[(i - 1) >> 1]
        i = (i - 1) >> 1
    heap[i] = key
    return n + 1


@njit(cache=True)
def heap_pop(heap, n):
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
def moved_in(boxes, old, new, out):
    """``out``: the sorted ``boxes`` with the box on ``old`` moved to ``new``."""
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


@njit(cache=True)
def search(slice_, floor, dead, keeper, off, dist, zb, zk, states, roots, hashes, parent, move,
           table, used, heap, occ, mark, mark2, queue, ctx, noise, work):
    """Expand up to ``slice_`` positions; the counters and the status are in ``ctx``."""
    n, hn, nb = ctx[N_STATES], ctx[HEAP], states.shape[1]
    child = np.empty(nb, np.int64)
    for _ in range(slice_):
        if hn == 0:
            ctx[STATUS_AT] = 2
            break
        key, hn = heap_pop(heap, hn)
        s = IDX_MASK - (key & IDX_MASK)
        ctx[EXPANDED] += 1
        for j in range(nb):
            occ[states[s, j]] = 1
        ctx[STAMP] += 1
        stamp = ctx[STAMP]
        flood(roots[s], floor, occ, off, mark, stamp, queue)
        box_hash = hashes[s] ^ zk[roots[s]]
        for i in range(nb):
            b = states[s, i]
            for d in range(4):
                stand = b + off[d]  # the keeper pulls the box onto his cell, stepping on
                step = stand + off[d]
                if mark[stand] != stamp or not floor[step] or occ[step] or dead[stand]:
                    continue
                moved_in(states[s], b, stand, child)
                h = matching(child, dist, *work)
                if h >= BIG:
                    continue
                occ[b], occ[stand] = 0, 1
                ctx[STAMP] += 1
                root = flood(step, floor, occ, off, mark2, ctx[STAMP], queue)
                occ[b], occ[stand] = 1, 0
                hh = box_hash ^ zb[b] ^ zb[stand] ^ zk[root]
                slot = find(table, used, hashes, states, roots, hh, child, root)
                if slot >= 0:
                    continue
                if n == states.shape[0]:
                    ctx[STATUS_AT] = 3
                    break
                slot = -slot - 1
                states[n], roots[n], hashes[n] = child, root, hh
                parent[n], move[n] = s, 4 * b + d
                table[slot], used[slot] = n, True
                if h == 0 and mark2[keeper] == ctx[STAMP]:
                    ctx[STATUS_AT], ctx[SOLVED_AT] = 1, n
                    break
                pr = 8 * h + (np.random.randint(0, 8 * noise) if noise else 0)
                hn = heap_push(heap, hn, (pr << IDX_BITS) | (IDX_MASK - n))
                n += 1
            if ctx[STATUS_AT]:
                break
        for j in range(nb):
            occ[states[s, j]] = 0
        if ctx[STATUS_AT]:
            break
    ctx[N_STATES], ctx[HEAP] = n, hn


@njit(cache=True)
def seed(value):
    np.random.seed(value)


def solve(raw: RawLevel, seconds: float, noise: int, run: int, capacity: int) -> dict:
    """One run on one level: what it did, and the plan's pushes and moves if it solved."""
    board = Board(raw)
    start = time.process_time()
    size, starts = board.size, board.initial_boxes
    floor = np.frombuffer(bytes(board.is_floor), np.uint8).copy()
    off = np.array(board.offsets, np.int64)
    pulls = [board.box_distances(cell, to_cell=False) for cell in starts]
    dist = np.array(pulls)
    dist = np.where(np.isinf(dist), BIG, dist).astype(np.int64)
    dead = np.frombuffer(bytes(board.unreached(pulls)), np.uint8).copy()
    rng = np.random.default_rng(1)
    zb, zk = (rng.integers(1, 2**63, size, dtype=np.int64).astype(np.uint64) for _ in "bk")
    nb = len(starts)
    states = np.empty((capacity, nb), np.int16)
    roots, parent, move = (np.empty(capacity, np.int32) for _ in range(3))
    hashes = np.empty(capacity, np.uint64)
    slots = 1 << (2 * capacity - 1).bit_length()
    table, used = np.empty(slots, np.int32), np.zeros(slots, np.bool_)
    heap = np.empty(capacity, np.int64)
    occ = np.zeros(size, np.uint8)
    mark, mark2 = np.zeros(size, np.int64), np.zeros(size, np.int64)
    queue = np.empty(size, np.int64)
    work = (*(np.zeros(nb + 1, np.int64) for _ in range(5)), np.zeros(nb + 1, np.bool_))
    goals = np.array(board.goals, np.int64)
    occ[goals] = 1
    h0 = matching(goals, dist, *work)
    box_hash = np.bitwise_xor.reduce(zb[goals])
    ctx = np.zeros(6, np.int64)
    for cell in board.floor:  # the solved position with the keeper in each region in turn
        if occ[cell] or mark[cell]:
            continue
        ctx[STAMP] += 1
        root = flood(cell, floor, occ, off, mark, ctx[STAMP], queue)
        n = ctx[N_STATES]
        states[n], roots[n], hashes[n], parent[n] = goals, root, box_hash ^ zk[root], -1
        slot = -find(table, used, hashes, states, roots, hashes[n], goals, root) - 1
        table[slot], used[slot] = n, True
        ctx[HEAP] = heap_push(heap, ctx[HEAP], ((8 * h0) << IDX_BITS) | (IDX_MASK - n))
        ctx[N_STATES] += 1
    occ[:] = 0
    seed(run)
    while not ctx[STATUS_AT] and time.process_time() - start < seconds:
        search(2000, floor, dead, board.keeper, off, dist, zb, zk, states, roots, hashes, parent,
               move, table, used, heap, occ, mark, mark2, queue, ctx, noise, work)
    info = {"status": STATUS[ctx[STATUS_AT]], "cpu": round(time.process_time() - start, 2),
            "expanded": int(ctx[EXPANDED]), "stored": int(ctx[N_STATES])}
    if ctx[STATUS_AT] == 1:
        pushes = []  # parent links run from the start back to the solved position: in order
        s = int(ctx[SOLVED_AT])
        while parent[s] >= 0:
            b, d = divmod(int(move[s]), 4)
            pushes.append((b + board.offsets[d], d ^ 1))  # the pull undone: a push back
            s = int(parent[s])
        replay = replay_lurd([row for _, row in raw.rows], spell(board, pushes))
        if not replay.solved:
            raise SystemExit(f"level {raw.name}: the plan does not solve it")
        info.update(pushes=replay.pushes, moves=replay.moves)
    return info


def spell(board: Board, pushes: list[tuple[int, int]]) -> str:
    """The LURD of ``pushes`` (box cell, direction), the keeper walking by shortest paths."""
    boxes, keeper, out = set(board.initial_boxes), board.keeper, []
    for box, d in pushes:
        out += [spell_walk(board, tuple(boxes), keeper, box - board.offsets[d]),
                MOVE_CHARS[d].upper()]
        boxes.remove(box)
        boxes.add(box + board.offsets[d])
        keeper = box
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection")
    parser.add_argument("levels")
    parser.add_argument("seconds", type=float)
    parser.add_argument("--noise", type=int, default=0)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--capacity", type=int, default=25_000_000, help="positions stored")
    args = parser.parse_args()
    data = Path(__file__).resolve().parent.parent.parent / "shared/data/sokoban"
    levels = split_levels((data / f"{args.collection}.xsb").read_text())
    solve(split_levels("#####\n#@$.#\n#####")[0], 600.0, 1, 0, 16)  # compile first (one pull)
    wanted = range(1, len(levels) + 1) if args.levels == "all" else map(int, args.levels.split(","))
    for number in wanted:
        for run in range(args.runs):
            info = solve(levels[number - 1], args.seconds, args.noise, run, args.capacity)
            print(json.dumps({"level": number, "run": run, "noise": args.noise, **info}),
                  flush=True)
            if info["status"] == "solved":
                break


if __name__ == "__main__":
    main()
