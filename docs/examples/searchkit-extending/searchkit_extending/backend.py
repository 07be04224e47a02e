"""``sqlite``: visited maps in temporary SQLite files, for visited sets that outgrow memory.

Keys and values are pickled, so equal keys must pickle to equal bytes (ints, strings and tuples
of them do). Lookups cost a query each: far slower than ``dict``, but memory stays flat.
"""

import pickle
import sqlite3
from collections.abc import Callable, Hashable, Iterator, MutableMapping
from typing import Any


class SqliteMap(MutableMapping):
    def __init__(self) -> None:
        self._db = sqlite3.connect("")  # "": a private temporary file, deleted when closed
        self._db.execute("CREATE TABLE visited (key BLOB PRIMARY KEY, value BLOB)")

    def __getitem__(self, key: Hashable) -> Any:
        row = self._db.execute("SELECT value FROM visited WHERE key = ?",
                               (pickle.dumps(key),)).fetchone()
        if row is None:
            raise KeyError(key)
        return pickle.loads(row[0])

    def __setitem__(self, key: Hashable, value: Any) -> None:
        self._db.execute("INSERT OR REPLACE INTO visited VALUES (?, ?)",
                         (pickle.dumps(key), pickle.dumps(value)))

    def __delitem__(self, key: Hashable) -> None:
        if not self._db.execute("DELETE FROM visited WHERE key = ?",
                                (pickle.dumps(key),)).rowcount:
            raise KeyError(key)

    def __iter__(self) -> Iterator[Hashable]:
        for (key,) in self._db.execute("SELECT key FROM visited"):
            yield pickle.loads(key)

    def __len__(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM visited").fetchone()[0]


class SqliteBackend:
    name = "sqlite"
    description = "temporary SQLite files: flat memory, slow lookups"
    is_tree_search = False

    def make(self, key_hash: Callable[[Hashable], int] | None) -> SqliteMap:
        return SqliteMap()

    def nbytes(self, mapping: SqliteMap) -> int:
        return 0  # on disk, not in memory
