"""``searchkit bench``: hands its arguments to the benchmark tool, :mod:`searchkit.bench`.

The benchmark tool is a separate module with its own argument parser; the only interface is
``searchkit.bench.main(argv: list[str]) -> int``. It is imported when the command runs, so the
rest of the command line never pays for it, and a missing module is a one-line error.
"""

from __future__ import annotations

import importlib
from typing import Any

from .parsing import UsageError

__all__ = ["add_parser", "run_argv", "MODULE"]

MODULE = "searchkit.bench"


def add_parser(subparsers: Any) -> None:
    """Register ``bench`` so it appears in ``searchkit --help``; :func:`searchkit.cli.main`
    dispatches it before parsing, handing every later argument to :func:`run_argv`."""
    subparsers.add_parser(
        "bench", add_help=False,
        help="run the benchmark suites against peers and hand-tuned baselines "
             "(see 'searchkit bench --help')",
    )


def run_argv(argv: list[str]) -> int:
    """Run ``searchkit.bench.main(argv)``; an absent or broken module is a :class:`UsageError`."""
    try:
        module = importlib.import_module(MODULE)
    except ModuleNotFoundError as exc:
        if exc.name in (MODULE, "searchkit"):
            raise UsageError(f"the bench command is not available: module {MODULE} is not "
                             "installed") from None
        raise UsageError(f"the bench command needs {exc.name!r}, which is not installed "
                         "(pip install 'searchkit[bench]')") from None
    entry = getattr(module, "main", None)
    if not callable(entry):
        raise UsageError(f"the bench command is not available: {MODULE} has no main(argv)")
    return int(entry(list(argv)) or 0)
