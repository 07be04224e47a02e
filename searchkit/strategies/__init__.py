"""Built-in strategies, one module each. See :class:`~searchkit.strategies.base.Strategy`."""

from .astar import ASTAR
from .base import Strategy, StrategyOption
from .bfs import BFS
from .bibfs import BIBFS
from .dfs import DFS
from .dijkstra import DIJKSTRA
from .dls import DLS
from .greedy import GREEDY
from .idastar import IDASTAR
from .iddfs import IDDFS
from .wastar import WASTAR

__all__ = ["Strategy", "StrategyOption", "BUILTIN_STRATEGIES"]

BUILTIN_STRATEGIES = (BFS, DFS, DLS, IDDFS, DIJKSTRA, ASTAR, WASTAR, GREEDY, IDASTAR, BIBFS)
