"""Choosing and loading the puzzle instance a command works on.

Commands that take an instance share the arguments added by :func:`add_instance_arguments`:
``PUZZLE [FILE|-] [--example NAME] [--level N|TITLE] [--heuristic H] [--cost C]
[-o KEY=VALUE]``. :func:`load_instance` reads the text (file, standard input or a built-in
example), checks the puzzle options and turns every failure into a one-line
:class:`~searchkit.cli.parsing.UsageError` (a format error names the file and the line).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import textwrap
from dataclasses import dataclass, field
from typing import Any

import searchkit
from searchkit.errors import (
    PuzzleFormatError,
    SearchkitError,
    UnknownNameError,
    read_stdin,
    read_text,
)
from searchkit.puzzle import select_instance

from . import output
from .parsing import UsageError, key_value

__all__ = ["Instance", "add_instance_arguments", "load_instance", "find_puzzle", "one_instance",
           "instance_label", "options_help", "show_value"]

# Puzzle options that have their own flag; any other goes through -o KEY=VALUE.
FLAG_OPTIONS = ("heuristic", "cost", "level")


@dataclass
class Instance:
    """One instance of a puzzle: its text, where it came from, and the options asked for.

    ``name`` is what the user gave (the file name, ``-`` for standard input, or the example's
    name); ``source`` is ``"file"``, ``"stdin"`` or ``"example"``.
    """

    puzzle: Any
    text: str
    name: str
    source: str
    options: dict[str, Any] = field(default_factory=dict)
    level: Any = None  # the instance chosen in a collection file (--level)
    first_line: int = 1  # the line of the file where ``text`` starts (for errors)

    @property
    def label(self) -> str:
        """How messages name the instance: the file, ``<stdin>`` or ``example NAME``."""
        return instance_label(self.name, self.source)

    def describe(self) -> str:
        """A one-line description such as ``nstar · example 1-42 · level 3``."""
        level = self.options.get("level", self.level)
        return f"{self.puzzle.name} · {instance_label(self.name, self.source, level)}"

    @property
    def digest(self) -> str:
        """The SHA-256 (in hex) of what the puzzle parses: the :attr:`text` (of a collection file,
        the instance chosen), white space at the end of its lines and blank lines at its end left
        out, and, for a puzzle that chooses the level of a collection itself (a ``level`` option,
        as Sokoban's), the level chosen. Equal for the same instance wherever it was read from (a
        file, standard input, an example); ``searchkit trace`` records it."""
        text = "\n".join(line.rstrip() for line in self.text.split("\n")).rstrip("\n")
        level = self.resolved_options().get("level")
        parsed = json.dumps([text, level], ensure_ascii=False, default=str)
        return hashlib.sha256(parsed.encode()).hexdigest()

    def resolved_options(self, **overrides: Any) -> dict[str, Any]:
        """The puzzle options in effect (defaults filled in) with ``overrides`` applied."""
        try:
            return dict(self.puzzle.resolve_options({**self.options, **overrides}))
        except SearchkitError as exc:
            raise UsageError(str(exc)) from None

    def problem(self, **overrides: Any) -> Any:
        """Parse the text into a problem; errors become one-line :class:`UsageError`."""
        try:
            return self.puzzle.parse(self.text, **{**self.options, **overrides})
        except PuzzleFormatError as exc:
            line = None if exc.line is None else exc.line + self.first_line - 1
            raise UsageError(str(PuzzleFormatError(exc.reason, line, self.label))) from None
        except UnknownNameError as exc:  # a level the puzzle looked for in the text (Sokoban's)
            raise UsageError(f"{self.label}: {exc}") from None
        except SearchkitError as exc:
            raise UsageError(str(exc)) from None

    def replay_problem(self) -> Any:
        """The problem that a given plan is replayed on (``verify``, ``view``): parsed under the
        puzzle's replay options (:meth:`searchkit.Puzzle.replay_options`)."""
        return self.problem(**self.puzzle.replay_options(self.resolved_options()))


def add_instance_arguments(parser: argparse.ArgumentParser, heuristic: bool = True,
                           puzzle_required: bool = True) -> None:
    """Add ``PUZZLE [FILE|-]`` and the instance and puzzle-option flags to ``parser``
    (``PUZZLE`` may be left out, as ``None``, unless ``puzzle_required``)."""
    names = ", ".join(sorted(searchkit.puzzles())) or "none installed"
    parser.add_argument("puzzle", metavar="PUZZLE", nargs=None if puzzle_required else "?",
                        help=f"installed puzzle ({names})")
    parser.add_argument(
        "file", metavar="FILE", nargs="?",
        help="instance file, or '-' for standard input "
             "(default: the puzzle's first built-in example)",
    )
    parser.add_argument("-e", "--example", metavar="NAME",
                        help="solve a built-in example instead of a file (see 'searchkit list')")
    parser.add_argument("-l", "--level", metavar="N|TITLE",
                        help="the level to use in a multi-level file (puzzle option 'level')")
    if heuristic:
        parser.add_argument("--heuristic", metavar="H",
                            help="puzzle option 'heuristic'" + _choices_by_puzzle("heuristic"))
    parser.add_argument("--cost", metavar="C",
                        help="puzzle option 'cost', the cost model" + _choices_by_puzzle("cost"))
    parser.add_argument("-o", "--option", metavar="KEY=VALUE", type=key_value, action="append",
                        default=[], help="any other puzzle option (repeatable)")


def _choices_by_puzzle(option: str) -> str:
    """`` (nstar: log2, exact, zero; ...)``: the valid values of ``option`` for each installed
    puzzle."""
    parts = []
    for name, puzzle in sorted(searchkit.puzzles().items()):
        spec = puzzle.options.get(option)
        if spec is not None and spec.choices:
            parts.append(f"{name}: {', '.join(show_value(c) for c in spec.choices)}")
    return f" ({'; '.join(parts)})" if parts else ""


def find_puzzle(name: str) -> Any:
    """The installed puzzle ``name``; the error lists the valid names (and the reason, when a
    plugin of that name failed to load)."""
    try:
        return searchkit.get_puzzle(name)
    except UnknownNameError as exc:
        message = str(exc)
        for failure in searchkit.plugin_failures():
            if failure.plugin == name:
                message += f"; {failure}"
        raise UsageError(message) from None


def load_instance(args: argparse.Namespace) -> Instance:
    """The instance named by the parsed arguments (see :func:`add_instance_arguments`)."""
    puzzle = find_puzzle(args.puzzle)
    options: dict[str, Any] = {}
    for key, value in args.option:
        if key in options:
            raise UsageError(f"puzzle option {key!r} given twice")
        options[key] = value
    for key in FLAG_OPTIONS:
        value = getattr(args, key, None)
        if value is None:
            continue
        if key in options:
            raise UsageError(f"puzzle option {key!r} given twice (--{key} and -o {key}=...)")
        options[key] = value
    text, name, source = _read_text(puzzle, args.file, args.example)
    level = options.get("level")
    text, first_line = one_instance(puzzle, text, name, source, options)
    instance = Instance(puzzle, text, name, source, options, level, first_line)
    instance.resolved_options()  # unknown options and bad values fail here, before any search
    return instance


def one_instance(puzzle: Any, text: str, name: str, source: str, options: dict[str, Any]
                 ) -> tuple[str, int]:
    """The text of the one instance to use of ``text`` (named ``name``, from ``source``:
    ``file``, ``stdin`` or ``example``) and the line of ``text`` where it starts: a collection
    needs ``--level N`` (a number or a name), which the puzzle applies itself when it has a
    ``level`` option."""
    from searchkit.experiments.collection import collection

    label = instance_label(name, source)

    own_level = "level" in puzzle.options
    level = options.get("level") if own_level else options.pop("level", None)
    try:
        found = collection(puzzle, text, {k: v for k, v in options.items() if k != "level"})
    except PuzzleFormatError as exc:
        raise UsageError(str(exc.with_source(label))) from None
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None
    if level is None and len(found) > 1:
        raise UsageError(f"{label} holds {len(found)} instances: choose one with --level N "
                         f"(1-{len(found)} or a name), or run them all with "
                         f"'searchkit batch {puzzle.name} {name if source == 'file' else 'FILE'}'")
    if own_level or not found:  # no instance (an empty file): the parser says what is missing
        return text, 1
    if level is None:  # one instance: its own text (a Korf line's tiles, not its id)
        return found[0].text, found[0].line
    try:
        chosen = select_instance(found, level)
    except SearchkitError as exc:
        raise UsageError(f"{label}: {exc}") from None
    return chosen.text, chosen.line


def instance_label(name: str, source: str | None, level: Any = None) -> str:
    """How messages name the instance ``name`` read from ``source`` (``file``, ``stdin`` or
    ``example``): the file, ``<stdin>`` or ``example NAME``, then the ``level`` if there is one.

    >>> instance_label("1-42", "example"), instance_label("a.xsb", "file", 3)
    ('example 1-42', 'a.xsb · level 3')
    """
    label = {"file": name, "stdin": "<stdin>"}.get(source, f"example {name}")
    return label if level is None else f"{label} · level {level}"


def stdin_text() -> str:
    """Standard input as text (:func:`searchkit.errors.read_stdin`); bytes that are not UTF-8
    are a one-line :class:`UsageError`, as in a file."""
    try:
        return read_stdin()
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None


def _read_text(puzzle: Any, path: str | None, example: str | None) -> tuple[str, str, str]:
    """The text, its name and its source (``file``, ``stdin`` or ``example``)."""
    if path is not None and example is not None:
        raise UsageError("give either FILE or --example, not both")
    if path == "-":
        return stdin_text(), "-", "stdin"
    if path is not None:
        try:
            return read_text(path), path, "file"
        except SearchkitError as exc:
            raise UsageError(str(exc)) from None
    examples = puzzle.examples()
    if not examples:
        raise UsageError(f"puzzle {puzzle.name!r} has no built-in examples: give a FILE")
    if example is None:
        example = next(iter(examples))
    if example not in examples:
        raise UsageError(f"unknown example {example!r} for puzzle {puzzle.name!r} "
                         f"(valid: {', '.join(examples)})")
    return examples[example], example, "example"


def options_help(puzzle: Any, indent: str = "  ", width: int | None = None) -> list[str]:
    """Lines describing ``puzzle``'s options: name, help, choices with their help, default;
    wrapped at ``width`` (default: the terminal's) with hanging indents."""
    width = width or output.terminal_width()
    lines = []

    def add(text: str, first: str, later: str) -> None:
        lines.extend(textwrap.wrap(text, width - 1, initial_indent=first, subsequent_indent=later,
                                   break_on_hyphens=False) or [first])

    for name, spec in puzzle.options.items():
        add(f"{name}: {with_default(spec.help, spec.default)}", indent, indent + "    ")
        if spec.choices:
            helps = spec.choice_help or {}
            for choice in spec.choices:
                detail = f": {helps[choice]}" if choice in helps else ""
                add(f"{show_value(choice)}{detail}", indent + "    ", indent + "        ")
    return lines


def with_default(help: str, default: Any) -> str:
    """An option's ``help`` followed by its default, unless the default is ``None`` and the help
    already says what happens when the option is not set (it mentions a default).

    >>> with_default("the depth limit", None), with_default("give up (default: never)", None)
    ('the depth limit (default: none)', 'give up (default: never)')
    """
    if default is None and "default" in help.lower():
        return help
    return f"{help} (default: {show_value(default)})"


def show_value(value: Any) -> str:
    """An option value as typed on the command line (``true``, not ``True``).

    >>> show_value(True), show_value(None), show_value("log2")
    ('true', 'none', 'log2')
    """
    return str(value).lower() if isinstance(value, bool) or value is None else str(value)
