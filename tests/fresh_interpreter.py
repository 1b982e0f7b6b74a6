"""What a fresh interpreter says after a probe: the startup tests' one way to ask.

A module loaded at start-up cannot be unloaded within the test's own process, so each
probe runs in a new interpreter and prints its answer as JSON on its last line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from budgets import budget


def probe_answer(
    probe: str,
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    stream: Literal["stdout", "stderr"] = "stdout",
) -> Any:
    """The JSON on the last line ``probe`` (Python source) wrote to ``stream`` in a fresh
    interpreter (``env``: its whole environment, None: this one's; ``cwd``: where it runs)."""
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env=None if env is None else dict(env),
        cwd=cwd,
        timeout=budget(60),
    )
    said: str = done.stdout if stream == "stdout" else done.stderr
    return json.loads(said.strip().splitlines()[-1])
