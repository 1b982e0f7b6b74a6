"""A no typed with the right value after it: the open question's Edit.

"no, portland" under "Do you live in Seattle?" and "no, its due the 12th actually" under
"Is the pge bill due ...?" give the value the question got wrong; "no worries", a no
followed by a story, or by news of something else, is no Edit.
"""

from __future__ import annotations

import pytest
from chat_harness import ALICE, Conversation

from core.conversation.typed_correction import no_then

SEATTLE = "I live in Seattle now"


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("no, portland", "portland"),
        ("No its due the 12th actually", "its due the 12th actually"),
        ("nope - friday", "friday"),
        ("nah the 12th", "the 12th"),
        ("not quite, 480", "480"),
        ("wrong: dec 12", "dec 12"),
        ("no", None),
        ("no worries", None),
        ("no idea tbh", None),
        ("not sure yet", None),
        ("nothing to report", None),
        ("november 12", None),
    ],
)
def test_what_follows_a_typed_no(text: str, rest: str | None) -> None:
    assert no_then(text) == rest


async def test_a_no_and_a_known_place_is_the_questions_edit(talk: Conversation) -> None:
    await talk.say(ALICE, SEATTLE)
    await talk.say(ALICE, "no, portland")
    fact = await talk.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Portland"


@pytest.mark.parametrize(
    "text",
    [
        "no we're not moving anywhere",  # a no and a story: no place named
        "no worries",
        "no, we leave for tahoe on the 12th",  # news of a trip, not the home city
    ],
)
async def test_a_no_and_no_value_of_the_question_is_no_edit(talk: Conversation, text: str) -> None:
    await talk.say(ALICE, SEATTLE)
    await talk.say(ALICE, text)
    assert await talk.engine.store.fact("user:primary", "profile.home_city") is None


async def test_a_no_and_the_right_day_is_the_due_dates_edit(talk: Conversation) -> None:
    """The day is a part of "Is the pge bill due ...?" (its status beside it): changed, and
    the question asked again with the rest, as the Edit button's part would be."""
    await talk.say(ALICE, "need to pay the pge bill by the 15th")
    replies = await talk.say(ALICE, "no, its due the 12th actually")
    assert replies[0].endswith("✏️ Changed to Thursday, March 12: I ask it again with the rest")
    assert replies[1].startswith("Is the pge bill due Thursday, March 12?")
    assert await talk.say(ALICE, "yes") == [f"{replies[1].splitlines()[0]}\n✅ Confirmed"]
    facts = {f.field: f.value for f in await talk.engine.store.facts("user:primary")}
    assert facts["financial.pge_bill.due_date"] == "2026-03-12"
