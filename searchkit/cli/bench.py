"""``searchkit bench``: run the benchmark suites that the core and the plugins register.

The command's arguments and handler live with the harness, in :mod:`searchkit.bench.command`;
this module only adds it to the command line like every other command.
"""

from __future__ import annotations

from typing import Any

from searchkit.bench import command

__all__ = ["add_parser"]


def add_parser(subparsers: Any) -> None:
    """Register ``bench``."""
    parser = subparsers.add_parser(
        "bench", help="run the benchmark suites against peers and hand-tuned baselines",
        description="Run benchmark suites: the engine against hand-tuned baselines and peers. "
                    "Tables go to stdout as Markdown (see docs/benchmarks.md).",
        epilog=command.EPILOG)
    command.add_arguments(parser)
    parser.set_defaults(handler=command.run)
