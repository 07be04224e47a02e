"""Suite ``sokoban-any``: Microban in ``mode="any"`` (see :mod:`.modes`)."""

from .modes import run_any as run

__all__ = ["run"]
