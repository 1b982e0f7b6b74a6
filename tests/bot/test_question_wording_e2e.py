"""Questions in plain words, end to end over the Bot API double.

Evidence of every kind of field reaches Alice as a question a person would ask:
no dotted field names, no underscores, no confidence arithmetic. And the reply to
a message never contradicts the question that follows it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import make_observation
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(60)

NOW = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)

# (field, proposed value, source of the evidence, the question Alice sees)
WORDING: list[tuple[str, Any, str, str]] = [
    ("travel.status", "in_progress", "calendar", "Is your trip under way?"),
    ("travel.status", "completed", "calendar", "Is your trip over?"),
    ("travel.location", "Tahoe", "calendar", "Are you in Tahoe?"),
    ("travel.destination", "Tahoe", "calendar", "Tahoe"),
    ("travel.depart_date", "2026-11-28", "calendar", "Saturday, November 28"),
    ("profile.home_city", "Seattle", "conversation_assertive", "Do you live in Seattle?"),
    ("profile.employer", "Acme", "conversation_assertive", "Do you work for Acme?"),
    ("family.emma.status", "sick", "email", "Is Emma sick"),
    ("project.website.status", "shipped", "email", "Has Website shipped?"),
    ("financial.rent.status", "paid", "email", "Did you pay"),
    ("financial.rent.amount", 2100, "email", "2,100"),
]


@pytest.mark.parametrize(
    ("field", "value", "source", "expected"), WORDING, ids=[f"{w[0]}={w[1]}" for w in WORDING]
)
async def test_each_kind_of_field_is_asked_in_plain_words(
    tg: FakeTelegram, start_bot: StartBot, field: str, value: Any, source: str, expected: str
) -> None:
    runner = await start_bot(clock=lambda: NOW)
    assert runner.chat is not None
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    out = await runner.chat.engine.ingest(
        make_observation(field, value, source=source, at=NOW), now=NOW
    )
    assert out.review_item_id is not None, "the evidence must become a question"
    await runner.chat.sweep()
    prompt = await tg.prompt(ALICE)
    assert expected in prompt.text
    question = prompt.text.splitlines()[0]
    assert question.endswith("?"), prompt.text
    assert not re.search(r"\b[a-z]+\.[a-z_]+\b", prompt.text), "no internal field names"
    assert "_" not in prompt.text
    assert "confidence" not in prompt.text
    assert "×" not in prompt.text


@pytest.mark.parametrize(
    "message",
    [
        "I live in Seattle now",  # a fact that needs the user's word
        "I'm in Tahoe now, I think",  # a hedged claim
        "I paid rent $2100 today",  # several related changes
    ],
)
async def test_the_reply_to_a_message_never_contradicts_the_question_after_it(
    tg: FakeTelegram, start_bot: StartBot, message: str
) -> None:
    await start_bot()
    await tg.say(ALICE, "I'm in Portland", expect="Noted")
    sent = tg.user_says(ALICE, message)
    prompt = await tg.prompt(ALICE)
    replies = [m.text for m in tg.bot_messages(ALICE) if sent < m.message_id < prompt.message_id]
    for text in replies:
        assert "not a fact" not in text, replies
        assert "doesn't change" not in text, replies
        assert "nothing changed" not in text, replies


@pytest.mark.parametrize(
    ("message", "asked"),
    [
        ("I need to return the Amazon package by Friday", "Is the Amazon return due Friday, "),
        ("the electric bill is due friday", "Is the electric bill due Friday, "),
        ("rent is due on the 1st", "Is the rent due "),
    ],
)
async def test_an_errand_is_asked_with_its_day(
    tg: FakeTelegram, start_bot: StartBot, message: str, asked: str
) -> None:
    """An errand or a bill and its deadline are one question, named as people name
    them: "Is the Amazon return due Friday, December 4?", never "Is amazon return due?".
    On the wall clock: in December "the 1st" is next year's, and says its year."""
    await start_bot(policy=default_policy())  # a new store asks before it takes
    tg.user_says(ALICE, message)
    prompt = await tg.prompt(ALICE, "due")
    question = prompt.text.splitlines()[0]
    assert question.startswith(asked), question
    assert re.fullmatch(r".* due (on )?\w+day, \w+ \d{1,2}(, \d{4})?\?", question), question
