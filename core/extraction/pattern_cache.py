"""Compiled patterns kept between runs, as Python keeps a module's bytecode.

Importing the extractor compiles some 1,300 patterns, and ``re`` compiles in Python: a
parser, then a code generator; each pattern was parsed again at its first search to read
the words its gate looks for (``word_gates``), and a long alternation once more to split
it into branches (``regex_branches``). That was 1.4 s of every ``canon`` process's start
on a quiet machine (``canon serve`` took 4 s before it accepted a connection), paid again
by every server, every ``canon context`` a hook runs and every test that starts one.

What the compiler makes is small and plain: a list of integer codes, the number of groups
and their names, which ``_sre.compile`` (the call ``re.compile`` ends with) turns into a
pattern at once. ``PatternCache`` keeps those, with what its caller reads from the same
parse (a gate's words), in one file beside the package's bytecode, keyed by the caller's
kind, the pattern's source and its flags. The file's name holds the interpreter's cache
tag and ``_sre``'s magic number, so another interpreter never reads it, and a caller's
kind holds a fingerprint of its own source (``source_fingerprint``), so what it reads
from a parse is never taken from another version of it.
A pattern built from the file equals the one ``re.compile`` builds (``Pattern.__eq__``
compares the codes; a test compares every pattern of the extractor), and anything
unexpected (no file, a damaged one, codes ``_sre`` refuses) falls back to compiling:
the file can make a start faster, never a pattern different.

The file is written where bytecode is and when bytecode is: when Python writes bytecode
(``PYTHONDONTWRITEBYTECODE`` unset), or when asked (``python -m
core.extraction.keep_patterns``, which ``make`` runs beside ``compileall``). Only the
patterns of the extractor's modules go through it, all compiled as they are imported:
they come from the source code, never from a message.
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import re
import sys
import tempfile
from array import array
from collections.abc import Callable, Hashable
from pathlib import Path
from re import _compiler as _sre_compile  # type: ignore[attr-defined]
from re import _parser as _sre_parse  # type: ignore[attr-defined]
from typing import Any

_sre: Any = _sre_compile._sre
"""The C engine ``re`` compiles into (no stubs: ``re``'s own private module)."""

Derive = Callable[[Any, int], Hashable]
"""What a caller reads from a pattern's parse (given the compiled flags), kept with it:
a value ``marshal`` can write (None, strings, numbers, tuples, frozensets)."""

_FORMAT = 1
_CODE = "I"
"""The array type of the codes on disk: ``_sre``'s code units are 4 bytes."""
_Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...], Hashable]
"""The compiled flags, the codes, the group count, the names of groups both ways, and
what the caller derived."""
_Key = tuple[str, str, int]


def default_file() -> Path | None:
    """Where the file lives: beside this module's bytecode (``__pycache__``, or under
    ``PYTHONPYCACHEPREFIX``); None on an interpreter other than CPython, whose compiler
    and ``_sre`` are another's, or one that keeps no bytecode."""
    if sys.implementation.name != "cpython" or sys.implementation.cache_tag is None:
        return None  # pragma: no cover
    if array(_CODE).itemsize != _sre.CODESIZE:
        return None  # pragma: no cover - no such CPython build is known
    pyc = Path(importlib.util.cache_from_source(__file__))
    return pyc.with_name(f"patterns.{sys.implementation.cache_tag}-{_sre.MAGIC}.marshal")


def source_fingerprint(module_file: str) -> str:
    """A short digest of a module's source: part of the kind of the patterns it keeps."""
    return hashlib.sha256(Path(module_file).read_bytes()).hexdigest()[:16]


class PatternCache:
    """Patterns compiled once per source and kept in ``path`` between runs (see the module;
    None: compiled as ``re`` does, nothing kept)."""

    def __init__(self, path: Path | None) -> None:
        self._path = path
        self._kept: dict[_Key, _Entry] | None = None  # read at the first compile
        self._used: dict[_Key, _Entry] = {}
        self._new = 0

    def compile(
        self, kind: str, source: str, flags: int, derive: Derive
    ) -> tuple[re.Pattern[str], Any]:
        """``re.compile(source, flags)``, and ``derive`` of its parse; ``kind`` tells
        apart callers that derive different things from the same pattern."""
        if self._path is None:  # compiled as re does, with nothing kept
            pattern = re.compile(source, flags)
            return pattern, derive(_sre_parse.parse(source, flags), pattern.flags)
        key = (kind, source, int(flags))
        entry = self._load().get(key)
        if entry is not None:
            built = _build(source, entry)
            if built is not None:
                self._used[key] = entry
                return built, entry[5]
        tree = _sre_parse.parse(source, flags)
        compiled_flags = int(flags | tree.state.flags)
        groupindex = dict(tree.state.groupdict)
        indexgroup: list[str | None] = [None] * tree.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        codes = array(_CODE, _sre_compile._code(tree, flags)).tobytes()
        entry = (
            compiled_flags,
            codes,
            tree.state.groups - 1,
            groupindex,
            tuple(indexgroup),
            derive(tree, compiled_flags),
        )
        built = _build(source, entry)
        if built is None:  # pragma: no cover - _sre refused what its own compiler made
            pattern = re.compile(source, flags)
            return pattern, entry[5]
        self._used[key] = entry
        self._new += 1
        return built, entry[5]

    @property
    def path(self) -> Path | None:
        """The file patterns are kept in (None: none)."""
        return self._path

    def size(self) -> int:
        """Patterns compiled or read in this process."""
        return len(self._used)

    def save(self, *, force: bool = False) -> bool:
        """Write the patterns compiled since the file was read, if any (and if Python
        writes bytecode, or ``force``); True when the file was written."""
        if self._path is None or not self._new or (sys.dont_write_bytecode and not force):
            return False
        kept = self._load()
        # What this process used, and what it did not use of the file as long as that is
        # the smaller part (another command imports other modules); a pattern edited away
        # is dropped once the file holds more of them than of today's.
        stale = {k: v for k, v in kept.items() if k not in self._used}
        table = {**(stale if len(stale) <= len(self._used) else {}), **self._used}
        data = marshal.dumps((_FORMAT, table))
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                dir=self._path.parent, prefix=self._path.name, suffix=".tmp", delete=False
            ) as out:
                out.write(data)
            os.chmod(out.name, 0o644)  # as bytecode is: read by whoever runs the code
            os.replace(out.name, self._path)  # whole or not at all, for readers at once
        except OSError:
            return False
        self._kept = table
        self._new = 0
        return True

    def _load(self) -> dict[_Key, _Entry]:
        if self._kept is None:
            self._kept = self._read()
        return self._kept

    def _read(self) -> dict[_Key, _Entry]:
        if self._path is None:
            return {}
        try:
            found = marshal.loads(self._path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        if (
            not isinstance(found, tuple)
            or len(found) != 2
            or found[0] != _FORMAT
            or not isinstance(found[1], dict)
        ):
            return {}
        table: dict[_Key, _Entry] = found[1]
        return table


def _build(source: str, entry: _Entry) -> re.Pattern[str] | None:
    """The pattern ``entry`` describes, None where ``_sre`` refuses its codes (it checks
    every code it is given) or the entry is not one."""
    try:
        flags, codes, groups, groupindex, indexgroup, _derived = entry
        built: re.Pattern[str] = _sre.compile(
            source, flags, array(_CODE, codes).tolist(), groups, groupindex, indexgroup
        )
    except (TypeError, ValueError, RuntimeError, OverflowError):
        return None
    return built
