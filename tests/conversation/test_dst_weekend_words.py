"""The user's day across the spring DST change (attack28, held): Alice lives in Portland
(Los Angeles time), the server runs on UTC, and she talks late on Saturday 13 March 2027,
the night the clocks go forward, and just after midnight. "tomorrow", "sunday" and
"monday" are her days, never UTC's (at 23:30 on Saturday it is already Sunday 07:30 UTC).
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from chat_harness import ALICE, Conversation, OpenConversation

LA = ZoneInfo("America/Los_Angeles")
SATURDAY_LATE = datetime(2027, 3, 13, 23, 30, tzinfo=LA)
SUNDAY_EARLY = datetime(2027, 3, 14, 1, 30, tzinfo=LA)  # half an hour before 02:00 -> 03:00

# (when she says it, what she says, the days Canon holds or asks, by field)
SAID = [
    (SATURDAY_LATE, "I'm in Tahoe till sunday", {"travel.return_date": "2027-03-14"}),
    (SATURDAY_LATE, "I'm in Tahoe till tomorrow night", {"travel.return_date": "2027-03-14"}),
    (
        SATURDAY_LATE,
        "Heading to Tahoe tomorrow morning, back monday",
        {"travel.depart_date": "2027-03-14", "travel.return_date": "2027-03-15"},
    ),
    # At 01:30 she has not slept: her "tomorrow" is the Sunday already begun (the small
    # hours, ``small_hours``), where UTC's 09:30 Sunday would make it Monday.
    (SUNDAY_EARLY, "I'm in Tahoe till tomorrow", {"travel.return_date": "2027-03-14"}),
    (
        SATURDAY_LATE,
        "Need to pay the electric bill tomorrow",
        {"financial.electric_bill.due_date": "2027-03-14"},
    ),
]


async def _portland(talk: Conversation) -> None:
    talk.clock.now = datetime(2027, 3, 1, 20, tzinfo=UTC)
    await talk.say(ALICE, "I live in Portland")
    await talk.tap(ALICE, "Yes")


@pytest.mark.parametrize(("at", "text", "days"), SAID, ids=[s[1] for s in SAID])
async def test_her_words_name_her_days_across_the_dst_change(
    open_conversation: OpenConversation, at: datetime, text: str, days: dict[str, str]
) -> None:
    talk = await open_conversation()
    await _portland(talk)
    talk.clock.now = at.astimezone(UTC)
    await talk.say(ALICE, text)
    held = {f.field: f.value for f in await talk.store.facts("user:primary")}
    asked = {
        r.field: r.candidate_value for r in await talk.store.review_items(["pending", "queued"])
    }
    assert {field: (held | asked).get(field) for field in days} == days
