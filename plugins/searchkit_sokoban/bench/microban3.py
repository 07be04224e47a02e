"""Suite ``sokoban-microban3``: both modes on one collection (see :mod:`.modes`)."""

from searchkit.bench import Options, Table

from .modes import run_collection


def run(options: Options) -> Table:
    return run_collection(options, "microban3")
