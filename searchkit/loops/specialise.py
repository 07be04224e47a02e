"""Partial evaluation of a function over constant flags: :func:`specialise`.

A hot function written once, in plain Python, may test run-time flags such as ``if flags.table:``
on every call. :func:`specialise` returns a copy of it in which every ``flags.<name>`` is replaced
by its value and every ``if``/conditional expression whose test is then constant is replaced by
the branch taken -- the lines a run does not need are gone, and the tests with them.

The copy is compiled from the function's own source with its file name and line numbers, so
tracebacks, debuggers and coverage tools show and count the real lines of the original file;
linters and type checkers read that same source. Tests in the conditions must be free of side
effects (``flags.a and x`` may become ``x``, or ``False`` without evaluating ``x``).

>>> from types import SimpleNamespace
>>> clip = specialise(_example, SimpleNamespace(clip=True, scale=2))
>>> clip(None, 7), _example(SimpleNamespace(clip=False, scale=2), 7)
(10, 14)
>>> print(source(_example, SimpleNamespace(clip=True, scale=2)))
def _example(flags: Any, x: int) -> int:
    y = min(2 * x, 10)
    return y
"""

from __future__ import annotations
import __future__

import ast
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["specialise", "source"]

F = TypeVar("F", bound=Callable[..., Any])


def specialise(function: F, flags: object) -> F:
    """``function`` with its first parameter's attributes fixed to those of ``flags``.

    The first parameter must be named ``flags``; the copy still takes it (and ignores it), so it
    is called exactly like the original. Raises :class:`OSError` when the source is unavailable.
    """
    tree = _specialised_tree(function, flags)
    code = compile(tree, function.__code__.co_filename, "exec",
                   flags=_ANNOTATIONS, dont_inherit=True)
    namespace = dict(function.__globals__)
    exec(code, namespace)  # our own function's source, transformed above
    return namespace[function.__name__]  # type: ignore[no-any-return]


def source(function: Callable[..., Any], flags: object) -> str:
    """The source of :func:`specialise`'s copy of ``function``, for reading and for tests."""
    return ast.unparse(_specialised_tree(function, flags))


def _specialised_tree(function: Callable[..., Any], flags: object) -> ast.Module:
    tree = ast.parse(inspect.getsource(function))
    ast.increment_lineno(tree, function.__code__.co_firstlineno - 1)
    definition = tree.body[0]
    assert isinstance(definition, ast.FunctionDef) and definition.args.args[0].arg == "flags"
    definition.decorator_list = []
    tree = _Fold(flags).visit(tree)
    for node in ast.walk(tree):
        for name in ("body", "orelse"):
            block = getattr(node, name, None)
            if block == [] and not (name == "orelse" or isinstance(node, ast.Module)):
                setattr(node, name, [ast.Pass()])
    return ast.fix_missing_locations(tree)


_ANNOTATIONS = __future__.annotations.compiler_flag  # the module's own ``from __future__`` import


class _Fold(ast.NodeTransformer):
    """Replace ``flags.<name>`` by constants and drop the branches they rule out."""

    def __init__(self, flags: object) -> None:
        self.flags = flags

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id == "flags":
            return ast.copy_location(ast.Constant(getattr(self.flags, node.attr)), node)
        return self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and isinstance(node.operand, ast.Constant):
            return ast.copy_location(ast.Constant(not node.operand.value), node)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        decisive = isinstance(node.op, ast.Or)  # the value that decides an ``or``
        kept = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                if bool(value.value) == decisive:
                    return ast.copy_location(ast.Constant(decisive), node)
                continue  # a neutral constant: True in an ``and``, False in an ``or``
            kept.append(value)
        if not kept:
            return ast.copy_location(ast.Constant(not decisive), node)
        if len(kept) == 1:
            return kept[0]
        node.values = kept
        return node

    def visit_If(self, node: ast.If) -> Any:
        self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node


def _example(flags: Any, x: int) -> int:  # the module docstring's example
    if flags.clip:
        y = min(flags.scale * x, 10)
    else:
        y = flags.scale * x
    return y
