"""Reading Rush Hour boards: Fogleman's one-line format, text grids and the TD's JSON.

:func:`parse_board` detects the format:

* text starting with ``{`` is the vehicle-list JSON of the reference TD,
  ``{"vehicules": [{"i": 2, "j": 0, "longueur": 2, "direction": "H"}, ...]}`` (English keys
  ``vehicles``/``row``/``col``/``length``/``orientation`` too; optional ``size``/``taille``, default
  6, and ``walls``/``murs`` as ``[row, col]`` pairs). Vehicle 0 is the target; vehicles are
  labelled by their index and the target is drawn ``G``, as in the TD;
* a single line holding a token of ``M*M`` characters is Fogleman's format (the database and
  ``cards.txt`` lines ``<moves> <board> ...`` work as they are: a leading move count and fields
  after the board are ignored); so is a single line of a move count and more fields, whose board
  is then reported when it is not ``M*M`` characters (a line of a database, two cells short);
* otherwise ``M`` lines of ``M`` characters form a grid (spaces between cells are allowed).

In the two text formats ``.`` or ``o`` is an empty cell, ``x`` a wall, and any other letter or
digit a vehicle. The target is ``A`` (Fogleman; in grids ``A``, else ``G``). Lines starting with
``#`` are comments. Vehicles are numbered target first, then in order of first appearance.

>>> b = parse_board("AAoooo" * 1 + "o" * 30)
>>> b.size, [(v.label, v.row, v.col, v.length, v.horizontal) for v in b.vehicles]
(6, [('A', 0, 0, 2, True)])
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from searchkit import PuzzleFormatError
from searchkit.errors import excerpt

from .board import STANDARD_LENGTHS, Board, Vehicle, check_size

__all__ = [
    "detect_format",
    "is_count",
    "load_fogleman",
    "parse_board",
    "parse_fogleman",
    "parse_grid",
    "parse_json",
]

_EMPTY = ".o"
_WALL = "x"


def detect_format(text: str) -> str:
    """``"json"``, ``"fogleman"`` or ``"grid"``, as :func:`parse_board` reads ``text``.

    >>> detect_format('{"vehicules": []}'), detect_format("42 " + "o" * 36)
    ('json', 'fogleman')
    >>> detect_format("..\\n..")
    'grid'
    """
    if text.lstrip().startswith("{"):
        return "json"
    lines = _content_lines(text)
    if len(lines) == 1 and (_fogleman_token(lines[0][1]) is not None or _counted(lines[0][1])):
        return "fogleman"
    return "grid"


def parse_board(text: str, lengths: Sequence[int] | None = STANDARD_LENGTHS) -> Board:
    """The :class:`Board` described by ``text`` in any of the three formats (see the module)."""
    kind = detect_format(text)
    if kind == "json":
        return parse_json(text, lengths)
    if kind == "fogleman":
        return parse_fogleman(text, lengths)
    return parse_grid(text, lengths)


def _content_lines(text: str) -> list[tuple[int, str]]:
    """Non-blank, non-comment lines with their 1-based numbers."""
    return [(n, line.rstrip()) for n, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.lstrip().startswith("#")]


def is_count(token: str) -> bool:
    """Whether ``token`` is a whole number in ASCII digits (``str.isdigit`` alone also takes
    ``'²'``, which ``int`` refuses)."""
    return token.isascii() and token.isdigit()


def _counted(line: str) -> bool:
    """Whether ``line`` is a move count and more fields, as a line of Fogleman's database."""
    tokens = line.split()
    return len(tokens) > 1 and is_count(tokens[0])


def _fogleman_token(line: str) -> str | None:
    """The board token of a one-line board (optionally after a move count), else ``None``."""
    tokens = line.split()
    if len(tokens) > 1 and is_count(tokens[0]):
        tokens = tokens[1:]
    if not tokens:
        return None
    side = math.isqrt(len(tokens[0]))
    return tokens[0] if side >= 2 and side * side == len(tokens[0]) else None


def parse_fogleman(text: str, lengths: Sequence[int] | None = STANDARD_LENGTHS) -> Board:
    """A board in Fogleman's one-line format (``o``/``.`` empty, ``x`` wall, ``A`` target).

    >>> parse_fogleman("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM").walls
    frozenset({(0, 3)})
    """
    lines = _content_lines(text)
    if len(lines) != 1:
        raise PuzzleFormatError(f"expected one line with a board, got {len(lines)} lines")
    lineno, line = lines[0]
    token = _fogleman_token(line)
    if token is None:
        board = line.split()[1 if _counted(line) else 0]
        raise PuzzleFormatError(f"expected a board of M*M characters (e.g. 36 for 6x6), got "
                                f"{len(board):,}", lineno)
    m = math.isqrt(len(token))
    check_size(m, lineno)
    rows = [(lineno, token[r * m:(r + 1) * m]) for r in range(m)]
    return _board_from_rows(rows, m, targets="A", lengths=lengths, one_line=True)


def parse_grid(text: str, lengths: Sequence[int] | None = STANDARD_LENGTHS) -> Board:
    """A board drawn as ``M`` lines of ``M`` cells (target ``A``, or ``G`` when there is no A).

    >>> b = parse_grid('''
    ... . . 1
    ... G G 1
    ... . . .''')
    >>> [(v.label, v.length, v.horizontal) for v in b.vehicles]
    [('G', 2, True), ('1', 2, False)]
    """
    lines = [(n, line.replace(" ", "")) for n, line in _content_lines(text)]
    if not lines:
        raise PuzzleFormatError("empty board")
    m = len(lines)
    for n, row in lines:
        if len(row) != m:
            raise PuzzleFormatError(
                f"the board is not square: {m:,} row{'s' * (m != 1)} but this row has "
                f"{len(row):,} cell{'s' * (len(row) != 1)}", n)
    check_size(m, lines[0][0])
    present = {ch for _, row in lines for ch in row}
    target = "A" if "A" in present else "G"
    return _board_from_rows(lines, m, targets=target, lengths=lengths, one_line=False)


def _board_from_rows(rows: list[tuple[int, str]], m: int, targets: str,
                     lengths: Sequence[int] | None, one_line: bool) -> Board:
    cells: dict[str, list[tuple[int, int]]] = {}
    first_line: dict[str, int] = {}
    walls = []
    for r, (lineno, row) in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in _EMPTY:
                continue
            if ch == _WALL:
                walls.append((r, c))
            elif ch.isalnum() and ch.isascii():
                cells.setdefault(ch, []).append((r, c))
                first_line.setdefault(ch, lineno)
            else:
                where = f"at position {r * m + c + 1}" if one_line else f"in column {c + 1}"
                raise PuzzleFormatError(f"unknown character {ch!r} {where}", lineno)
    if targets not in cells:
        want = "'A'" if one_line else "'A' or 'G'"
        raise PuzzleFormatError(f"no target car: the board has no {want}",
                                rows[0][0] if one_line else None)
    vehicles = []
    for label in [targets] + [k for k in cells if k != targets]:
        vehicles.append(_vehicle(label, cells[label], first_line[label]))
    return Board(m, vehicles, walls, lengths=lengths)


def _vehicle(label: str, cells: list[tuple[int, int]], line: int) -> Vehicle:
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    n = len(cells)
    if n == 1:
        raise PuzzleFormatError(
            f"vehicle {label!r} covers a single cell, so its direction is unknown", line)
    if len(rows) == 1 and max(cols) - min(cols) == n - 1:
        return Vehicle(cells[0][0], min(cols), n, True, label, line)
    if len(cols) == 1 and max(rows) - min(rows) == n - 1:
        return Vehicle(min(rows), cells[0][1], n, False, label, line)
    raise PuzzleFormatError(
        f"vehicle {label!r} is not a straight line of adjacent cells: {excerpt(sorted(cells))}",
        line)


_KEYS = {  # field -> accepted keys (TD French first)
    "vehicles": ("vehicules", "vehicles", "véhicules"),
    "row": ("i", "row"),
    "col": ("j", "col", "column"),
    "length": ("longueur", "length"),
    "orientation": ("direction", "orientation"),
    "size": ("taille", "size", "M"),
    "walls": ("murs", "walls"),
}


def _field(obj: dict[str, Any], name: str, where: str) -> Any:
    for key in _KEYS[name]:
        if key in obj:
            return obj[key]
    raise PuzzleFormatError(f"{where} has no {name!r} (keys: {'/'.join(_KEYS[name])})")


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleFormatError(f"{what} must be an integer, not {excerpt(value)}")
    return value


def parse_json(text: str, lengths: Sequence[int] | None = STANDARD_LENGTHS) -> Board:
    """A board from the TD's vehicle list (vehicle 0 is the target; labels are indices).

    >>> b = parse_json('{"vehicules": [{"i": 2, "j": 0, "longueur": 2, "direction": "H"}]}')
    >>> b.size, b.vehicles[0].label, b.glyphs
    (6, '0', ('G',))
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(f"invalid JSON: {exc.msg}", exc.lineno) from None
    except RecursionError:
        raise PuzzleFormatError("invalid JSON board: nested too deeply") from None
    except ValueError as exc:  # a number beyond Python's limit on integer digits
        raise PuzzleFormatError(f"invalid JSON: {str(exc).split(';')[0].lower()}") from None
    if not isinstance(data, dict):
        raise PuzzleFormatError("the JSON board must be an object with a 'vehicules' list")
    items = _field(data, "vehicles", "the JSON board")
    if not isinstance(items, list):
        raise PuzzleFormatError(f"the vehicles ('vehicules') must be a list, not "
                                f"{excerpt(items)}")
    size = _int(next((data[k] for k in _KEYS["size"] if k in data), 6), "the board size")
    check_size(size)
    vehicles = []
    for index, item in enumerate(items):
        where = f"vehicle {index}"
        if not isinstance(item, dict):
            raise PuzzleFormatError(f"{where} must be an object, not {excerpt(item)}")
        raw = _field(item, "orientation", where)
        orientation = raw.strip().upper() if isinstance(raw, str) else None
        if orientation not in ("H", "V", "HORIZONTAL", "VERTICAL"):
            raise PuzzleFormatError(f"{where} has direction {excerpt(raw)}; expected 'H' or 'V'")
        vehicles.append(Vehicle(
            _int(_field(item, "row", where), f"{where}'s row"),
            _int(_field(item, "col", where), f"{where}'s column"),
            _int(_field(item, "length", where), f"{where}'s length"),
            orientation.startswith("H"), str(index)))
    walls = []
    key = next((k for k in _KEYS["walls"] if k in data), None)
    listed = [] if key is None else data[key]
    if not isinstance(listed, list):
        raise PuzzleFormatError(f"{key!r} must be a list of [row, col] pairs, not "
                                f"{excerpt(listed)}")
    for wall in listed:
        if not (isinstance(wall, list) and len(wall) == 2):
            raise PuzzleFormatError(f"a wall must be a [row, col] pair, not {excerpt(wall)}")
        walls.append((_int(wall[0], "a wall's row"), _int(wall[1], "a wall's column")))
    glyphs = ["G"] + [str(i) for i in range(1, len(vehicles))]
    return Board(size, vehicles, walls, lengths=lengths, glyphs=glyphs)


def to_fogleman(board: Board, positions: Sequence[int] | None = None) -> str:
    """The one-line text of ``board`` (with ``positions`` if given); labels must be one letter.

    >>> to_fogleman(parse_fogleman("ooooooooooooAAoooo" + "o" * 18))
    'ooooooooooooAAoooooooooooooooooooooo'
    """
    m = board.size
    cells = ["o"] * (m * m)
    for r, c in board.walls:
        cells[r * m + c] = "x"
    for i, v in enumerate(board.vehicles):
        for r, c in v.cells(None if positions is None else positions[i]):
            cells[r * m + c] = board.glyphs[i]
    return "".join(cells)


def load_fogleman(path: str | Path) -> list[tuple[str, int]]:
    """The ``(board, optimal moves)`` pairs of a file of ``<moves> <board> ...`` lines.

    Reads Fogleman's database format (``fogleman_sample.txt``) and ``cards.txt``; lines starting
    with ``#`` and blank lines are skipped. Each board is its 36-character text, which
    :func:`parse_board` (or the ``rushhour`` puzzle's ``parse``) accepts. O(file size).
    """
    records = []
    for n, line in enumerate(Path(path).read_text().splitlines(), start=1):
        fields = line.split()
        if not fields or line.startswith("#"):
            continue
        if len(fields) < 2 or not fields[0].isdigit():
            raise PuzzleFormatError(f"expected '<moves> <board> ...', got {line[:40]!r}", n,
                                    str(path))
        records.append((fields[1], int(fields[0])))
    return records
