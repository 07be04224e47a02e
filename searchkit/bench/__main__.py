"""``python -m searchkit.bench``: the same as ``searchkit bench``."""

import sys

from . import main

sys.exit(main())
