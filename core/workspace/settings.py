"""How the workspace is projected: a frozen part of ``core.settings.Settings``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from core.projections.render import RenderConfig

ProjectionMode = Literal["zones", "legacy_string"]
MODES: Final = ("zones", "legacy_string")
Editor = Literal["agent", "user"]
EDITORS: Final = ("agent", "user")


@dataclass(frozen=True)
class WorkspaceSettings:
    """``mode``: write inside zones (default) or, for files without zones, under
    exact heading anchors (``legacy_string``; CANON_PROJECTION_MODE or --mode);
    ``render``: the renderer's config."""

    mode: ProjectionMode = "zones"
    render: RenderConfig = field(default_factory=RenderConfig)
    entity_id: str = "user:primary"
    """The entity static Markdown (migration, replay) is read as being about."""
    editor: Editor = "agent"
    """Who edits the STATE-INPUT zones (CANON_WORKSPACE_EDITOR). ``agent`` (default): the
    workspace is the assistant's (OpenClaw writes MEMORY.md itself) and a file says
    nothing of who wrote a line, so every edit is an assistant's proposal, asked of the
    user and never their confirmation. ``user``: a workspace only the user edits; an
    edit is the user's own say (``manual_markdown``)."""
