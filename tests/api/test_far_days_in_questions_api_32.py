"""A question asked through the HTTP API names a day's year when it is next year's or far
(``phrasing_values.needs_year``, the renderer of ``tests/core/test_far_days_show_their_year_32.py``):
before, the API made a question's text without the reader's today, so it never showed a
year. The context block's ISO days carry theirs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from api_harness import ALICE, Api, running_api

NOW = datetime(2026, 12, 28, 17, 0, tzinfo=UTC)
"""Monday 28 December 2026: early January is next year's."""


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path, now=NOW) as api:
        yield api


@pytest.mark.parametrize(
    ("first", "then", "question"),
    [
        (
            "December 30",
            "January 3",
            "Do you leave on Sunday, January 3, 2027?\nYou said it just now; until now: "
            "Wednesday, December 30.",
        ),
        (
            "January 3",
            "2027-12-04",
            "Do you leave on Saturday, December 4, 2027?\nYou said it just now; until now: "
            "Sunday, January 3, 2027.",
        ),
    ],
)
async def test_a_question_and_the_context_block_name_the_year(
    api: Api, first: str, then: str, question: str
) -> None:
    """Said on December 28: the day held and the day asked, each with its year when it
    is next year's; the context block's ISO days carry theirs."""
    for text in (f"I'm flying to Denver on {first}", f"I'm flying to Denver on {then}"):
        posted = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": text})
        assert posted.status == 200, posted.body
    listed = await api.call(ALICE, "GET", "/v1/questions")
    assert [q["question"] for q in listed.body["questions"]] == [question]
    context = (await api.call(ALICE, "GET", "/v1/context")).body["text"]
    assert "2027-01-03" in context, context  # held or proposed, the ISO day has its year
