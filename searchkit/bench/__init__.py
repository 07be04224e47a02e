"""``searchkit bench``: benchmark suites comparing the engine with hand-tuned baselines and peers.

Usage: ``searchkit bench [SUITE ...] [--json FILE] [--repeat N] [--quick] [--list]`` or
``python -m searchkit.bench ...``. With no suite named, every suite runs. Each suite prints one
Markdown table (see :mod:`searchkit.bench.harness`); ``--json`` also writes all tables to a file.
``--quick`` runs small sizes (what CI runs as a smoke test). Peers come with the ``bench`` extra
(``pip install 'searchkit[bench]'``); those not installed are shown as unavailable.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
import time
from typing import Any

from .harness import Table, format_table
from .options import Options

__all__ = ["main", "SUITES"]

SUITES: dict[str, str] = {
    "visited": "visited",
    "nstar": "nstar",
    "8puzzle-astar": "puzzle8_astar",
    "8puzzle-bfs": "puzzle8_bfs",
    "15puzzle-idastar": "puzzle15_idastar",
    "15puzzle-korf100": "puzzle15_korf100",
    "rushhour": "rushhour",
    "sokoban": "sokoban",
}
"""Suite name -> module in this package (each defines ``NAME``, ``DESCRIPTION`` and
``run(options)`` returning a :class:`~searchkit.bench.harness.Table` or a list of them)."""


def suite_module(name: str) -> Any:
    """The module implementing suite ``name``."""
    return importlib.import_module(f"{__name__}.{SUITES[name]}")


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
    import os

    return {"cpu": model, "nproc": os.cpu_count(), "python": platform.python_version(),
            "implementation": platform.python_implementation(), "platform": platform.platform()}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="searchkit bench",
        description="Run benchmark suites: the engine against hand-tuned baselines and peers.")
    p.add_argument("suites", nargs="*", metavar="SUITE",
                   help=f"suites to run (default: all): {', '.join(SUITES)}")
    p.add_argument("--json", metavar="FILE", help="also write the tables as JSON to FILE")
    p.add_argument("--repeat", type=int, default=1, metavar="N",
                   help="runs per instance; the minimum CPU time is kept (default 1)")
    p.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    p.add_argument("--peer-limit", type=float, default=60.0, metavar="SECONDS",
                   help="CPU seconds per instance for the slow peers (default 60)")
    p.add_argument("--list", action="store_true", help="list the suites and exit")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv``; return the exit status (0 ok, 2 usage error)."""
    parser = _parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.list:
        for name in SUITES:
            print(f"{name:18} {suite_module(name).DESCRIPTION}")
        return 0
    unknown = [s for s in args.suites if s not in SUITES]
    if unknown:
        parser.print_usage(sys.stderr)
        print(f"searchkit bench: unknown suite {unknown[0]!r} (valid: {', '.join(SUITES)})",
              file=sys.stderr)
        return 2
    if args.repeat < 1:
        print("searchkit bench: --repeat must be at least 1", file=sys.stderr)
        return 2

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    options = Options(repeat=args.repeat, quick=args.quick, peer_limit=args.peer_limit, log=log)
    info = machine()
    command = "searchkit bench " + " ".join(sys.argv[1:] if argv is None else argv)
    print(f"<!-- {command.strip()} | {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} | "
          f"{info['cpu']} x{info['nproc']} | Python {info['python']} -->")
    tables: list[Table] = []
    for name in args.suites or list(SUITES):
        log(f"suite {name} ...")
        result = suite_module(name).run(options)
        for table in result if isinstance(result, list) else [result]:
            tables.append(table)
            print()
            print(format_table(table), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"command": command.strip(), "date": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                                          time.gmtime()),
                       "machine": info, "tables": [t.as_dict() for t in tables]}, f, indent=1)
    return 0
