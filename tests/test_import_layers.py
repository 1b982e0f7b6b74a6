"""The house has one import direction: every module imports only its own layer or lower ones,
and no two modules import each other, even through others or inside a function.

The layers, lowest first (``LAYERS``) are what README's "How it works" draws.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LAYERS: tuple[tuple[str, ...], ...] = (
    (
        *("core", "core.errors", "core.jsonlines", "core.jsonschema_args", "core.private_files"),
        *("core.schema_errors", "core.http_limits", "core.client_tls"),
    ),
    ("core.domain",),
    ("core.agent",),
    ("core.extraction",),
    ("core.signals", "core.store", "core.projections"),
    ("core.engine",),
    ("core.sources", "core.workspace", "core.workflows", "core.conversation", "core.report"),
    ("core.settings", "core.settings", "core.scenario", "core.bench"),
    ("core.api", "core.mcp"),
    ("core.client",),
    ("core.cli",),
    ("bot",),
)
"""Packages (or root modules) by layer, lowest first. A module may import modules of
its own layer or of lower ones; siblings in one layer may import each other as long
as no cycle forms."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for package in ("core", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            found[module_name(path)] = path
    return found


def imported(path: Path, known: dict[str, Path]) -> Iterator[str]:
    """Every project module ``path`` imports, at the top or inside a function."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            if name in known:
                yield name
                break


def layer_of(module: str) -> int:
    for index, members in enumerate(LAYERS):
        if any(module == m or (m != "core" and module.startswith(m + ".")) for m in members):
            return index
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


KNOWN = modules()
GRAPH = {m: set(imported(p, KNOWN)) - {m} for m, p in KNOWN.items()}


@pytest.mark.parametrize("module", sorted(KNOWN))
def test_every_module_has_a_layer(module: str) -> None:
    layer_of(module)


def test_no_module_imports_a_higher_layer() -> None:
    upward = sorted(
        f"{m} (layer {layer_of(m)}) imports {d} (layer {layer_of(d)})"
        for m, deps in GRAPH.items()
        for d in deps
        if layer_of(d) > layer_of(m)
    )
    assert upward == []


def test_core_never_imports_bot() -> None:
    assert (
        sorted(
            f"{m} imports {d}"
            for m, deps in GRAPH.items()
            if m.startswith("core")
            for d in deps
            if d == "bot" or d.startswith("bot.")
        )
        == []
    )


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles() -> None:
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


STORE_WRITES = frozenset(
    {
        "write",
        "decide_and_write",
        "settle",
        "settle_decided",
        "settle_group",
        "add_review_item",
        "add_dead_letter",
        "update_dead_letter",
        "add_alert",
        "mark_alert_delivered",
        "import_facts",
        "save_source_state",
        "note_mail_sender",
        "trust_sender",
        "add_token",
        "revoke_token",
    }
)
"""The store's writes of state, questions, dead letters, alerts and sources: the engine's alone."""


def store_writes(path: Path, name: str | None = None) -> Iterator[str]:
    """Calls like ``engine.store.add_review_item(...)`` or ``x.store.mail_senders.trust_sender``."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in STORE_WRITES:
            continue
        owner = node.func.value
        while isinstance(owner, ast.Attribute):
            if owner.attr == "store":
                yield f"{name or module_name(path)}:{node.lineno} .{node.func.attr}"
                break
            owner = owner.value


ENGINE_MODULES = frozenset(
    {"core.engine.engine", "core.engine.engine_answers", "core.engine.engine_writes"}
)
"""The modules ``Engine`` is made of (its ingest path, its answers, its services' writes)."""


def test_only_the_engine_writes_to_the_store() -> None:
    writers = sorted(
        call
        for module, path in KNOWN.items()
        if module not in ENGINE_MODULES and not module.startswith("core.store")
        for call in store_writes(path)
    )
    assert writers == []


def test_the_write_finder_finds_a_write(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        "async def f(engine):\n"
        "    await engine.store.add_review_item(item, 5)\n"
        "    await engine.store.mail_senders.trust_sender(a, b, c)\n"
        "    await engine.store.review_items(['pending'])\n"
    )
    assert list(store_writes(module, "probe")) == [
        "probe:2 .add_review_item",
        "probe:3 .trust_sender",
    ]
