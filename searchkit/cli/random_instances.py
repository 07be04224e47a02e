"""``searchkit random``: print random instances of a puzzle in its own format.

The instances come from the puzzle's ``random_instance(rng, **size)``; its keyword arguments
become the size flags (``--height 4 --width 4`` for taquin), read from its signature, so a
plugin's puzzle gets them without any code here. One ``random.Random(seed)`` draws all the
instances in turn: the same seed and count print the same instances, and the first instance of
``--count 5`` is the instance of ``--count 1``.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
from pathlib import Path
from typing import Any

import searchkit

from .instance import find_puzzle, show_value
from .parsing import UsageError, positive, scalar

__all__ = ["add_parser", "run", "size_options"]

EXAMPLES = """\
examples:
  searchkit random taquin --seed 7                   # one random 8-puzzle
  searchkit random taquin --height 4 --width 4 --count 3 --seed 1
  searchkit random nstar --count 100 --out instances/   # one file per instance
  searchkit random sokoban --boxes 2 | searchkit solve sokoban -

Instances are printed one after the other, separated by a blank line (a note on stderr says when
the puzzle would not read them back as that many); --out DIR writes one file per instance
instead (and prints their names), ready for 'searchkit solve' and 'batch'.
"""

_OWN = {"puzzle", "count", "seed", "out", "help"}


def size_options() -> dict[str, dict[str, Any]]:
    """``{puzzle: {size keyword: default}}`` from each installed puzzle's ``random_instance``."""
    found = {}
    for name, puzzle in sorted(searchkit.puzzles().items()):
        try:
            params = inspect.signature(puzzle.random_instance).parameters
        except (TypeError, ValueError):
            continue
        found[name] = {p.name: p.default for p in list(params.values())[1:]
                       if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    return found


def add_parser(subparsers: Any) -> None:
    """Register ``random`` on ``subparsers``, with a flag per size keyword of any puzzle."""
    sizes = size_options()
    lines = ["", "size options of the installed puzzles (default):"]
    for name, params in sizes.items():
        shown = ", ".join(f"--{k.replace('_', '-')} ({show_value(v)})" for k, v in params.items())
        lines.append(f"  {name}: {shown or '(none)'}")
    parser = subparsers.add_parser(
        "random", help="print random instances in the puzzle's format",
        description="Print random instances of a puzzle in its own text format (through its "
                    "random_instance), ready for 'searchkit solve' and 'searchkit batch'.",
        epilog=EXAMPLES + "\n".join(lines) + "\n",
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help="installed puzzle")
    parser.add_argument("-n", "--count", metavar="N", type=positive(int, 1), default=1,
                        help="how many instances (default: 1)")
    parser.add_argument("--seed", metavar="S", type=int,
                        help="random seed (default: a fresh one, shown on a terminal)")
    parser.add_argument("--out", metavar="DIR", type=Path,
                        help="write one file per instance into DIR instead of printing them")
    group = parser.add_argument_group("size options (depend on the puzzle, see below)")
    for keyword in sorted({k for params in sizes.values() for k in params} - _OWN):
        group.add_argument(f"--{keyword.replace('_', '-')}", dest=f"size_{keyword}",
                           metavar="V", type=scalar, help=argparse.SUPPRESS)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print (or write) the instances; 0."""
    puzzle = find_puzzle(args.puzzle)
    valid = size_options().get(puzzle.name, {})
    size = {k[5:]: v for k, v in vars(args).items() if k.startswith("size_") and v is not None}
    unknown = sorted(set(size) - set(valid))
    if unknown:
        flags = ", ".join(f"--{k.replace('_', '-')}" for k in valid) or "none"
        raise UsageError(f"puzzle {puzzle.name!r} has no size option "
                         f"--{unknown[0].replace('_', '-')} (valid: {flags})")
    for keyword, value in size.items():
        default = valid[keyword]
        if isinstance(default, (int, float)) and not isinstance(default, bool) \
                and isinstance(value, str):
            raise UsageError(f"--{keyword.replace('_', '-')} expects a number, not {value!r}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    if args.seed is None and sys.stderr.isatty():
        print(f"searchkit: seed {seed} (--seed {seed} repeats these instances)", file=sys.stderr)
    rng = random.Random(seed)
    texts = []
    for _ in range(args.count):
        try:
            texts.append(str(puzzle.random_instance(rng, **size)).rstrip("\n"))
        except NotImplementedError:
            raise UsageError(f"puzzle {puzzle.name!r} cannot make random instances") from None
        except (TypeError, ValueError) as exc:
            raise UsageError(f"puzzle {puzzle.name!r}: bad size: {exc}") from None
    if args.out is None:
        joined = "\n\n".join(texts)
        if len(texts) > 1 and not _reads_back(puzzle, joined, len(texts)):
            print(f"searchkit: note: {puzzle.name} reads these {len(texts)} instances printed "
                  "together as one file of fewer: --out DIR writes one file each, for 'solve' "
                  "and 'batch'", file=sys.stderr)
        print(joined)
        return 0
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        for i, text in enumerate(texts, start=1):
            path = args.out / f"{puzzle.name}-{seed}-{i:0{len(str(args.count))}d}.txt"
            path.write_text(text + "\n", encoding="utf-8")
            print(path)
    except OSError as exc:
        raise UsageError(f"{args.out}: {exc.strerror or exc}") from None
    return 0


def _reads_back(puzzle: Any, text: str, count: int) -> bool:
    """Whether ``text`` is a file of ``count`` instances for ``puzzle``."""
    from searchkit.errors import SearchkitError
    from searchkit.experiments.collection import collection

    try:
        return len(collection(puzzle, text)) == count
    except SearchkitError:
        return False
