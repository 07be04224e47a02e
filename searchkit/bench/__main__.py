"""``python -m searchkit.bench``: the same as ``searchkit bench``."""

import sys

from .command import main

sys.exit(main())
