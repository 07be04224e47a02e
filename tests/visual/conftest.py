"""The browser fixture of the viewer tests (see :mod:`tests.visual.browser`)."""

from .browser import browser  # noqa: F401
