""" "dunno", "not sure", "idk" under an open question: the user does not know. It is no
value to read and no "I'm not sure what you mean": the belief stays tentative, the question
stays open, and the user is told so."""

from __future__ import annotations

import pytest
from chat_harness import ALICE, Conversation

from core.conversation import texts
from core.conversation.typed_replies import typed_answer, typed_unsure

PLAN = "planning a trip to tahoe, leaving friday i think"


@pytest.mark.parametrize(
    ("text", "unsure"),
    [
        ("dunno", True),
        ("Dunno!", True),
        ("not sure", True),
        ("not sure yet", True),
        ("idk", True),
        ("idk lol", True),
        ("i dont know", True),
        ("I don't know yet", True),
        ("no idea", True),
        ("haven't decided", True),
        # A value, an answer or news is not "I don't know".
        ("friday", False),
        ("no", False),
        ("not sure it's friday, maybe saturday", False),
        ("i don't know why the flight moved", False),
        ("idaho next week", False),
    ],
)
def test_what_reads_as_i_dont_know(text: str, unsure: bool) -> None:
    assert typed_unsure(text) is unsure
    if unsure:
        assert typed_answer(text) is None, "never a yes or a no"


async def test_dunno_under_the_departure_question_leaves_it_open(talk: Conversation) -> None:
    [asked] = await talk.say(ALICE, PLAN)
    assert "Do you leave on Friday" in asked
    assert await talk.say(ALICE, "dunno") == [texts.UNSURE_LEFT_OPEN]
    assert await talk.engine.store.fact("user:primary", "travel.depart_date") is None
    # Still open: a later Yes answers it.
    [answered] = await talk.say(ALICE, "yes")
    assert answered.endswith("✅ Confirmed")
    assert await talk.engine.store.fact("user:primary", "travel.depart_date") is not None
