"""The built-in strategies, frontiers, visited backends and the ``visited`` bench suite,
registered through the plugin hooks exactly like a third party's."""

from __future__ import annotations

from typing import Any

from .bench.suite import BenchSuite
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


@hookimpl
def searchkit_bench_suites() -> list[BenchSuite]:
    return [BenchSuite("visited", "bytes per state and ops/s: dict/set vs searchkit's HashTable, "
                                  "int and tuple keys (synthetic and 8-puzzle boards)",
                       "searchkit.bench.visited")]
