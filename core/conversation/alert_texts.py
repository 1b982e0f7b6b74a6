"""An alert as the owner reads it: sent once, an entity's id in it put as a word."""

from __future__ import annotations

import re
from dataclasses import replace

from core.store import Alert

_ENTITY_ID = re.compile(r"\b(?:user|family|shared):[a-z0-9_]+\b")


def alert_text(alert: Alert, mine: str | None = None) -> str:
    """An alert for the owner (whose entity is ``mine``), sent once; an entity's id in
    it reads as a word: "for user:primary" is "for you", "for user:bob" "for Bob"."""
    if mine is not None:
        alert = replace(
            alert, message=_ENTITY_ID.sub(lambda m: _entity_words(m[0], mine), alert.message)
        )
    if alert.kind in ("dead_letter_permanent", "dead_letter_permanent_theirs"):
        # A person's letter is asked of its writer, in their chat (``deadletters._escalation``).
        ask = "you" if alert.kind == "dead_letter_permanent" else "whoever sent it"
        return (
            f"⚠️ A {alert.domain or ''} update could not be applied: it failed validation "
            f"three times.\n{alert.message}\nI'll ask {ask} what to do with it; `canon dlq` "
            "shows it in full."
        )
    return f"⚠️ {alert.message}"


def _entity_words(entity_id: str, mine: str) -> str:
    if entity_id == mine:
        return "you"
    return entity_id.split(":", 1)[1].replace("_", " ").title()
