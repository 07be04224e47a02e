"""Sliding-tile boards: parsing the text formats, goals, and solvability by parity.

A :class:`Board` is a grid of ``height x width`` cells read row by row (cell 0 top-left), holding
internal tile labels ``1 .. n-1`` and ``0`` for the blank (``n = height * width``). ``labels``
maps an internal label back to the token the user wrote, so plans and pictures speak the
user's numbering (the reference 4x4 board numbers its tiles ``0 .. 14``).

Accepted texts (see :func:`parse_board`):

* one line of exactly 4 or 9 characters: a 2x2 or 3x3 board as in the reference TP,
  ``'87 135462'``; the blank is a space, ``0``, ``_`` or ``.``;
* one line of ``N*N`` whitespace-separated numbers (Korf's format, ``0`` = blank);
* rows of whitespace-separated tokens, any ``N x M``.

Tokens are integers (ASCII digits, written without leading zeros: ``01`` is refused, as it
would be read as ``1`` and ``00`` as the blank ``0``) plus one blank token: ``_`` or ``.`` when
present (then ``0`` may be a tile), else ``0``, unless ``blank=`` names another. The tiles must
be the consecutive integers ``1 .. n-1`` or ``0 .. n-2``. Blank lines and ``#`` comments are
ignored. A board has at most :data:`MAX_CELLS` cells (checked before anything is built).

>>> b = parse_board("87 135462")
>>> (b.height, b.width, b.cells)
(3, 3, (8, 7, 0, 1, 3, 5, 4, 6, 2))
>>> goal_board(b, "blank-first").cells
(0, 1, 2, 3, 4, 5, 6, 7, 8)
>>> unsolvable_reason(parse_board("213 45678"), goal_board(b, "blank-first")) is not None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

from searchkit import PuzzleFormatError
from searchkit.errors import excerpt

__all__ = ["BLANK_TOKENS", "MAX_CELLS", "Board", "goal_board", "parse_board", "unsolvable_reason"]

BLANK_TOKENS = ("_", ".")
#: The largest board read (32 x 32): beyond it every state is a multi-kilobyte integer and no
#: strategy gets anywhere.
MAX_CELLS = 1024
_CHAR_BLANKS = " 0_."
_DIGITS = "0123456789"  # ASCII only: str.isdigit() also takes '²', int() other scripts' digits


@dataclass(frozen=True)
class Board:
    """A ``height x width`` grid; ``cells[c]`` is the internal tile label in cell ``c``, 0 = blank.

    ``labels[t]`` is the user's token for internal tile ``t`` (``labels[0]`` is unused).
    """

    height: int
    width: int
    cells: tuple[int, ...]
    labels: tuple[str, ...]

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.height * self.width

    def text(self) -> str:
        """The board as rows of tokens, ``_`` for the blank (what :func:`parse_board` reads)."""
        rows = []
        for r in range(self.height):
            row = self.cells[r * self.width:(r + 1) * self.width]
            rows.append(" ".join(self.labels[t] if t else "_" for t in row))
        return "\n".join(rows)


def _content_lines(text: str) -> list[tuple[int, str]]:
    lines = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        if body.strip():
            lines.append((lineno, body))
    return lines


def _char_board(lineno: int, line: str) -> Board | None:
    """The one-line character format (``'87 135462'``), or ``None`` if ``line`` is not in it."""
    body = line.rstrip("\r\n")
    if len(body) not in (4, 9):
        body = body.rstrip()  # spaces before a comment or at the end, not a blank
    if len(body) not in (4, 9) or sum(ch.isspace() for ch in body) > 1:
        return None
    if any(ch.isspace() and ch != " " for ch in body):
        return None
    side = 2 if len(body) == 4 else 3
    blanks = [ch for ch in body if ch in _CHAR_BLANKS]
    if len(blanks) != 1:
        raise PuzzleFormatError(
            f"a {side}x{side} board of {len(body)} characters needs exactly one blank "
            f"(space, 0, _ or .), found {len(blanks)}", lineno)
    cells = []
    for ch in body:
        if ch in _CHAR_BLANKS:
            cells.append(0)
        elif ch in _DIGITS:
            cells.append(int(ch))
        else:
            raise PuzzleFormatError(f"unexpected character {ch!r} in a {side}x{side} board", lineno)
    return _checked(side, side, cells, [lineno] * len(cells), offset=1)


def parse_board(text: str, blank: str | None = None) -> Board:
    """Parse ``text`` in one of the formats of the module docstring.

    ``blank`` names the blank token (default: ``_`` or ``.`` if present, else ``0``).
    Raises :class:`~searchkit.PuzzleFormatError` naming the line for ragged rows, wrong tile
    counts, duplicates, unknown tokens, tiles with leading zeros.
    """
    lines = _content_lines(text)
    if not lines:
        raise PuzzleFormatError("empty board: expected rows of tiles")
    if len(lines) == 1 and blank is None:
        board = _char_board(*lines[0])
        if board is not None:
            return board
    rows = [(lineno, body.split()) for lineno, body in lines]
    tokens = [tok for _, row in rows for tok in row]
    if blank is None:
        present = [t for t in BLANK_TOKENS if t in tokens]
        blank = present[0] if present else "0"
    if len(rows) == 1:
        count = len(rows[0][1])
        side = isqrt(count)
        if side * side != count or side < 2:
            raise PuzzleFormatError(
                f"a one-line board must hold N*N tokens (N >= 2), got {count:,}", rows[0][0])
        _check_size(count, f"{side}x{side}", rows[0][0])
        height = width = side
        line_of = [rows[0][0]] * count
    else:
        width = len(rows[0][1])
        for lineno, row in rows:
            if len(row) != width:
                raise PuzzleFormatError(
                    f"ragged rows: this row has {len(row):,} tokens, the first has {width:,}",
                    lineno)
        height = len(rows)
        _check_size(height * width, f"{height:,}x{width:,}", rows[0][0])
        line_of = [lineno for lineno, row in rows for _ in row]
    cells: list[int] = []
    for tok, lineno in zip(tokens, line_of):
        if tok == blank:
            cells.append(-1)
            continue
        if tok.strip(_DIGITS):
            raise PuzzleFormatError(f"unexpected token {excerpt(tok, 12)} (expected an integer "
                                    f"or the blank {excerpt(blank, 12)})", lineno)
        if len(tok) > 1 and tok[0] == "0":
            raise PuzzleFormatError(f"tile {excerpt(tok, 12)} has a leading zero: write it "
                                    f"{excerpt(tok.lstrip('0') or '0', 12)}", lineno)
        if len(tok) > 6:
            raise PuzzleFormatError(f"tile number {excerpt(tok, 12)} is too large: a board has "
                                    f"at most {MAX_CELLS:,} cells", lineno)
        cells.append(int(tok))
    values = [v for v in cells if v != -1]
    offset = 0 if values and min(values) == 0 and blank != "0" else 1
    # internal label = value - offset + 1, blank -> 0
    shifted = [0 if v == -1 else v - offset + 1 for v in cells]
    return _checked(height, width, shifted, line_of, offset)


def _check_size(cells: int, shape: str, line: int) -> None:
    if cells > MAX_CELLS:
        raise PuzzleFormatError(f"a {shape} board of {cells:,} cells is too large: at most "
                                f"{MAX_CELLS:,} cells (32x32)", line)


def _checked(height: int, width: int, cells: list[int], line_of: list[int], offset: int) -> Board:
    n = height * width
    if height < 1 or width < 1 or n < 2:
        raise PuzzleFormatError(f"a board needs at least 2 cells, got {height}x{width}", line_of[0])
    blanks = [i for i, t in enumerate(cells) if t == 0]
    if len(blanks) != 1:
        where = line_of[blanks[1]] if len(blanks) > 1 else line_of[-1]
        raise PuzzleFormatError(f"expected exactly one blank, found {len(blanks)}", where)
    seen: dict[int, int] = {}
    first, last = offset, n - 2 + offset
    for i, t in enumerate(cells):
        if t == 0:
            continue
        if not 1 <= t <= n - 1:
            raise PuzzleFormatError(
                f"tile {t + offset - 1} out of range: a {height}x{width} board holds tiles "
                f"{first}..{last} and one blank", line_of[i])
        if t in seen:
            raise PuzzleFormatError(f"duplicate tile {t + offset - 1}", line_of[i])
        seen[t] = i
    labels = tuple([""] + [str(t + offset - 1) for t in range(1, n)])
    return Board(height, width, tuple(cells), labels)


def goal_board(board: Board, goal: str, blank: str | None = None) -> Board:
    """The goal for ``board``: ``"blank-first"`` (blank top-left, then tiles in increasing order:
    Korf's convention), ``"blank-last"`` (tiles in order, blank bottom-right) or an explicit
    arrangement in any format of :func:`parse_board`, with the same size and tiles.

    Raises :class:`~searchkit.PuzzleFormatError` for an explicit goal that does not fit.
    """
    n = board.size
    if goal == "blank-first":
        cells = tuple(range(n))
    elif goal == "blank-last":
        cells = tuple(range(1, n)) + (0,)
    else:
        target = parse_board(goal, blank)
        if (target.height, target.width) != (board.height, board.width):
            raise PuzzleFormatError(
                f"the goal is {target.height}x{target.width} but the board is "
                f"{board.height}x{board.width}")
        if target.labels != board.labels:
            raise PuzzleFormatError(
                f"the goal's tiles {target.labels[1]}..{target.labels[-1]} differ from the "
                f"board's {board.labels[1]}..{board.labels[-1]}")
        cells = target.cells
    return Board(board.height, board.width, cells, board.labels)


def _permutation_parity(perm: list[int]) -> int:
    """0 for an even permutation of ``range(len(perm))``, 1 for an odd one (cycle count)."""
    seen = [False] * len(perm)
    parity = 0
    for i in range(len(perm)):
        j, length = i, 0
        while not seen[j]:
            seen[j] = True
            j = perm[j]
            length += 1
        if length:
            parity ^= (length - 1) & 1
    return parity


def unsolvable_reason(board: Board, goal: Board) -> str | None:
    """Why ``goal`` cannot be reached from ``board``, decided without search, else ``None``.

    Each move swaps the blank with a neighbour: a transposition of the cells' contents that also
    moves the blank one step, so the parity of the permutation taking the goal to the board
    (blank included) always equals the parity of the blank's taxicab distance to its goal cell.
    On grids with at least two rows and two columns that condition is also sufficient (the
    classic result: the moves generate every even permutation of the tiles when the blank returns
    home). For odd widths it reduces to "the tiles' inversion count has the goal's parity"; for even
    widths, to the inversion count plus the blank's row difference. On a single row or column
    tiles cannot pass each other: solvable exactly when their order agrees.
    """
    if board.height == 1 or board.width == 1:
        if [t for t in board.cells if t] != [t for t in goal.cells if t]:
            return "on a single row or column tiles cannot pass each other: their order differs"
        return None
    where = {t: c for c, t in enumerate(goal.cells)}
    perm = [where[t] for t in board.cells]
    w = board.width
    b, g = board.cells.index(0), goal.cells.index(0)
    blank_distance = abs(b // w - g // w) + abs(b % w - g % w)
    parity = _permutation_parity(perm)
    if parity != blank_distance % 2:
        kind = "odd" if parity else "even"
        moves = f"{blank_distance} move{'s' if blank_distance != 1 else ''}"
        return (f"unsolvable: the arrangement is an {kind} permutation of the goal but the blank "
                f"is {moves} from its goal cell (every move changes both parities)")
    return None
