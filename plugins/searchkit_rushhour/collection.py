"""Files of many Rush Hour boards: Fogleman's database lines and ``cards.txt``.

A text is a *collection* when it has two or more content lines (``#`` starts a comment) and the
first is a one-line board, optionally after a move count: ``<moves> <board> [<states>] [<name>]``
-- or, so that a bad first line is named as a bad line of the others, when two of its lines (one,
in a text of two lines) are whole boards on their own (the rows of one grid hold one target car:
at most one of them is).
Each line is then one instance: named by its last field when that is a word (``orig-01-beginner``
in ``cards.txt``), else by its number in the file; its known optimum is the leading move count,
which counts moves, so it is dropped for the other cost models. Any other text (a grid, the TD's
JSON, a single line) is one instance -- a single line keeps its move count as known optimum --
and a text of comments and blank lines alone holds none. A bad line of a collection is an
instance too, as written: it is checked when the instance is parsed, whose error names its line
(:attr:`~searchkit.PuzzleInstance.line`), so a batch records it and runs the other lines. A
grid of ``M`` rows of ``M`` cells without spaces (``M`` up to 16) is a grid even when ``M`` is 4, 9
or 16, the length of a one-line 2x2, 3x3 or 4x4 board: ``M`` such boards alone in a file would
read as one grid (give them move counts or names to keep them apart).

>>> text = ("60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\\n"
...         "08 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo 1247 orig-01")
>>> [(i.name, i.known, i.line) for i in instances(text)]
[('1', 60, 1), ('orig-01', 8, 2)]
>>> [i.known for i in instances(text, cost="cells")]
[None, None]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any

from searchkit import PuzzleFormatError, PuzzleInstance

from .board import MAX_SIZE
from .formats import _content_lines, _fogleman_token, is_count, parse_fogleman

__all__ = ["instances"]


def _known(line: str, cost: str) -> int | None:
    first = line.split()[0]
    return int(first) if cost == "moves" and is_count(first) and _fogleman_token(line) != first \
        else None


def _square_grid(lines: list[tuple[int, str]]) -> bool:
    """Whether ``lines`` draw one board: ``M`` rows of ``M`` cells, one token each, ``M`` a
    board size (see the module docstring)."""
    m = len(lines)
    return 2 <= m <= MAX_SIZE and all(len(line.split()) == 1 and len(line.strip()) == m
                                      for _, line in lines)


def _is_board(line: str) -> bool:
    """Whether ``line`` alone is a valid one-line board (any vehicle lengths)."""
    if _fogleman_token(line) is None:
        return False
    try:
        parse_fogleman(line, None)
    except PuzzleFormatError:
        return False
    return True


def _boards_alone(lines: list[tuple[int, str]]) -> bool:
    """Whether two of ``lines`` (one, of two lines) are whole boards on their own."""
    wanted = min(2, len(lines) - 1)
    whole = (line for _, line in lines if _is_board(line))
    return wanted > 0 and len(list(islice(whole, wanted))) == wanted  # stops at the second


def instances(text: str, cost: str = "moves", **_options: Any) -> Iterator[PuzzleInstance]:
    """The instances of ``text`` (see the module docstring). Each line of a collection is one
    instance as written, a bad one too (a character Fogleman's format lacks, a board two cells
    short), for the parser to name.

    >>> text = "8 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo\\n"
    >>> [(i.line, i.known) for i in instances(text + "9 BBoooCDooEoCDAAE!CDooEooFoooGGFoHHHo\\n")]
    [(1, 8), (2, 9)]
    >>> [(i.line, i.text) for i in instances(text + "9 BBooo\\n")][1]
    (2, '9 BBooo')
    """
    lines = _content_lines(text)
    if not lines:
        return  # nothing but comments and blank lines: no instance
    if text.lstrip().startswith("{") or _square_grid(lines) or \
            _fogleman_token(lines[0][1]) is None and not _boards_alone(lines):
        yield PuzzleInstance("1", text)
        return
    if len(lines) == 1:
        yield PuzzleInstance("1", text, _known(lines[0][1], cost))
        return
    for number, (lineno, line) in enumerate(lines, 1):
        token = _fogleman_token(line)
        fields = line.split()
        after = fields[fields.index(token) + 1:] if token is not None else []
        name = after[-1] if after and not after[-1].isdigit() else str(number)
        yield PuzzleInstance(name, line.strip(), _known(line, cost), lineno)
