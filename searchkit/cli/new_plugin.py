"""``searchkit new-plugin``: write a new puzzle plugin package (see :mod:`searchkit.scaffold`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import searchkit
from searchkit.scaffold import check_name, write_plugin

from .parsing import UsageError

__all__ = ["add_parser", "run"]

EXAMPLES = """\
examples:
  searchkit new-plugin maze                  # writes ./searchkit-maze/
  searchkit new-plugin my-puzzle plugins/my-puzzle
  cd searchkit-maze && pip install -e '.[test]' && pytest

The package works as generated: it installs, its puzzle appears in 'searchkit list', and its
tests (a known answer and searchkit's conformance battery) pass. Then make the puzzle yours.
"""


def add_parser(subparsers: Any) -> None:
    """Register ``new-plugin`` on ``subparsers``."""
    parser = subparsers.add_parser(
        "new-plugin", help="write a new puzzle plugin package, ready to install and test",
        description="Write an installable puzzle plugin package: pyproject.toml with the entry "
                    "point, the problem, the puzzle and its hook, a README, and tests that run "
                    "searchkit's conformance battery.",
        epilog=EXAMPLES,
    )
    parser.add_argument("name", metavar="NAME", help="the puzzle's name (lower case, digits, "
                                                     "'-', '_')")
    parser.add_argument("folder", metavar="DIR", nargs="?", type=Path,
                        help="where to write the package (default: ./searchkit-NAME)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the package and say what to do next; 0."""
    try:
        name = check_name(args.name)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if name in searchkit.puzzles():
        raise UsageError(f"a puzzle named {name!r} is already installed: choose another name")
    folder = args.folder or Path(f"searchkit-{name}")
    try:
        written = write_plugin(name, folder)
    except (FileExistsError, OSError) as exc:
        raise UsageError(str(exc)) from None
    print(f"wrote the {name!r} puzzle plugin in {folder}/:")
    for path in written:
        print(f"  {path.relative_to(folder)}")
    print(f"next:\n  cd {folder}\n  pip install -e '.[test]'\n  pytest\n"
          f"  searchkit solve {name}")
    return 0
