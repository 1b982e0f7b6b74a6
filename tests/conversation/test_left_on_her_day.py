"""A trip's departure asked in the tense of the user's own day, through the real chat.

Whether the day asked is gone by is read on her clock (``core.conversation.trip_left``):
east of UTC her "today" is often UTC's tomorrow, which made a day she left on read as one
still ahead. Told with ``life_story.Life`` from 18:00 UTC on Wednesday 25 November 2026
(03:00 Thursday in Tokyo, 10:00 Wednesday in Portland, her home).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
from canon_testing import calibrated_policy
from chat_harness import ALICE
from life_story import Life

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
async def life(tmp_path: Path, migrated_store_file: Path) -> AsyncIterator[Life]:
    told = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        yield told
    finally:
        await told.stop()


async def test_a_departure_today_east_of_utc_is_asked_in_the_past(life: Life) -> None:
    """Her clock in Tokyo, at 03:00 on her Thursday (18:00 Wednesday UTC): "drove up
    today" left on her Thursday, and the trip under way asks it in the past (before: her
    Thursday was after UTC's Wednesday, so "Do you leave on Thursday, November 26?")."""
    await life.say(ALICE, "my time zone is Asia/Tokyo")
    await life.tap("Yes")
    await life.say(ALICE, "going to tahoe sat")
    await life.tap("Yes")
    replies = await life.say(ALICE, "finally in tahoe, drove up today")
    assert "Did you leave on Thursday, November 26?" in replies[-1], replies
    assert "Do you leave" not in "\n".join(replies)


async def test_a_departure_today_west_of_utc_is_asked_in_the_past(life: Life) -> None:
    """The look-alike: her clock in Portland, her Wednesday is UTC's: Wednesday, left."""
    await life.say(ALICE, "going to tahoe sat")
    await life.tap("Yes")
    replies = await life.say(ALICE, "finally in tahoe, drove up today")
    assert "Did you leave on Wednesday, November 25?" in replies[-1], replies


async def test_a_day_ahead_on_her_clock_is_still_asked_ahead(life: Life) -> None:
    """The look-alike: in Tokyo, a planned trip moved to her tomorrow is still to come.
    At 06:00 on her Thursday (21:00 Wednesday UTC): past the small hours, where
    "tomorrow" is the day already begun (``small_hours``), and still UTC's Wednesday."""
    await life.say(ALICE, "my time zone is Asia/Tokyo")
    await life.tap("Yes")
    await life.say(ALICE, "going to tahoe sat")
    await life.tap("Yes")
    life.clock.now += timedelta(hours=3)
    replies = await life.say(ALICE, "actually we leave tomorrow now")
    assert "Do you leave on Friday, November 27?" in replies[-1], replies
