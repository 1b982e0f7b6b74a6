"""A day Canon counts from is one with days around it: years 1000 to 8999 (``DAY_YEARS``).

A trip's day to leave lasts to its end on the traveller's clock, an errand is overdue the
day after its due day; Python's calendar ends at 9999-12-31, so the day after it was an
OverflowError. Before: "I'm flying to Denver on 9999-12-31" typed in the chat (or over
``POST /v1/messages``) was a 500, nothing read; a ``travel.depart_date`` of "9999-12-31"
posted by the user's client and confirmed made every context block after it a 500.

Now: the message is read without the day that is none (where it goes still counts); a
date field's value outside those years is dead-lettered with why, an edited answer is
refused with an example, and a store holding one from before reads it as no day."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, committed_fact, make_observation

from core.conversation.context import build_context

ALICE = "user:alice"

FAR_MESSAGES = [
    "I'm flying to Denver on 9999-12-31",
    "back on December 31, 9999",
    "trip to Paris from 9999-12-30 to 9999-12-31",
    "amazon return due 9999-12-31",
    "Lily's recital is on 12/31/9999 at 7pm",
    "flying to Lima on the 31st of December 9999",
    "leaving 0001-01-01",
    "back in 99999999 days",
    "in 99999999999999999999 days I fly to Oslo",
]


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


async def _answer_all_yes(api: Api) -> None:
    for q in (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]:
        path = f"/v1/questions/{q['id']}/answer"
        answered = await api.call(ALICE, "POST", path, json_body={"answer": "yes"})
        assert answered.status in (200, 409), answered.body


@pytest.mark.parametrize("text", FAR_MESSAGES)
async def test_a_message_with_a_day_at_the_calendars_end_is_read_not_a_500(
    api: Api, text: str
) -> None:
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": text})
    assert said.status == 200, said.body
    await _answer_all_yes(api)
    state = (await api.call(ALICE, "GET", "/v1/state")).body
    days = [v for k, v in state.get("entities", {}).get(ALICE, {}).items() if "date" in k]
    assert not any(str(d).startswith(("9999", "0001")) for d in days), state
    context = await api.call(ALICE, "GET", "/v1/context")
    assert context.status == 200, context.body


async def test_where_a_trip_goes_still_counts_beside_a_day_that_is_none(api: Api) -> None:
    said = await api.call(
        ALICE, "POST", "/v1/messages", json_body={"text": "I'm flying to Denver on 9999-12-31"}
    )
    assert "travel.destination" in {o["field"] for o in said.body["outcomes"]}, said.body
    assert "travel.depart_date" not in {o["field"] for o in said.body["outcomes"]}, said.body


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I'm flying to Denver on 2026-12-31", "2026-12-31"),
        ("flying to Lima on the 31st of December 2027", "2027-12-31"),
    ],
)
async def test_a_day_people_plan_on_is_read_as_before(api: Api, text: str, day: str) -> None:
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": text})
    assert said.status == 200, said.body
    await _answer_all_yes(api)
    held = await api.engine.store.fact(ALICE, "travel.depart_date")
    assert held is not None
    assert held.value == day


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("travel.depart_date", "9999-12-31"),
        ("travel.return_date", "9999-12-31"),
        ("travel.depart_date", "0001-01-01"),
        ("financial.amazon_return.due_date", "9999-12-31"),
        ("family.lily.recital_date", "9999-12-31"),
        ("project.launch.due_date", "9999-12-31T23:59:59Z"),
        ("family.lily.schedule", "9999-12-31T19:00:00+00:00"),
    ],
)
async def test_a_date_field_at_the_calendars_end_is_dead_lettered(
    api: Api, field: str, value: str
) -> None:
    await api.confirmed(ALICE, "flying to Tahoe on friday, amazon return due monday")
    told = make_observation(field, value, entity=ALICE, at=NOW)
    posted = await api.call(ALICE, "POST", "/v1/observations", json_body={"observations": [told]})
    assert posted.status == 200, posted.body
    assert [r["decision"] for r in posted.body["results"]] == ["invalid"]
    held = await api.engine.store.fact(ALICE, field)
    assert held is None or held.value != value
    [letter] = (await api.call(ALICE, "GET", "/v1/dead-letters")).body["dead_letters"]
    assert "not a day Canon can plan on" in " ".join(letter["errors"]), letter
    assert (await api.call(ALICE, "GET", "/v1/context")).status == 200


@pytest.mark.parametrize("value", ["1950-06-01", "2999-12-31", "next friday"])
async def test_other_date_values_are_taken_as_before(api: Api, value: str) -> None:
    told = make_observation("travel.depart_date", value, entity=ALICE, at=NOW)
    posted = await api.call(ALICE, "POST", "/v1/observations", json_body={"observations": [told]})
    assert [r["decision"] for r in posted.body["results"]] != ["invalid"], posted.body


@pytest.mark.parametrize("value", ["9999-12-31", "0001-01-01", "31 dec 9999"])
async def test_an_edited_day_at_the_calendars_end_is_refused(api: Api, value: str) -> None:
    said = await api.call(
        ALICE, "POST", "/v1/messages", json_body={"text": "I think I'm flying to Denver on friday"}
    )
    [asked] = [q for q in said.body["questions"] if q["field"] == "travel.depart_date"]
    path = f"/v1/questions/{asked['id']}/answer"
    edited = await api.call(ALICE, "POST", path, json_body={"answer": "edit", "value": value})
    assert edited.status == 422, edited.body
    assert "I need a date" in edited.body["detail"]
    assert await api.engine.store.fact(ALICE, "travel.depart_date") is None


def test_a_day_held_from_before_the_check_is_no_day_in_the_context_block() -> None:
    said = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
    trip = [
        committed_fact("travel.status", "planning", at=said, until=said),
        committed_fact("travel.destination", "Tahoe", at=said, until=said),
    ]
    due = [
        committed_fact("financial.amazon_return.status", "due", at=said),
        committed_fact("financial.amazon_return.due_date", "9999-12-31", at=said),
    ]
    now = datetime(2026, 12, 2, 18, tzinfo=UTC)
    far = [committed_fact("travel.depart_date", "9999-12-31", at=said)]
    block = build_context([*trip, *far, *due], (), now).text
    assert "Tahoe" in block
    assert "overdue" not in block
