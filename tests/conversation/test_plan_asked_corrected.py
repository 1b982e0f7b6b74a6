"""A plan of her own still asked is corrected as a plan held, through the real chat.

A new user (Canon still calibrating) tells her trip; it is asked ("Is all of this
right? ... Do you leave on Sunday, December 6?") and nothing is committed. Her next
message corrects the day: before, "actually we leave saturday" got "I'm not sure what you
mean" (the day to leave was read only against a committed plan). Now her open questions
of her own word are her plan: the new day is asked, the old one closed, one prompt at a
time. A bare "no" is still a No; a leading "no"/"sorry"/"wait" before a correction is not.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chat_harness import ALICE, Clock, OpenConversation

from core.domain.policy import default_policy

pytestmark = pytest.mark.asyncio

TOLD = "salut! so next sunday we leave for tahoe with the kids, back on the 13th"
WEDNESDAY = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)
DEPART = "travel.depart_date"


async def _asked_then(open_conversation: OpenConversation, text: str) -> tuple[list[str], dict]:
    talk = await open_conversation(clock=Clock(WEDNESDAY), policy=default_policy())
    first = await talk.say(ALICE, TOLD)
    assert "Do you leave on Sunday, December 6?" in first[-1], first
    replies = await talk.say(ALICE, text)
    items = await talk.store.open_review_items(["user:primary"])
    asked = {i.field: i.candidate_value for i in items}
    assert len(asked) == len(items), items  # one question a field
    # Her Yes to each question in turn keeps what she said last.
    while talk.messenger.prompts(ALICE) and await talk.store.open_review_items(["user:primary"]):
        await talk.tap(ALICE, "Yes")
    facts = {f.field: f.value for f in await talk.store.facts("user:primary")}
    return replies, {"asked": asked, "facts": facts}


@pytest.mark.parametrize("open_conversation", ["sqlite"], indirect=True)
@pytest.mark.parametrize(
    ("text", "day", "back"),
    [
        ("actually we leave saturday", "2026-12-05", "2026-12-13"),
        ("sorry, we're leaving on saturday now", "2026-12-05", "2026-12-13"),
        ("no we leave this saturday the 5, back on the 13", "2026-12-05", "2026-12-13"),
        ("wait, we leave on the 7th", "2026-12-07", "2026-12-13"),
        ("nope, heading up saturday instead", "2026-12-05", "2026-12-13"),
        ("we leave saturday the 5 actually", "2026-12-05", "2026-12-13"),
        # The day back corrects the same way.
        ("sorry, back the 14th instead", "2026-12-06", "2026-12-14"),
        ("wait, we're coming home on the 12", "2026-12-06", "2026-12-12"),
        # Not her plan: someone else's, a question, a hedge. The days asked stay.
        ("my sister leaves saturday", "2026-12-06", "2026-12-13"),
        ("should we leave saturday?", "2026-12-06", "2026-12-13"),
        ("we might leave saturday", "2026-12-06", "2026-12-13"),
    ],
)
async def test_a_correction_of_a_plan_still_asked_is_asked(
    open_conversation: OpenConversation, text: str, day: str, back: str
) -> None:
    replies, read = await _asked_then(open_conversation, text)
    if (day, back) != ("2026-12-06", "2026-12-13"):  # a correction is understood
        assert not any("not sure what you mean" in r for r in replies), replies
    assert read["asked"][DEPART] == day, read
    assert read["facts"][DEPART] == day, read
    assert read["asked"]["travel.return_date"] == back, read
    assert read["facts"]["travel.return_date"] == back, read


@pytest.mark.parametrize("open_conversation", ["sqlite"], indirect=True)
async def test_a_bare_no_is_still_a_no(open_conversation: OpenConversation) -> None:
    """A bare "no" is a No, never a correction: to a question of several parts it asks
    which part is wrong (``wrong_parts``), and "All of it" rejects every one."""
    talk = await open_conversation(clock=Clock(WEDNESDAY), policy=default_policy())
    await talk.say(ALICE, TOLD)
    replies = await talk.say(ALICE, "no")
    assert any("Which part is wrong?" in r for r in replies), replies
    await talk.tap(ALICE, "All of it")
    assert await talk.store.open_review_items(["user:primary"]) == []
    assert await talk.store.facts("user:primary") == []
