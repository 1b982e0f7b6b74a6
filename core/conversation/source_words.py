"""Where a held value came from, and how long ago, in the reader's words.

Two ways of saying the source, one per place it is said: an answer to a question about
state says it in brackets with ``when_text``'s age ("Your departure: Sunday, March 1
(from your calendar, yesterday)"), the ``/state`` listing after a dash with
``views.age_text``'s ("— your calendar, 2 h ago"). Either says another member's word as
theirs (``provenance.told_by``).
"""

from __future__ import annotations

from collections.abc import Mapping

from core.conversation.provenance import told_by
from core.domain.source_types import derivation
from core.domain.state import CommittedFact

_SAID_SOURCES = {
    "conversation_assertive": "you told me",
    "conversation": "you told me",
    "user_confirmation": "you confirmed it",
    "calendar": "from your calendar",
    "transactions_email": "from a receipt email",
    "email": "from your email",
    "static_markdown": "from your notes",
    "manual_markdown": "from your notes",
    "execution": "from a task that ran",
    "agent": "the assistant noted it",
    "system": "set by the system",
}


def said_source(f: CommittedFact, reader: str) -> str:
    """Where ``f`` came from, for ``reader``: "you told me", "another member of the
    household confirmed it", "from your calendar"."""
    derived = derivation(f.resolution)
    if derived is not None:  # nobody said it: never "you confirmed it"
        return derived
    said = _SAID_SOURCES.get(f.source_type, "from " + f.source_type.replace("_", " "))
    return told_by(said, f.principal, f.source_type, reader)


_LISTED_SOURCES = {
    "conversation_assertive": "you told me",
    "conversation": "you told me",
    "user_confirmation": "you confirmed it",
    "calendar": "your calendar",
    "transactions_email": "a receipt",
    "email": "an email",
    "static_markdown": "your notes",
    "manual_markdown": "your notes",
}


def listed_source(f: CommittedFact, mine: str, names: Mapping[str, str] | None = None) -> str:
    """Where ``f`` came from, in ``mine``'s listing of what is held: "you told me", "your
    calendar", "a receipt", "Bob confirmed it" (``names``: the household's members)."""
    derived = derivation(f.resolution)
    if derived is not None:  # nobody said it: never "you confirmed it"
        return derived
    said = _LISTED_SOURCES.get(f.source_type, f.source_type.replace("_", " "))
    return told_by(said, f.principal, f.source_type, mine, names)
