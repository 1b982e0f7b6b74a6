"""Whose newer word closed a question, in the closed question's last line: another member
of the household by name when Canon knows it, and never their words (their message is
theirs: "noah's fine now, and honestly..." is not quoted to Alice); the reader's own
words and a source's are quoted, as before."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from core.conversation.settled_by import settled_line
from core.domain.event_log import EventRecord
from core.domain.quoting import quote

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
"""Sunday 1 March 2026, 12:00 UTC."""
WORDS = "noah's fine now, and honestly I hate living here"
NAMES = {"user:alice": "Alice", "user:bob": "Bob"}

WORD = EventRecord(
    seq=1,
    event_id="0193a0a0-0000-7000-8000-000000000001",
    entity_id="family:smith",
    field="family.noah.status",
    intent="assertive",
    value="well",
    source_type="conversation_assertive",
    source_ref="tg:222:7",
    event_ts=NOW,
    ingested_at=NOW,
    decision="auto_commit",
    confidence=0.95,
    margin=0.5,
    reasons=(),
    evidence_text=WORDS,
    corroborators=(),
    principal="user:bob",
)


@pytest.mark.parametrize(
    ("principal", "source_type", "names", "line"),
    [
        ("user:bob", "conversation_assertive", NAMES, "Bob said otherwise later (Sunday at 12:00)"),
        (
            "user:bob",
            "conversation_assertive",
            None,
            "another member of the household said otherwise later (Sunday at 12:00)",
        ),
        ("user:bob", "user_confirmation", NAMES, "Bob confirmed it otherwise (Sunday at 12:00)"),
        (
            "user:alice",
            "conversation_assertive",
            NAMES,
            f"you said later (Sunday at 12:00) {quote(WORDS)}",
        ),
        (
            "source:work",
            "calendar",
            NAMES,
            f"your calendar 'work' said later (Sunday at 12:00) {quote(WORDS)}",
        ),
    ],
)
def test_the_closed_line_names_the_member_and_quotes_only_what_the_reader_may_read(
    principal: str, source_type: str, names: dict[str, str] | None, line: str
) -> None:
    word = replace(WORD, principal=principal, source_type=source_type)
    told = settled_line(word, "user:alice", None, names)
    assert told == f"☑️ Closed: {line}, so I go by that instead"
    if principal.startswith("user:bob"):
        assert "hate" not in told
