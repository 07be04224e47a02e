"""Suite ``sokoban-any-ablation``: what each technique of ``mode="any"`` contributes (see
:mod:`.modes`)."""

from .modes import run_ablation as run

__all__ = ["run"]
