"""The question about state asked beside news (``question_aside``): the clause that asks,
in any voice; news alone, a question alone, and news that only sounds like a question
(reported speech, "can you believe…", "i wonder…") have none."""

from __future__ import annotations

import pytest

from core.conversation.offline_replies import question_aside


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("maya is sick today, where is tom?", "where is tom?"),
        ("just paid the pge bill. anything else due this week?", "anything else due this week?"),
        ("we are in tahoe! where am i", "where am i"),
        ("i paid rent. is the gym paid?", "is the gym paid?"),
        ("is the gym paid? i paid rent", "is the gym paid?"),
        ("we got home, how is maya doing", "how is maya doing"),
        ("ok so the car is fixed\nwhats on this week", "whats on this week"),
    ],
)
def test_the_clause_that_asks(text: str, asked: str) -> None:
    assert question_aside(text) == asked


@pytest.mark.parametrize(
    "text",
    [
        "maya is sick",
        "where is tom?",  # the whole message: answered as it always was
        "guess what, we are in tahoe",
        "can you believe maya is sick again?",
        "i wonder where tom is. anyway we are home",
        "tom asked me where is the car, its at home",
        "maya is sick today where is tom",  # no clause break: one clause, news
    ],
)
def test_no_question_beside_the_news(text: str) -> None:
    assert question_aside(text) is None
