"""Event and prompt identifiers.

Canon mints uuid7 (time-ordered) for new events and prompts. Observations
derived from an identifiable source (a chat message id, a Markdown line, a
calendar event) get a name-based uuid5 instead, so processing the same source
twice yields the same event_id and the second time is a recorded duplicate.
"""

from __future__ import annotations

import uuid

from uuid6 import uuid7

CANON_NAMESPACE = uuid.UUID("6f0f5f7e-58a5-4b8e-9a54-3c1f0c2a9e11")


def new_id() -> str:
    return str(uuid7())


def derived_id(*parts: str) -> str:
    """A stable UUID for the observation a given source yields."""
    return str(uuid.uuid5(CANON_NAMESPACE, "\x1f".join(parts)))
