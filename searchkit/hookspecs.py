"""The hooks through which plugins extend searchkit (pluggy project name ``searchkit``).

A plugin is any module or object with functions marked ``@searchkit.hookimpl``, published under
the entry-point group ``searchkit`` in its package metadata::

    [project.entry-points.searchkit]
    jugs = "searchkit_jugs.plugin"

Every hook returns a list of named items; the built-in parts come through the same hooks
(:mod:`searchkit.builtin_plugin`). What each hook's items are looked up as is
:data:`searchkit.plugins.KINDS`.
"""

from __future__ import annotations

from typing import Any

import pluggy

__all__ = ["hookspec", "hookimpl", "PROJECT"]

PROJECT = "searchkit"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def searchkit_puzzles() -> list[Any]:
    """Return the :class:`~searchkit.puzzle.Puzzle` instances this plugin adds."""


@hookspec
def searchkit_strategies() -> list[Any]:
    """Return the :class:`~searchkit.strategies.Strategy` objects this plugin adds."""


@hookspec
def searchkit_frontiers() -> list[Any]:
    """Return frontier classes (with ``name``, ``kind``, ``description``; see
    :mod:`searchkit.frontiers`)."""


@hookspec
def searchkit_visited_backends() -> list[Any]:
    """Return :class:`~searchkit.visited.VisitedBackend` objects."""


@hookspec
def searchkit_bench_suites() -> list[Any]:
    """Return :class:`~searchkit.bench.BenchSuite` objects: the benchmark suites this plugin
    adds to ``searchkit bench`` (see ``docs/benchmarks.md``, "Adding a suite")."""
