"""How the workspace is projected, read once at the edge into a frozen object."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, cast

from core.errors import ConfigError
from core.projections.render import RenderConfig

ProjectionMode = Literal["zones", "legacy_string"]
MODES: Final = ("zones", "legacy_string")


@dataclass(frozen=True)
class WorkspaceSettings:
    """``mode``: write inside zones (default) or, for files without zones, under
    exact heading anchors (``legacy_string``); ``render``: the renderer's config."""

    mode: ProjectionMode = "zones"
    render: RenderConfig = field(default_factory=RenderConfig)
    entity_id: str = "user:primary"
    """The entity static Markdown (migration, replay) is read as being about."""


def settings_from_env(
    environ: Mapping[str, str] | None = None, *, mode: str | None = None
) -> WorkspaceSettings:
    """``mode`` if given, else CANON_PROJECTION_MODE, else zones."""
    env = os.environ if environ is None else environ
    chosen = mode or env.get("CANON_PROJECTION_MODE") or "zones"
    if chosen not in MODES:
        raise ConfigError(f"projection_mode must be one of {', '.join(MODES)}, not {chosen!r}")
    return WorkspaceSettings(mode=cast(ProjectionMode, chosen))
