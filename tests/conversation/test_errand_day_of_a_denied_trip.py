"""An errand "before we go" typed while the trip it hangs on waits for its Yes takes the
plan's day to leave (``core.conversation.asked_trip``). A No to that trip denies the day
the errand was dated by: the errand is then asked without it, never "due Saturday" by a
plan she just said No to. An errand dated in her own words keeps its day, and a Yes to
the trip keeps the trip's. Told with ``life_story.Life`` (SQLite, the offline extractor
and responder, a fake clock, a policy still calibrating, so the trip is asked), at home
in Portland on Wednesday 25 November 2026.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from chat_harness import ALICE
from life_story import Life

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
async def life(tmp_path: Path, migrated_store_file: Path) -> AsyncIterator[Life]:
    told = await Life.begin(migrated_store_file, tmp_path, default_policy())
    try:
        yield told
    finally:
        await told.stop()


SATURDAY = "Saturday, November 28"


@pytest.mark.parametrize(
    ("errand", "trip", "day"),
    [
        ("also gotta return the amazon jacket before we go", "No", None),
        ("need to drop the amazon return at ups before we leave", "No", None),
        ("oh and the amazon return has to go back before the trip", "No", None),
        # A day of her own is hers, whatever the trip.
        ("gotta return the amazon jacket by friday", "No", "Friday, November 27"),
        # The trip confirmed: the errand keeps its day.
        ("also gotta return the amazon jacket before we go", "Yes", SATURDAY),
    ],
)
async def test_an_errand_dated_by_a_denied_trip_loses_the_day(
    life: Life, errand: str, trip: str, day: str | None
) -> None:
    asked = await life.say(ALICE, "so were going to tahoe this saturday w the kids, back sunday")
    assert "Tahoe" in asked[-1], asked
    await life.say(ALICE, errand)
    prompts = life.messenger.prompts(ALICE)
    trip_prompt = next(p for p in prompts if "Tahoe" in p.text)
    assert trip_prompt is prompts[-1] or "Amazon" not in prompts[-1].text
    after = await life.tap(trip)
    if any("Which part is wrong?" in t for t in after):
        after += await life.tap("All of it")  # a No to the trip's every part (wrong_parts)
    question = next(t for t in reversed(after) if "Amazon" in t)
    if day is None:
        assert "November" not in question, question
        assert "Saturday" not in question, question
    else:
        assert day in question, question
