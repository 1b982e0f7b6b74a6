"""The one setting every time budget of the integration tests comes from.

A budget is how long a test waits for something that should happen (a server to
listen, a turn to finish) or the most a measured duration may be. Each is the
product's figure times ``CANON_TEST_SLACK`` (default 5): generous, so a busy
machine does not fail a test; set it lower to see how close a fast machine runs.
Every test's time limit (``pytest.mark.timeout``, a guard against a hang) is stretched
by it too (``tests/conftest.py``), and so are the bot tests' waits for a reply
(``fakes.telegram_api``) and the OpenClaw plugin's waits for Canon in its harness test.
"""

from __future__ import annotations

import os

SLACK = float(os.environ.get("CANON_TEST_SLACK") or "5")


def budget(seconds: float) -> float:
    """``seconds`` (the product's figure) stretched by the suite's slack."""
    return seconds * SLACK
