"""Markdown projections of canonical state, and the user's STATE-INPUT edits.

Pure code only: zone finding and splicing (``zones``), the renderer
(``render``), legacy heading anchors (``legacy``) and the STATE-INPUT grammar
(``manual``). Files, the store and the engine are ``core.workspace``'s job.
"""

from __future__ import annotations

from core.projections.render import AUDIT_FILE, HEARTBEAT, MEMORY, ZONES, RenderConfig, render
from core.projections.zones import Zone, find_zones, splice, zone_body

__all__ = [
    "AUDIT_FILE",
    "HEARTBEAT",
    "MEMORY",
    "ZONES",
    "RenderConfig",
    "Zone",
    "find_zones",
    "render",
    "splice",
    "zone_body",
]
