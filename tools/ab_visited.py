"""Cases for ``tools/ab_cases.py``: the ``hashtable`` visited backend, alone and in searches.

Inserts then lookups of 100,000 keys of four kinds (random 61-bit ints, 4-tuples of small ints,
8-puzzle boards as tuples and as the taquin plugin's packed ints) into a ``HashTable``; then
searches with ``visited="hashtable"``: N* 1 -> 10^5 (dense int keys), Rush Hour (the plugin's
own key hash), breadth-first over the first 40,000 8-puzzle positions (``explore`` for the
plugin, whose parity test would answer at once) and A* on three hard 8-puzzles, on int states
(a 40-bit encoding written here, so integer keys) and on the taquin plugin's states. Prints one
``{"case", "seconds"}`` JSON line per case; arguments select the cases whose names contain one
of them. The no-slowdown check (cases where the unmixed hash did not cluster), then the
speed-up check (cases where it did, minutes before: one round):

    python tools/ab_cases.py main reliable tools/ab_visited.py --rounds 5 -k "random ints" \
        -k tuples -k rushhour
    python tools/ab_cases.py main reliable tools/ab_visited.py --rounds 1 -k packed -k nstar \
        -k "bfs 8" -k "astar 3"
"""

from __future__ import annotations

import json
import sys
import time

import searchkit
from searchkit import HashTable, ProblemBase
from searchkit.bench.visited import puzzle8_keys

N = 100_000
BFS_STATES = 40_000  # unmixed hashes cluster: a whole 8-puzzle BFS took minutes before
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
ASTAR = ("867254301", "647850321", "806547231")  # 31, 31 and 30 moves (hardest 8-puzzles)


def _neighbours(blank: int) -> list[int]:
    r, c = divmod(blank, 3)
    return [3 * rr + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 3 and 0 <= cc < 3]


def pack(board: tuple[int, ...]) -> int:
    """4 bits per cell, plus the blank's cell in the low 4 bits."""
    return sum(t << (4 * i + 4) for i, t in enumerate(board)) | board.index(0)


class IntPuzzle(ProblemBase):
    """The 8-puzzle on packed int states (integer keys for the hash table), Manhattan h."""

    def __init__(self, start: tuple[int, ...]) -> None:
        self.start, self.goal = pack(start), pack(GOAL)

    def initial(self) -> int:
        return self.start

    def is_goal(self, s: int) -> bool:
        return s == self.goal

    def successors(self, s: int) -> list[tuple[int, int, int]]:
        blank = s & 15
        out = []
        for other in _neighbours(blank):
            t = (s >> (4 * other + 4)) & 15
            child = s + (t << (4 * blank + 4)) - (t << (4 * other + 4)) - blank + other
            out.append((other, child, 1))
        return out

    def heuristic(self, s: int) -> float:
        total = 0
        for cell in range(9):
            t = (s >> (4 * cell + 4)) & 15
            if t:
                g = t - 1
                total += abs(g // 3 - cell // 3) + abs(g % 3 - cell % 3)
        return total


def timed(case: str, fn) -> None:
    if sys.argv[1:] and not any(words in case for words in sys.argv[1:]):
        return
    start = time.process_time()
    fn()
    print(json.dumps({"case": case, "seconds": time.process_time() - start}), flush=True)


def table_ops(keys: list) -> None:
    table = HashTable()
    for k in keys:
        table.add(k)
    assert sum(1 for k in keys if k in table) == len(keys)


def main() -> None:
    all_boards = puzzle8_keys(181_440, root=GOAL)  # every board, breadth-first from GOAL
    taquin = searchkit.get_puzzle("taquin")
    plugin = taquin.parse(" ".join(map(str, all_boards[0])), goal="blank-last")
    keys = {
        "random ints": [(i * 0x9E3779B97F4A7C15 + 1) % (2**61 - 1) for i in range(N)],
        "4-tuples": [(i % 50, i // 50 % 50, i // 2500 % 50, i // 125000) for i in range(N)],
        "8-puzzle tuples": all_boards[:N],
        "8-puzzle packed ints (taquin plugin)": [plugin.encode(b) for b in all_boards[:N]],
    }
    for name, ks in keys.items():
        timed(f"HashTable add+in: {name}", lambda ks=ks: table_ops(ks))
    nstar, rushhour = searchkit.get_puzzle("nstar"), searchkit.get_puzzle("rushhour")
    for strategy in ("bfs", "astar"):
        timed(f"nstar 1 -> 10^5 {strategy} (dense int keys)",
              lambda s=strategy: searchkit.search(nstar.parse("1 100000"), s,
                                                  visited="hashtable"))
    timed("rushhour hardest bfs (the plugin's key_hash)",
          lambda: searchkit.search(rushhour.parse(rushhour.examples()["hardest"]), "bfs",
                                   visited="hashtable"))
    budget = searchkit.Budget(max_visited=BFS_STATES)
    timed(f"bfs 8-puzzle first {BFS_STATES:,} states, int states",
          lambda: searchkit.search(IntPuzzle((2, 1, 3, 4, 5, 6, 7, 8, 0)), "bfs",
                                   visited="hashtable", budget=budget))
    timed(f"bfs 8-puzzle first {BFS_STATES:,} states, taquin plugin",
          lambda: searchkit.explore(taquin.parse("1 2 3 4 5 6 7 8 0", goal="blank-last"),
                                    visited="hashtable", budget=budget))
    starts = [tuple(int(c) for c in text) for text in ASTAR]
    timed("astar 3 hard 8-puzzles, int states",
          lambda: [searchkit.search(IntPuzzle(s), "astar", visited="hashtable") for s in starts])
    timed("astar 3 hard 8-puzzles, taquin plugin",
          lambda: [searchkit.search(taquin.parse(t, goal="blank-last", heuristic="manhattan"),
                                    "astar", visited="hashtable") for t in ASTAR])


if __name__ == "__main__":
    main()
