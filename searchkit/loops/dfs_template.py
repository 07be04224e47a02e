"""The bounded depth-first search of :mod:`.deepening`, specialised per run.

IDA* spends its life in one recursive function, so every test it makes per child counts: on the
15-puzzle a generic version asking "is there a key function? which cycle check? a transposition
table? a depth or an f bound?" for each child is most of the gap to a hand-written search. The
function is therefore written once, below, as a template whose lines may carry a condition
(``#? <python expression over the flags>``); :func:`compile_dfs` keeps the lines whose condition
holds, compiles the result and caches it per combination of :class:`Flags` (at most 48).

The compiled ``build(...)`` returns three functions sharing the search's counters:

``dfs(state[, state_key], parent[, parent_key], g, depth, h) -> float``
    Search below ``state``; ``-1`` when a goal was found (its path is then in ``found_states`` /
    ``found_actions``, goal first, and its cost in ``found_cost``), else the smallest bounded
    value that exceeded the bound (``inf`` when nothing was cut off). The ``*_key`` arguments
    exist only with a key function; ``parent`` is ``None`` at the root.
``counters() -> (expanded, duplicates, pruned, cutoffs, goals, deepest)``
``start_iteration(bound, table)``
    Set the bound (and the fresh transposition table) of the next iteration.

The generated source is registered with :mod:`linecache`, so tracebacks and debuggers show it.
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass
from functools import cache
from math import inf
from typing import Any

__all__ = ["Flags", "compile_dfs", "source"]


@dataclass(frozen=True)
class Flags:
    """What one run of the deepening loop needs.

    ``key``: the problem has a key function; ``cycle_check``: ``path``, ``parent`` or ``none``;
    ``table``: a transposition table is kept; ``unit``: the bound counts actions (else
    ``g + h``); ``except_parent``: the successor function takes the parent and leaves out the
    move back to it.
    """

    key: bool
    cycle_check: str
    table: bool
    unit: bool
    except_parent: bool

    def __post_init__(self) -> None:
        if self.cycle_check not in ("path", "parent", "none"):
            raise ValueError(f"unknown cycle_check {self.cycle_check!r}")


_TEMPLATE = '''\
def build(expand, is_goal, key, on_path, found_states, found_actions, found_cost, checkpoint,
          next_check):
    expanded = duplicates = pruned = cutoffs = goals = deepest = 0
    bound = table = None

    def dfs(state, parent, g, depth, h):  #? not key
    def dfs(state, state_key, parent, parent_key, g, depth, h):  #? key
        nonlocal expanded, duplicates, pruned, cutoffs, goals, deepest, next_check
        expanded += 1
        if depth >= deepest:
            deepest = depth + 1  # the length of the path, the start included
        if expanded >= next_check:
            next_check = checkpoint(expanded, depth, bound)
        exceeded = inf
        child_depth = depth + 1
        for action, child, cost, child_h in expand(state, h, parent):  #? except_parent
        for action, child, cost, child_h in expand(state, h):  #? not except_parent
            # Duplicates are pruned before the bound test, so that a cycle never counts as a
            # cut-off: an exhausted finite space then ends with "no solution" instead of
            # looping. A dead end (h = inf) is caught by the bound test (its f is inf): every
            # key on the path, in the table or equal to the parent has a finite h, so testing
            # duplicates first changes no count.
            child_key = key(child)  #? key
            if child_key in on_path:  #? key and cycle_check == "path"
            if child in on_path:  #? not key and cycle_check == "path"
            if child_key == parent_key:  #? key and parent_test
            if child == parent and depth:  #? not key and parent_test
                duplicates += 1  #? cycle_check == "path" or parent_test
                continue  #? cycle_check == "path" or parent_test
            child_g = g + cost
            if child_h == inf:  #? unit
                pruned += 1  #? unit
                continue  #? unit
            seen = table.get(child_key)  #? table and key
            seen = table.get(child)  #? table and not key
            if seen is not None and seen <= child_g:  #? table and not unit
            if seen is not None and seen <= child_depth:  #? table and unit
                duplicates += 1  #? table
                continue  #? table
            value = child_g + child_h  #? not unit
            if value > bound:  #? not unit
            if child_depth > bound:  #? unit
                cutoffs += 1  #? unit
                if child_depth < exceeded:  #? unit
                    exceeded = child_depth  #? unit
                if child_h == inf:  #? not unit
                    pruned += 1  #? not unit
                else:  #? not unit
                    cutoffs += 1  #? not unit
                    if value < exceeded:  #? not unit
                        exceeded = value  #? not unit
                continue
            table[child_key] = child_g  #? table and key and not unit
            table[child] = child_g  #? table and not key and not unit
            table[child_key] = child_depth  #? table and key and unit
            table[child] = child_depth  #? table and not key and unit
            if is_goal(child):
                goals = 1
                if child_depth >= deepest:
                    deepest = child_depth + 1
                found_states.append(child)
                found_actions.append(action)
                found_cost.append(child_g)  # g adds the costs in plan order, like a sum would
                return -1
            on_path.add(child_key)  #? key and cycle_check == "path"
            on_path.add(child)  #? not key and cycle_check == "path"
            found = dfs(child, child_key, state, state_key, child_g, child_depth, child_h)  #? key
            found = dfs(child, state, child_g, child_depth, child_h)  #? not key
            if found < 0:
                found_states.append(child)
                found_actions.append(action)
                return -1
            on_path.discard(child_key)  #? key and cycle_check == "path"
            on_path.discard(child)  #? not key and cycle_check == "path"
            if found < exceeded:
                exceeded = found
        return exceeded

    def counters():
        return expanded, duplicates, pruned, cutoffs, goals, deepest

    def start_iteration(new_bound, new_table):
        nonlocal bound, table
        bound, table = new_bound, new_table

    return dfs, counters, start_iteration
'''

_CONDITION = "  #? "


def source(flags: Flags) -> str:
    """The source of ``build`` for ``flags``: the template's lines whose condition holds.

    >>> text = source(Flags(key=False, cycle_check="parent", table=False, unit=False,
    ...                     except_parent=True))
    >>> "on_path.add" in text, "child == parent" in text, "expand(state, h, parent)" in text
    (False, False, True)
    """
    names = {"key": flags.key, "cycle_check": flags.cycle_check, "table": flags.table,
             "unit": flags.unit, "except_parent": flags.except_parent,
             # the loop tests for the parent unless the successor function left it out (a
             # key function may equate states that differ, so keys are still compared)
             "parent_test": (flags.cycle_check == "parent"
                             and (flags.key or not flags.except_parent))}
    kept = []
    for line in _TEMPLATE.splitlines():
        code, marker, condition = line.partition(_CONDITION)
        if marker:
            if not eval(condition, {}, names):  # the conditions are ours, above
                continue
            line = code.rstrip()
        kept.append(line)
    return "\n".join(kept) + "\n"


@cache
def compile_dfs(flags: Flags) -> Any:
    """The ``build`` function specialised for ``flags`` (compiled once per combination)."""
    text = source(flags)
    filename = (f"<searchkit deepening dfs: key={flags.key} cycle_check={flags.cycle_check} "
                f"table={flags.table} unit={flags.unit} except_parent={flags.except_parent}>")
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    namespace: dict[str, Any] = {"inf": inf}
    exec(compile(text, filename, "exec"), namespace)  # our template, above
    return namespace["build"]
