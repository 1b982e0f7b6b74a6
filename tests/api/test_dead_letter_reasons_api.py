"""A dead letter says why in a sentence: which field, what was wrong, what to do.

Before, ``GET /v1/dead-letters`` and the chat's dead-letter question gave the validators'
own words, Python's repr of the value and the schema's regular expression included
("$.candidate_value: {'city': 'Reno'} is not valid under any of the given schemas",
"$.entity_id: 'User:Alice' does not match '^(user|family|team):[a-z0-9._-]+$(?!\\\\n)'").
Now each letter's ``reasons`` say it in words, and ``errors`` keep the raw detail
(``canon dlq`` shows it too). Posted through the API's test server on a real SQLite store;
the chat's side is ``tests/bot/test_dead_letters_e2e.py``.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from api_harness import running_api
from canon_testing import NOW, make_observation

GOOD = make_observation("travel.location", "Reno", at=NOW - timedelta(minutes=1))


def _without(key: str) -> dict[str, Any]:
    return {k: v for k, v in GOOD.items() if k != key}


CASES = [  # the payload, the sentence its letter gives, what of the raw detail is kept
    (
        {**GOOD, "event_ts": "yesterday"},
        'The field event_ts is not a valid date and time ("yesterday"): write it as '
        "RFC 3339, like 2026-12-01T09:30:00Z.",
        "'yesterday' is not a 'date-time'",
    ),
    (
        {**GOOD, "candidate_value": {"city": "Reno"}},
        'The field candidate_value holds a kind of value it cannot take ({"city": "Reno"}): '
        "send one text, number, true or false, or null.",
        "{'city': 'Reno'}",
    ),
    (
        {**GOOD, "extra": 1},
        'The payload has a field Canon does not take, "extra": remove it.',
        "('extra' was unexpected)",
    ),
    (
        _without("field"),
        "The field field is missing: add it.",
        "'field' is a required property",
    ),
    (
        {**GOOD, "intent": "maybe"},
        'The field intent cannot be "maybe": use one of assertive, planning, hypothetical, '
        "historical, retract.",
        "'maybe' is not one of",
    ),
    (
        {**GOOD, "intent": 7},
        "The field intent should be text, not 7: correct it.",
        "7 is not of type 'string'",
    ),
]
REPR_MARKS = ("{'", "': ", " '", "'$", "(?!", "ValidationError", "$.")


@pytest.mark.parametrize(("payload", "sentence", "raw"), CASES)
async def test_a_letters_reason_is_a_sentence_and_its_errors_the_raw_detail(
    tmp_path: Path, payload: dict[str, Any], sentence: str, raw: str
) -> None:
    async with running_api(tmp_path) as api:
        posted = await api.call(
            "user:primary", "POST", "/v1/observations", json_body={"observations": [payload]}
        )
        assert posted.status == 200, posted.body
        assert [r["decision"] for r in posted.body["results"]] == ["invalid"]

        listed = await api.call("user:primary", "GET", "/v1/dead-letters")

    [letter] = listed.body["dead_letters"]
    assert letter["reasons"][0] == sentence
    assert not any(mark in r for r in letter["reasons"] for mark in REPR_MARKS), letter
    assert raw in letter["errors"][0]  # the raw detail, kept for whoever debugs it
    assert len(letter["reasons"]) == len(letter["errors"])


async def test_another_members_letter_shows_neither_errors_nor_reasons(tmp_path: Path) -> None:
    """The sentences quote the payload as the errors do: another member's stay theirs."""
    async with running_api(tmp_path) as api:
        bad = {**GOOD, "entity_id": "user:alice", "event_ts": "yesterday"}
        posted = await api.call(
            "user:alice", "POST", "/v1/observations", json_body={"observations": [bad]}
        )
        assert posted.status == 200, posted.body
        mine = await api.call("user:alice", "GET", "/v1/dead-letters")
        bobs = await api.call("user:bob", "GET", "/v1/dead-letters")

    [letter] = mine.body["dead_letters"]
    assert letter["reasons"]
    assert letter["errors"]
    assert bobs.body["dead_letters"] == []  # about Alice's own entity: out of Bob's reach
