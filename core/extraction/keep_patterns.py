"""Compile every pattern of the extractor and keep them for the processes that follow.

``python -m core.extraction.keep_patterns`` is to ``pattern_cache`` what ``compileall``
is to bytecode: where Python writes no bytecode (``PYTHONDONTWRITEBYTECODE``, as in CI
and containers) nothing else writes the file, and every ``canon`` process would compile
the extractor's patterns again. ``make`` runs it beside ``compileall``.

Example::

    python -m core.extraction.keep_patterns
"""

from __future__ import annotations

import importlib
import pkgutil

import core.extraction
from core.extraction.word_gates import PATTERNS, keep_compiled


def compile_all() -> int:
    """Import every module of the extractor (each compiles its patterns as it loads)."""
    for module in pkgutil.walk_packages(core.extraction.__path__, "core.extraction."):
        if module.name != __name__:
            importlib.import_module(module.name)
    return PATTERNS.size()


def main() -> None:
    count = compile_all()
    written = keep_compiled(force=True)
    where = PATTERNS.path
    print(f"{count} patterns {'kept in' if written else 'already kept in'} {where}")


if __name__ == "__main__":
    main()
