"""The OpenClaw plugin (deploy/openclaw-plugin) built as its README says, for the tests that
run it: its locked dev dependencies installed once per ``package-lock.json``, then built
once per state of its sources (two test modules build it; a compile is seconds of CPU)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parents[2] / "deploy" / "openclaw-plugin"


def run(*command: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``command`` in the plugin's directory; it must succeed (300 s: a hang guard)."""
    done = subprocess.run(
        command, cwd=PLUGIN, capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    return done


def build_plugin() -> Path:
    """``npm ci`` (unless this lockfile's dependencies are installed) and ``npm run build``."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.fail("node and npm are needed: run tests/services/install-node.sh (make test does)")
    lock = hashlib.sha256((PLUGIN / "package-lock.json").read_bytes()).hexdigest()[:16]
    installed = PLUGIN / "node_modules" / f".canon-lock-{lock}"
    if not installed.exists():
        run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
        installed.touch()
    built = PLUGIN / "dist" / f".canon-build-{_sources_digest(lock)}"
    if not built.exists():
        for stale in PLUGIN.glob("dist/.canon-build-*"):  # another state's: built over now
            stale.unlink()
        run("npm", "run", "--silent", "build")
        built.touch()
    return PLUGIN


def _sources_digest(lock: str) -> str:
    """What the build reads: the TypeScript config, the sources and tests, the lockfile."""
    digest = hashlib.sha256(lock.encode())
    files = [PLUGIN / "tsconfig.json", *sorted((PLUGIN / "src").rglob("*"))]
    files += sorted((PLUGIN / "test").rglob("*"))
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(PLUGIN)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]
