"""Suite ``sokoban-sasquatch-ablation``: what each technique of ``mode="any"`` contributes on
Sasquatch's 50 levels (see :mod:`.modes`)."""

from searchkit.bench import Options, Table

from .modes import COLLECTIONS, run_ablation

__all__ = ["run"]


def run(options: Options) -> Table:
    return run_ablation(options, "sokoban-sasquatch-ablation", *COLLECTIONS["sasquatch"],
                        range(1, 51))
