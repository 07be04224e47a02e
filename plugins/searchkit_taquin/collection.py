"""Files of many sliding-tile instances: Korf's lines and one board per line.

A text is a *collection* when its first two content lines (``#`` starts a comment) are each a
whole board on their own, of the same size:

* Korf's lines ``id optimum t0 t1 ... t(n-1)`` (``korf100.txt``, ``korf24_50.txt``): the instance
  is named by ``id`` and its known optimum is ``optimum`` -- for Korf's goal (blank first), so it
  is dropped when another ``goal`` is asked for. The tiles must be a board: a row of 6 or 11
  numbers of a board drawn over several rows is not a Korf line of a 2x2 or 3x3 board;
* one board per line in a one-line format of :func:`~searchkit_taquin.board.parse_board`
  (``87 135462`` or ``N*N`` numbers), named by their number in the file.

Anything else (a board drawn over several rows, a ``goal`` section) is one instance, the whole
text. A single Korf line is one instance with its optimum.

>>> text = "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\\n2 55 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"
>>> [(i.name, i.known, i.line, i.text[:8]) for i in instances(text)]
[('1', 57, 1, '14 13 15'), ('2', 55, 2, '13 5 4 1')]
>>> [i.name for i in instances("87 135462\\n1234 5678\\n")], len(list(instances("1 2\\n3 0")))
(['1', '2'], 1)
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt
from typing import Any

from searchkit import PuzzleFormatError, PuzzleInstance

from .board import parse_board

__all__ = ["instances"]


def _content_lines(text: str) -> list[tuple[int, str]]:
    """Lines without comments, kept as written (a space can be the blank of ``87 135462``)."""
    return [(n, line.split("#", 1)[0].rstrip("\r")) for n, line in
            enumerate(text.splitlines(), 1) if line.split("#", 1)[0].strip()]


def _korf_line(body: str) -> tuple[str, int, str] | None:
    """``(id, optimum, tiles text)`` if ``body`` is ``id optimum`` then ``k*k`` integers
    (k >= 2), else ``None``; the tiles are checked when the instance is parsed."""
    tokens = body.split()
    side = isqrt(max(len(tokens) - 2, 0))
    if side < 2 or side * side != len(tokens) - 2 or not all(t.isdigit() for t in tokens):
        return None
    return tokens[0], int(tokens[1]), " ".join(tokens[2:])


def _board_size(body: str, blank: str | None) -> int | None:
    """The number of cells if ``body`` alone is a valid one-line board, else ``None``."""
    try:
        return parse_board(body, blank).size
    except PuzzleFormatError:
        return None


def _shape(body: str, blank: str | None) -> tuple[str, int] | None:
    korf = _korf_line(body)
    if korf is not None and _board_size(korf[2], blank) is not None:
        return "korf", len(korf[2].split())  # not a row of 6, 11, 18... numbers of a board
    size = _board_size(body, blank)
    return None if size is None else ("board", size)


def instances(text: str, goal: str | None = None, blank: str | None = None,
              **_options: Any) -> Iterator[PuzzleInstance]:
    """The instances of ``text`` (see the module docstring); a bad line of a collection raises
    :class:`~searchkit.PuzzleFormatError` naming it."""
    lines = _content_lines(text)
    korf_goal = goal in (None, "blank-first")
    markers = any(body.strip().lower() in ("goal", "goal:") for _, body in lines)
    first = _shape(lines[0][1], blank) if lines and not markers else None
    second = _shape(lines[1][1], blank) if len(lines) > 1 and first else None
    if first is None or (len(lines) > 1 and (second is None or second[1] != first[1])):
        korf = _korf_line(lines[0][1]) if len(lines) == 1 else None
        if korf is None:
            yield PuzzleInstance("1", text)
        else:
            yield PuzzleInstance(korf[0], korf[2], korf[1] if korf_goal else None, lines[0][0])
        return
    for number, (lineno, body) in enumerate(lines, 1):
        korf = _korf_line(body)
        try:
            parse_board(body if korf is None else korf[2], blank)
        except PuzzleFormatError as exc:
            raise PuzzleFormatError(f"{exc.reason} (each line of this file is one board)",
                                    lineno) from None
        if korf is not None:
            yield PuzzleInstance(korf[0], korf[2], korf[1] if korf_goal else None, lineno)
        else:
            yield PuzzleInstance(str(number), body, None, lineno)
