"""The ``searchkit`` command line: ``list``, ``solve``, ``compare``, ``stats``, ``demo`` and
``bench`` (see ``docs/cli.md``).

:func:`main` is the console script (``searchkit = "searchkit.cli:main"``) and what
``python -m searchkit`` runs. Each command is one module with ``add_parser(subparsers, epilog)``
and a handler ``run(args) -> int``. Every usage or input error is one line on stderr,
``searchkit: error: ...``, with exit status 2; a search ends with 0 (solved), 1 (no solution or
budget exhausted) or 130 (interrupted with Ctrl-C, after printing the statistics so far). An
internal error (a bug in a plugin or in searchkit) is 70 and a closed output pipe 141 (see
:mod:`.crash`).
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence

import searchkit
from searchkit.errors import SearchkitError
from searchkit.plugins import PluginWarning

from . import batch, bench, compare, crash, demo, listing, new_plugin, random_instances, report
from . import solve, stats, verify_plan, view
from .instance import options_help
from .parsing import Parser, UsageError

__all__ = ["main", "build_parser"]

EXAMPLES = """\
examples:
  searchkit demo                                   # solve every built-in example: start here
  searchkit list                                   # puzzles, strategies, frontiers, visited sets
  searchkit solve nstar --example 1-1000 --show final
  searchkit compare nstar -e 3-1000000 -s bfs,dijkstra,astar,idastar
  searchkit stats nstar -e 1-1000
  searchkit COMMAND --help                         # options and examples of one command

exit status: 0 solved, 1 no solution or budget exhausted, 2 usage or input error,
70 internal error (a bug: --debug shows the traceback), 130 interrupted (Ctrl-C),
141 output pipe closed (e.g. '| head').
"""


def puzzle_options_epilog() -> str:
    """The options of every installed puzzle, for the epilog of the instance commands."""
    lines = ["", "options of the installed puzzles "
                 "(--heuristic H, --cost C, --level N, -o KEY=VALUE):"]
    for name, puzzle in sorted(searchkit.puzzles().items()):
        lines.append(f"  {name}:")
        lines += options_help(puzzle, "    ") or ["    (no options)"]
    return "\n".join(lines) + "\n"


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command line (plugins are loaded to list their options)."""
    parser = Parser(
        prog="searchkit",
        description="Solve one-player puzzles optimally by state-space search.",
        epilog=EXAMPLES,
    )
    parser.add_argument("--version", action="version", version=f"searchkit {searchkit.__version__}")
    parser.add_argument("--debug", action="store_true",  # taken out of argv by main()
                        help=f"on an internal error, print the traceback (also: "
                             f"{crash.DEBUG_ENV}=1); accepted anywhere on the line")
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    epilog = puzzle_options_epilog()
    listing.add_parser(subparsers)
    solve.add_parser(subparsers, epilog)
    compare.add_parser(subparsers, epilog)
    stats.add_parser(subparsers, epilog)
    view.add_parser(subparsers, epilog)
    demo.add_parser(subparsers)
    bench.add_parser(subparsers)
    verify_plan.add_parser(subparsers, epilog)
    random_instances.add_parser(subparsers)
    new_plugin.add_parser(subparsers)
    batch.add_parser(subparsers, epilog)
    report.add_parser(subparsers)
    parser.set_defaults(handler=None)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``) and return the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    debug = crash.debug_wanted(args_list)
    args_list = [a for a in args_list if a != "--debug"]
    try:
        _load_plugins()
        parser = build_parser()
        args = parser.parse_args(args_list)
        if args.handler is None:
            parser.print_help(sys.stderr)
            return 2
        status = int(args.handler(args))
        sys.stdout.flush()  # a closed pipe shows here, not at the interpreter's exit
        return status
    except (UsageError, SearchkitError) as exc:
        crash.flush_stdout()
        print(f"searchkit: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nsearchkit: interrupted", file=sys.stderr)
        return 130
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:  # e.g. `searchkit list | head -1`: stop quietly, like other tools
        return crash.broken_pipe()
    except Exception as exc:  # a bug in a plugin or in searchkit, not an answer
        return crash.internal_error(exc, debug)


def _load_plugins() -> None:
    """Load the plugins once, keeping failures for ``searchkit list`` instead of warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        searchkit.plugins.registry()
