"""What a benchmark suite is, what it is given, and where it finds its data.

A suite is registered by a plugin's ``searchkit_bench_suites`` hook as a :class:`BenchSuite`: a
name, a one-line description and the module that runs it. The module is imported only when the
suite runs, so registering costs nothing; it defines ``run(options: Options)`` returning one
:class:`~searchkit.bench.harness.Table` or a list of them.

Data sets live outside the package, in one folder with a sub-folder per puzzle (the repository's
``../shared/data``): ``--data DIR``, else ``$SEARCHKIT_DATA``, else ``../shared/data`` relative to
the current directory (:func:`default_data_dir`). A suite asks for a file with
:meth:`Options.data_file`; a missing file raises :class:`MissingData`, which ``searchkit bench``
reports as the suite being unavailable, with the path it looked for.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["BenchSuite", "Options", "MissingData", "DATA_ENV", "default_data_dir"]

DATA_ENV = "SEARCHKIT_DATA"


def default_data_dir() -> Path:
    """``$SEARCHKIT_DATA`` if set, else ``../shared/data`` relative to the current directory."""
    explicit = os.environ.get(DATA_ENV)
    return Path(explicit) if explicit else Path.cwd().parent / "shared" / "data"


class MissingData(Exception):
    """A data file a suite needs is not there; the message names it and how to point at it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"{path} not found (give the data folder with --data DIR or "
                         f"${DATA_ENV})")


@dataclass
class Options:
    """What every suite is run with.

    ``repeat``: runs per instance (the minimum CPU time is kept); ``quick``: small sizes for a
    smoke run; ``peer_limit``: CPU seconds per instance for slow peers; ``data``: the data folder
    (one sub-folder per puzzle); ``log``: where progress lines go (``None``: nowhere).
    """

    repeat: int = 1
    quick: bool = False
    peer_limit: float = 60.0
    data: Path = field(default_factory=default_data_dir)
    log: Callable[[str], None] | None = None

    def data_file(self, *parts: str) -> Path:
        """The path ``data/parts...``; :class:`MissingData` if it does not exist.

        >>> Options(data=Path("/nonexistent")).data_file("taquin", "korf100.txt")
        Traceback (most recent call last):
        ...
        searchkit.bench.suite.MissingData: /nonexistent/taquin/korf100.txt not found (give the \
data folder with --data DIR or $SEARCHKIT_DATA)
        """
        path = self.data.joinpath(*parts)
        if not path.exists():
            raise MissingData(path)
        return path

    def progress(self, line: str) -> None:
        """Send ``line`` to :attr:`log`, if there is one."""
        if self.log is not None:
            self.log(line)


@dataclass(frozen=True)
class BenchSuite:
    """A benchmark suite: ``name`` (what ``searchkit bench NAME`` runs), a one-line
    ``description`` (``searchkit bench --list``) and ``module``, the dotted name of the module
    whose ``run(options)`` returns the suite's table(s).

    >>> suite = BenchSuite("visited", "visited sets", "searchkit.bench.visited")
    >>> suite.name, callable(suite.load().run)
    ('visited', True)
    """

    name: str
    description: str
    module: str

    def load(self) -> Any:
        """The suite's module (imported on first use)."""
        return importlib.import_module(self.module)

    def run(self, options: Options) -> list[Any]:
        """Run the suite; always a list of :class:`~searchkit.bench.harness.Table`."""
        result = self.load().run(options)
        return result if isinstance(result, list) else [result]
