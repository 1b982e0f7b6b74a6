"""Who made a write, as each reader is told it, and what of its origin each reader sees.

Alice and Bob share the household ``family:smith``; Alice has an assistant token
``token:ta`` named "openclaw", Bob has ``token:tb`` named "bob's bot".
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from core.conversation import texts
from core.conversation.change_views import history_view
from core.conversation.provenance import (
    OWNER,
    Viewer,
    by_words,
    token_viewer,
    told_by,
    user_viewer,
)
from core.conversation.views import event_view, fact_view
from core.domain.api_tokens import ApiToken
from core.domain.event_log import EventRecord, HistoryEntry
from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
TOKENS = (
    ApiToken("ta", "openclaw", "user:alice", "a" * 64, NOW),
    ApiToken("tb", "bob's bot", "user:bob", "b" * 64, NOW),
)
ALICE = user_viewer("user:alice", {"token:ta": "openclaw"})
BOB = user_viewer("user:bob", {"token:tb": "bob's bot"})
ALICES_TOKEN = token_viewer(TOKENS[0], TOKENS)
BOB_KNOWING_NAMES = user_viewer(
    "user:bob", {"token:tb": "bob's bot"}, names={"user:alice": "Alice", "user:bob": "Bob"}
)
"""Bob in his chat, where Canon knows the household's members by name."""


@pytest.mark.parametrize(
    ("principal", "source_type", "viewer", "told"),
    [
        ("user:alice", "conversation_assertive", ALICE, "you"),
        ("user:alice", "conversation_assertive", BOB, "another member of the household"),
        ("user:alice", "user_confirmation", BOB, "another member of the household"),
        ("user:alice", "conversation_assertive", ALICES_TOKEN, "you"),
        # A member Canon knows by name is named, as their questions name them; the reader
        # is "you" whatever they are called; a member it cannot name, and a member's
        # assistant, stay unnamed.
        ("user:alice", "user_confirmation", BOB_KNOWING_NAMES, "Alice"),
        ("user:bob", "user_confirmation", BOB_KNOWING_NAMES, "you"),
        (
            "user:carol",
            "conversation_assertive",
            BOB_KNOWING_NAMES,
            "another member of the household",
        ),
        ("token:ta", "agent", BOB_KNOWING_NAMES, "an assistant"),
        ("token:ta", "agent", ALICE, "your assistant 'openclaw'"),
        ("token:ta", "agent", ALICES_TOKEN, "you"),
        ("token:ta", "agent", BOB, "an assistant"),
        ("source:work", "calendar", ALICE, "your calendar 'work'"),
        ("source:inbox", "transactions_email", BOB, "your mailbox 'inbox'"),
        ("source:webhook", "calendar", ALICE, "the webhook"),
        ("assistant:chat", "agent", BOB, "the chat assistant"),
        ("system", "static_markdown", ALICE, "Canon"),
        # Written before principals existed: what the source type says, as before.
        (None, "conversation_assertive", ALICE, "a chat message"),
        (None, "user_confirmation", BOB, "an answer to a question"),
        (None, "manual_markdown", ALICE, "a hand edit in the workspace"),
        (None, "some_new_type", ALICE, "some new type"),
        # The owner's command line is told the ref itself.
        ("user:alice", "conversation_assertive", OWNER, "user:alice"),
        ("token:ta", "agent", OWNER, "token:ta"),
    ],
)
def test_who_made_a_write_in_words_for_each_reader(
    principal: str | None, source_type: str, viewer: Viewer, told: str
) -> None:
    assert by_words(principal, source_type, viewer) == told


@pytest.mark.parametrize(
    ("principal", "entity", "viewer", "whole"),
    [
        ("user:alice", "family:smith", ALICE, True),
        ("user:alice", "family:smith", BOB, False),
        ("token:ta", "family:smith", ALICE, True),  # her own assistant's
        ("token:ta", "family:smith", BOB, False),
        ("token:ta", "family:smith", ALICES_TOKEN, True),
        ("system", "family:smith", BOB, False),
        ("source:work", "family:smith", BOB, False),
        (None, "family:smith", BOB, False),  # nobody knows whose: nobody's but the owner's
        ("system", "user:bob", BOB, True),  # everything about Bob's own entity is his
        (None, "user:bob", BOB, True),
        ("user:alice", "family:smith", OWNER, True),
    ],
)
def test_refs_and_ids_are_shown_only_to_whoever_the_write_belongs_to(
    principal: str | None, entity: str, viewer: Viewer, whole: bool
) -> None:
    assert viewer.is_theirs(principal, entity) is whole


def _event(principal: str | None) -> EventRecord:
    return EventRecord(
        seq=1,
        event_id="0193a0a0-0000-7000-8000-000000000001",
        entity_id="family:smith",
        field="family.emma.status",
        intent="assertive",
        value="sick",
        source_type="conversation_assertive",
        source_ref="api:ta:m-1",
        event_ts=NOW,
        ingested_at=NOW,
        decision="ask_user",
        confidence=0.7,
        margin=0.1,
        reasons=(),
        evidence_text="Emma is sick today",
        corroborators=(("calendar", "calendar:evt-1"),),
        principal=principal,
    )


def test_another_members_evidence_reads_as_theirs_without_their_ids() -> None:
    view = event_view(_event("user:alice"), BOB)
    assert view["by"] == "another member of the household"
    assert view["event_id"] is None
    assert view["source"] == {"type": "conversation_assertive", "ref": None}
    assert view["corroborators"] == [{"type": "calendar", "ref": None}]
    # The value is the household's; the words it was read from are hers (a clause may say
    # much more: "Emma is sick today, and honestly ..."), never quoted to another member.
    assert view["value"] == "sick"
    assert view["evidence_text"] is None


def test_ones_own_evidence_shows_its_refs() -> None:
    view = event_view(_event("user:alice"), ALICE)
    assert view["by"] == "you"
    assert view["source"]["ref"] == "api:ta:m-1"
    assert view["event_id"] == "0193a0a0-0000-7000-8000-000000000001"


def test_a_fact_and_a_change_are_redacted_alike() -> None:
    fact = CommittedFact(
        "family:smith",
        "family.emma.status",
        "sick",
        1,
        "user_confirmation",
        "item-1",
        1.0,
        "0193a0a0-0000-7000-8000-000000000002",
        NOW,
        NOW,
        "user_confirm",
        principal="user:alice",
    )
    seen = fact_view(fact, NOW, BOB)
    assert (seen["by"], seen["source"]["ref"], seen["event_id"]) == (
        "another member of the household",
        None,
        None,
    )
    change = HistoryEntry(
        1, "family:smith", "family.emma.status", 1, None, "sick", False, fact.event_id, 1.0,
        "user_confirm", NOW, "user:alice",
    )  # fmt: skip
    assert (history_view(change, BOB)["by"], history_view(change, BOB)["event_id"]) == (
        "another member of the household",
        None,
    )
    assert history_view(change, OWNER)["event_id"] == fact.event_id


def test_why_in_chat_names_who_said_each_thing() -> None:
    """Who said each thing behind a fact; another member's word not yet a fact is theirs
    (not shown to Bob until a commit made it the household's)."""
    events = [_event("user:alice")]
    pending = texts.why_text("family.emma.status", None, events, [], NOW, BOB)
    assert "sick" not in pending, pending
    assert "another member" not in pending, pending
    committed = HistoryEntry(
        1, "family:smith", "family.emma.status", 1, None, "sick", False, events[0].event_id,
        1.0, "user_confirm", NOW, "user:alice",
    )  # fmt: skip
    bobs = texts.why_text("family.emma.status", None, events, [committed], NOW, BOB)
    assert "another member of the household said" in bobs
    assert "(the calendar agreed)" in bobs
    assert "calendar:evt-1" not in bobs
    alices = texts.why_text("family.emma.status", None, events, [], NOW, ALICE)
    assert "you said" in alices
    owners = texts.why_text("family.emma.status", None, events, [], NOW, OWNER)
    assert "(conversation_assertive + calendar calendar:evt-1)" in owners, "canon why: all"


def _question(**change: Any) -> ReviewItem:
    """A pending question about Alice's location; ``change`` says what differs."""
    return replace(
        ReviewItem(
            id="q1",
            seq=1,
            kind="change",
            event_id=None,
            entity_id="user:alice",
            field="travel.location",
            candidate_value=None,
            current_value="Tahoe",
            confidence=1.0,
            reasons=(),
            source_key="conversation_assertive:api:ta:m-1",
            status="pending",
            created_at=NOW,
            promoted_at=NOW,
            answered_at=None,
            answer=None,
            principal="user:alice",
        ),
        **change,
    )


def test_a_question_about_another_members_words_does_not_say_you_said_it() -> None:
    item = _question(
        entity_id="family:smith",
        field="family.emma.status",
        candidate_value="sick",
        current_value=None,
        confidence=0.7,
        reasons=("ambiguous wording",),
    )
    assert "\nAnother member of the household said it;" in texts.prompt_body(item, "user:bob")
    assert "\nYou said it;" in texts.prompt_body(item, "user:alice")


def _correction(kind: str, principal: str | None) -> ReviewItem:
    return _question(
        reasons=("asked to forget it",), source_key=f"command:{kind}", principal=principal
    )


@pytest.mark.parametrize(
    ("kind", "principal", "reader", "asked"),
    [
        # The reader's own command, or one logged before principals: just the question.
        ("forget", "user:alice", "user:alice", "Forget your location (Tahoe)?"),
        ("forget", None, "user:alice", "Forget your location (Tahoe)?"),
        # An agent's /v1/forget or /v1/undo is never mistaken for the user's own command.
        ("forget", "token:t1", "user:alice", "An assistant asks for this. Forget your location"),
        (
            "undo",
            "token:t1",
            "user:alice",
            "An assistant asks for this. Undo: forget your location",
        ),
        ("wrong", "token:t1", "user:alice", "An assistant says your location (Tahoe) is wrong."),
        ("wrong", "user:alice", "user:alice", "You said your location (Tahoe) is wrong."),
        # Another member's command on a value the reader sees.
        ("forget", "user:bob", "user:alice", "Another member of the household asks for this."),
    ],
)
def test_a_correction_says_who_asked_for_it_when_it_was_not_the_reader(
    kind: str, principal: str | None, reader: str, asked: str
) -> None:
    body = texts.prompt_body(_correction(kind, principal), reader)
    assert body.startswith(asked), body


@pytest.mark.parametrize(
    ("words", "principal", "source_type", "reader", "told"),
    [
        # The reader's own words and answers are theirs.
        ("you told me", "user:alice", "conversation_assertive", "user:alice", "you told me"),
        ("you confirmed it", "user:alice", "user_confirmation", "user:alice", "you confirmed it"),
        # Another member's, on the household's entity, are not "you".
        (
            "you confirmed it",
            "user:bob",
            "user_confirmation",
            "user:alice",
            "another member of the household confirmed it",
        ),
        (
            "you told me",
            "user:bob",
            "conversation_assertive",
            "user:alice",
            "another member of the household told me",
        ),
        # A delegate's answer was an assistant's.
        (
            "you confirmed it",
            "token:ta",
            "user_confirmation",
            "user:alice",
            "an assistant confirmed it",
        ),
        ("you confirmed it", "system", "user_confirmation", "user:alice", "Canon confirmed it"),
        # Words naming no one, and writes older than principals, stay as they are.
        ("from your calendar", "source:work", "calendar", "user:alice", "from your calendar"),
        ("you told me", None, "conversation_assertive", "user:alice", "you told me"),
    ],
)
def test_a_sources_words_say_you_only_to_whoever_it_was(
    words: str, principal: str | None, source_type: str, reader: str, told: str
) -> None:
    assert told_by(words, principal, source_type, reader) == told
