"""A body that breaks its schema is refused with a sentence a person reads, as a query
parameter and a dead letter are (``core.domain.error_sentences``), and the validator's
own words beside it.

Before: ``POST /v1/messages`` with a field it does not take answered 422 with "$:
Additional properties are not allowed ('principal' was unexpected)" (a JSON path and
Python's repr), and the refused body went to the dead-letter queue with those words as
its reason, which the chat's question and alert then said as they were. Now ``detail``
says which field, what was wrong and what to do; ``errors`` keeps the raw detail; the
letter's ``errors`` keep it too and its ``reasons`` say it in words, naming the route.
Through the API's test server on a real SQLite store; every response is checked against
its schema there (``Problem`` in schemas/http_api.schema.json). A body with no
entity in it is kept as the owner's (``GET /v1/dead-letters`` lists letters by the entity
their payload names).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_harness import running_api
from test_dead_letter_reasons_api import REPR_MARKS

from core.conversation.views import dead_letter_view

QUESTION = "/v1/questions/01a22b91-7f88-75a2-a8b0-69b1b2661771/answer"
CASES = [  # path, body, the status and kind, the sentence of detail, what errors keeps raw
    (
        "/v1/messages",
        {"text": "I'm in Reno", "principal": "user:alice"},
        (422, "invalid-body"),
        'The payload has a field Canon does not take, "principal": remove it.',
        "('principal' was unexpected)",
    ),
    (
        "/v1/messages",
        {"text": 7},
        (422, "invalid-body"),
        "The field text should be text, not 7: correct it.",
        "7 is not of type 'string'",
    ),
    (
        "/v1/messages",
        {"text": "I'm in Reno", "at": "yesterday"},
        (422, "invalid-body"),
        'The field at is not a valid date and time ("yesterday"): write it as RFC 3339, '
        "like 2026-12-01T09:30:00Z.",
        "'yesterday' is not a 'date-time'",
    ),
    (
        "/v1/messages",
        {"text": "x" * 10_001},
        (422, "text-too-long"),
        "The field text is 10,001 characters long, more than the 10,000 a message may hold: "
        "send it shorter.",
        "$.text: 10,001 characters",
    ),
    (
        "/v1/messages",
        {"text": "I'm in \x00 Reno"},
        (422, "unreadable-text"),
        "The field text holds control character U+0000 at offset 7, which is not text: remove it.",
        "$.text: control character U+0000",
    ),
    (
        QUESTION,
        {"answer": "maybe"},
        (422, "invalid-body"),
        'The field answer cannot be "maybe": use one of yes, no, edit.',
        "'maybe' is not one of",
    ),
    (
        "/v1/forget",
        {},
        (422, "invalid-body"),
        "The field field is missing: add it.",
        "'field' is a required property",
    ),
]


@pytest.mark.parametrize(("path", "body", "status", "sentence", "raw"), CASES)
async def test_a_refused_body_is_a_sentence_and_its_errors_the_raw_detail(
    tmp_path: Path,
    path: str,
    body: dict[str, Any],
    status: tuple[int, str],
    sentence: str,
    raw: str,
) -> None:
    async with running_api(tmp_path) as api:
        got = await api.call("user:alice", "POST", path, json_body=body)
        assert (got.status, got.body["type"].rsplit("/", 1)[1]) == status, got.body
        assert got.body["detail"] == sentence
        assert not any(mark in got.body["detail"] for mark in REPR_MARKS), got.body
        assert any(raw in e for e in got.body["errors"]), got.body
        assert await api.engine.store.facts("user:alice") == []


async def test_a_refused_bodys_letter_keeps_the_raw_words_and_says_them_as_a_sentence(
    tmp_path: Path,
) -> None:
    """A write's refused body is kept as its writer's dead letter: its ``errors`` the raw
    detail with the route, its ``reasons`` the sentence the 422 said, and the route."""
    async with running_api(tmp_path) as api:
        body = {"text": "I'm in Reno", "principal": "user:alice"}
        refused = await api.call("user:alice", "POST", "/v1/messages", json_body=body)
        assert refused.status == 422
        [kept] = await api.engine.store.dead_letters()

    assert kept.principal == "user:alice"
    letter = dead_letter_view(kept)  # as the owner reads it (``canon dlq``, the chat)
    assert letter["errors"] == [
        "POST /v1/messages: 422 $: Additional properties are not allowed ('principal' was "
        "unexpected)"
    ]
    assert letter["reasons"] == [
        "POST /v1/messages refused the body: the payload has a field Canon does not take, "
        '"principal": remove it.'
    ]
