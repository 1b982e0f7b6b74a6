"""A "we" trip in a household of two users, through the real bot (the strict Bot API
double, Alice's chat told as a ``story_chat.Story``, Bob in his own).

Alice plans Tahoe ("we leave for tahoe sunday, back the 6th"). Before: Bob's "trip's
off, we're staying home" asked Bob "Is your trip off?" of a trip he never had, and
Alice's stayed planned without her hearing a word; his "we're in tahoe now" left hers
untouched. Now his "we" about the trip she holds is one question in her chat, naming
him; her Yes ends (or starts) her trip, her No keeps it, his word alone never does, and
Bob's entity gains no phantom trip. What "we" says of no trip of hers crosses nothing
(the full table: ``tests/conversation/test_our_trip_words.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from chatkit import ALICE, BOB, quiet
from fakes.telegram_api import ChatMessage, FakeTelegram
from story_chat import Story
from test_household_users_e2e import HOUSEHOLD

pytestmark = pytest.mark.timeout(120)


async def _alice_plans_tahoe(story: Story, start_bot: Any) -> None:
    await story.start(start_bot)
    await story.hears("my name is Alice")
    await story.yes("Is your name Alice?")
    await story.hears("we leave for tahoe sunday, back the 6th")
    await story.yes_to_all()
    assert await _trip(story, "user:alice") == {
        "travel.status": "planning",
        "travel.destination": "Tahoe",
        "travel.depart_date": "2026-11-29",
        "travel.return_date": "2026-12-06",
    }
    story.later(hours=2)


async def _trip(story: Story, entity: str) -> dict[str, Any]:
    facts = await story.engine.store.facts(entity)
    return {f.field: f.value for f in facts if f.field.startswith("travel.")}


async def _bob_says(story: Story, text: str, expect: str) -> ChatMessage:
    said = story.tg.user_says(BOB, text, date=int(story.now.timestamp()))
    return await story.tg.reply_after(BOB, said, expect)


@pytest.mark.parametrize(
    "words",
    ["trip's off, we're staying home", "we cancelled tahoe", "tahoe is off for us"],
)
async def test_bobs_we_calling_off_alices_trip_is_asked_of_her_and_her_yes_ends_it(
    tg: FakeTelegram, start_bot: Any, words: str
) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    await _alice_plans_tahoe(story, start_bot)
    planned = await _trip(story, "user:alice")

    await _bob_says(story, words, "I'll ask Alice to confirm it.")
    asked = await tg.prompt(ALICE, "Bob says your Tahoe trip is off — is that right?")
    assert "Only you can confirm what others say of you." in asked.text
    assert await _trip(story, "user:alice") == planned  # not on his word
    assert tg.open_prompts(BOB) == []  # nothing of it is Bob's to answer
    assert await _trip(story, "user:bob") == {}  # no phantom trip of his
    assert await story.engine.store.open_review_items(["user:bob"]) == []

    await story.yes("Bob says your Tahoe trip is off")
    assert (await _trip(story, "user:alice"))["travel.status"] == "cancelled"
    said, answered = (await story.engine.store.events_for("user:alice", "travel.status"))[-2:]
    assert (said.principal, answered.principal) == ("user:bob", "user:alice")
    why = await story.hears("/why travel.status", "Your trip")
    assert 'Bob said "' in why.text
    assert "you confirmed: off" in why.text


async def test_alices_no_keeps_her_trip(tg: FakeTelegram, start_bot: Any) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    await _alice_plans_tahoe(story, start_bot)
    planned = await _trip(story, "user:alice")

    await _bob_says(story, "we called off the trip", "I'll ask Alice to confirm it.")
    await story.tap("Bob says your Tahoe trip is off — is that right?", "No")

    assert await _trip(story, "user:alice") == planned
    assert await _trip(story, "user:bob") == {}
    assert await story.engine.store.open_review_items(["user:alice", "user:bob"]) == []


@pytest.mark.parametrize(
    ("words", "days", "question"),
    [
        ("we made it to tahoe!!", 4, "Bob says you're in Tahoe — is that right?"),
        # Days before the plan's: there early, and the day she left is his word too.
        (
            "we're in tahoe now",
            0,
            "Bob says you're in Tahoe and you left on Wednesday, November 25 — is that right?",
        ),
    ],
)
async def test_bobs_we_there_is_asked_of_her_and_stays_his_own(
    tg: FakeTelegram, start_bot: Any, words: str, days: int, question: str
) -> None:
    """ "we're in tahoe now": Bob says where he is (his own word, his own fact) and where
    Alice is (asked of her); her Yes puts her trip under way."""
    story = Story(tg, settings=HOUSEHOLD)
    await _alice_plans_tahoe(story, start_bot)
    story.later(days=days)

    await _bob_says(story, words, "I'll ask Alice to confirm it.")
    assert (await _trip(story, "user:bob")).get("travel.location") == "Tahoe"
    assert (await _trip(story, "user:alice"))["travel.status"] == "planning"
    await story.yes(question)

    held = await _trip(story, "user:alice")
    assert (held["travel.status"], held["travel.location"]) == ("in_progress", "Tahoe")
    fact = await story.engine.store.fact("user:alice", "travel.location")
    assert fact is not None
    assert fact.principal == "user:alice"


async def test_alices_we_about_bobs_trip_is_asked_of_bob(tg: FakeTelegram, start_bot: Any) -> None:
    """The other direction: Bob holds the plan; Alice's "we cancelled tahoe" is his to
    confirm, in his chat, and Alice gains no cancelled trip."""
    story = Story(tg, settings=HOUSEHOLD)
    await story.start(start_bot)
    await story.hears("my name is Alice")
    await story.yes("Is your name Alice?")
    await _bob_says(story, "we leave for tahoe sunday, back the 6th", "")
    await quiet(tg, story.runner, BOB)  # type: ignore[arg-type]
    for prompt in tg.open_prompts(BOB):
        await tg.tap(BOB, prompt, "Yes")
        await tg.settled(prompt)
    assert (await _trip(story, "user:bob"))["travel.status"] == "planning"
    story.later(hours=1)

    await story.hears("trip's off, we're staying home", "I'll ask Bob to confirm it.")
    his = await tg.prompt(BOB, "Alice says your Tahoe trip is off — is that right?")
    assert await _trip(story, "user:alice") == {}
    assert (await _trip(story, "user:bob"))["travel.status"] == "planning"
    await tg.tap(BOB, his, "Yes")
    await tg.settled(his)
    assert (await _trip(story, "user:bob"))["travel.status"] == "cancelled"


@pytest.mark.parametrize(
    "words", ["are we still going?", "if it snows we're staying home", "we cancelled denver"]
)
async def test_what_is_no_news_of_her_trip_reaches_nobody(
    tg: FakeTelegram, start_bot: Any, words: str
) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    await _alice_plans_tahoe(story, start_bot)
    planned = await _trip(story, "user:alice")

    await _bob_says(story, words, "")
    await quiet(tg, story.runner, BOB)  # type: ignore[arg-type]
    await story.quiet()

    assert tg.open_prompts(ALICE) == []
    assert "Bob says" not in "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert await _trip(story, "user:alice") == planned
