"""Run-time options shared by every suite, and plugin availability."""

from __future__ import annotations

import warnings

from .suite import Options

__all__ = ["Options", "plugin_unavailable"]


def plugin_unavailable(name: str) -> str | None:
    """``None`` when the puzzle plugin ``name`` is registered, else a one-line reason."""
    from ..plugins import plugin_failures, puzzles

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if name in puzzles():
            return None
        errors = [f.error for f in plugin_failures() if f.plugin == name]
    return f"plugin {name!r} not installed yet" + (f" ({errors[0]})" if errors else "")
