"""A trip called off through the real chat: the one Canon holds, or another.

"we're calling off the tahoe trip" said while the Tahoe trip is planned calls it off
(it was read as a plan to go to Tahoe); said while she is there it is asked as the trip
over. "the denver trip is off" while the trip held goes to Tahoe names a trip Canon does
not know: Canon says so and asks nothing (before: "Is your trip to Tahoe off?", and Yes
cancelled Tahoe while she was in it). Told with ``life_story.Life`` (SQLite, the offline
extractor and responder, a fake clock), at home in Portland on Wednesday 25 November 2026.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
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


async def _held(life: Life) -> dict[str, object]:
    return {f.field: f.value for f in await life.engine.store.facts("user:primary")}


async def _planned(life: Life) -> None:
    await life.say(ALICE, "going to tahoe sunday")
    await life.tap("Yes")


async def _there(life: Life) -> None:
    await _planned(life)
    await life.say(ALICE, "made it to tahoe")
    assert (await _held(life))["travel.location"] == "Tahoe"


@pytest.mark.parametrize(
    "said",
    [
        "we're calling off the tahoe trip",
        "calling off our trip to tahoe, too much snow",
        "I'm calling off the tahoe trip",
    ],
)
async def test_calling_off_the_planned_trip_calls_it_off(life: Life, said: str) -> None:
    await _planned(life)
    replies = await life.say(ALICE, said)
    assert "Is your trip to Tahoe off?" in replies[-1], replies
    await life.tap("Yes")
    assert (await _held(life))["travel.status"] == "cancelled"


async def test_calling_off_the_trip_while_there_asks_whether_it_is_over(life: Life) -> None:
    await _there(life)
    replies = await life.say(ALICE, "we're calling off the tahoe trip")
    assert "Back home in Portland?" in replies[-1], replies


@pytest.mark.parametrize(
    "said",
    [
        "the denver trip is off",
        "we're calling off the denver trip",
        "our trip to denver is cancelled",
        "the Denver trip got scrapped",
    ],
)
@pytest.mark.parametrize("where", ["planned", "there"])
async def test_another_trip_called_off_leaves_the_held_one(
    life: Life, said: str, where: str
) -> None:
    """Canon holds the Tahoe trip, planned or under way; the Denver trip called off is
    none it knows: said so, nothing asked, nothing moves."""
    await (_planned(life) if where == "planned" else _there(life))
    before = await _held(life)
    replies = await life.say(ALICE, said)
    assert not any("off?" in r or "Back home" in r for r in replies), replies
    assert "I don't know of a trip to Denver: the trip I know of is to Tahoe" in replies[-1]
    assert await _held(life) == before
    assert not await life.engine.store.review_items(["pending"])


@pytest.mark.parametrize(
    "said",
    ["the tahoe trip is off, we're going to denver instead", "trip's off"],
)
async def test_the_held_trip_named_or_unnamed_is_still_called_off(life: Life, said: str) -> None:
    """The look-alikes: the held trip named beside another place, or no place at all."""
    await _planned(life)
    replies = await life.say(ALICE, said)
    assert any("off?" in r or "Is all of this right?" in r for r in replies), replies
    assert not any("I don't know of a trip" in r for r in replies), replies
