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
import contextlib
import hashlib
import inspect
import linecache
import marshal
import os
import sys
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["specialise", "source"]

F = TypeVar("F", bound=Callable[..., Any])


def specialise(function: F, flags: object,
               transforms: Sequence[ast.NodeTransformer] = ()) -> F:
    """``function`` with its first parameter's attributes fixed to those of ``flags``.

    The first parameter must be named ``flags``; the copy still takes it (and ignores it), so it
    is called exactly like the original. ``transforms`` rewrite the folded tree further (in
    order), e.g. :mod:`searchkit.loops.variants` turns a loop into a generator. Raises
    :class:`OSError` when the source is unavailable.

    The compiled copy is cached in the ``__pycache__`` folder beside the source, as Python caches
    modules (see :class:`_Cache`): a later process loads it instead of compiling it again.
    """
    cache = _Cache.of(function, flags, transforms)
    code = cache.load() if cache is not None else None
    if code is None:
        tree = _specialised_tree(function, flags, transforms)
        code = compile(tree, function.__code__.co_filename, "exec",
                       flags=_ANNOTATIONS, dont_inherit=True)
        if cache is not None:
            cache.store(code)
    namespace = dict(function.__globals__)
    exec(code, namespace)  # our own function's source, transformed above
    made = namespace[function.__name__]
    # The copy reads the module's own globals, as the original does (a name rebound later is
    # seen, as it would be by the original).
    copy = types.FunctionType(made.__code__, function.__globals__, function.__name__,
                              made.__defaults__, made.__closure__)
    copy.__kwdefaults__, copy.__annotations__ = made.__kwdefaults__, made.__annotations__
    copy.__doc__, copy.__qualname__ = made.__doc__, function.__qualname__
    return copy  # type: ignore[return-value]


def source(function: Callable[..., Any], flags: object,
           transforms: Sequence[ast.NodeTransformer] = ()) -> str:
    """The source of :func:`specialise`'s copy of ``function``, for reading and for tests."""
    return ast.unparse(_specialised_tree(function, flags, transforms))


def _specialised_tree(function: Callable[..., Any], flags: object,
                      transforms: Sequence[ast.NodeTransformer] = ()) -> ast.Module:
    tree = _parse(function)
    ast.increment_lineno(tree, function.__code__.co_firstlineno - 1)
    definition = tree.body[0]
    assert isinstance(definition, ast.FunctionDef) and definition.args.args[0].arg == "flags"
    definition.decorator_list = []
    tree = _Fold(flags).visit(tree)
    for transform in transforms:
        tree = transform.visit(tree)
    for node in ast.walk(tree):
        for name in ("body", "orelse"):
            block = getattr(node, name, None)
            if block == [] and not (name == "orelse" or isinstance(node, ast.Module)):
                setattr(node, name, [ast.Pass()])
    return ast.fix_missing_locations(tree)


class _Cache:
    """Where the compiled copy of one function for one ``flags`` (and ``transforms``) is kept.

    The file ``__pycache__/MODULE.FUNCTION.KEY.specialised`` beside the source (``KEY`` hashes the
    flags and the transforms) holds the marshalled code after a stamp: the Python version, the
    size and modification time of the function's file and of the files that transform it (this
    one, the transforms' modules). A file whose stamp differs is compiled again and overwritten;
    a folder that cannot be written is no error (the copy is then compiled in every process).
    Like pytest's rewritten test modules, and Python's own ``.pyc`` files.
    """

    def __init__(self, path: Path, stamp: str) -> None:
        self.path, self.stamp = path, stamp

    @classmethod
    def of(cls, function: Callable[..., Any], flags: object,
           transforms: Sequence[ast.NodeTransformer]) -> _Cache | None:
        """The cache of ``function``'s copy, or ``None`` when it cannot be kept (no source file,
        a transform without a ``cache_key``)."""
        keys = [getattr(t, "cache_key", None) for t in transforms]
        if None in keys:
            return None
        source_file = Path(function.__code__.co_filename)
        files = [source_file, Path(__file__)]
        files += [Path(sys.modules[type(t).__module__].__file__ or "") for t in transforms]
        try:
            stamps = [(f.stat().st_size, f.stat().st_mtime_ns) for f in files]
        except OSError:
            return None
        key = hashlib.sha256(repr((function.__qualname__, flags, keys)).encode()).hexdigest()
        name = f"{source_file.stem}.{function.__name__}.{key[:16]}.specialised"
        return cls(source_file.parent / "__pycache__" / name, repr((sys.version, stamps)))

    def load(self) -> types.CodeType | None:
        try:
            stamp, code = marshal.loads(self.path.read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return None
        return code if stamp == self.stamp and isinstance(code, types.CodeType) else None

    def store(self, code: types.CodeType) -> None:
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(exist_ok=True)
            partial.write_bytes(marshal.dumps((self.stamp, code)))
            os.replace(partial, self.path)  # atomic: a reader sees the old file or the new one
        except OSError:
            with contextlib.suppress(OSError):  # none was written, or it cannot be removed
                partial.unlink()


def _parse(function: Callable[..., Any]) -> ast.Module:
    """The tree of a top-level function's source (its decorators included).

    The source is cut from the line cache where the function's block ends, the first line after
    its ``def`` that is neither blank nor indented: five times quicker than
    :func:`inspect.getsource`, which tokenises the file, and that matters when a loop is
    specialised at import. A cut that does not parse to the function falls back to it.
    """
    code = function.__code__
    linecache.checkcache(code.co_filename)  # the file as it is now, like inspect.getsource
    lines = linecache.getlines(code.co_filename, function.__globals__)
    start = code.co_firstlineno - 1
    end = start
    while end < len(lines) and lines[end].startswith("@"):  # the decorators
        end += 1
    end += 1
    while end < len(lines) and (not lines[end].strip() or lines[end][0] in " \t#)]}"):
        end += 1
    try:
        tree = ast.parse("".join(lines[start:end]))
        if (len(tree.body) == 1 and isinstance(tree.body[0], ast.FunctionDef)
                and tree.body[0].name == function.__name__):
            return tree
    except SyntaxError:
        pass
    return ast.parse(inspect.getsource(function))


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
