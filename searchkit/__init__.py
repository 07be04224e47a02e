"""searchkit: solve one-player puzzles optimally by state-space search.

>>> from searchkit import GraphProblem, search, verify
>>> g = GraphProblem({"a": {"b": 1, "c": 5}, "b": {"c": 1}}, start="a", goals={"c"})
>>> result = search(g, "astar")
>>> result.status, result.cost, result.actions, verify(g, result.actions)
('solved', 2, ['b', 'c'], 2)

See ``docs/`` for problems, strategies, frontiers, visited sets, results and budgets, and how to
write a puzzle plugin.
"""

from .budget import Budget, Progress
from .capabilities import Capabilities
from .errors import (
    IncompatibleError,
    OptionError,
    PlanError,
    ProblemError,
    PuzzleFormatError,
    SearchkitError,
    UnknownNameError,
)
from .experiments import batch
from .explore import Exploration, explore
from .explored import SearchGraph, search_graph
from .frontiers import Frontier, FrontierKind
from .graph import GraphProblem
from .hookspecs import hookimpl
from .loops.watch import check_budget, cpu_budgeted, memory_budgeted
from .plugins import (
    frontiers,
    get,
    get_frontier,
    get_puzzle,
    get_strategy,
    get_visited_backend,
    names,
    plugin_failures,
    puzzles,
    reload_plugins,
    strategies,
    visited_backends,
)
from .problem import Problem, ProblemBase
from .puzzle import Puzzle, PuzzleInstance, PuzzleOption, Solver, select_instance, to_bool
from .result import Result, Stats
from .search import search
from .steps import steps
from .strategies.base import Strategy, StrategyOption
from .verify import verify
from .visited import VisitedBackend
from .visited.hashtable import HashTable

__version__ = "0.1.0"

__all__ = [
    "search",
    "steps",
    "search_graph",
    "SearchGraph",
    "batch",
    "explore",
    "verify",
    "Problem",
    "ProblemBase",
    "GraphProblem",
    "Result",
    "Stats",
    "Budget",
    "Progress",
    "check_budget",
    "cpu_budgeted",
    "memory_budgeted",
    "Exploration",
    "Strategy",
    "StrategyOption",
    "Capabilities",
    "Frontier",
    "FrontierKind",
    "VisitedBackend",
    "Puzzle",
    "PuzzleOption",
    "PuzzleInstance",
    "select_instance",
    "Solver",
    "to_bool",
    "HashTable",
    "hookimpl",
    "get",
    "names",
    "puzzles",
    "get_puzzle",
    "strategies",
    "get_strategy",
    "frontiers",
    "get_frontier",
    "visited_backends",
    "get_visited_backend",
    "plugin_failures",
    "reload_plugins",
    "SearchkitError",
    "UnknownNameError",
    "IncompatibleError",
    "OptionError",
    "PuzzleFormatError",
    "PlanError",
    "ProblemError",
    "__version__",
]
