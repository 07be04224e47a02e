"""Reading collection files into named instances, and joining a table of known optima.

:func:`read_collection` asks the puzzle how a file splits (its optional method
``instances(text, **options)``; without it the whole file is one instance) and names each instance
for the records: ``FILE:NAME`` when the file holds several, ``FILE`` alone otherwise.
:func:`load_known` reads a CSV of optima (``level,moves,pushes`` for Microban) and
:func:`known_for` picks the value of one instance: the row whose first column is the instance's
name, the first word of its name, or its number in the file; the column named like the ``cost``
option (``moves``, ``pushes``), or the only numeric column unless it is named like another cost
model (an error). :func:`~searchkit.puzzle.select_instance` picks one instance the way
``searchkit solve --level N`` does.

>>> import searchkit
>>> nstar = searchkit.get_puzzle("nstar")
>>> [(label, i.text) for label, i in label_instances("pairs.txt", collection(nstar, "1 42\\n3 9"))]
[('pairs.txt:1', '1 42'), ('pairs.txt:2', '3 9')]
>>> searchkit.select_instance(collection(nstar, "1 42\\n3 9"), "2").text
'3 9'
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import PuzzleFormatError, SearchkitError, read_text
from ..puzzle import PuzzleInstance

__all__ = ["KnownTable", "collection", "label_instances", "read_collection", "load_known",
           "known_for"]

#: CSV rows by key (first column) -> column -> value (``None`` for an empty field).
KnownTable = dict[str, dict[str, float | None]]


def collection(puzzle: Any, text: str, options: Mapping[str, Any] | None = None
               ) -> list[PuzzleInstance]:
    """The instances of ``text`` for ``puzzle`` (a puzzle without ``instances``: one, the text)."""
    split = getattr(puzzle, "instances", None)
    if split is None:
        return [PuzzleInstance("1", text)]
    return list(split(text, **dict(options or {})))


def label_instances(source: str, instances: list[PuzzleInstance]
                    ) -> list[tuple[str, PuzzleInstance]]:
    """Each instance with its record label: ``SOURCE:NAME``, or ``SOURCE`` for a file of one.
    Labels are unique: a name that several instances share (four boards all named
    ``beginner``) is followed by ``#`` and the instance's number in the file.

    >>> [label for label, _ in label_instances("f", [PuzzleInstance("a", "1"),
    ...     PuzzleInstance("b", "2"), PuzzleInstance("a", "3")])]
    ['f:a#1', 'f:b', 'f:a#3']
    """
    if len(instances) == 1:
        return [(source, instances[0])]
    names = Counter(inst.name for inst in instances)
    return [(f"{source}:{inst.name}" + (f"#{number}" if names[inst.name] > 1 else ""), inst)
            for number, inst in enumerate(instances, 1)]


def read_collection(puzzle: Any, path: str | Path, options: Mapping[str, Any] | None = None,
                    known: KnownTable | None = None, label: str | None = None
                    ) -> list[tuple[str, PuzzleInstance]]:
    """The labelled instances of the file ``path`` (label prefix: ``label``, default the file's
    name), with known optima from ``known`` filled in where the table has one.

    A file that is empty (or white space alone), or in which the puzzle finds no instance (only
    comments), raises :class:`SearchkitError` naming it: there is nothing to run. A bad instance
    of a collection is one of the instances, whose parse fails (a batch records that error)."""
    path = Path(path)
    text = read_text(path)
    if not text.strip():  # whatever the puzzle, even one without an instances method
        raise SearchkitError(f"{path}: no instance found (the file is empty)")
    try:
        found = collection(puzzle, text, options)
    except PuzzleFormatError as exc:
        raise exc.with_source(str(path)) from None
    if not found:
        raise SearchkitError(f"{path}: no instance found")
    if known is not None:
        cost = puzzle.resolve_options(dict(options or {})).get("cost")
        option = getattr(puzzle, "options", {}).get("cost")
        costs = tuple(getattr(option, "choices", None) or ())
        found = [_with_known(inst, number, known, cost, costs)
                 for number, inst in enumerate(found, 1)]
    return label_instances(label or path.name, found)


def _with_known(inst: PuzzleInstance, number: int, known: KnownTable, cost: Any,
                costs: tuple[str, ...]) -> PuzzleInstance:
    value = known_for(known, inst.name, number, cost, costs)
    if value is None:
        return inst
    return PuzzleInstance(inst.name, inst.text, value, inst.line)


def _csv_rows(path: Path) -> list[list[str]]:
    """The rows of the UTF-8 CSV file ``path`` (a byte-order mark left out), one a line (a blank
    line: an empty row).

    Raises :class:`SearchkitError` naming the file and line for a quote left open at the end of
    its line (else the rest of the line, and the lines below, would silently become one field)
    or text after a closing quote, and naming the file when it cannot be read.
    """
    rows = []
    for lineno, line in enumerate(io.StringIO(read_text(path)), 1):
        try:
            row = next(csv.reader([line], strict=True), [])
        except csv.Error as exc:
            try:  # the line reads once its last quote is closed: that quote was left open
                next(csv.reader([line.rstrip("\n") + '"'], strict=True))
                problem = "a quote is not closed on its line (a row of the table is one line)"
            except csv.Error:
                problem = f"not a CSV row: {exc}"
            raise SearchkitError(f"{path}:{lineno}: {problem}") from None
        rows.append(row)
    return rows


def load_known(path: str | Path, column: str | None = None) -> KnownTable:
    """The rows of a UTF-8 CSV of known optima (a byte-order mark left out), one row a line: a
    header line, the instance in the first column, one or more numeric columns (empty, or
    missing from a short row = unknown). A column with text and no finite number (``source``,
    ``note``) is left out. With ``column`` only that column is kept.

    Raises :class:`SearchkitError` naming the file and line for a quote left open at the end of
    its line, a missing column, a second row for one instance, or a value of a column of optima
    that is not a number, NaN, infinite or negative (a typo is an error, not a reason to drop
    its column), and naming the file when it cannot be read.
    """
    path = Path(path)
    rows = _csv_rows(path)
    if not rows or len(rows[0]) < 2:
        raise SearchkitError(f"{path}:1: expected a header with an instance column and at least "
                             "one column of optima (e.g. level,moves,pushes)")
    header = [name.strip() for name in rows[0]]
    if column is not None and column not in header[1:]:
        raise SearchkitError(f"{path}:1: no column {column!r} (columns: {', '.join(header[1:])})")
    wanted = header[1:] if column is None else [column]
    parsed: dict[str, dict[str, tuple[int, str, float | None]]] = {}  # row -> column -> value
    first_line: dict[str, int] = {}  # row -> its line
    finite: set[str] = set()  # columns holding a finite number
    text: set[str] = set()  # columns holding something that is no number at all
    for lineno, row in enumerate(rows[1:], 2):
        if not row or not row[0].strip():
            continue
        fields = dict(zip(header[1:], (field.strip() for field in row[1:])))
        key = row[0].strip()
        if key in first_line:  # else the later row would silently win
            raise SearchkitError(f"{path}:{lineno}: a second row for {key!r} (the first at "
                                 f"line {first_line[key]})")
        first_line[key] = lineno
        values = parsed[key] = {}
        for name in wanted:
            field = fields.get(name, "")  # a short row: its missing fields are unknown
            number = _number(field)
            if number is not None and math.isfinite(number):
                finite.add(name)
            elif field and number is None:
                text.add(name)
            values[name] = (lineno, field, number)
    # a column of text (e.g. 'source': no finite number in it) is not one of optima; in a column
    # of optima, any other value is an error, never a reason to drop the column
    numeric = [name for name in wanted if name == column or name in finite or name not in text]
    table: KnownTable = {}
    for key, values in parsed.items():
        table[key] = {}
        for name in numeric:
            lineno, field, number = values[name]
            if field and number is None:
                raise SearchkitError(f"{path}:{lineno}: {name} is {field!r}, not a number")
            if number is not None and not math.isfinite(number):
                raise SearchkitError(f"{path}:{lineno}: {name} is {field!r}, not a finite number")
            if number is not None and number < 0:  # a plan never costs less than nothing
                raise SearchkitError(f"{path}:{lineno}: {name} is {field!r}: an optimum is 0 "
                                     "or more")
            table[key][name] = None if number is None else \
                int(number) if number.is_integer() else number
    if not numeric:
        raise SearchkitError(f"{path}: no numeric column of optima")
    return table


def _number(field: str) -> float | None:
    """The number ``field`` spells, or ``None`` (empty, or not a number)."""
    try:
        return float(field) if field else None
    except ValueError:
        return None


def known_for(table: KnownTable, name: str, number: int, cost: Any = None,
              costs: tuple[str, ...] = ()) -> float | None:
    """The optimum of the instance ``name`` (``number`` in its file) under the cost model
    ``cost`` (see the module docstring); ``None`` when the table has none. A table whose only
    column is named like another of the puzzle's cost models (``costs``) is an error: its
    optima count something else.

    >>> t = {"1": {"moves": 33, "pushes": 8}, "44": {"moves": 10, "pushes": None}}
    >>> known_for(t, "1", 1, "pushes"), known_for(t, "44 Duh!", 44, "moves"), known_for(t, "x", 2)
    (8, 10, None)
    >>> known_for({"1": {"pushes": 8}}, "1", 1, "moves", ("moves", "pushes"))
    Traceback (most recent call last):
    ...
    searchkit.errors.SearchkitError: the table of known optima counts pushes, not moves: give ...
    """
    row = table.get(name)
    if row is None and name.split():
        row = table.get(name.split()[0])
    if row is None:
        row = table.get(str(number))
    if row is None:
        return None
    if cost is not None and str(cost) in row:
        return row[str(cost)]
    columns = list(row)
    if len(columns) == 1:
        if columns[0] in costs and columns[0] != str(cost):
            raise SearchkitError(f"the table of known optima counts {columns[0]}, not {cost}: "
                                 f"give --cost {columns[0]}, or a table with a {cost} column")
        return row[columns[0]]
    raise SearchkitError(f"the table of known optima has columns {', '.join(columns)}: none is "
                         f"named like the cost model {cost!r}; choose one with --known-column")
