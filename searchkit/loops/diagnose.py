"""Say which move of the problem broke a search, when a loop fails on the problem's own data.

The loops do not check every move a problem yields: a check per child would cost the hot loop.
So a successor of the wrong shape (``(action, state)`` without a cost), a cost that is a string,
an unhashable key or a heuristic of ``None`` deep in the search fails where the loop uses it,
with Python's own ``TypeError`` or ``ValueError`` ("not enough values to unpack"), which names
nothing of the problem. :func:`explained` runs only then, after the fact: when the error was
raised in searchkit's code (not in the problem's), it finds the state being expanded in the
traceback, asks the problem for that state's moves again and checks them, and returns a
:class:`~searchkit.errors.ProblemError` naming the state and the move (the original chained),
or ``None`` when the moves are sound (a bug of ours: the original error stands).
:func:`explaining` is the ``with`` block that :func:`~searchkit.search`, :func:`~searchkit.steps`
and :func:`~searchkit.explore` run their loop in: it raises that error in place of the original.

>>> from searchkit import SearchkitError, search
>>> class Line:
...     def initial(self): return 0
...     def successors(self, n): return [("+1", n + 1, 1)] if n < 2 else [("+1", n + 1)]
...     def is_goal(self, n): return n == 5
>>> try:
...     search(Line(), "bfs")
... except SearchkitError as error:
...     print(error)
successors(2) yielded ('+1', 3): a move is (action, next_state, cost)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from ..capabilities import Capabilities
from ..errors import ProblemError, SearchkitError, excerpt
from ..problem import is_hashable
from ..result import at_least_zero

__all__ = ["explained", "explaining"]

_OURS = str(Path(__file__).resolve().parent.parent) + os.sep  # the searchkit package's folder


@contextmanager
def explaining(caps: Capabilities,
               heuristic: Callable[[Any], Any] | None = None) -> Iterator[None]:
    """Run the block; a ``TypeError`` or ``ValueError`` out of it that :func:`explained` can
    pin on a move of the problem becomes that :class:`~searchkit.errors.ProblemError` (the
    original chained). Every ``ProblemError`` out of it carries the problem (``.problem``).
    Free when nothing is raised: the loops pay nothing per move."""
    try:
        yield
    except ProblemError as error:  # a check of the start or of the plan: say whose problem
        if error.problem is None:
            error.problem = caps.problem
        raise
    except (TypeError, ValueError) as error:
        better = explained(error, caps, heuristic)
        if better is None:
            raise
        better.problem = caps.problem
        raise better from error


def explained(error: Exception, caps: Capabilities,
              heuristic: Callable[[Any], Any] | None = None) -> ProblemError | None:
    """A :class:`~searchkit.errors.ProblemError` saying which move of the problem ``caps``
    describes caused ``error`` (a ``TypeError`` or ``ValueError`` a loop raised), or ``None``
    when none can be found. ``heuristic`` is the one the search used, if any: its values are
    checked too."""
    if isinstance(error, SearchkitError):
        return None  # ours, raised on purpose: it says what it means
    frames = _frames(error.__traceback__)
    if not frames or not _is_ours(frames[-1]):
        return None  # raised by the problem's own code: its traceback says more than we can
    for frame in reversed(frames):
        if _is_ours(frame) and "state" in frame.f_locals:
            state = frame.f_locals["state"]
            break
    else:
        return None
    for name, moves, combined in _move_methods(caps, heuristic, state):
        problem = _first_problem(caps, heuristic, name, moves, state, combined)
        if problem is not None:
            return ProblemError(problem)
    return None


def _move_methods(caps: Capabilities, heuristic: Callable[[Any], Any] | None, state: Any
                  ) -> list[tuple[str, Callable[[Any], Iterable[Any]], bool]]:
    """``(name, moves, combined)`` of each method that may have yielded the moves of ``state``:
    ``successors``, ``predecessors`` (bidirectional loops), and when the search uses
    ``heuristic`` the combined ones that yield ``next_h`` too (``combined``), called with
    ``state``'s own heuristic value (and no parent)."""
    methods: list[tuple[str, Callable[[Any], Iterable[Any]], bool]] = [
        ("successors", caps.successors, False)]
    if caps.predecessors is not None:
        methods.append(("predecessors", caps.predecessors, False))
    if heuristic is None:
        return methods
    try:
        h = heuristic(state)
    except Exception:
        h = 0
    with_h, except_parent = caps.successors_with_heuristic, caps.successors_except_parent
    if with_h is not None:
        methods.append(("successors_with_heuristic", lambda s: with_h(s, h), True))
    if except_parent is not None:
        methods.append(("successors_except_parent", lambda s: except_parent(s, h, None), True))
    return methods


def _first_problem(caps: Capabilities, heuristic: Callable[[Any], Any] | None, name: str,
                   moves: Callable[[Any], Iterable[Any]], state: Any,
                   combined: bool = False) -> str | None:
    """What is wrong with the first bad move ``moves(state)`` yields, or ``None``; a
    ``combined`` method's moves carry the next state's heuristic value too."""
    where = f"{name}({excerpt(state)})"
    shape = "(action, next_state, cost, next_h)" if combined else "(action, next_state, cost)"
    try:
        returned = moves(state)
    except Exception:  # the problem's own failure: not what we are explaining
        return None
    try:
        iterator = iter(returned)
    except TypeError:
        return f"{where} returned {excerpt(returned)}, not an iterable of {shape}"
    try:
        items = list(iterator)
        start_key = caps.key_of(caps.initial())
    except Exception:
        return None
    keys_hash = is_hashable(start_key)  # else this search stores no keys: they cannot be the fault
    for item in items:
        try:
            _, child, cost, *next_h = item
        except (TypeError, ValueError):  # not a sequence, or too short
            next_h = None
        if next_h is None or len(next_h) != (1 if combined else 0):
            return f"{where} yielded {excerpt(item)}: a move is {shape}"
        if not at_least_zero(cost):
            return (f"{where} yielded the move {excerpt(item)}, whose cost {excerpt(cost)} is "
                    "not a number of at least 0")
        try:
            key = caps.key_of(child)
        except Exception:  # the problem's own key() failing: its traceback says more
            return None
        if keys_hash and not is_hashable(key):
            return (f"{where} yielded {excerpt(child)}, whose key {excerpt(key)} is not "
                    "hashable: give the problem a key() that returns a hashable value")
        if next_h and not at_least_zero(next_h[0]):
            return (f"{where} yielded the move {excerpt(item)}, whose next_h "
                    f"{excerpt(next_h[0])} is not a number of at least 0 (math.inf for a dead "
                    "end)")
        if heuristic is not None and name == "successors":
            sound, h = _heuristic(heuristic, child)
            if not sound:
                return (f"the heuristic of {excerpt(child)}, a successor of {excerpt(state)}, "
                        f"is {excerpt(h)}: a heuristic is a number of at least 0 (math.inf for "
                        "a dead end)")
    return None


def _heuristic(heuristic: Callable[[Any], Any], child: Any) -> tuple[bool, Any]:
    """``(sound, h)``: ``child``'s heuristic value and whether it is a number of at least 0 (a
    heuristic that raises counts as sound: its own traceback says more)."""
    try:
        h = heuristic(child)
    except Exception:
        return True, None
    return at_least_zero(h), h


def _frames(tb: TracebackType | None) -> list[Any]:
    """The frames of a traceback, outermost first."""
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


def _is_ours(frame: Any) -> bool:
    return str(Path(frame.f_code.co_filename).resolve()).startswith(_OURS)
