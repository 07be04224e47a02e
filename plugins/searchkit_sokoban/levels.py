"""Reading Sokoban level files: XSB, run-length encoding, collections of levels.

A *collection* is a text holding one or more levels. Lines are classified as:

* comments -- lines starting with ``;``;
* metadata -- ``Key: value`` lines (``Title:``, ``Author:``, ``Comment:``...);
* board rows -- once a level has started (a line containing ``#``), every following line up to a
  blank line, a comment or a metadata line is a row of its board;
* blank lines separate levels; other free text outside a board is ignored (but may name a level).

Board characters (XSB): ``#`` wall, ``@`` keeper, ``+`` keeper on goal, ``$`` box, ``*`` box on
goal, ``.`` goal, space, ``-`` and ``_`` floor. Run-length encoding is accepted: a count before a
character repeats it (``4#`` is ``####``) and ``|`` breaks a row, so ``4#|#@$.#|4#`` is a level.
A board has at most :data:`MAX_ROWS` rows of at most :data:`MAX_COLS` cells: a count or a row
beyond that is an error naming the limit, before anything is expanded.

A level's *name* is its ``Title:`` line if it has one, else the text of the first line of the
comment block just above its board, with no blank line between (``; 44 Duh!`` names the level
``44 Duh!``), else its 1-based number. :func:`select_level` picks a level as searchkit picks an
instance of any collection (:func:`searchkit.select_instance`): by number, by exact name, by
the first word of a name or by the rest of it.

Complexity: linear in the size of the text (an expanded row is at most ``MAX_COLS`` cells).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from searchkit import PuzzleFormatError, select_instance

__all__ = ["BOARD_CHARS", "MAX_COLS", "MAX_ROWS", "RawLevel", "expand_rle", "select_level",
           "split_levels"]

#: Every character allowed in an (expanded) XSB board row.
BOARD_CHARS = frozenset("#@+$*.-_ ")
#: The largest boards read (the largest published levels are about 50 x 50).
MAX_ROWS = MAX_COLS = 100

_DIGIT = re.compile(r"[0-9]")  # ASCII only: str.isdigit() also takes '²' and other scripts'
_RLE_MARK = re.compile(r"[0-9|]")
_META = re.compile(r"^\s*([A-Za-z][A-Za-z ]{0,30}):(.*)$")
_RLE_TOKEN = re.compile(r"([0-9]+)(.)|(.)", re.DOTALL)


@dataclass
class RawLevel:
    """One level of a collection: its name and its board rows with their 1-based line numbers.

    ``error`` is the first error found in its rows (a bad run-length count, a row too wide):
    raised when the level is used (:class:`~searchkit_sokoban.board.Board`), so that one broken
    level does not hide the others of a collection. ``first_line`` and ``last_line`` are the
    source lines the board spans, those with an error included.
    """

    name: str
    first_line: int
    last_line: int
    rows: list[tuple[int, str]] = field(default_factory=list)
    title: str | None = None
    error: PuzzleFormatError | None = None


def expand_rle(text: str, line: int) -> list[str]:
    """Expand run-length encoding in one source line; ``|`` splits it into several rows.

    >>> expand_rle("4#|#@$.#|4#", 1)
    ['####', '#@$.#', '####']
    >>> expand_rle("#  .#", 1)
    ['#  .#']
    >>> expand_rle("3", 7)
    Traceback (most recent call last):
    ...
    searchkit.errors.PuzzleFormatError: line 7: run-length count 3 is not followed by a character
    >>> expand_rle("99999999999#", 2)
    Traceback (most recent call last):
    ...
    searchkit.errors.PuzzleFormatError: line 2: run-length count 99999999999 is too large: a row \
has at most 100 cells
    """
    if not _RLE_MARK.search(text):
        if len(text) > MAX_COLS:
            raise _too_wide(f"{len(text):,} cells", line)
        return [text]
    rows: list[str] = []
    current: list[str] = []
    width = 0
    for match in _RLE_TOKEN.finditer(text):
        count, char, single = match.groups()
        if single is not None:
            if _DIGIT.match(single):  # a count at the very end of the line
                raise PuzzleFormatError(f"run-length count {_short(text[match.start():])} is "
                                        "not followed by a character", line)
            if single == "|":
                rows.append("".join(current))
                current, width = [], 0
                if len(rows) >= MAX_ROWS:
                    raise PuzzleFormatError(f"more than {MAX_ROWS} rows on one line: a board has "
                                            f"at most {MAX_ROWS} rows", line)
                continue
            char, count = single, "1"
        elif char == "|":
            raise PuzzleFormatError(f"run-length count {_short(count)} is followed by '|'", line)
        if len(count) > 3 or int(count) > MAX_COLS:
            raise PuzzleFormatError(f"run-length count {_short(count)} is too large: a row has at "
                                    f"most {MAX_COLS} cells", line)
        width += int(count)
        if width > MAX_COLS:
            raise _too_wide(f"more than {MAX_COLS} cells", line)
        current.append(char * int(count))
    rows.append("".join(current))
    return rows


def _short(digits: str) -> str:
    """A run-length count as quoted in errors: at most 12 digits."""
    return digits if len(digits) <= 12 else f"{digits[:12]}... ({len(digits):,} digits)"


def _too_wide(width: str, line: int) -> PuzzleFormatError:
    return PuzzleFormatError(f"a row of {width}: a board has at most {MAX_COLS} columns", line)


def split_levels(text: str) -> list[RawLevel]:
    """The levels of a collection, in order (see the module docstring for the rules).

    A ``Title:`` line right after a board (no blank line between) belongs to that board, as in
    the SOK format; one above a board belongs to the board below.

    >>> [lv.name for lv in split_levels("; 1\\n###\\n#@#\\n###\\n\\nTitle: b\\n###\\n#@#\\n###")]
    ['1', 'b']
    """
    levels: list[RawLevel] = []
    above: list[str] = []  # comment and free-text lines above the next board
    title: str | None = None  # a Title: line above the next board
    current: RawLevel | None = None  # the board being read
    trailing: RawLevel | None = None  # the board just finished, until a blank line
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            current = trailing = None
            above = []
            continue
        if stripped.startswith(";"):
            trailing = trailing or current
            current = None
            above.append(stripped.lstrip(";").strip())
            continue
        meta = _META.match(line)
        if meta and "#" not in line:
            trailing = trailing or current
            current = None
            if meta.group(1).strip().lower() == "title":
                if trailing is not None:
                    trailing.title = meta.group(2).strip()
                else:
                    title = meta.group(2).strip()
            continue
        if current is None:
            if "#" not in line and not _DIGIT.search(line):
                above.append(stripped)  # free text outside a board
                continue
            named = [c for c in above if c]
            current = RawLevel(named[0] if named else "", lineno, lineno, title=title)
            levels.append(current)
            above, title, trailing = [], None, None
        current.last_line = lineno
        try:
            current.rows += [(lineno, row) for row in expand_rle(line.rstrip(), lineno)]
        except PuzzleFormatError as exc:
            current.error = current.error or exc
    for number, level in enumerate(levels, start=1):
        if level.title:
            level.name = level.title
        elif not level.name:
            level.name = str(number)
    return levels


def select_level(levels: list[RawLevel], level: int | str | None) -> RawLevel:
    """The level chosen by ``level``: a 1-based number, a name, the first word of a name or the
    rest of it (:func:`searchkit.select_instance`); ``None`` picks the first level.

    Raises :class:`~searchkit.UnknownNameError` listing the numbers and the names that are more
    than a number (up to 20), and :class:`~searchkit.PuzzleFormatError` for a text with no level.

    >>> lv = split_levels("; lvl_a -- easy\\n###\\n#@#\\n###\\n\\n; 44 Duh!\\n###\\n#@#\\n###")
    >>> select_level(lv, "lvl_a").name, select_level(lv, 2).name, select_level(lv, "Duh!").name
    ('lvl_a -- easy', '44 Duh!', '44 Duh!')
    >>> select_level(lv, "lvl_b")
    Traceback (most recent call last):
    ...
    searchkit.errors.UnknownNameError: unknown level 'lvl_b' (valid: 1..2, 44 Duh!, lvl_a -- easy)
    """
    if not levels:
        raise PuzzleFormatError("no level found (a board needs rows containing '#')")
    if level is None:
        return levels[0]
    return select_instance(levels, level, kind="level")
