"""Suite ``sokoban-sasquatch-ablation``: what each technique of ``mode="any"`` contributes on
Sasquatch's 50 levels (see :mod:`.modes`)."""

from searchkit.bench import Options, Table

from .modes import run_ablation


def run(options: Options) -> Table:
    return run_ablation(options, "sasquatch", range(1, 51))
