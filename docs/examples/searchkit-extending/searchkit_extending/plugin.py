"""The registration: each part through its hook, exactly like searchkit's own built-ins."""

from searchkit import hookimpl

from .backend import SqliteBackend
from .frontier import RandomFrontier
from .strategy import ASTAR_2H


@hookimpl
def searchkit_strategies() -> list:
    return [ASTAR_2H]


@hookimpl
def searchkit_frontiers() -> list:
    return [RandomFrontier]


@hookimpl
def searchkit_visited_backends() -> list:
    return [SqliteBackend()]
