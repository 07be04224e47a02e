"""Suite ``rushhour``: the 40 original challenge cards and the 2,000-position Fogleman sample.

Contenders: the hand-tuned breadth-first solver (reference), and the engine on the ``rushhour``
plugin with ``bfs`` and ``astar`` with the plugin's default heuristic (the ``hashtable`` visited
set is measured by the ``visited`` suite; on Rush Hour it is about 3x slower than ``dict``). Every contender must reproduce every published move count. Peak memory is
measured on the first 50 instances (tracing all 2,040 would take longer than the suite itself).
"""

from __future__ import annotations

from typing import Any

from ..search import search
from .baselines.rushhour import bfs
from .harness import Contender, Instance, Outcome, Table, run_search_suite
from .korf import data_dir
from .options import Options, plugin_unavailable

NAME = "rushhour"
DESCRIPTION = "40 cards + 2,000 Fogleman positions: engine BFS/A* (plugin) vs hand-tuned BFS"


def load_instances(quick: bool) -> list[Instance]:
    """Cards ``orig-*`` then the sample, as ``Instance(name, board, optimal moves)``."""
    folder = data_dir("rushhour")
    out: list[Instance] = []
    cards, sample = folder / "cards.txt", folder / "fogleman_sample.txt"
    if cards.exists():
        for line in cards.read_text().split("\n"):
            f = line.split()
            if f and not line.startswith("#") and f[-1].startswith("orig"):
                out.append(Instance(f[-1], f[1], int(f[0])))
    if quick:
        out = out[:5]
    if sample.exists():
        rows = [line.split() for line in sample.read_text().split("\n") if line.strip()]
        if quick:
            rows = rows[-10:]  # the easiest end of the file (sorted by decreasing moves)
        out += [Instance(f"sample-{i}", f[1], int(f[0])) for i, f in enumerate(rows)]
    return out


def _engine(strategy: str, visited: str) -> tuple[Any, Any]:
    def prepare(board: str) -> Any:
        from ..plugins import get_puzzle

        return get_puzzle("rushhour").parse(board)

    def solve(problem: Any) -> Outcome:
        r = search(problem, strategy, visited=visited)
        return Outcome(r.cost, r.stats.expanded)
    return prepare, solve


def _baseline(board: str) -> Outcome:
    moves, expanded = bfs(board)
    return Outcome(moves, expanded)


def run(options: Options) -> Table:
    instances = load_instances(options.quick)
    if not instances:
        return Table(NAME, f"{NAME}: unavailable", ["contender"], [],
                     ["- ../shared/data/rushhour not found"])
    missing = plugin_unavailable("rushhour")
    contenders = [Contender("hand-tuned BFS", _baseline, reference=True,
                            note="int state (3 bits per vehicle), occupancy bitboard rebuilt per "
                                 "expansion, one mask test per slid cell")]
    for strategy, visited in (("bfs", "dict"), ("astar", "dict")):
        prepare, solve = _engine(strategy, visited)
        contenders.append(Contender(f"searchkit {strategy} {visited} (rushhour plugin)", solve,
                                    prepare=prepare, unavailable=missing))
    cards = sum(1 for i in instances if i.name.startswith("orig"))
    return run_search_suite(
        NAME, f"{NAME}: {cards} cards + {len(instances) - cards} sample positions (moves = "
              "slides)", instances, contenders, repeat=options.repeat, log=options.log,
        memory_instances=50,
        notes=["- A* uses the plugin's default heuristic (admissible for the moves cost model)."])
