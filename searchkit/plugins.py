"""Discovering plugins and looking up what they registered.

Plugins are found through the entry-point group ``searchkit`` (see :mod:`searchkit.hookspecs`) the
first time something is looked up. Everything they register is looked up the same way, by *kind*
and name (:data:`KINDS`):

>>> import searchkit
>>> searchkit.get("strategy", "astar").name
'astar'
>>> searchkit.get("strategy", "ucs").name         # a strategy alias
'dijkstra'
>>> "visited" in searchkit.names("bench_suite")
True

``puzzles()``, ``get_puzzle(name)`` and their siblings for strategies, frontiers and visited
backends are shorthands for :func:`names` and :func:`get` with one kind.

**Failures.** A plugin that fails to import (any exception, ``SystemExit`` included; only
``KeyboardInterrupt`` propagates), or raises in a hook, is recorded in :func:`plugin_failures`
(with a :class:`PluginWarning`) and the others keep working.

**Who owns a name.** searchkit's own parts register first (the built-in strategies, frontiers and
visited backends, then the plugins shipped in the ``searchkit`` distribution), then third-party
plugins in entry-point name order. The first plugin to register a name keeps it: a later one
registering the same name -- or a strategy alias equal to a name or alias already taken -- gets
a :class:`PluginFailure` naming both plugins, and that item is not registered. Installing a
plugin therefore never changes what a built-in name means.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import pluggy

from . import builtin_plugin, hookspecs
from .errors import UnknownNameError

__all__ = [
    "ENTRY_POINT_GROUP",
    "KINDS",
    "Kind",
    "PluginFailure",
    "PluginWarning",
    "Registry",
    "registry",
    "reload_plugins",
    "plugin_failures",
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
]

ENTRY_POINT_GROUP = "searchkit"
DISTRIBUTION = "searchkit"
BUILTIN = "searchkit.builtin_plugin"


@dataclass(frozen=True)
class Kind:
    """A kind of registered part: its key for :func:`get`, its name in messages, its hook."""

    key: str
    label: str
    hook: str


KINDS: dict[str, Kind] = {kind.key: kind for kind in (
    Kind("strategy", "strategy", "searchkit_strategies"),
    Kind("frontier", "frontier", "searchkit_frontiers"),
    Kind("visited", "visited backend", "searchkit_visited_backends"),
    Kind("puzzle", "puzzle", "searchkit_puzzles"),
    Kind("bench_suite", "bench suite", "searchkit_bench_suites"),
)}
"""The kinds :func:`get` and :func:`names` know, in the order their hooks are collected."""


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
    """Everything the installed plugins registered: ``tables[kind][name]`` is the item and
    ``owners[kind][name]`` the plugin that registered it; ``aliases`` maps strategy aliases to
    strategy names."""

    tables: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {key: {} for key in KINDS})
    owners: dict[str, dict[str, str]] = field(
        default_factory=lambda: {key: {} for key in KINDS})
    aliases: dict[str, str] = field(default_factory=dict)
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


def _load_order(ep: EntryPoint) -> tuple[bool, str]:
    """searchkit's own entry points first, then third parties, each by entry-point name."""
    dist = getattr(ep, "dist", None)
    return (dist is None or dist.metadata["Name"] != DISTRIBUTION, ep.name)


def _distribution(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return "an unknown distribution" if dist is None else f"{dist.metadata['Name']} {dist.version}"


def _build() -> Registry:
    reg = Registry()
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(builtin_plugin, name=BUILTIN)
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=_load_order):
        if pm.has_plugin(ep.name):
            reg.failures.append(PluginFailure(
                ep.name, f"entry point {ep.name} = {ep.value} of {_distribution(ep)} skipped: "
                         f"a plugin called {ep.name!r} is already registered"))
            continue
        try:
            pm.register(ep.load(), name=ep.name)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - nothing a plugin does may stop the others
            reg.failures.append(PluginFailure(ep.name, _describe(exc, "while loading")))
    reg.manager = pm
    for kind in KINDS.values():
        _collect(reg, kind, getattr(pm.hook, kind.hook))
    for failure in reg.failures:
        warnings.warn(str(failure), PluginWarning, stacklevel=3)
    return reg


def _describe(exc: BaseException, where: str) -> str:
    """``TypeError: message``; an exit (which has no useful message) says where it happened."""
    if isinstance(exc, SystemExit):
        return f"SystemExit({exc.code!r}) raised {where}"
    return f"{type(exc).__name__}: {exc}"


def _collect(reg: Registry, kind: Kind, hook: Any) -> None:
    """Call each implementation of ``hook`` separately so one failure does not hide the rest,
    and register its items one by one, so a refused item does not hide its siblings."""
    for impl in hook.get_hookimpls():  # registration order: built-ins first
        plugin = impl.plugin_name
        try:
            items = list(impl.function() or [])
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - see _build
            reg.failures.append(PluginFailure(plugin, _describe(exc, f"in {kind.hook}")))
            continue
        for item in items:
            problem = _claim(reg, kind, item, plugin)
            if problem:
                reg.failures.append(PluginFailure(plugin, problem))


def _claim(reg: Registry, kind: Kind, item: Any, plugin: str) -> str | None:
    """Register ``item`` for ``plugin``, or say why not (a missing or taken name)."""
    name = getattr(item, "name", None)
    if not isinstance(name, str) or not name:
        return f"a {kind.label} without a name: {item!r}"
    table, owners = reg.tables[kind.key], reg.owners[kind.key]
    aliases = tuple(getattr(item, "aliases", ())) if kind.key == "strategy" else ()
    for claimed in (name, *aliases):
        taken = owners.get(claimed)
        if taken is None and kind.key == "strategy" and claimed in reg.aliases:
            taken = owners[reg.aliases[claimed]]
        if taken is not None:
            what = kind.label if claimed == name else f"{kind.label} alias"
            return (f"{what} {claimed!r} is already registered by plugin {taken!r}; "
                    f"plugin {plugin!r} may not register it again")
    if len(set(aliases) | {name}) != len(aliases) + 1:
        return f"{kind.label} {name!r} lists its own name or an alias twice"
    table[name] = item
    owners[name] = plugin
    for alias in aliases:
        reg.aliases[alias] = name
    return None


def _kind(key: str) -> Kind:
    if key not in KINDS:
        raise UnknownNameError("kind", key, KINDS)
    return KINDS[key]


def names(kind: str) -> list[str]:
    """The names registered for ``kind`` (one of :data:`KINDS`), in registration order: the
    built-ins first. Strategy aliases are not included."""
    return list(registry().tables[_kind(kind).key])


def get(kind: str, name: str) -> Any:
    """The ``kind`` registered as ``name`` (for strategies, also an alias); an unknown name is an
    :class:`~searchkit.UnknownNameError` listing the valid ones."""
    reg = registry()
    info = _kind(kind)
    table = reg.tables[info.key]
    real = reg.aliases.get(name, name) if info.key == "strategy" else name
    if real not in table:
        valid = list(table) + (list(reg.aliases) if info.key == "strategy" else [])
        raise UnknownNameError(info.label, name, valid)
    return table[real]


def plugin_failures() -> list[PluginFailure]:
    """The plugins that failed to load, or whose items were refused, with their errors."""
    return list(registry().failures)


def puzzles() -> dict[str, Any]:
    """The installed puzzles by name (shorthand for :func:`names` and :func:`get`)."""
    return dict(registry().tables["puzzle"])


def get_puzzle(name: str) -> Any:
    """``get("puzzle", name)``: the puzzle called ``name``."""
    return get("puzzle", name)


def strategies() -> dict[str, Any]:
    """The registered strategies by name (aliases not included)."""
    return dict(registry().tables["strategy"])


def get_strategy(name: str) -> Any:
    """``get("strategy", name)``: the strategy called ``name`` or one of its aliases."""
    return get("strategy", name)


def frontiers() -> dict[str, Any]:
    """The registered frontier classes by name."""
    return dict(registry().tables["frontier"])


def get_frontier(name: str) -> Any:
    """``get("frontier", name)``: the frontier class called ``name``."""
    return get("frontier", name)


def visited_backends() -> dict[str, Any]:
    """The registered visited backends by name."""
    return dict(registry().tables["visited"])


def get_visited_backend(name: str) -> Any:
    """``get("visited", name)``: the visited backend called ``name``."""
    return get("visited", name)
