"""Deprecated: the old name of :mod:`searchkit.patterndb` (``pdb`` shadows the standard library's
debugger). ``from searchkit.pdb import X`` still works and warns; import from
``searchkit.patterndb`` instead."""

import warnings

from .patterndb import *  # noqa: F403 - the whole public API, unchanged
from .patterndb import __all__  # noqa: F401

warnings.warn("searchkit.pdb is deprecated: import searchkit.patterndb instead",
              DeprecationWarning, stacklevel=2)
