"""Discovering plugins and looking up what they registered.

Plugins are found through the entry-point group ``searchkit`` (see :mod:`searchkit.hookspecs`) the
first time something is looked up. A plugin that fails to import, register or answer a hook is
recorded in :func:`plugin_failures` (with a warning) and the others keep working.

>>> import searchkit
>>> "astar" in searchkit.strategies()
True
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

import pluggy

from . import builtins, hookspecs
from .errors import UnknownNameError

__all__ = [
    "ENTRY_POINT_GROUP",
    "PluginFailure",
    "PluginWarning",
    "Registry",
    "registry",
    "reload_plugins",
    "plugin_failures",
    "puzzles",
    "get_puzzle",
    "strategies",
    "get_strategy",
    "frontiers",
    "get_frontier",
    "visited_backends",
    "get_visited_backend",
]

ENTRY_POINT_GROUP = "searchkit"


class PluginWarning(UserWarning):
    """A plugin could not be loaded; the others still work."""


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that could not be loaded or used, and why."""

    plugin: str
    error: str

    def __str__(self) -> str:
        return f"plugin {self.plugin!r} failed: {self.error}"


@dataclass
class Registry:
    """Everything the installed plugins registered, by name."""

    puzzles: dict[str, Any] = field(default_factory=dict)
    strategies: dict[str, Any] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    frontiers: dict[str, Any] = field(default_factory=dict)
    backends: dict[str, Any] = field(default_factory=dict)
    failures: list[PluginFailure] = field(default_factory=list)
    manager: pluggy.PluginManager | None = None


_registry: Registry | None = None


def registry() -> Registry:
    """The registry, built on first use."""
    global _registry
    if _registry is None:
        _registry = _build()
    return _registry


def reload_plugins() -> Registry:
    """Forget what was loaded and discover the plugins again (after installing one)."""
    global _registry
    _registry = None
    return registry()


def _build() -> Registry:
    reg = Registry()
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(builtins, name="searchkit.builtins")
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        if pm.has_plugin(ep.name):
            continue
        try:
            pm.register(ep.load(), name=ep.name)
        except Exception as exc:  # any error in a plugin must not break the others
            reg.failures.append(PluginFailure(ep.name, f"{type(exc).__name__}: {exc}"))
    reg.manager = pm
    _collect(reg, pm.hook.searchkit_strategies, _add_strategy)
    _collect(reg, pm.hook.searchkit_frontiers, _add_named("frontiers", "frontier"))
    _collect(reg, pm.hook.searchkit_visited_backends, _add_named("backends", "visited backend"))
    _collect(reg, pm.hook.searchkit_puzzles, _add_named("puzzles", "puzzle"))
    for failure in reg.failures:
        warnings.warn(str(failure), PluginWarning, stacklevel=3)
    return reg


def _collect(reg: Registry, hook: Any, add: Any) -> None:
    """Call each implementation of ``hook`` separately so one failure does not hide the rest."""
    for impl in hook.get_hookimpls():  # registration order: built-ins first
        try:
            items = impl.function() or []
            for item in items:
                add(reg, item, impl.plugin_name)
        except Exception as exc:
            reg.failures.append(PluginFailure(impl.plugin_name, f"{type(exc).__name__}: {exc}"))


def _claim(table: dict[str, Any], kind: str, name: str, item: Any, plugin: str) -> None:
    if not isinstance(name, str) or not name:
        raise ValueError(f"a {kind} without a name: {item!r}")
    if name in table and table[name] is not item:
        raise ValueError(f"{kind} {name!r} is already registered")
    table[name] = item


def _add_named(attribute: str, kind: str) -> Any:
    def add(reg: Registry, item: Any, plugin: str) -> None:
        _claim(getattr(reg, attribute), kind, getattr(item, "name", None), item, plugin)

    return add


def _add_strategy(reg: Registry, item: Any, plugin: str) -> None:
    _claim(reg.strategies, "strategy", item.name, item, plugin)
    for alias in item.aliases:
        reg.aliases[alias] = item.name


def plugin_failures() -> list[PluginFailure]:
    """The plugins that failed to load, with their errors."""
    return list(registry().failures)


def puzzles() -> dict[str, Any]:
    """The installed puzzles by name."""
    return dict(registry().puzzles)


def get_puzzle(name: str) -> Any:
    """The puzzle called ``name``; :class:`UnknownNameError` lists the installed ones."""
    table = registry().puzzles
    if name not in table:
        raise UnknownNameError("puzzle", name, table)
    return table[name]


def strategies() -> dict[str, Any]:
    """The registered strategies by name (aliases not included)."""
    return dict(registry().strategies)


def get_strategy(name: str) -> Any:
    """The strategy called ``name`` or one of its aliases."""
    reg = registry()
    real = reg.aliases.get(name, name)
    if real not in reg.strategies:
        raise UnknownNameError("strategy", name, list(reg.strategies) + list(reg.aliases))
    return reg.strategies[real]


def frontiers() -> dict[str, Any]:
    """The registered frontier classes by name."""
    return dict(registry().frontiers)


def get_frontier(name: str) -> Any:
    """The frontier class called ``name``."""
    table = registry().frontiers
    if name not in table:
        raise UnknownNameError("frontier", name, table)
    return table[name]


def visited_backends() -> dict[str, Any]:
    """The registered visited backends by name."""
    return dict(registry().backends)


def get_visited_backend(name: str) -> Any:
    """The visited backend called ``name``."""
    table = registry().backends
    if name not in table:
        raise UnknownNameError("visited backend", name, table)
    return table[name]
