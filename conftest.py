"""Collection settings for the doctest run over the package sources."""

import importlib.util
import os

# the deprecated alias of searchkit.patterndb warns on import; its content is tested there
collect_ignore = ["searchkit/pdb.py"]

# the compiled backward search's modules import Numba (the ``fast`` extra, which the test extra
# includes); without it their doctests cannot run (tests/plugins/sokoban/test_compiled.py says
# how CI refuses to skip them)
if importlib.util.find_spec("numba") is None and not os.environ.get("SEARCHKIT_REQUIRE_NUMBA"):
    collect_ignore += ["plugins/searchkit_sokoban/jit.py", "plugins/searchkit_sokoban/compiled.py"]
