"""Reading a plan written in a puzzle's notation: :func:`read_plan`.

A puzzle prints actions with ``problem.format_action``; a saved plan is those strings one after
the other. :func:`read_plan` replays the text from the start: at each step it formats the legal
actions and takes the one whose notation the text continues with (the longest, when one is a
prefix of another; the cheapest, when two actions share a notation). Whitespace and commas
between actions are optional, so ``"U L L"`` and ``"ULL"`` both read. No puzzle-specific parser
is needed -- only ``initial``, ``successors`` and ``format_action``.

>>> from searchkit import GraphProblem
>>> g = GraphProblem({"a": {"b": 1}, "b": {"c": 2, "bc": 1}}, start="a", goals={"c"})
>>> read_plan(g, "b, c")
['b', 'c']
>>> read_plan(g, "b x")
Traceback (most recent call last):
...
searchkit.errors.PlanError: step 2: 'x' is not a legal action here (legal: c, bc)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .errors import PlanError, listed

__all__ = ["read_plan", "iter_plan"]

SEPARATORS = " \t\r\n,"


def read_plan(problem: Any, plan: str | Sequence[str]) -> list[Any]:
    """The actions of ``plan`` (text, or a list of action strings) replayed from the start.

    A list gives one action per item (each must equal a legal action's notation). Raises
    :class:`~searchkit.errors.PlanError` naming the first step that is not a legal action; does
    not check that the plan ends in a goal (:func:`searchkit.verify` does).
    """
    return [action for action, _state in iter_plan(problem, plan)]


def iter_plan(problem: Any, plan: str | Sequence[str]) -> Iterator[tuple[Any, Any]]:
    """Like :func:`read_plan`, step by step: yields ``(action, state after it)``."""
    fmt = getattr(problem, "format_action", str)
    state = problem.initial()
    text = plan if isinstance(plan, str) else None
    items = [] if text is not None else list(plan)
    pos = step = 0
    while True:
        if text is not None:
            while pos < len(text) and text[pos] in SEPARATORS:
                pos += 1
            if pos == len(text):
                return
        elif step == len(items):
            return
        step += 1
        legal = [(fmt(action), cost, action, child)
                 for action, child, cost in problem.successors(state)]
        if text is not None:
            matches = [m for m in legal if m[0] and text.startswith(m[0], pos)]
            wanted = text[pos:].split(None, 1)[0]
        else:
            wanted = str(items[step - 1])
            matches = [m for m in legal if m[0] == wanted]
        if not matches:
            shown = listed((m[0] for m in legal), "none: no move from here")
            cut = wanted if len(wanted) <= 20 else wanted[:17] + "..."
            raise PlanError(f"step {step}: {cut!r} is not a legal action here (legal: {shown})",
                            step)
        notation, _cost, action, state = min(matches, key=lambda m: (-len(m[0]), m[1]))
        pos += len(notation)
        yield action, state
