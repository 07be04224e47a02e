"""``searchkit new-plugin``: write a new puzzle plugin package that works as generated.

:func:`write_plugin` fills the templates beside this module (``*.tmpl``, :class:`string.Template`
syntax) for a puzzle name and writes an installable package: ``pyproject.toml`` with the
``searchkit`` entry point, the problem, the puzzle and its hook, a README, and tests that run
searchkit's conformance battery. The puzzle is a small maze (a token walking from ``S`` to
``G``), complete enough to pass every check, meant to be replaced.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "searchkit-maze"
>>> [str(p.relative_to(folder)) for p in write_plugin("maze", folder)][:3]
['pyproject.toml', 'README.md', 'searchkit_maze/__init__.py']
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from string import Template

__all__ = ["write_plugin", "check_name", "NAME_PATTERN"]

#: What a plugin's puzzle name may look like: lower case, digits, ``-`` and ``_``.
NAME_PATTERN = re.compile(r"[a-z][a-z0-9_-]{0,39}")

# template -> path in the package ({module} is the Python package's name)
_FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "__init__.py.tmpl": "{module}/__init__.py",
    "problem.py.tmpl": "{module}/problem.py",
    "plugin.py.tmpl": "{module}/plugin.py",
    "test_plugin.py.tmpl": "tests/test_{module}.py",
}


def check_name(name: str) -> str:
    """``name`` if it is a valid puzzle name, else ``ValueError`` saying what is allowed."""
    if not NAME_PATTERN.fullmatch(name):
        raise ValueError(f"invalid plugin name {name!r}: use 1 to 40 lower-case letters, digits, "
                         "'-' or '_', starting with a letter")
    return name


def write_plugin(name: str, folder: Path) -> list[Path]:
    """Write the package for puzzle ``name`` into ``folder`` (which must not exist or be empty);
    return the files written."""
    check_name(name)
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise FileExistsError(f"{folder} already exists and is not an empty folder")
    module = "searchkit_" + name.replace("-", "_")
    words = re.split(r"[-_]", name)
    values = {"name": name, "module": module,
              "Class": "".join(w[:1].upper() + w[1:] for w in words if w)}
    written = []
    for template, target in _FILES.items():
        text = resources.files(__package__).joinpath(template).read_text(encoding="utf-8")
        path = folder / target.format(module=module)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(text).substitute(values), encoding="utf-8")
        written.append(path)
    return written
