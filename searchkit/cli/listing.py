"""``searchkit list``: what is installed -- puzzles (with their options, formats and examples),
strategies (with their guarantees and options), frontiers and visited backends."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

import searchkit

from . import output
from .instance import options_help, with_default

__all__ = ["add_parser", "run", "SECTIONS"]

SECTIONS = ("puzzles", "strategies", "frontiers", "visited")

EXAMPLES = """\
examples:
  searchkit list                 # everything
  searchkit list strategies      # one section
  searchkit list --json | jq '.puzzles | keys'
"""


def add_parser(subparsers: Any) -> None:
    """Register ``list`` on ``subparsers``."""
    parser = subparsers.add_parser(
        "list", help="list installed puzzles, strategies, frontiers and visited backends",
        description="List what is installed: puzzles (with their options, text formats and "
                    "built-in examples), strategies (with their guarantees), frontiers and "
                    "visited backends. Plugins that failed to load are reported too.",
        epilog=EXAMPLES,
    )
    parser.add_argument("section", nargs="?", choices=SECTIONS, metavar="SECTION",
                        help=f"show only one section ({', '.join(SECTIONS)})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the chosen sections as text or JSON; always 0."""
    sections = [args.section] if args.section else list(SECTIONS)
    if args.json:
        data = {name: _DATA[name]() for name in sections}
        if not args.section or args.section == "puzzles":
            failed: dict[str, list[str]] = {}
            for failure in searchkit.plugin_failures():  # a plugin may have several refusals
                failed.setdefault(failure.plugin, []).append(failure.error)
            data["failed_plugins"] = {plugin: "; ".join(errors)
                                      for plugin, errors in failed.items()}
        print(output.to_json(data))
        return 0
    blocks = [_TEXT[name]() for name in sections]
    print("\n\n".join(blocks))
    return 0


def _wrap(text: str, first: str, later: str) -> list[str]:
    return textwrap.wrap(text, output.terminal_width() - 1, initial_indent=first,
                         subsequent_indent=later, break_on_hyphens=False)


def _puzzles_text() -> str:
    lines = ["PUZZLES"]
    for name, puzzle in sorted(searchkit.puzzles().items()):
        lines.append(f"  {name}: {puzzle.description}")
        lines.append(f"    default strategy: {puzzle.default_strategy}")
        for fmt in puzzle.formats:
            lines += _wrap(f"format: {fmt}", "    ", "        ")
        examples = list(puzzle.examples())
        if examples:
            lines.append("    examples: " + output.wrap_words(
                examples, output.terminal_width() - 1, " " * 14, ", "))
        if puzzle.options:
            lines.append("    options:")
            lines += options_help(puzzle, "      ")
    if len(lines) == 1:
        lines.append("  (none installed)")
    for failure in searchkit.plugin_failures():
        lines.append(f"  (not loaded) {failure}")
    return "\n".join(lines)


def _strategies_text() -> str:
    lines = ["STRATEGIES"]
    width = max(len(n) for n in searchkit.strategies())
    for name, strategy in searchkit.strategies().items():
        aliases = f" (alias: {', '.join(strategy.aliases)})" if strategy.aliases else ""
        lines.append(f"  {name.ljust(width)}  {strategy.summary}{aliases}")
        lines.append(f"  {' ' * width}  guarantee: {strategy.guarantee}")
        for option, spec in strategy.options.items():
            lines += _wrap(f"--{option.replace('_', '-')}: {with_default(spec.help, spec.default)}",
                           " " * (width + 4), " " * (width + 8))
    return "\n".join(lines)


def _frontiers_text() -> str:
    table = searchkit.frontiers()
    width = max(len(n) for n in table)
    users: dict[str, list[str]] = {}
    for name, strategy in searchkit.strategies().items():
        if strategy.frontier_kind is not None:
            users.setdefault(strategy.frontier_kind, []).append(name)
    lines = ["FRONTIERS"]
    for name, frontier in table.items():
        lines += _wrap(f"{name.ljust(width)}  {frontier.kind:<8}  {frontier.description}", "  ",
                       " " * (width + 14))
    for kind, names in users.items():
        lines.append(f"  ({kind} frontiers serve: {', '.join(names)})")
    return "\n".join(lines)


def _visited_text() -> str:
    table = searchkit.visited_backends()
    width = max(len(n) for n in table)
    lines = ["VISITED BACKENDS"]
    for name, backend in table.items():
        lines += _wrap(f"{name.ljust(width)}  {backend.description}", "  ", " " * (width + 4))
    return "\n".join(lines)


def _puzzles_data() -> dict[str, Any]:
    return {
        name: {
            "description": p.description,
            "default_strategy": p.default_strategy,
            "formats": list(p.formats),
            "examples": list(p.examples()),
            "options": {
                o: {"default": s.default, "help": s.help,
                    "choices": None if s.choices is None else list(s.choices)}
                for o, s in p.options.items()
            },
        }
        for name, p in sorted(searchkit.puzzles().items())
    }


def _strategies_data() -> dict[str, Any]:
    return {
        name: {
            "summary": s.summary, "guarantee": s.guarantee, "optimal": s.optimal,
            "step_optimal": s.step_optimal, "uses_heuristic": s.uses_heuristic,
            "aliases": list(s.aliases), "frontier_kind": s.frontier_kind,
            "default_frontier": s.default_frontier, "default_visited": s.default_visited,
            "options": {o: {"default": spec.default, "help": spec.help}
                        for o, spec in s.options.items()},
        }
        for name, s in searchkit.strategies().items()
    }


def _frontiers_data() -> dict[str, Any]:
    return {n: {"kind": f.kind, "description": f.description}
            for n, f in searchkit.frontiers().items()}


def _visited_data() -> dict[str, Any]:
    return {n: {"description": b.description} for n, b in searchkit.visited_backends().items()}


_TEXT = {"puzzles": _puzzles_text, "strategies": _strategies_text,
         "frontiers": _frontiers_text, "visited": _visited_text}
_DATA = {"puzzles": _puzzles_data, "strategies": _strategies_data,
         "frontiers": _frontiers_data, "visited": _visited_data}
