"""Where records go: SQLite (the default), JSON lines or CSV, chosen by the file's extension.

Every store is written as tasks complete (the records a worker returns together, in one
write) and survives a crash of the run
(``kill -9`` included) with every record added before it:

* ``.sqlite``/``.db`` (and any other extension): a table ``results`` with one column per record
  field (:data:`~searchkit.experiments.tasks.FIELDS`), ``options`` and ``plan`` as JSON text,
  ``matches_known`` as 0/1, committed after each write (WAL journal);
* ``.jsonl``: one JSON object per line, flushed after each write;
* ``.csv``: a header of the fields, then one row per record (``options``, ``plan`` as JSON).

:meth:`Store.keys` gives the task keys already stored, which ``--resume`` skips, and
:func:`~.records.read_records` reads any store back (``searchkit report``). A half-written last
line of a JSON-lines or CSV file (the run was killed while writing it) is ignored.

Opening a store only reads it: the file is created, upgraded or repaired by
:meth:`Store.prepare`, which ``searchkit batch`` calls once the run is accepted (a run refused
for want of ``--resume`` leaves the file byte for byte as it was) and the first write calls
otherwise. A store written before records carried a ``digest`` reads as records whose digest is
``None``; prepared, its SQLite table gains the column, and its CSV header the field (the rows
before stay one field short, read as no digest).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.sqlite"
>>> store = open_store(path)
>>> store.add({"puzzle": "nstar", "instance": "a", "strategy": "bfs", "options": {"prune": True},
...            "status": "solved", "cost": 7, "matches_known": True, "plan": ["x2"]})
>>> store.close()
>>> [(r["instance"], r["options"], r["matches_known"], r["plan"]) for r in read_records(path)]
[('a', {'prune': True}, True, ['x2'])]
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..errors import SearchkitError, excerpt
from .records import JSON_FIELDS, SQL_TYPES, read_only, read_records, store_kind
from .tasks import FIELDS, TaskKey, options_json, record_key

__all__ = ["Store", "SQLiteStore", "JSONLinesStore", "CSVStore", "open_store", "read_records"]

class Store:
    """The interface of a store: ``keys()``, ``prepare()``, ``add(record)``,
    ``add_many(records)``, ``close()``. Opened, a store has not changed its file; a subclass
    writes in ``_open_for_writing`` and ``_write``."""

    path: Path
    _prepared = False

    def prepare(self) -> None:
        """Make the file ready for records: create it, upgrade a store of an older searchkit to
        the current fields, cut a half-written last line. Nothing changes the file before; a
        second call does nothing. Raises :class:`SearchkitError` when the file cannot be
        opened for writing."""
        if self._prepared:
            return
        try:
            self._open_for_writing()
        except (OSError, sqlite3.Error) as exc:
            raise SearchkitError(f"{self.path}: cannot open the store: {exc}") from None
        self._prepared = True

    def add(self, record: Mapping[str, Any]) -> None:
        """Write one record (see :meth:`add_many`)."""
        self.add_many([record])

    def add_many(self, records: Iterable[Mapping[str, Any]]) -> None:
        """Write ``records`` (all or none, in SQLite), durably before returning; the store is
        prepared first if it was not."""
        self.prepare()
        self._write(records)

    def _open_for_writing(self) -> None:
        raise NotImplementedError

    def _write(self, records: Iterable[Mapping[str, Any]]) -> None:
        raise NotImplementedError

    def keys(self) -> set[TaskKey]:
        """The task keys of the records stored (see :func:`~.tasks.task_key`); none while the
        file does not exist."""
        if not self.path.exists():
            return set()
        return {record_key(r) for r in read_records(self.path)}

    def close(self) -> None:
        """Close what :meth:`prepare` opened, if anything."""
        raise NotImplementedError

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


#: seconds a SQLite store waits for another program's lock before it gives up
_LOCK_WAIT = 60.0


class SQLiteStore(Store):
    """The table ``results`` of an SQLite database (created when prepared)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db: sqlite3.Connection | None = None
        self._held = _holds_results(path)  # read only: also checks that it is a database
        self._insert = (f"INSERT INTO results ({', '.join(FIELDS)}) "
                        f"VALUES ({', '.join('?' for _ in FIELDS)})")

    def keys(self) -> set[TaskKey]:
        """The task keys stored; none in a database without the table yet."""
        return super().keys() if self._held else set()

    def _open_for_writing(self) -> None:
        # another program holding the database (a browser's open transaction) is waited for
        db = sqlite3.connect(self.path, timeout=_LOCK_WAIT)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            columns = ", ".join(f"{name} {SQL_TYPES.get(name, 'TEXT')}" for name in FIELDS)
            db.execute(f"CREATE TABLE IF NOT EXISTS results ({columns})")
            held = {row[1] for row in db.execute("PRAGMA table_info(results)")}
            if held == set(FIELDS) - {"digest"}:  # a store of ours from before the digest
                db.execute("ALTER TABLE results ADD COLUMN digest TEXT")
            db.commit()
        except sqlite3.Error:
            db.close()
            raise
        self.db, self._held = db, True

    def _write(self, records: Iterable[Mapping[str, Any]]) -> None:
        assert self.db is not None  # prepared by add_many
        rows = []
        for record in records:
            values = []
            for name in FIELDS:
                value = record.get(name)
                if name == "options":
                    value = options_json(value or {})
                elif name == "plan" and value is not None:
                    value = json.dumps(value)
                values.append(value)
            rows.append(values)
        try:
            with self.db:  # one transaction
                self.db.executemany(self._insert, rows)
        except sqlite3.OperationalError as exc:  # still locked, disk full...
            raise SearchkitError(f"{self.path}: cannot store the records: {exc}") from None

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


class _AppendedFile(Store):
    """A text file, opened for appending when prepared, after cutting a half-written last
    line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle: io.TextIOWrapper | None = None
        _check_ours(path)  # a file of another program is refused, and left untouched

    def _open_for_writing(self) -> None:
        _repair(self.path)
        self.fresh = not self.path.exists() or self.path.stat().st_size == 0
        self.handle = open(self.path, "a", newline="", encoding="utf-8")  # noqa: SIM115

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()


class JSONLinesStore(_AppendedFile):
    """One JSON object per line, appended."""

    def _write(self, records: Iterable[Mapping[str, Any]]) -> None:
        assert self.handle is not None  # prepared by add_many
        self.handle.write("".join(json.dumps({n: r.get(n) for n in FIELDS}) + "\n"
                                  for r in records))
        self.handle.flush()


class CSVStore(_AppendedFile):
    """A CSV file with a header of the fields, appended."""

    def _open_for_writing(self) -> None:
        _add_digest(self.path)
        super()._open_for_writing()
        assert self.handle is not None  # opened just above
        self.writer = csv.writer(self.handle)
        if self.fresh:
            self.writer.writerow(FIELDS)
            self.handle.flush()

    def _write(self, records: Iterable[Mapping[str, Any]]) -> None:
        assert self.handle is not None  # prepared by add_many
        for record in records:
            row = []
            for name in FIELDS:
                value = record.get(name)
                if name in JSON_FIELDS and value is not None:
                    value = json.dumps(value, sort_keys=name == "options")
                row.append("" if value is None else value)
            self.writer.writerow(row)
        self.handle.flush()


#: the CSV header of a store written before records carried a digest
_BEFORE_DIGEST = ",".join(name for name in FIELDS if name != "digest")


def _add_digest(path: Path) -> None:
    """Give the CSV store at ``path``, if its header is from before the ``digest`` field, the
    current header, replacing the file at once (a kill leaves the old one or the new); the rows
    below stay one field short, which reads as no digest. Any other file is left alone."""
    try:
        with open(path, "rb") as handle:
            line = handle.readline()
            if line.rstrip(b"\r\n") != _BEFORE_DIGEST.encode():
                return
            rest = handle.read()
    except FileNotFoundError:
        return
    upgraded = path.with_name(path.name + ".upgrade")
    upgraded.write_bytes(",".join(FIELDS).encode() + line[len(_BEFORE_DIGEST):] + rest)
    os.replace(upgraded, path)


def _check_ours(path: Path) -> None:
    """Raise :class:`SearchkitError` unless the text file at ``path`` is missing, empty or
    starts as a store of ours does (a CSV with our header, JSON lines from ``"puzzle"``), a
    half-written first line included."""
    try:
        with open(path, "rb") as handle:
            line = handle.readline()
    except FileNotFoundError:
        return
    first = line.decode("utf-8", "replace").rstrip("\r\n")
    if not first:
        return
    if store_kind(path) == "csv":
        header = ",".join(FIELDS)  # or the header before the digest, upgraded when prepared
        ours = (first in (header, _BEFORE_DIGEST)
                or (not line.endswith(b"\n") and header.startswith(first)))
    else:
        ours = first.startswith('{"puzzle": ')
    if not ours:
        raise SearchkitError(f"{path}: not a results store (its first line is {excerpt(first)}): "
                             "choose another --out")


def _repair(path: Path) -> None:
    """Cut a last line that a killed run left half-written."""
    try:
        with open(path, "rb+") as handle:
            data = handle.read()
            if data and not data.endswith(b"\n"):
                handle.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        pass


def _holds_results(path: Path) -> bool:
    """Whether the SQLite file ``path`` exists and has a table ``results``, read without
    changing it; :class:`sqlite3.Error` if it is no database."""
    if not path.exists():
        return False
    db = read_only(path)
    try:
        return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                          "name = 'results'").fetchone() is not None
    finally:
        db.close()


def open_store(path: str | os.PathLike[str]) -> Store:
    """The store at ``path``, by extension: ``.jsonl``, ``.csv``, else SQLite. The file is
    read, not changed (nor created if missing) until the store is prepared (see :class:`Store`);
    a file that is no store of ours raises :class:`SearchkitError`."""
    path = Path(path)
    kind = store_kind(path)
    try:
        if kind == "jsonl":
            return JSONLinesStore(path)
        if kind == "csv":
            return CSVStore(path)
        return SQLiteStore(path)
    except (OSError, sqlite3.Error) as exc:
        raise SearchkitError(f"{path}: cannot open the store: {exc}") from None
