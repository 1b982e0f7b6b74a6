"""A question's prompt (MCP's ``prompt``, ``canon answer``'s next question) is data: for
any values and reasons, it is its five kinds of line and no more, and its values read
back, the proposed one quoted from its writer when the reader should not take it at
their word."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st
from outsider_text import ATTACKS

from core.conversation.views import prompt_text, reasons_text
from core.domain.quoting import NAME, SLOT, Slot, read_slot, read_text
from core.domain.state import Scalar
from core.store import ReviewItem

NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
CHANGE = re.compile(rf"({NAME}): ({SLOT}) → ({SLOT})")
TEXT = st.one_of(
    st.text(st.characters(codec=None), max_size=60),
    st.sampled_from(list(ATTACKS.values())),
    st.lists(st.sampled_from([*ATTACKS.values(), "\n", "\u2028", '"']), max_size=3).map("".join),
)
VALUES = st.one_of(st.none(), st.booleans(), st.integers(), TEXT)
WRITERS = {
    # (source key, principal) -> whom the reader user:alice reads the value as quoted from
    ("agent:ref", "token:t1"): "an agent",
    ("calendar:evt", "system"): "a calendar event",
    ("conversation_assertive:m1", "user:bob"): "another member of the household",
    ("conversation_assertive:m2", "user:alice"): None,
}


def item(
    current: Scalar, candidate: Scalar, reasons: list[str], writer: tuple[str, str]
) -> ReviewItem:
    return ReviewItem(
        id="q1",
        seq=1,
        kind="change",
        event_id="e1",
        entity_id="user:alice",
        field="family.emma.status",
        candidate_value=candidate,
        current_value=current,
        confidence=0.5,
        reasons=tuple(reasons),
        source_key=writer[0],
        status="pending",
        created_at=NOW,
        promoted_at=NOW,
        answered_at=None,
        answer=None,
        principal=writer[1],
    )


def cut(value: Scalar, source: str | None) -> Slot:
    if isinstance(value, str) and len(value) > 200:
        return Slot(value[:200], source, len(value))
    return Slot(value, source)


@settings(max_examples=150, deadline=None)
@given(VALUES, VALUES, st.lists(TEXT, max_size=7), st.sampled_from(list(WRITERS)))
def test_a_prompt_reads_back_line_by_line(
    current: Scalar, candidate: Scalar, reasons: list[str], writer: tuple[str, str]
) -> None:
    question = item(current, candidate, reasons, writer)
    lines = prompt_text(question, "user:alice").split("\n")

    head, change, confidence, *shown, buttons = lines
    assert (head, confidence, buttons) == (
        "Did this change for user:alice?",
        "confidence 0.50",
        "[Yes] [No] [Edit]",
    )
    found = CHANGE.fullmatch(change)
    assert found is not None, change
    assert found[1] == "family.emma.status"
    assert read_slot(found[2]) == cut(current, None)
    assert read_slot(found[3]) == cut(candidate, WRITERS[writer])
    assert [read_text(r.removeprefix("• ")).value for r in shown] == [r[:400] for r in reasons[:5]]
    assert all(line.isprintable() for line in lines)


@settings(max_examples=100, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=4))
def test_a_question_told_by_its_reasons_is_one_line_each(reasons: list[str]) -> None:
    text = reasons_text(item(None, None, reasons, ("dead_letter:x", "system")))
    assert len(text.split("\n")) == len(reasons)
    assert all(line.isprintable() for line in text.split("\n"))
