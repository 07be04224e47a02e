"""The built-in strategies, frontiers and visited backends, registered through the plugin hooks
exactly like a third party's."""

from __future__ import annotations

from typing import Any

from .frontiers import BUILTIN_FRONTIERS
from .hookspecs import hookimpl
from .strategies import BUILTIN_STRATEGIES
from .visited import BUILTIN_BACKENDS


@hookimpl
def searchkit_strategies() -> list[Any]:
    return list(BUILTIN_STRATEGIES)


@hookimpl
def searchkit_frontiers() -> list[Any]:
    return list(BUILTIN_FRONTIERS)


@hookimpl
def searchkit_visited_backends() -> list[Any]:
    return list(BUILTIN_BACKENDS)
