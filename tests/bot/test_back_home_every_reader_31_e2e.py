"""After "we got back home last night" and her Yes, no reader may say she is away: /state,
"where am i", "what do you know about me", the agenda ("whats on this week"), the context
block the assistant's model reads (with the question it is told is open), and the
projections (HEARTBEAT.md's reminders, MEMORY.md's state). Walked for each way the trip
went (left on its day, left early, no day given) and each way the return is said, right
after it, the next day, and after a restart.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.projections.render import HEARTBEAT, MEMORY, RenderConfig, render

pytestmark = pytest.mark.timeout(200)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""
SATURDAY_MORNING = datetime(2026, 12, 5, 17, 0, tzinfo=UTC)
TUESDAY_AFTER = datetime(2026, 12, 8, 17, 0, tzinfo=UTC)
"""Tuesday 8 December, 9 am in Portland: home since last night."""

AWAY = (
    "under way",
    "in_progress",
    "You're in Tahoe",
    "you're in Tahoe",
    "In Tahoe",
    "location = Tahoe",
    "location: Tahoe",
    "on your trip",
    "On your trip",
    "leave for Tahoe",
    "leaving",
    "you're away",
    "Away from home",
)
"""How a reader would say she is away (or still about to go)."""

TRIPS = {
    "on its day": (
        "we're going to tahoe saturday, back monday",
        SATURDAY_MORNING,
        "we're in tahoe",
    ),
    "early": (
        "so were going to tahoe this saturday w the kids",
        SATURDAY_MORNING - timedelta(days=2),
        "we're in tahoe already lol",
    ),
    "no day": ("planning a tahoe trip with the kids", SATURDAY_MORNING, "made it to tahoe!!"),
}
RETURNS = (
    "we got back home last night",
    "got home late last nite, so tired",
    "back in portland since last night",
)


async def _readers(story: Story, tg: FakeTelegram) -> dict[str, str]:
    """What every reader says now."""
    engine = story.engine
    facts = await engine.store.facts()
    pending = await engine.store.open_review_items(["user:primary"])
    projected = render(facts, pending, [], RenderConfig(), story.now)
    agenda = await story.hears("whats on this week", "")
    return {
        "told": await story.told(),
        "agenda": agenda.text,
        "block": await story.block(),
        "open questions": "\n".join(p.text for p in tg.open_prompts(ALICE)),
        "HEARTBEAT.md": projected[HEARTBEAT]["active_reminders"],
        "MEMORY.md": projected[MEMORY]["current_state"],
    }


def _nowhere_away(readers: dict[str, str], when: str) -> None:
    for reader, said in readers.items():
        for words in AWAY:
            assert words not in said, f"{when}, home, yet {reader} says {words!r}:\n{said}"


@pytest.mark.parametrize("back", RETURNS)
@pytest.mark.parametrize("trip", list(TRIPS))
async def test_back_home_no_reader_says_away(
    tg: FakeTelegram, start_bot: StartBot, trip: str, back: str
) -> None:
    planned, there_on, there = TRIPS[trip]
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears(planned, "")
    await story.yes_to_all()
    story.now = there_on
    await story.hears(there, "")
    await story.yes_to_all()
    assert await story.held("travel.status") == "in_progress"

    story.now = TUESDAY_AFTER
    await story.hears(back, "")
    await story.yes_to_all()
    assert await story.held("travel.status") == "completed"
    _nowhere_away(await _readers(story, tg), "right after")
    story.later(days=1)
    _nowhere_away(await _readers(story, tg), "the next day")
    await story.restart(start_bot)
    _nowhere_away(await _readers(story, tg), "after a restart")
