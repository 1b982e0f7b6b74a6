"""Signals are a pure layer under the engine; sources sit above both (issue 12)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "core"


def _imports(path: Path) -> set[str]:
    """Every ``core.*`` / ``bot.*`` module a file imports, at top level or inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m.split(".")[0] in ("core", "bot")}


@pytest.mark.parametrize(
    ("modules", "forbidden"),
    [
        # Signals map what a source read; they never reach for sources, the engine or a store.
        (
            "signals",
            (
                "core.sources",
                "core.engine.engine",
                "core.store",
                "core.engine.deadletters",
                "core.cli",
                "bot",
            ),
        ),
        # Services under the sources (dead letters, the signal intake) do not import them.
        ("engine/deadletters.py", ("core.sources",)),
        ("engine/signal_ingest.py", ("core.sources",)),
        # Sources feed the engine; the CLI and the bot sit above them.
        ("sources", ("core.cli", "bot")),
    ],
)
def test_imports_run_down_the_layers(modules: str, forbidden: tuple[str, ...]) -> None:
    root = CORE / modules
    files = sorted(root.rglob("*.py")) if root.is_dir() else [root]
    upward = {
        f"{path.relative_to(CORE)} imports {module}"
        for path in files
        for module in _imports(path)
        if any(module == f or module.startswith(f"{f}.") for f in forbidden)
    }
    assert not upward
