"""``searchkit verify``: replay a saved plan on an instance; print its cost or the first bad step.

The plan is text in the puzzle's notation (what ``solve`` prints after ``plan``; separators
optional), a file holding such text, or the JSON object ``solve --json`` printed (its ``actions``,
and its ``options`` unless overridden here). Reading the notation needs nothing but the puzzle's
own ``format_action`` (see :func:`searchkit.plans.read_plan`).
"""

from __future__ import annotations

import argparse
import json
import os
import textwrap
from typing import Any

from searchkit import verify
from searchkit.errors import PlanError, SearchkitError, read_text
from searchkit.plans import iter_plan

from . import output
from .instance import FLAG_OPTIONS, Instance, find_puzzle, one_instance, stdin_text
from .parsing import UsageError, key_value

__all__ = ["add_parser", "run"]

EXAMPLES = """\
examples:
  searchkit verify nstar 1-42 "x2 x2 +1 x2 x2 +1 x2"
  searchkit solve taquin --example tp-3x3 --json > plan.json
  searchkit verify taquin tp-3x3 plan.json
  searchkit verify rushhour board.txt plan.txt --cost cells
  echo "U L L" | searchkit verify taquin board.txt -

INSTANCE is a file, '-' for standard input, or the name of a built-in example.
exit status: 0 the plan is legal and ends in a goal, 1 it is not (the first illegal step is
named), 2 usage or input error.
"""


def add_parser(subparsers: Any, epilog: str) -> None:
    """Register ``verify`` on ``subparsers``; ``epilog`` lists the puzzles' options."""
    parser = subparsers.add_parser(
        "verify", help="replay a saved plan and print its cost",
        description="Replay a plan on an instance: print its cost if every step is legal and "
                    "it ends in a goal, else name the first illegal step (exit status 1).",
        epilog=EXAMPLES + epilog,
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help="installed puzzle")
    parser.add_argument("instance", metavar="INSTANCE",
                        help="instance file, '-' for standard input, or a built-in example")
    parser.add_argument("plan", metavar="PLAN",
                        help="the plan: text in the puzzle's notation, a file holding it, '-' "
                             "for standard input, or the JSON of 'solve --json'")
    parser.add_argument("-l", "--level", metavar="N|TITLE",
                        help="the level to use in a multi-level file (puzzle option 'level')")
    parser.add_argument("--cost", metavar="C", help="puzzle option 'cost', the cost model")
    parser.add_argument("-o", "--option", metavar="KEY=VALUE", type=key_value, action="append",
                        default=[], help="any other puzzle option (repeatable)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Replay the plan; 0 when it is a legal plan to a goal, 1 when it is not."""
    puzzle = find_puzzle(args.puzzle)
    if args.instance == "-" and args.plan == "-":
        raise UsageError("INSTANCE and PLAN cannot both come from standard input")
    text, name, source = _instance_text(puzzle, args.instance)
    plan_text, plan_name = _plan_text(args.plan)
    actions, options = _plan_and_options(plan_text, puzzle.name)
    for key, value in args.option:
        options[key] = value
    for key in FLAG_OPTIONS:
        if getattr(args, key, None) is not None:
            options[key] = getattr(args, key)
    level = options.get("level")  # a collection: the one instance chosen, as solve does
    text, first_line = one_instance(puzzle, text, name, source, options)
    instance = Instance(puzzle, text, name, source, options, level, first_line)
    problem = instance.replay_problem()
    lines = [f"{instance.describe()} · plan {plan_name}"]
    state, steps = problem.initial(), []
    try:
        for action, reached in iter_plan(problem, actions):
            steps.append(action)
            state = reached
        cost = verify(problem, steps)
    except PlanError as exc:
        if exc.step is None:
            legal = "its one step is legal" if len(steps) == 1 else \
                f"its {len(steps)} steps are legal"
            why, where = f"{legal} but it does not end in a goal", "the final state"
        else:
            why, where = str(exc), f"the state before step {exc.step}"
        lines += [f"status    invalid: {why}", f"{where}:",
                  textwrap.indent(problem.render(state), "  ")]
        print("\n".join(lines))
        return 1
    lines += ["status    valid: every step is legal and the plan ends in a goal",
              f"cost      {output.number(cost)}", f"length    {len(steps)}"]
    print("\n".join(lines))
    return 0


def _instance_text(puzzle: Any, given: str) -> tuple[str, str, str]:
    """The instance's text, name and source (``file``, ``stdin`` or ``example``)."""
    if given == "-":
        return stdin_text(), "-", "stdin"
    if os.path.exists(given):
        return _read(given), given, "file"
    examples = puzzle.examples()
    if given in examples:
        return examples[given], given, "example"
    raise UsageError(f"{given}: no such file, and not an example of {puzzle.name!r} "
                     f"(examples: {', '.join(examples) or 'none'})")


def _plan_text(given: str) -> tuple[str, str]:
    """The plan's text and how to name it."""
    if given == "-":
        return stdin_text(), "<stdin>"
    if os.path.isfile(given):
        return _read(given), given
    return given, "(given)"


def _read(path: str) -> str:
    try:
        return read_text(path)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None


def _plan_and_options(text: str, puzzle: str) -> tuple[str | list[str], dict[str, Any]]:
    """The plan (text, or the action strings of a JSON object) and the options it came with."""
    if not text.lstrip().startswith("{"):
        return text, {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"the plan looks like JSON but is not: {exc.msg} (line {exc.lineno})") \
            from None
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise UsageError("a JSON plan must be an object with an 'actions' list, as printed by "
                         "'searchkit solve --json'")
    if data.get("puzzle") not in (None, puzzle):
        raise UsageError(f"the JSON plan is for puzzle {data['puzzle']!r}, not {puzzle!r}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise UsageError("the JSON plan's 'options' must be an object")
    return [str(a) for a in data["actions"]], {k: v for k, v in options.items() if v is not None}
