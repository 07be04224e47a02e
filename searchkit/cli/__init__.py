"""The ``searchkit`` command line (see ``docs/cli.md``).

Commands: ``list`` (puzzles, strategies, frontiers, visited backends), ``solve`` (one instance),
``compare`` (several strategies or options on one instance), ``stats`` (the reachable state
space), ``view`` (an HTML page that plays a plan), ``trace`` (a search's events as JSON
lines), ``demo`` (every puzzle's first example), ``bench`` (the benchmark suites), ``verify``
(replay a saved plan), ``random`` (random instances), ``new-plugin`` (a new puzzle plugin
package), ``batch`` (collections x strategies x options, in parallel or on Dask) and ``report``
(a batch store's summary and plots).

:func:`main` is the console script (``searchkit = "searchkit.cli:main"``) and what
``python -m searchkit`` runs. Each command is one module with ``add_parser(subparsers, ...)``
and a handler ``run(args) -> int``, registered in :func:`build_parser`.

Exit statuses, the same for every command (``docs/cli.md``): 0 success (solved; ``compare``:
every run solved; ``stats``: the space explored; ``verify``: a legal plan that ends in a goal;
``batch``: every task ran; ``bench``: the tables printed), 1 no solution or a budget exhausted
(``verify``: an illegal plan; ``batch``: some task failed), 2 a usage or input error (one line on
stderr, ``searchkit: error: ...``; ``compare``: also every run skipped), 70 an internal error (a
bug in a plugin or in searchkit: one line naming it, the traceback with ``--debug``; see
:mod:`.crash`), 130 interrupted with Ctrl-C (after printing the statistics so far), 141 the
output pipe was closed (``| head``), silently.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence

import searchkit
from searchkit.errors import ProblemError, SearchkitError
from searchkit.plugins import PluginWarning

from . import (
    batch,
    bench,
    compare,
    crash,
    demo,
    listing,
    new_plugin,
    random_instances,
    report,
    solve,
    stats,
    trace,
    verify_plan,
    view,
)
from .instance import options_help
from .parsing import Parser, UsageError

__all__ = ["main", "build_parser"]

EXAMPLES = """\
examples:
  searchkit demo                                   # solve every built-in example: start here
  searchkit list                                   # puzzles, strategies, frontiers, visited sets
  searchkit solve nstar --example 1-1000 --show final
  searchkit compare nstar -e 3-1000000 -s bfs,dijkstra,astar,idastar
  searchkit stats nstar -e 1-1000                  # the reachable space: distances, histogram
  searchkit view rushhour --example hardest        # an HTML page that plays the plan
  searchkit trace taquin -e tp-3x3 -s idastar --out ida.jsonl   # every event of a search
  searchkit solve nstar --json > plan.json && searchkit verify nstar 1-42 plan.json
  searchkit random taquin --seed 7 --count 3       # random instances, ready for solve or batch
  searchkit new-plugin maze                        # a puzzle plugin package that passes its tests
  searchkit batch taquin korf100.txt -s idastar --heuristics pdb --out korf.sqlite
  searchkit report korf.sqlite --plot korf.png     # summary per configuration, cactus plot
  searchkit bench --list                           # the benchmark suites of the core and plugins
  searchkit COMMAND --help                         # options and examples of one command

exit status: 0 success (solved), 1 no solution or budget exhausted, 2 usage or input error,
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
    trace.add_parser(subparsers, epilog)
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
    except ProblemError as exc:  # a puzzle's problem broke the contract: a bug, not an answer
        return crash.internal_error(exc, debug)
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
