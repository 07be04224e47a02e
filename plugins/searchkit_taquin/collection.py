"""Files of many sliding-tile instances: Korf's lines and one board per line.

A text of several content lines (``#`` starts a comment) and no ``goal`` section is a
*collection* unless it is one board drawn over several rows; then each line is one instance:

* Korf's lines ``id optimum t0 t1 ... t(n-1)`` (``korf100.txt``, ``korf24_50.txt``): the instance
  is named by ``id`` and its known optimum is ``optimum`` -- for Korf's goal (blank first), so it
  is dropped when another ``goal`` is asked for. The tiles must be a board: a row of 6 or 11
  numbers of a board drawn over several rows is not a Korf line of a 2x2 or 3x3 board;
* one board per line in a one-line format of :func:`~searchkit_taquin.board.parse_board`
  (``87 135462`` or ``N*N`` numbers), named by their number in the file.

The kind is decided by the whole text, never by its first lines alone, so that a bad line is
reported as such wherever it is: a text that reads as one board is one instance; otherwise it is
a collection when at least two of its lines (one, in a text of two lines) are each a whole
instance on their own. The rows of one board share one blank, so at most one of them is a board
on its own: a broken board drawn over three rows or more stays one instance and gets the board's
own error. A single line, or a text with a ``goal`` section, is one instance; a single Korf line
is one instance with its optimum; a text of comments and blank lines alone holds none.

A bad line of a collection is an instance too, as written (a Korf line: its tiles, id and
optimum), whose parse raises the :class:`~searchkit.PuzzleFormatError` naming its line
(:attr:`~searchkit.PuzzleInstance.line`): a batch records that error for its tasks and runs the
other lines, and ``searchkit solve FILE --level N`` reads any other line.

>>> text = "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\\n2 55 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"
>>> [(i.name, i.known, i.line, i.text[:8]) for i in instances(text)]
[('1', 57, 1, '14 13 15'), ('2', 55, 2, '13 5 4 1')]
>>> [i.name for i in instances("87 135462\\n1234 5678\\n")], len(list(instances("1 2\\n3 0")))
(['1', '2'], 1)
>>> bad = list(instances("87 135462\\n87 13546\\n12345678 \\n"))[1]  # a tile short on line 2
>>> bad.name, bad.line, bad.text
('2', 2, '87 13546')
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
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


def _is_board(text: str, blank: str | None) -> bool:
    """Whether ``text`` alone is a valid board (one line or several rows)."""
    try:
        parse_board(text, blank)
    except PuzzleFormatError:
        return False
    return True


def _is_instance(body: str, blank: str | None) -> bool:
    """Whether the line ``body`` alone is one instance: a Korf line or a one-line board."""
    korf = _korf_line(body)
    if korf is not None and _is_board(korf[2], blank):
        return True  # not a row of 6, 11, 18... numbers of a board
    return _is_board(body, blank)


def _is_collection(text: str, lines: list[tuple[int, str]], blank: str | None) -> bool:
    """Whether ``text``, of content ``lines`` (two or more, no ``goal`` section), holds one
    instance per line, as the module docstring decides: it is not one board, and at least two
    of its lines, or one of two, are whole instances on their own."""
    if _is_board(text, blank):
        return False
    wanted = min(2, len(lines) - 1)
    whole = (body for _, body in lines if _is_instance(body, blank))
    return len(list(islice(whole, wanted))) == wanted  # stops at the second one found


def _one_instance(text: str, lines: list[tuple[int, str]], korf_goal: bool) -> PuzzleInstance:
    """The whole ``text`` as one instance (a single Korf line: its tiles, id and optimum)."""
    korf = _korf_line(lines[0][1]) if len(lines) == 1 else None
    if korf is None:
        return PuzzleInstance("1", text)
    return PuzzleInstance(korf[0], korf[2], korf[1] if korf_goal else None, lines[0][0])


def instances(text: str, goal: str | None = None, blank: str | None = None,
              **_options: Any) -> Iterator[PuzzleInstance]:
    """The instances of ``text`` (see the module docstring). A bad line of a collection is
    yielded as written, for :func:`~searchkit_taquin.board.parse_board` to reject when the
    instance is parsed, naming the line: it never stops the others."""
    lines = _content_lines(text)
    if not lines:
        return  # nothing but comments and blank lines: no instance
    korf_goal = goal in (None, "blank-first")
    markers = any(body.strip().lower() in ("goal", "goal:") for _, body in lines)
    if markers or len(lines) < 2 or not _is_collection(text, lines, blank):
        yield _one_instance(text, lines, korf_goal)
        return
    for number, (lineno, body) in enumerate(lines, 1):
        korf = _korf_line(body)  # its tiles are checked when the instance is parsed
        if korf is not None:
            yield PuzzleInstance(korf[0], korf[2], korf[1] if korf_goal else None, lineno)
        else:
            yield PuzzleInstance(str(number), body, None, lineno)
