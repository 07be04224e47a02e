"""Install a throw-away plugin for a test: its module in a temporary folder with package
metadata whose entry points pluggy finds, and an environment whose ``PYTHONPATH`` holds it (for
``python -m searchkit`` in a subprocess)."""

from __future__ import annotations

import os
from pathlib import Path


def install_plugin(site: Path, name: str, source: str, entry_points: dict[str, str] | None = None,
               base: dict[str, str] | None = None) -> dict[str, str]:
    """Write ``source`` as the module ``sk_<name>_plugin`` into the folder ``site``, with a
    distribution ``sk-<name>`` whose ``searchkit`` entry points are ``entry_points`` (default:
    ``name`` for that module); return ``base`` (default: this process's environment) with
    ``site`` first on ``PYTHONPATH``."""
    module = f"sk_{name}_plugin"
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    info = site / f"sk_{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: sk-{name}\nVersion: 1.0\n")
    points = entry_points or {name: module}
    (info / "entry_points.txt").write_text(
        "[searchkit]\n" + "".join(f"{key} = {value}\n" for key, value in points.items()))
    env = dict(os.environ if base is None else base)
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env
