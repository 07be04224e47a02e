"""``python -m searchkit``: the same command line as the ``searchkit`` script."""

import sys

from searchkit.cli import main

if __name__ == "__main__":
    sys.exit(main())
