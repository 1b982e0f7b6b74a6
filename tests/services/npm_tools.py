"""Where tests/services/install-openclaw.sh and install-inspector.sh put the npm-registry
tools the tests run: Node 24 (the `node` package's binary), the OpenClaw gateway and the MCP
Inspector, each pinned, in a cache outside the work tree."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

NODE_VERSION = "24.21.0"
OPENCLAW_VERSION = "2026.9.6"
INSPECTOR_VERSION = "2.12.0"

CACHE = Path(
    os.environ.get("CANON_TEST_CACHE")
    or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "canon-tests"
)
NODE_BIN = CACHE / f"node-{NODE_VERSION}" / "node_modules" / ".bin"
OPENCLAW_HOME = CACHE / f"openclaw-{OPENCLAW_VERSION}" / "node_modules"
OPENCLAW = OPENCLAW_HOME / ".bin" / "openclaw"
INSPECTOR = CACHE / f"mcp-inspector-{INSPECTOR_VERSION}" / "node_modules" / ".bin" / "mcp-inspector"


def require(tool: Path) -> Path:
    """``tool`` if installed; else the test fails saying how to install it."""
    if not (tool.exists() and (NODE_BIN / "node").exists()):
        pytest.fail(f"{tool} is missing: run tests/services/install-*.sh (make test does)")
    return tool


def path_with_node() -> str:
    """PATH with Node 24 first (OpenClaw needs >= 24.16; the system's may be older)."""
    return f"{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}"
