"""Which source class reads which ``kind`` of ``[[sources]]`` table.

The poller and the config parser know sources only through this mapping and
the ``Source`` protocol: adding a kind is one module in ``core.sources.kinds``
and one line here (or ``register`` at run time, as the tests do).
"""

from __future__ import annotations

from typing import Final

from core.errors import ConfigError
from core.sources.base import Source, SourceConfig
from core.sources.kinds.caldav import CalDavSource
from core.sources.kinds.google import GoogleSource
from core.sources.kinds.ics import IcsSource
from core.sources.kinds.imap import ImapSource

SOURCE_KINDS: Final[dict[str, type[Source]]] = {
    kind.kind: kind for kind in (GoogleSource, CalDavSource, IcsSource, ImapSource)
}


def register(kind: type[Source]) -> None:
    """Make ``[[sources]]`` tables of ``kind.kind`` read and polled by ``kind``."""
    if kind.kind in SOURCE_KINDS:
        raise ValueError(f"source kind {kind.kind!r} is registered already")
    SOURCE_KINDS[kind.kind] = kind


def source_for(config: SourceConfig) -> Source:
    """The source that polls ``config``."""
    kind = SOURCE_KINDS.get(config.kind)
    if kind is None or not isinstance(config, kind.config_type):
        raise ConfigError(f"source {config.name!r}: no source kind {config.kind!r}")
    return kind(config)
