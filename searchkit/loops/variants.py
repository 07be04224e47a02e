"""The plain, observed and stepped variants of a loop, chosen once per run: :class:`Variant`.

A loop is written once, in plain Python, with each event it reports in an ``if flags.observe:``
block::

    if flags.observe:
        emit(Expand(state, g, h, depth, f, len(frontier)))

Decorated with :func:`watched`, it is called as ``loop(ctx, run)`` and runs the variant
``ctx.variant`` selects, specialised by :func:`~searchkit.loops.specialise.specialise` once per
variant, on first use, and cached -- in memory, and on disk beside the source (a later process
loads the compiled copy in a fraction of a millisecond instead of compiling it in about 3 ms):

* :data:`PLAIN` (no observer): the ``if flags.observe:`` blocks are removed before the loop is
  compiled, so a search without an observer runs the loop without them -- exactly as fast as a
  loop that never heard of observers;
* :data:`OBSERVED`: ``emit(event)`` calls the observer given to :func:`~searchkit.search`;
* :data:`STEPPED` (:func:`~searchkit.steps`): every ``emit(event)`` statement becomes
  ``yield event`` and every call of a name listed in ``delegates`` (a recursive search, or the
  function that runs one) becomes ``yield from``, so the loop is a generator that yields its
  events and returns its :class:`~searchkit.Result`. No thread: a consumer that stops iterating
  leaves the generator suspended, and closing it unwinds the loop's ``finally`` blocks.

>>> from types import SimpleNamespace
>>> @watched()
... def count_to_two(flags, ctx, run):
...     if flags.observe:
...         emit = ctx.observer
...     for n in (1, 2):
...         if flags.observe:
...             emit(n)
...     return "done"
>>> count_to_two(SimpleNamespace(variant=PLAIN), None)
'done'
>>> seen = []
>>> count_to_two(SimpleNamespace(variant=OBSERVED, observer=seen.append), None), seen
('done', [1, 2])
>>> list(count_to_two(SimpleNamespace(variant=STEPPED, observer=None), None))
[1, 2]
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import SearchkitError
from .specialise import specialise

__all__ = ["Variant", "PLAIN", "OBSERVED", "STEPPED", "watched", "compile_variant", "Stepping"]

EMIT = "emit"  # the name loops report their events through


@dataclass(frozen=True)
class Variant:
    """Which variant of a loop a run takes: ``observe`` -- the loop reports events; ``steps``
    -- it yields them (a generator) instead of calling an observer."""

    observe: bool = False
    steps: bool = False


PLAIN = Variant()
OBSERVED = Variant(observe=True)
STEPPED = Variant(observe=True, steps=True)


class Stepping(ast.NodeTransformer):
    """Turn a function into a generator of its events: ``emit(x)`` statements become
    ``yield x``, and calls of the names in ``delegates`` become ``yield from`` them."""

    def __init__(self, delegates: Sequence[str] = ()) -> None:
        self.delegates = frozenset(delegates)
        self.cache_key = f"stepping {sorted(self.delegates)}"  # see specialise's cache

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        call = node.value
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == EMIT and len(call.args) == 1 and not call.keywords):
            node.value = ast.copy_location(ast.Yield(self.visit(call.args[0])), call)
            return node
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in self.delegates:
            return ast.copy_location(ast.YieldFrom(node), node)
        return node


def compile_variant(function: Callable[..., Any], flags: Any, delegates: Sequence[str] = (),
                    transforms: Sequence[ast.NodeTransformer] = ()) -> Callable[..., Any]:
    """``function`` specialised for ``flags`` (which has ``observe`` and ``steps``), a
    generator of its events when ``flags.steps``, after the loop's own ``transforms`` (see
    :func:`~searchkit.loops.specialise.specialise`). Without searchkit's source files the
    function itself (testing its flags as it runs) serves the plain and observed runs."""
    transforms = (*transforms, Stepping(delegates)) if flags.steps else tuple(transforms)
    try:
        return specialise(function, flags, transforms)
    except OSError:  # pragma: no cover - an install without sources
        if flags.steps:
            raise SearchkitError("step-through needs searchkit's source files, which this "
                                 "installation lacks") from None
        return function


def watched(*, delegates: Sequence[str] = ()) -> Callable[[Callable[..., Any]], Any]:
    """Decorate ``loop(flags, ctx, run)``: the result is called as ``loop(ctx, run)`` and runs
    the variant ``ctx.variant`` (see the module docstring)."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        compiled: dict[Variant, Callable[..., Any]] = {}

        @functools.wraps(function)
        def loop(ctx: Any, run: Any) -> Any:
            which = ctx.variant
            chosen = compiled.get(which)
            if chosen is None:
                chosen = compiled[which] = compile_variant(function, which, delegates)
            return chosen(which, ctx, run)

        loop.__wrapped__ = function  # type: ignore[attr-defined]
        return loop

    return decorate
