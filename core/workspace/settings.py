"""How the workspace is projected: a frozen part of ``core.settings.Settings``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from core.projections.render import RenderConfig

ProjectionMode = Literal["zones", "legacy_string"]
MODES: Final = ("zones", "legacy_string")


@dataclass(frozen=True)
class WorkspaceSettings:
    """``mode``: write inside zones (default) or, for files without zones, under
    exact heading anchors (``legacy_string``; CANON_PROJECTION_MODE or --mode);
    ``render``: the renderer's config."""

    mode: ProjectionMode = "zones"
    render: RenderConfig = field(default_factory=RenderConfig)
    entity_id: str = "user:primary"
    """The entity static Markdown (migration, replay) is read as being about."""
