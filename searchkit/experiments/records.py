"""Reading records back from any store (``searchkit report``, ``--resume``): the rows of an
SQLite table ``results``, JSON lines or CSV, each decoded into a record as batch yields it and
checked field by field, a bad one named by its file and line (or record number). What the
stores write is in :mod:`.store`; both share the field encodings defined here.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.jsonl"
>>> _ = path.write_text('{"puzzle": "nstar", "instance": "a", "strategy": "bfs", "cost": 7.0}\\n')
>>> [(r["instance"], r["cost"], r["options"]) for r in read_records(path)]
[('a', 7, {})]
>>> _ = path.write_text('{"puzzle": "nstar", "instance": "a", "strategy": "bfs", "cost": "x"}\\n')
>>> list(read_records(path))
Traceback (most recent call last):
...
searchkit.errors.SearchkitError: ...runs.jsonl:1: cost is 'x', not a finite number
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import SearchkitError, excerpt, read_text
from .tasks import FIELDS

__all__ = ["JSON_FIELDS", "SQL_TYPES", "read_only", "read_records", "store_kind"]

#: the fields stored as JSON text (in SQLite and CSV)
JSON_FIELDS = ("options", "plan")
#: the SQLite column type of each field that is not TEXT (CSV fields of these are numbers too)
SQL_TYPES = {"cost": "REAL", "length": "INTEGER", "known": "REAL", "matches_known": "INTEGER",
             "expanded": "INTEGER", "generated": "INTEGER", "cpu_seconds": "REAL",
             "seconds": "REAL", "peak_bytes": "INTEGER"}


def _number(value: Any) -> Any:
    """Floats that hold integers come back as ints (costs, optima)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _decode(row: Mapping[str, Any]) -> dict[str, Any]:
    """A record as batch yields it, from a stored row (JSON text, 0/1, empty CSV fields).

    A row that is not a record raises :class:`ValueError` naming the wrong field.
    """
    record = {name: row.get(name) for name in FIELDS}
    for name in ("puzzle", "instance", "strategy", "digest"):
        value = record[name]
        if value is None:
            if name != "digest":  # a record stored before digests has none
                raise ValueError(f"the record has no {name!r}")
        elif not isinstance(value, str):
            raise ValueError(f"{name} is {excerpt(value)}, not text")
    for name in JSON_FIELDS:
        if isinstance(record[name], str) and record[name]:
            try:
                record[name] = json.loads(record[name])
            except ValueError:
                raise ValueError(f"{name} is {excerpt(record[name])}, not JSON") from None
        elif isinstance(record[name], str):
            record[name] = None
    if record["options"] is None:
        record["options"] = {}
    if not isinstance(record["options"], dict):
        raise ValueError(f"options is {excerpt(record['options'])}, not a JSON object")
    if record["matches_known"] is not None and not isinstance(record["matches_known"], bool):
        record["matches_known"] = str(record["matches_known"]).lower() in ("1", "true")
    for name, kind in SQL_TYPES.items():
        value = record[name]
        if name == "matches_known" or value is None:
            continue
        try:
            if isinstance(value, str):  # CSV fields are text
                value = float(value) if kind == "REAL" else int(value)
            if isinstance(value, bool) or not math.isfinite(value):
                raise ValueError
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"{name} is {excerpt(record[name])}, not a finite number") from None
        record[name] = _number(value) if name in ("cost", "known") else value
    return record


def _located(row: Any, where: str) -> dict[str, Any]:
    """:func:`_decode` of the row at ``where`` (``FILE:LINE``): a bad row is a SearchkitError."""
    if not isinstance(row, dict):
        raise SearchkitError(f"{where}: not a JSON record: {excerpt(row)} is not an object")
    try:
        return _decode(row)
    except ValueError as exc:
        raise SearchkitError(f"{where}: {exc}") from None


def read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the SQLite file ``path``, which must exist."""
    # as a URI: the path percent-encoded ('%', '#' and '?' are URI syntax)
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def store_kind(path: Path) -> str:
    """``jsonl``, ``csv`` or ``sqlite``: the kind of store ``path`` is, by its extension."""
    return {".jsonl": "jsonl", ".csv": "csv"}.get(path.suffix.lower(), "sqlite")


def read_records(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The records stored at ``path``, in the order they were written."""
    path = Path(path)
    if not path.exists():
        raise SearchkitError(f"{path}: no such store")
    kind = store_kind(path)
    if kind == "sqlite":
        try:
            db = read_only(path)
            db.row_factory = sqlite3.Row
            rows = [dict(row) for row in db.execute("SELECT * FROM results ORDER BY rowid")]
            db.close()
        except sqlite3.Error as exc:
            raise SearchkitError(f"{path}: not a results database ({exc})") from None
        yield from (_located(row, f"{path}: record {n}") for n, row in enumerate(rows, 1))
        return
    text = read_text(path)
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]  # a half-written last line
    if kind == "jsonl":
        for lineno, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    row = json.loads(line)
                except ValueError:
                    raise SearchkitError(f"{path}:{lineno}: not a JSON record") from None
                yield _located(row, f"{path}:{lineno}")
        return
    rows = csv.DictReader(io.StringIO(text))
    for row in rows:
        yield _located({k: (v if v != "" else None) for k, v in row.items()},
                       f"{path}:{rows.line_num}")
