"""Hypothesis strategies: random explicit graphs, random puzzle instances, and near-valid texts.

* :func:`graphs` -- random :class:`~searchkit.GraphProblem` instances with integer costs (zero
  costs and cycles included), optionally with an admissible heuristic;
* :func:`puzzle_instances` -- instance texts of a puzzle, through its ``random_instance``;
* :func:`bad_texts` -- valid texts mutated a few times (cut, spliced, lines doubled or dropped,
  Unicode digits and huge numbers inserted...), for checking that a parser rejects what it cannot
  read with its own error.

Every draw goes through hypothesis, so failures shrink to small examples and replay.

>>> from hypothesis import given, settings
>>> @given(graphs(max_nodes=4, heuristic="admissible"))
... @settings(max_examples=5, database=None)
... def check(g):
...     assert g.start == 0 and g.goals
>>> check()
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from ..graph import GraphProblem
from ..plugins import get_puzzle
from .oracles import distances_to_goals

__all__ = ["graphs", "puzzle_instances", "bad_texts"]


@st.composite
def graphs(
    draw: Any,
    min_nodes: int = 1,
    max_nodes: int = 9,
    max_cost: int = 9,
    unit_costs: bool = False,
    heuristic: str | None = None,
) -> GraphProblem:
    """A hypothesis strategy for random :class:`GraphProblem` instances.

    Nodes are ``0 .. n-1``, the start is 0, one to three goals; edges are random (self-loops and
    cycles included), costs are integers in ``0 .. max_cost`` (1 with ``unit_costs``).
    ``heuristic``: ``None`` (no heuristic), ``"consistent"`` (the true distance times a fraction;
    ``inf`` on nodes that reach no goal, unless the fraction is 0) or ``"admissible"`` (a random
    fraction of the true distance per node: admissible, usually inconsistent).
    """
    n = draw(st.integers(min_nodes, max_nodes))
    costs = st.just(1) if unit_costs else st.integers(0, max_cost)
    edges: dict[int, dict[int, int]] = {}
    for u in range(n):
        targets = draw(st.lists(st.integers(0, n - 1), max_size=min(n, 4), unique=True))
        edges[u] = {v: draw(costs) for v in targets}
    goals = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=min(3, n)))
    graph = GraphProblem(edges, start=0, goals=goals)
    if heuristic is None:
        return graph
    exact = distances_to_goals(graph)
    if heuristic == "consistent":
        # A node that reaches no goal gets inf (its true distance; a dead end): 0 there would
        # break consistency on the edges into it.
        scale = draw(st.sampled_from([0, 0.5, 1]))
        h = {u: d * scale if scale else 0 for u, d in exact.items()}
    elif heuristic == "admissible":
        h = {
            u: (d * draw(st.sampled_from([0, 0.25, 0.5, 1])) if d < math.inf else 0)
            for u, d in exact.items()
        }
    else:
        raise ValueError(f"heuristic must be None, 'consistent' or 'admissible', not {heuristic!r}")
    return GraphProblem(edges, start=0, goals=goals, heuristic=h)


def puzzle_instances(puzzle: Any, **size: Any) -> st.SearchStrategy[str]:
    """A hypothesis strategy for instance texts of ``puzzle`` (an installed name or a Puzzle).

    ``size`` is passed to the puzzle's ``random_instance(rng, **size)``. ``rng`` is a
    :class:`random.Random` drawn by hypothesis, so failures shrink and replay.
    """
    maker = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    return st.randoms(use_true_random=False).map(lambda rng: maker.random_instance(rng, **size))


#: Pieces that trip parsers: Unicode digits and superscripts, huge and negative numbers, JSON
#: punctuation and literals, control characters, comment markers, odd whitespace.
NASTY_PIECES = (
    "٣", "²", "½", "é", "\u00a0", "\t", "\x00", "\r", "\n", "\n\n", " ", "#", ";", "|", "-", "+",
    "0", "9", "-1", "1e9", "99999999999999999999", "1" * 30, "{", "}", "[", "]", ":", ",", '"',
    "null", "true", "[[", '{"', "x", "_", ".",
)


#: What the "number" mutation puts in place of a number: odd values and values of other types.
ODD_NUMBERS = ("0", "-1", "99999999999999999999", "1" * 30, "٣", "2²", "1.5", "null", '"x"', "[]",
               "[[0]]", "{}")


@st.composite
def bad_texts(draw: Any, seeds: Sequence[str], max_mutations: int = 2) -> str:
    """A hypothesis strategy for texts near ``seeds``: one of them mutated 1 to ``max_mutations``
    times (one draw in ten is arbitrary short text instead).

    Mutations: delete a slice, insert or overwrite with a piece of :data:`NASTY_PIECES` or a
    character of the text itself, truncate, double / drop / swap lines, replace a number by an
    odd one (:data:`ODD_NUMBERS`) or a digit by a Unicode look-alike, repeat the whole text,
    change case. Most results are invalid, some stay valid: a
    parser must either accept a text or reject it with its own error.
    """
    if not seeds or draw(st.integers(0, 9)) == 0:
        return draw(st.text(max_size=40))
    text = draw(st.sampled_from(list(seeds)))
    for _ in range(draw(st.integers(1, max_mutations))):
        text = _mutate(draw, text)
    return text


def _mutate(draw: Any, text: str) -> str:
    kind = draw(st.sampled_from(_MUTATIONS))
    n = len(text)
    at = draw(st.integers(0, n))
    if kind == "delete":
        return text[:at] + text[at + draw(st.integers(1, 8)):]
    if kind in ("insert", "overwrite"):
        piece = draw(st.sampled_from(NASTY_PIECES + tuple(sorted(set(text)))))
        return text[:at] + piece + text[at + (kind == "overwrite"):]
    if kind == "truncate":
        return text[:at]
    if kind == "number":
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        if not digits:
            return text
        i = draw(st.sampled_from(digits))
        j = i
        while j < n and text[j].isdigit():
            j += 1
        return text[:i] + draw(st.sampled_from(ODD_NUMBERS)) + text[j:]
    if kind == "odd digit":  # a character that looks like a digit, or passes str.isdigit()
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        if not digits:
            return text
        i = draw(st.sampled_from(digits))
        return text[:i] + draw(st.sampled_from(("²", "٣", "½", "¹", "𝟖"))) + text[i + 1:]
    if kind == "repeat":
        return text * 2 if n < 400 else text
    if kind == "case":
        return text.swapcase()
    lines = text.split("\n")
    i = draw(st.integers(0, len(lines) - 1))
    if kind == "double line":
        lines.insert(i, lines[i])
    elif kind == "drop line":
        del lines[i]
    else:  # swap lines
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


_MUTATIONS = ("number", "overwrite", "insert", "odd digit", "number", "overwrite", "insert",
              "delete", "truncate", "double line", "drop line", "swap lines", "repeat", "case")
