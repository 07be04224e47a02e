"""Suite ``sokoban-any-ablation``: what each technique of ``mode="any"`` contributes on
Microban 101-155 (see :mod:`.modes`)."""

from searchkit.bench import Options, Table

from .modes import run_ablation

__all__ = ["run"]


def run(options: Options) -> Table:
    return run_ablation(options, "sokoban-any-ablation", "microban.xsb", "Microban",
                        range(101, 156))
