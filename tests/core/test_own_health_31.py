"""The user's own health told as news: Canon keeps how the family is, not how the user is,
so "I am not feeling well today" is answered kindly and told it is not kept, never with
"Nothing in that changes". Someone else's, the past, an if, a question, and "sick of"
something are not the user's health now."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.conversation.offline_replies import offline_answer
from core.conversation.own_health import NOT_KEPT_HEALTH

NOW = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "said",
    [
        "I am not feeling well today",
        "im sick",
        "feeling under the weather",
        "ugh, I've got a bad cold",
        "i'm really not feeling great today",
        "Came down with the flu, so I'm staying in",
        "I feel awful.",
    ],
)
def test_the_users_own_health_is_heard_kindly_and_said_not_kept(said: str) -> None:
    reply = offline_answer(said, [], [], NOW)
    assert reply == NOT_KEPT_HEALTH
    assert reply.startswith("Sorry you're not feeling well")
    assert "don't keep track of your own health" in reply


@pytest.mark.parametrize(
    "said",
    [
        "my son is not feeling well today",
        "i was sick last week",
        "if i'm sick tomorrow i'll cancel",
        "are you feeling well?",
        "i'm sick of this weather",
        "the dog has a cold",
    ],
)
def test_someone_elses_the_past_an_if_or_sick_of_is_not_the_users_health(said: str) -> None:
    assert offline_answer(said, [], [], NOW) != NOT_KEPT_HEALTH
