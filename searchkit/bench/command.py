"""The ``searchkit bench`` command: pick the registered suites, run them, print their tables.

``searchkit bench [SUITE ...] [--quick] [--repeat N] [--json FILE] [--data DIR] [--list]``. With
no suite named, every registered suite runs, built-ins first. Tables go to stdout as Markdown;
progress lines go to stderr only when it is a terminal. A suite whose data is missing prints an
"unavailable" table naming the file, and the others still run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from .. import plugins
from ..errors import UnknownNameError
from .suite import DATA_ENV, BenchSuite, MissingData, Options, default_data_dir
from .table import Table, format_table, unavailable

__all__ = ["add_arguments", "run", "main", "machine"]

EPILOG = f"""\
examples:
  searchkit bench --list                      # the registered suites
  searchkit bench visited --quick             # one suite at smoke-test sizes
  searchkit bench 8puzzle-astar visited --repeat 3 --json out.json
  searchkit bench --data /path/to/data rushhour

data: suites read their data sets from --data DIR, else ${DATA_ENV}, else ../shared/data
relative to the current directory; a suite whose files are missing says which.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments (used by :mod:`searchkit.cli.bench`)."""
    parser.add_argument("suites", nargs="*", metavar="SUITE",
                        help="suites to run (default: all; see --list)")
    parser.add_argument("--json", metavar="FILE", help="also write the tables as JSON to FILE")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="runs per instance; the minimum CPU time is kept (default 1)")
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    parser.add_argument("--peer-limit", type=float, default=60.0, metavar="SECONDS",
                        help="CPU seconds per instance for the slow peers (default 60)")
    parser.add_argument("--data", type=Path, metavar="DIR", default=None,
                        help=f"the data folder, one sub-folder per puzzle (default: ${DATA_ENV}, "
                             "else ../shared/data)")
    parser.add_argument("--list", action="store_true", help="list the suites and exit")


def machine() -> dict[str, Any]:
    """CPU model, core count and Python version, for the record."""
    model = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpu": model, "nproc": os.cpu_count(), "python": platform.python_version(),
            "implementation": platform.python_implementation(), "platform": platform.platform()}


def _usage_error(message: str) -> Exception:
    # imported here: searchkit.bench is imported while the plugins load, before the CLI can be
    from ..cli.parsing import UsageError

    return UsageError(message)


def _selected(requested: list[str]) -> list[BenchSuite]:
    try:
        return [plugins.get("bench_suite", name)
                for name in requested or plugins.names("bench_suite")]
    except UnknownNameError as exc:
        raise _usage_error(str(exc)) from None


def _command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this run, for the record."""
    words = ["searchkit bench", *args.suites]
    words += ["--quick"] if args.quick else []
    words += [f"--repeat {args.repeat}"] if args.repeat != 1 else []
    words += [f"--peer-limit {args.peer_limit:g}"] if args.peer_limit != 60.0 else []
    words += [f"--data {args.data}"] if args.data is not None else []
    words += [f"--json {args.json}"] if args.json else []
    return " ".join(words)


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    """Run the command for parsed ``args``; 0 when every suite ran or said it cannot."""
    if args.list:
        for suite in _selected([]):
            print(f"{suite.name:18} {suite.description}")
        return 0
    suites = _selected(args.suites)
    if args.repeat < 1:
        raise _usage_error("--repeat must be at least 1")
    if not 0 < args.peer_limit < math.inf:  # NaN fails too
        raise _usage_error("--peer-limit must be a positive, finite number of seconds")
    if args.json:
        try:  # a path that cannot be written fails now, not after the run (nothing is erased)
            open(args.json, "a", encoding="utf-8").close()
        except OSError as exc:
            raise _usage_error(f"cannot write {args.json}: {exc.strerror}") from None
    options = Options(repeat=args.repeat, quick=args.quick, peer_limit=args.peer_limit,
                      data=args.data if args.data is not None else default_data_dir(),
                      log=_progress if sys.stderr.isatty() else None)
    info = machine()
    command = _command_line(args)
    print(f"<!-- {command} | {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} | "
          f"{info['cpu']} x{info['nproc']} | Python {info['python']} -->")
    tables: list[Table] = []
    for suite in suites:
        options.progress(f"suite {suite.name} ...")
        try:
            produced = suite.run(options)
        except MissingData as exc:
            produced = [unavailable(suite.name, str(exc))]
        for table in produced:
            tables.append(table)
            print()
            print(format_table(table), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"command": command,
                       "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                       "machine": info, "tables": [t.as_dict() for t in tables]}, f, indent=1)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``searchkit bench ARGV...`` through the command line (``python -m searchkit.bench``)."""
    from ..cli import main as cli_main

    return cli_main(["bench", *(sys.argv[1:] if argv is None else argv)])
