"""A yes typed as people type it, and the remark that often follows it.

"yea", "yesss" and "ya" answer the open question as the Yes button would; "yea before we
leave, window is the 10th tho" is a yes and a remark; "yeah no", "yes but it's the 10th"
and "yeah actually we got back" are not a yes at all. A remark with news is heard as a
message of its own after the yes; a remark about the question's own subject makes the
whole message news ("yeah we're home now" under "Do you live in Seattle?" is no answer).
"""

from __future__ import annotations

import pytest
from chat_harness import ALICE, Conversation

from core.conversation.typed_replies import TypedReply, typed_answer, typed_reply

SEATTLE = "I live in Seattle now"
ASKED = "Do you live in Seattle?"


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        # Drawn out, clipped, or with a thumbs-up: a yes.
        ("yea", TypedReply("confirm")),
        ("yesss", TypedReply("confirm")),
        ("Yess!!", TypedReply("confirm")),
        ("yeh", TypedReply("confirm")),
        ("ya", TypedReply("confirm")),
        ("yupp", TypedReply("confirm")),
        ("uh huh", TypedReply("confirm")),
        ("of course", TypedReply("confirm")),
        ("kk", TypedReply("confirm")),
        # ... and a no.
        ("noooo", TypedReply("reject")),
        ("nahh", TypedReply("reject")),
        ("nop", TypedReply("reject")),
        ("yeah no", TypedReply("reject")),
        ("Yeah, no.", TypedReply("reject")),
        ("not at all", TypedReply("reject")),
        # A yes and a remark.
        (
            "yea before we leave, window is the 10th tho",
            TypedReply("confirm", "before we leave, window is the 10th tho"),
        ),
        ("ya closed for snow", TypedReply("confirm", "closed for snow")),
        ("yup, thx", TypedReply("confirm", "thx")),
        ("Yes! and the kids are with us", TypedReply("confirm", "and the kids are with us")),
        ("correct - moved in last week", TypedReply("confirm", "moved in last week")),
        ("👍 all good", TypedReply("confirm", "all good")),
        # A yes taken back, hedged or asked: no answer.
        ("yes but it's the 10th", None),
        ("yeah actually we got back last night", None),
        ("yes? what do you mean", None),
        ("yeah i think so", None),
        ("ya know what, never mind", None),
        # Discourse words and words that merely begin with y: no answer.
        ("ok so the flight moved to tuesday", None),
        ("right, about the return", None),
        ("sure thing but later", None),
        ("yesterday we got back", None),
        ("yellowstone next week", None),
        ("no, it's the 10th", None),
    ],
)
def test_what_a_typed_reply_answers(text: str, reply: TypedReply | None) -> None:
    assert typed_reply(text) == reply
    if reply is not None and not reply.remark:
        assert typed_answer(text) == reply.action


async def test_a_yes_and_a_remark_without_news_answers_and_says_nothing_more(
    talk: Conversation,
) -> None:
    await talk.say(ALICE, SEATTLE)
    assert await talk.say(ALICE, "yea thx!") == [f"{ASKED}\n✅ Confirmed"]
    fact = await talk.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"


async def test_a_yes_and_a_remark_with_news_answers_then_hears_the_news(
    talk: Conversation,
) -> None:
    await talk.say(ALICE, SEATTLE)
    replies = await talk.say(ALICE, "yep, and we're planning a trip to Tahoe")
    assert replies == [
        f"{ASKED}\n✅ Confirmed",
        "Sounds like a plan, not a fact — I'll keep it as planned.",
    ]
    fact = await talk.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"
    trip = await talk.engine.store.fact("user:primary", "travel.destination")
    assert trip is not None
    assert trip.value == "Tahoe"


async def test_a_yes_whose_remark_tells_of_the_questions_subject_is_news_not_an_answer(
    talk: Conversation,
) -> None:
    await talk.say(ALICE, SEATTLE)
    await talk.say(ALICE, "yeah we just moved to Portland")
    assert await talk.engine.store.fact("user:primary", "profile.home_city") is None
