"""A real headless Chromium for the viewer tests, driven by Selenium through chromedriver.

Debian's ``chromium`` and ``chromium-driver`` are used as installed (``.ci/run`` installs
them); nothing is downloaded at test time. ``SEARCHKIT_CHROMIUM`` and
``SEARCHKIT_CHROMEDRIVER`` name other binaries. Without a browser the tests skip -- unless
``SEARCHKIT_REQUIRE_BROWSER`` or ``SEARCHKIT_REQUIRE_SHARED`` is set (CI sets both), when a
missing browser fails them: in CI a skip would hide that the viewer was never run.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = os.environ.get("SEARCHKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = (os.environ.get("SEARCHKIT_CHROMEDRIVER") or shutil.which("chromedriver")
          or "/usr/bin/chromedriver")

#: Without the background-networking flags Chromium keeps trying connections a closed
#: network refuses; --no-sandbox because CI runs as root.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1100,640"]


def required() -> bool:
    """Whether a missing browser is a failure rather than a skip."""
    return bool(os.environ.get("SEARCHKIT_REQUIRE_BROWSER")
                or os.environ.get("SEARCHKIT_REQUIRE_SHARED"))


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (DRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return f"{path} not found (apt-get install {package})"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole test session, with a fresh profile."""
    reason = _missing()
    if reason is not None:
        if required():
            pytest.fail(f"the browser tests must run here: {reason}")
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="searchkit-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
