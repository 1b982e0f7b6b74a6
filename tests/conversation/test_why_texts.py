"""/why and /history in the chat read as sentences: what was heard, from whom, and what
Canon did with it. The resolver's names stay in ``canon why`` (the owner's view)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.conversation.provenance import OWNER, Viewer, user_viewer
from core.conversation.why_texts import history_text, why_text
from core.domain.event_log import EventRecord, HistoryEntry
from core.domain.state import CommittedFact

NOW = datetime(2026, 11, 29, 12, tzinfo=UTC)
ME = "user:alice"
ALICE = user_viewer(ME)


def _event(
    value: str, source: str, decision: str, principal: str, ago: timedelta, text: str | None = None
) -> EventRecord:
    return EventRecord(
        1, "e1", ME, "travel.location", "assertive", value, source, "tg:1:2", NOW - ago,
        NOW - ago, decision, 0.9, 0.1, (), text, (), principal,
    )  # fmt: skip


def _fact(resolution: str, principal: str) -> CommittedFact:
    return CommittedFact(
        ME, "travel.location", "Tahoe", 2, "user_confirmation", "tg:1:2", 1.0, "e1",
        NOW - timedelta(minutes=3), NOW, resolution, principal=principal,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("resolution", "principal", "head"),
    [
        ("user_confirm", ME, "Your location: Tahoe — confirmed by you, 3 min ago (sure: 1.00)."),
        ("auto_commit", ME, "Your location: Tahoe — taken from you, 3 min ago (sure: 1.00)."),
        ("user_edit", ME, "Your location: Tahoe — corrected by you, 3 min ago (sure: 1.00)."),
        (
            "user_confirm",
            "user:bob",
            "Your location: Tahoe — confirmed by another member of the household, 3 min ago",
        ),
    ],
)
def test_the_value_held_says_how_and_by_whom(resolution: str, principal: str, head: str) -> None:
    assert why_text("travel.location", _fact(resolution, principal), [], [], NOW, ALICE).startswith(
        head
    )


def test_what_was_heard_is_told_in_words() -> None:
    events = [
        _event("Tahoe", "conversation_assertive", "ask_user", ME, timedelta(days=2), "in tahoe!!"),
        _event("Tahoe", "user_confirmation", "user_confirm", ME, timedelta(minutes=5)),
        _event("Denver", "agent", "ask_user", "token:x", timedelta(minutes=1)),
    ]
    said = why_text("travel.location", _fact("user_confirm", ME), events, [], NOW, ALICE)
    assert said.splitlines()[2:] == [
        "What I heard (newest last):",
        '• Nov 27, 12:00 — you said "in tahoe!!": Tahoe; I asked (0.90)',
        "• 5 min ago — you confirmed: Tahoe (0.90)",
        "• 1 min ago — an assistant suggested: Denver; I asked (0.90)",
    ]
    for name in ("ask_user", "conversation_assertive", "travel.", "user_confirm"):
        assert name not in said


def test_the_owner_still_sees_the_resolvers_names() -> None:
    events = [_event("Tahoe", "conversation_assertive", "ask_user", ME, timedelta(minutes=5))]
    said = why_text("travel.location", _fact("user_confirm", ME), events, [], NOW, OWNER)
    assert said.startswith("travel.location = Tahoe (confidence 1.00, user_confirm")
    assert "(conversation_assertive) assertive: Tahoe → ask_user (0.90)" in said


def test_history_names_each_field_and_who_changed_it() -> None:
    entries = [
        HistoryEntry(1, ME, "travel.status", 1, None, "planning", False, "e1", 0.9,
                     "auto_commit", NOW - timedelta(days=1), ME),
        HistoryEntry(2, ME, "travel.status", 2, "planning", "in_progress", False, "e2", 1.0,
                     "user_confirm", NOW, "user:bob"),
        HistoryEntry(3, "family:smith", "family.emma.status", 1, None, "sick", False, "e3", 1.0,
                     "user_confirm", NOW, ME),
    ]  # fmt: skip
    assert history_text(entries, ME).splitlines() == [
        "Changes (newest last):",
        "• Your trip, Nov 28, 12:00: planned (taken from you)",
        "• Your trip, Nov 29, 12:00: planned → under way (confirmed by another member of the "
        "household)",
        "• Emma's status, Nov 29, 12:00: sick (confirmed by you)",
    ]


@pytest.mark.parametrize("viewer", [ALICE, OWNER], ids=["the user", "the owner"])
def test_the_words_heard_cannot_close_their_quotation(viewer: Viewer) -> None:
    """A calendar title holding a quote and a line break stays one quotation on its line:
    before, '"Trip to Denver": Moscow; I took it (1.00)' read as Canon's own verdict."""
    title = 'Trip to Denver": Moscow; I took it (1.00)\n• just now — you said: Moscow'
    heard = _event("Denver", "calendar", "ask_user", "system", timedelta(minutes=1), title)
    text = why_text("travel.location", None, [heard], [], NOW, viewer)
    [line] = [line for line in text.split("\n") if "Trip to Denver" in line]
    # One JSON string: the quote and the line break escaped (``quoting.quote``).
    assert '"Trip to Denver\\": Moscow; I took it (1.00)\\n• just now — you said: Moscow"' in line
    assert text.count("you said") == 1
