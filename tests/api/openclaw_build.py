"""The OpenClaw plugin (deploy/openclaw-plugin) built as its README says, for the tests that
run it: its locked dev dependencies installed once per ``package-lock.json``, then built
once per state of its sources (two test modules build it; a compile is seconds of CPU).

Both are kept in the tests' cache outside the work tree (``services.npm_tools.CACHE``, where
OpenClaw and Node are), by the lockfile's and the sources' digests: a fresh clone of the
same sources copies them in (a few MB) instead of ``npm ci`` and ``tsc`` again, which on a
fresh clone were about ten seconds of the side run's longest setup."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from services.npm_tools import CACHE

PLUGIN = Path(__file__).resolve().parents[2] / "deploy" / "openclaw-plugin"


def run(*command: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``command`` in the plugin's directory; it must succeed (300 s: a hang guard)."""
    done = subprocess.run(
        command, cwd=PLUGIN, capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    return done


def build_plugin() -> Path:
    """``npm ci`` (unless this lockfile's dependencies are installed) and ``npm run build``
    (unless these sources are built), each taken from the cache when it holds them."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.fail("node and npm are needed: run tests/services/install-node.sh (make test does)")
    lock = hashlib.sha256((PLUGIN / "package-lock.json").read_bytes()).hexdigest()[:16]
    installed = PLUGIN / "node_modules" / f".canon-lock-{lock}"
    if not installed.exists():
        if not _copied_from_cache(f"openclaw-plugin-deps-{lock}", "node_modules"):
            run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
            _keep_in_cache(f"openclaw-plugin-deps-{lock}", "node_modules")
        installed.touch()
    sources = _sources_digest(lock)
    built = PLUGIN / "dist" / f".canon-build-{sources}"
    if not built.exists():
        for stale in PLUGIN.glob("dist/.canon-build-*"):  # another state's: built over now
            stale.unlink()
        if not _copied_from_cache(f"openclaw-plugin-build-{sources}", "dist"):
            run("npm", "run", "--silent", "build")
            _keep_in_cache(f"openclaw-plugin-build-{sources}", "dist")
        built.touch()
    return PLUGIN


def _copied_from_cache(key: str, folder: str) -> bool:
    """``folder`` of the plugin copied over from the cache's ``key``, if it is there."""
    kept = CACHE / key / folder
    if not kept.is_dir():
        return False
    if folder == "node_modules":  # as ``npm ci`` does: no other lockfile's packages left
        shutil.rmtree(PLUGIN / folder, ignore_errors=True)
    shutil.copytree(kept, PLUGIN / folder, symlinks=True, dirs_exist_ok=True)
    return True


def _keep_in_cache(key: str, folder: str) -> None:
    """The plugin's ``folder`` copied into the cache as ``key`` (made aside, then renamed in
    one step: another test run may be keeping the same)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    aside = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=CACHE))
    shutil.copytree(PLUGIN / folder, aside / folder, symlinks=True)
    for stamp in (aside / folder).glob(".canon-*"):  # the work tree's own record
        stamp.unlink()
    try:
        os.rename(aside, CACHE / key)
    except OSError:  # kept already by another run
        shutil.rmtree(aside, ignore_errors=True)


def _sources_digest(lock: str) -> str:
    """What the build reads: the TypeScript config, the sources and tests, the lockfile."""
    digest = hashlib.sha256(lock.encode())
    files = [PLUGIN / "tsconfig.json", *sorted((PLUGIN / "src").rglob("*"))]
    files += sorted((PLUGIN / "test").rglob("*"))
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(PLUGIN)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]
