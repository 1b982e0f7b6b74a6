"""A wrong query parameter is refused with a sentence a person reads, as a dead letter's
reason is (``core.domain.error_sentences``), and the validator's own words beside it.

Before: ``GET /v1/state?entity=User:Alice`` answered 422 with "entity: 'User:Alice' does
not match '^(user|family|team):[a-z0-9._-]+$'": Python's repr of the value and the
schema's regular expression. Now ``detail`` says which parameter, what was wrong and
what to do, and ``errors`` keeps the raw detail for whoever debugs it. Through the API's
test server on a real SQLite store; every response is checked against its schema there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from api_harness import running_api
from test_dead_letter_reasons_api import REPR_MARKS

CASES = [  # path, query, the sentence of detail, what of the raw detail errors keeps
    (
        "/v1/state",
        {"entity": "User:Alice"},
        "The query parameter entity is not an entity in lower case, like user:alice or "
        'family:smith ("User:Alice"): correct it.',
        "'User:Alice' does not match '^(user|family|team)",
    ),
    (
        "/v1/questions",
        {"entity": "user:" + "a" * 130},
        f'The query parameter entity is too long ("user:{"a" * 55}…", 135 characters): correct it.',
        "(135 characters) is too long",
    ),
    (
        "/v1/why",
        {"field": "Travel..Location"},
        "The query parameter field is not a field name like travel.location "
        '("Travel..Location"): correct it.',
        "'Travel..Location' does not match",
    ),
    (
        "/v1/context",
        {"max_tokens": "10"},
        "The query parameter max_tokens must be at least 50, not 10: correct it.",
        "10 is less than the minimum of 50",
    ),
    (
        "/v1/context",
        {"max_tokens": "100001"},
        "The query parameter max_tokens must be at most 100000, not 100001: correct it.",
        "100001 is greater than the maximum of 100000",
    ),
]


@pytest.mark.parametrize(("path", "query", "sentence", "raw"), CASES)
async def test_a_wrong_query_value_is_a_sentence_and_its_errors_the_raw_detail(
    tmp_path: Path, path: str, query: dict[str, str], sentence: str, raw: str
) -> None:
    async with running_api(tmp_path) as api:
        got = await api.call("user:alice", "GET", path, params=query)

    assert got.status == 422, got.body
    assert got.body["type"].endswith("/invalid-query")
    assert got.body["detail"] == sentence
    assert not any(mark in got.body["detail"] for mark in REPR_MARKS), got.body
    [name] = query
    [kept] = got.body["errors"]
    assert kept.startswith(f"{name}: "), kept
    assert raw in kept, kept
