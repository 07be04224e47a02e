"""The bounded depth-first search of :mod:`.deepening`, specialised per run.

IDA* spends its life in one recursive function, so every test it makes per child counts: on the
15-puzzle, asking "is there a key function? which cycle check? a transposition table? a depth or
an f bound?" for each child costs 6-9% of the run. :func:`build` is therefore written once, as
plain Python testing its :class:`Flags`, and :func:`compiled` returns it *specialised* by
:func:`~searchkit.loops.specialise.specialise`: the tests of the flags and the lines a run does
not need are removed before it is compiled, once per combination. Tracebacks, debuggers and
coverage see the lines of this file. An observed run's events are reported in ``if
flags.observe:`` blocks, gone from the plain variant (:mod:`.variants`).

``build(flags, ...)`` returns three functions sharing the search's counters:

``root(start, start_key, h) -> float``
    Search the bounded tree below the start: ``-1`` when a goal was found (its path is then in
    ``found_states`` / ``found_actions``, goal first, and its cost in ``found_cost``), else the
    smallest bounded value that exceeded the bound (``inf`` when nothing was cut off). It calls
    the recursive ``dfs(state, state_key, parent, parent_key, g, depth, h)``; without a key
    function the keys are the states, and the specialised ``dfs(state, parent, g, depth, h)``
    carries them once (:class:`StatesAreKeys`: a smaller frame per level of the recursion).
``counters() -> (expanded, duplicates, pruned, cutoffs, goals, deepest)``
    ``dfs`` calls ``checkpoint(depth)`` on entering a state, before expanding it: a search
    stopped there generated that state (or began an iteration) without expanding it.
``start_iteration(bound, table)``
    Set the bound (and the fresh transposition table) of the next iteration.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from math import inf
from typing import Any

from ..events import Expand, Generate
from .variants import compile_variant

__all__ = ["Flags", "build", "compiled", "StatesAreKeys"]

NO_PARENT: Any = object()  # the parent key at the root: equal to no key and no state


@dataclass(frozen=True)
class Flags:
    """What one run of the deepening loop needs.

    ``key``: the problem has a key function; ``cycle_check``: ``path``, ``parent`` or ``none``;
    ``table``: a transposition table is kept; ``unit``: the bound counts actions (else
    ``g + h``); ``except_parent``: the successor function takes the parent and leaves out the
    move back to it; ``observe``, ``steps``: the run reports its events through ``emit``, or
    yields them (:mod:`.variants`).
    """

    key: bool
    cycle_check: str
    table: bool
    unit: bool
    except_parent: bool
    observe: bool = False
    steps: bool = False

    def __post_init__(self) -> None:
        if self.cycle_check not in ("path", "parent", "none"):
            raise ValueError(f"unknown cycle_check {self.cycle_check!r}")

    @property
    def path_check(self) -> bool:
        """No state twice on the current path."""
        return self.cycle_check == "path"

    @property
    def parent_test(self) -> bool:
        """Compare each child with the parent: ``parent`` checks, unless the successor function
        left the parent out already (a key function may equate states that differ, so keys are
        still compared then)."""
        return self.cycle_check == "parent" and (self.key or not self.except_parent)


Counters = tuple[int, int, int, int, int, int]


def build(flags: Flags, expand: Callable[..., Iterable[tuple[Any, Any, float, float]]],
          is_goal: Callable[[Any], bool], key: Callable[[Any], Any] | None, on_path: set[Any],
          found_states: list[Any], found_actions: list[Any], found_cost: list[float],
          checkpoint: Callable[[int], int], next_check: int,
          emit: Callable[[Any], None] | None = None,
          ) -> tuple[Callable[..., float], Callable[[], Counters], Callable[[float, Any], None]]:
    """The bounded search for ``flags`` (see the module docstring); ``checkpoint(depth)`` is
    called every few expansions and returns the expansion count of its next call; ``emit``
    receives the events of an observed run."""
    expanded = duplicates = pruned = cutoffs = goals = deepest = 0
    bound: float = inf
    table: Any = None

    def dfs(state: Any, state_key: Any, parent: Any, parent_key: Any, g: float, depth: int,
            h: float) -> float:
        nonlocal expanded, duplicates, pruned, cutoffs, goals, deepest, next_check
        if expanded >= next_check:  # before an expansion: the last one's children are tested
            next_check = checkpoint(depth)
        if flags.observe:  # first: an observer that stops the search leaves it unexpanded
            emit(Expand(state, g, h, depth, depth if flags.unit else g + h, depth + 1))
        expanded += 1
        if depth >= deepest:
            deepest = depth + 1  # the length of the path, the start included
        exceeded = inf
        child_depth = depth + 1
        for action, child, cost, child_h in (expand(state, h, parent) if flags.except_parent
                                             else expand(state, h)):
            # Duplicates are pruned before the bound test, so that a cycle never counts as a
            # cut-off: an exhausted finite space then ends with "no solution" instead of
            # looping. A dead end (h = inf) is caught by the bound test (its f is inf): every
            # key on the path, in the table or equal to the parent has a finite h, so testing
            # duplicates first changes no count.
            child_key = key(child) if flags.key else child  # type: ignore[misc]
            if flags.path_check:
                if child_key in on_path:
                    duplicates += 1
                    if flags.observe:
                        emit(Generate(state, action, child, cost, g + cost, child_h, "duplicate"))
                    continue
            elif flags.parent_test and child_key == parent_key:
                duplicates += 1
                if flags.observe:
                    emit(Generate(state, action, child, cost, g + cost, child_h, "duplicate"))
                continue
            child_g = g + cost
            if flags.table:
                seen = table.get(child_key)
                if seen is not None and seen <= (child_depth if flags.unit else child_g):
                    duplicates += 1
                    if flags.observe:
                        emit(Generate(state, action, child, cost, child_g, child_h, "duplicate"))
                    continue
            value = child_depth if flags.unit else child_g + child_h
            if value > bound:
                if flags.unit or child_h != inf:
                    cutoffs += 1
                    if value < exceeded:
                        exceeded = value
                    if flags.observe:
                        emit(Generate(state, action, child, cost, child_g, child_h, "cutoff"))
                else:
                    pruned += 1
                    if flags.observe:
                        emit(Generate(state, action, child, cost, child_g, child_h, "pruned"))
                continue
            if flags.table:
                table[child_key] = child_depth if flags.unit else child_g
            if flags.observe:
                emit(Generate(state, action, child, cost, child_g, child_h, "new"))
            if is_goal(child):
                goals = 1
                if child_depth >= deepest:
                    deepest = child_depth + 1
                found_states.append(child)
                found_actions.append(action)
                found_cost.append(child_g)  # g adds the costs in plan order, like a sum would
                return -1
            if flags.path_check:
                on_path.add(child_key)
            found = dfs(child, child_key, state, state_key, child_g, child_depth, child_h)
            if found < 0:
                found_states.append(child)
                found_actions.append(action)
                return -1
            if flags.path_check:
                on_path.discard(child_key)
            if found < exceeded:
                exceeded = found
        return exceeded

    def root(start: Any, start_key: Any, h: float) -> float:
        # At the root the parent is None for a successor function that takes it, else a value
        # equal to no state and no key (the parent test then skips nothing).
        return dfs(start, start_key, None if flags.except_parent else NO_PARENT,
                   NO_PARENT, 0, 0, h)

    def counters() -> Counters:
        return expanded, duplicates, pruned, cutoffs, goals, deepest

    def start_iteration(new_bound: float, new_table: Any) -> None:
        nonlocal bound, table
        bound, table = new_bound, new_table

    return root, counters, start_iteration


class StatesAreKeys(ast.NodeTransformer):
    """Without a key function a state is its own key: rename ``state_key``, ``parent_key`` and
    ``child_key`` to ``state``, ``parent`` and ``child``, and drop ``dfs``'s two key parameters
    and arguments (and the ``child = child`` left of ``child_key = child``).

    Each level of the recursion then holds a smaller frame. CPython keeps frames in chunks of
    16 KiB, allocating a chunk when the recursion crosses into it and freeing it on the way
    back; with larger frames the 15-puzzle's recursion (50 to 60 levels) crossed at a depth
    where far more nodes are expanded: Korf's 10 easiest instances took 14,300 minor page
    faults instead of 5,700, and the bench suite 6% more time (docs/benchmarks.md).
    """

    cache_key = "states are keys"  # see specialise's cache
    ALIASES = {"state_key": "state", "parent_key": "parent", "child_key": "child"}
    KEY_POSITIONS = (1, 3)  # of state_key and parent_key in dfs's parameters

    def visit_Name(self, node: ast.Name) -> ast.Name:
        node.id = self.ALIASES.get(node.id, node.id)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        if node.name == "dfs":
            node.args.args = [a for i, a in enumerate(node.args.args)
                              if i not in self.KEY_POSITIONS]
        self.generic_visit(node)
        return node

    def visit_Call(self, node: ast.Call) -> ast.Call:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "dfs":
            node.args = [a for i, a in enumerate(node.args) if i not in self.KEY_POSITIONS]
        return node

    def visit_Assign(self, node: ast.Assign) -> ast.Assign | None:
        self.generic_visit(node)
        target, value = node.targets[0], node.value
        same = (len(node.targets) == 1 and isinstance(target, ast.Name)
                and isinstance(value, ast.Name) and target.id == value.id)
        return None if same else node


@cache
def compiled(flags: Flags) -> Callable[..., Any]:
    """:func:`build` specialised for ``flags``, once per combination
    (:func:`.variants.compile_variant`; with ``flags.steps`` its ``root`` and ``dfs`` are
    generators of events returning the usual value)."""
    return compile_variant(build, flags, delegates=("dfs",),
                           transforms=() if flags.key else (StatesAreKeys(),))
