"""``searchkit batch``: solve whole collections -- every instance of the files times every
strategy and option value -- on every core or on a Dask cluster, storing each record."""

from __future__ import annotations

import argparse
import itertools
import sys
from typing import Any

from searchkit.errors import SearchkitError
from searchkit.puzzle import select_instance

from .instance import find_puzzle
from .parsing import UsageError, byte_size, comma_list, key_value, positive, scalar
from .running import SIZE, add_budget_arguments, budget_from, budget_value, check_names

__all__ = ["add_parser", "run"]

EXAMPLES = """\
examples:
  searchkit batch rushhour ../shared/data/rushhour/cards.txt -s bfs,astar
  searchkit batch taquin korf100.txt --heuristics pdb -s idastar --jobs 2 --out korf.sqlite
  searchkit batch sokoban microban.xsb --known microban_optimal.csv --instances 1-20
  searchkit batch nstar pairs.txt -s astar,bfs -o prune=true,false --out runs.jsonl
  searchkit batch taquin korf100.txt --scheduler tcp://10.0.0.5:8786   # a Dask cluster
  searchkit batch taquin korf100.txt --dask-local 4                    # a local Dask cluster
  searchkit batch ... --out runs.sqlite --resume                       # skip what is stored
  searchkit report runs.sqlite --plot runs.png

Every task is one instance x strategy x option values, run under the per-task budget. Records
go to --out as each task completes (SQLite, or .jsonl / .csv by extension); see docs/batch.md.
exit status: 0 every task ran (whatever it found), 1 some task failed with an error,
2 usage or input error, 130 interrupted (Ctrl-C; what is stored is kept).
"""


def add_parser(subparsers: Any, epilog: str) -> None:
    """Register ``batch`` on ``subparsers``; ``epilog`` lists the puzzles' options."""
    parser = subparsers.add_parser(
        "batch", help="solve every instance of collection files, in parallel",
        description="Run every instance of the FILEs with every strategy and option value (a "
                    "sweep), in parallel on this machine or a Dask cluster, writing one record "
                    "per task to a store as it completes; print a summary per configuration.",
        epilog=EXAMPLES + epilog,
    )
    names = ", ".join(sorted(__import__("searchkit").puzzles())) or "none installed"
    parser.add_argument("puzzle", metavar="PUZZLE", help=f"installed puzzle ({names})")
    parser.add_argument("files", metavar="FILE", nargs="+", help="collection files")
    sweep = parser.add_argument_group("the sweep")
    sweep.add_argument("-s", "--strategies", metavar="S,S,...", type=comma_list,
                       help="strategies to run (default: the puzzle's default strategy)")
    sweep.add_argument("--heuristics", metavar="H,H,...", type=comma_list,
                       help="values of the puzzle option 'heuristic'")
    sweep.add_argument("--cost", metavar="C", help="puzzle option 'cost', the cost model")
    sweep.add_argument("-o", "--option", metavar="KEY=V1,V2", type=key_value, action="append",
                       default=[], help="a puzzle or strategy option and its values "
                                        "(repeatable; each value is one more run per task)")
    sweep.add_argument("--frontier", metavar="F", help="frontier (default: the strategy's)")
    sweep.add_argument("--visited", metavar="V", help="visited backend (default: the strategy's)")
    sweep.add_argument("--instances", metavar="SPEC", type=comma_list,
                       help="only these instances of each file: numbers, ranges and names, "
                            "e.g. 1-20,25,Duh! (default: all)")
    sweep.add_argument("--known", metavar="FILE.csv",
                       help="known optima: a CSV with the instance in the first column (e.g. "
                            "level,moves,pushes); the column named like the cost model is used")
    sweep.add_argument("--known-column", metavar="NAME", help="the column of --known to use")
    sweep.add_argument("--plans", action="store_true", help="store each plan (in the puzzle's "
                                                            "notation)")
    where = parser.add_argument_group("where tasks run")
    where.add_argument("-j", "--jobs", metavar="N", type=positive(int),
                       help="worker processes on this machine (default: every core; 1: in "
                            "this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786)")
    where.add_argument("--dask-local", metavar="N", type=positive(int, 1),
                       help="start a Dask LocalCluster of N worker processes for the run")
    where.add_argument("--task-memory", metavar="SIZE",
                       type=budget_value("max_bytes", byte_size, SIZE, unset="the default"),
                       help="memory one task may allocate before it is stopped with an error "
                            "(default: each worker's share of the machine's memory)")
    out = parser.add_argument_group("results")
    out.add_argument("--out", metavar="FILE", default="results.sqlite",
                     help="the store: SQLite (default results.sqlite), or .jsonl / .csv")
    out.add_argument("--resume", action="store_true",
                     help="continue the store: skip the tasks it already holds")
    out.add_argument("--json", action="store_true",
                     help="also print each record as one JSON line on stdout as it completes")
    add_budget_arguments(parser)
    parser.set_defaults(handler=run)


def _grid(args: argparse.Namespace, puzzle: Any, strategies: list[str]) -> dict[str, list[Any]]:
    """The swept values of each option (``-o KEY=V1,V2``, ``--heuristics``, ``--cost``)."""
    import searchkit

    grid: dict[str, list[Any]] = {}
    pairs = list(args.option)
    if args.heuristics:
        pairs.append(("heuristic", ",".join(args.heuristics)))
    if args.cost:
        pairs.append(("cost", args.cost))
    taken = {o for s in strategies for o in searchkit.get_strategy(s).options}
    for key, value in pairs:
        if key in grid:
            raise UsageError(f"option {key!r} given twice")
        if key not in puzzle.options and key not in taken:
            valid = sorted(set(puzzle.options) | taken)
            raise UsageError(f"unknown option {key!r} for puzzle {puzzle.name!r} and strategies "
                             f"{', '.join(strategies)} (valid: {', '.join(valid) or 'none'})")
        values = [v.strip() for v in value.split(",") if v.strip()] or [value]
        # puzzle options convert their own text; strategy options take numbers as numbers
        grid[key] = values if key in puzzle.options else [scalar(v) for v in values]
    return grid


def build_tasks(args: argparse.Namespace) -> list[Any]:
    """The tasks of the command line, checked (a bad name or option is a UsageError)."""
    from searchkit.experiments import check_tasks, load_known, read_collection, sweep

    puzzle = find_puzzle(args.puzzle)
    strategies = args.strategies or [puzzle.default_strategy]
    check_names(strategies, [args.frontier] if args.frontier else [],
                [args.visited] if args.visited else [])
    grid = _grid(args, puzzle, strategies)
    # named no strategy or part of one: the puzzle's own solver where it has one (as `solve`)
    own_solver = not (args.strategies or args.frontier or args.visited or
                      any(k not in puzzle.options for k in grid))
    level = grid.pop("level", [None])
    if len(level) > 1:
        raise UsageError("option 'level' takes one value in a batch (it picks the instance)")
    swept = [k for k in grid if k in puzzle.options]  # they may change the known optima
    try:
        if args.known_column and not args.known:
            raise UsageError("--known-column names a column of --known FILE: give both")
        known = load_known(args.known, args.known_column) if args.known else None
        tasks = []
        for path, label in zip(args.files, _labels(args.files)):
            for values in itertools.product(*(grid[k] for k in swept)):
                options = dict(zip(swept, values))
                split = {**options, **({"level": level[0]} if level[0] is not None else {})}
                instances = read_collection(puzzle, path, split, known, label)
                if level[0] is not None and len(instances) == 1:  # labelled as in the whole file
                    instances = [(f"{label}:{instances[0][1].name}", instances[0][1])]
                if args.instances:
                    instances = _chosen(instances, args.instances, path)
                tasks += sweep(puzzle.name, instances, strategies,
                               {k: v for k, v in grid.items() if k not in swept},
                               options=options, frontier=args.frontier, visited=args.visited,
                               budget=budget_from(args), plan=args.plans, source=path,
                               own_solver=own_solver)
        check_tasks(tasks)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None
    return tasks


def _chosen(instances: list[Any], spec: list[str], path: str) -> list[Any]:
    """The instances named by ``spec`` (numbers ``N``, ranges ``A-B``, names), in file order."""
    bare = [inst for _, inst in instances]
    wanted: set[int] = set()
    for item in spec:
        low, dash, high = item.partition("-")
        if dash and all(side.isascii() and side.isdigit() for side in (low, high)):
            if int(low) > int(high):
                raise UsageError(f"{path}: instances {item} run backwards: write {high}-{low}")
            if not 1 <= int(low) <= int(high) <= len(bare):
                raise UsageError(f"{path}: instances {item} out of range (1-{len(bare)})")
            wanted.update(range(int(low) - 1, int(high)))
        else:
            try:
                wanted.add(bare.index(select_instance(bare, item)))
            except SearchkitError as exc:
                raise UsageError(f"{path}: {exc}") from None
    return [instances[i] for i in sorted(wanted)]


def _labels(files: list[str]) -> list[str]:
    """Each file's label in records: its name, or the path as given when two names clash."""
    from pathlib import Path

    names = [Path(f).name for f in files]
    return [name if names.count(name) == 1 else path for name, path in zip(names, files)]


def run(args: argparse.Namespace) -> int:
    """Run the batch, print the summary and return the exit status."""
    import json

    from searchkit.experiments import api, open_store
    from searchkit.experiments.progress import BatchProgress
    from searchkit.experiments.report import format_table, summarize
    from searchkit.experiments.tasks import task_key

    if args.scheduler and args.dask_local is not None:
        raise UsageError("give either --scheduler or --dask-local, not both")
    if (args.scheduler or args.dask_local is not None) and args.jobs is not None:
        raise UsageError("--jobs is for this machine's process pool: with Dask, the cluster's "
                         "workers run the tasks")
    if args.scheduler:  # a lost scheduler is one line of ours, not the client's tracebacks
        import contextlib
        import logging

        with contextlib.suppress(ImportError):  # Dask sets its loggers' levels when imported
            import distributed  # noqa: F401
        logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
    tasks = build_tasks(args)
    try:
        store = open_store(args.out)
    except SearchkitError as exc:
        raise UsageError(str(exc)) from None
    records: list[dict[str, Any]] = []
    interrupted = False
    with store:
        held = store.keys()
        if held and not args.resume:
            raise UsageError(f"{args.out} already holds {len(held)} tasks: add --resume to "
                             "continue it (stored tasks are skipped), or choose another --out")
        store.prepare()  # accepted: only now is the file created, upgraded or repaired
        todo = api.pending(tasks, store)  # each task once (a file given twice), none stored
        keys = {task_key(task) for task in tasks}
        skipped = len(keys) - len(todo)
        if skipped:
            # a record from before digests is taken on its label: never silently
            by_label = len({key[:-1] for key in keys - held} & api.label_keys(held))
            print(f"resuming {args.out}: {skipped} of {len(keys)} tasks already stored" + (
                f" ({by_label} of them by label alone: their records predate the digest of "
                "the instance's text, so a file edited since is not noticed; choose another "
                "--out to run them again)" if by_label else ""), file=sys.stderr)
        progress = BatchProgress(len(todo))
        try:
            for record in api.batch(todo, jobs=args.jobs, scheduler=args.scheduler,
                                    dask_local=args.dask_local, store=store,
                                    task_memory=args.task_memory):
                records.append(record)
                progress.add(record)
                if args.json:
                    print(json.dumps(record), flush=True)
        except KeyboardInterrupt:
            interrupted = True
        except SearchkitError as exc:  # e.g. Dask missing or the scheduler unreachable
            raise UsageError(str(exc)) from None
        except BrokenPipeError:
            raise  # --json | head: a quiet stop (main)
        except (OSError, TimeoutError) as exc:
            if args.scheduler is None:
                raise UsageError(str(exc)) from None
            raise UsageError(f"cannot reach the Dask scheduler {args.scheduler}: {exc}"
                             ) from None
        except ImportError as exc:
            raise UsageError(str(exc)) from None
        finally:
            progress.clear()
    out = sys.stderr if args.json else sys.stdout
    if records:
        print(format_table(summarize(records)), file=out)
    failed = sum(r["status"] == "error" for r in records)
    print(f"{len(records)} of {len(todo)} tasks run{' (interrupted)' if interrupted else ''}"
          f", {failed} failed; records in {args.out}", file=out)
    for record in [r for r in records if r["status"] == "error"][:5]:
        print(f"  {record['instance']} {record['strategy']}: {record['error']}", file=out)
    if interrupted:
        return 130
    return 1 if failed else 0
