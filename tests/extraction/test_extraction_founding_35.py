"""Trips told the way people tell them (founding35), as specifications.

- An errand due before the trip the message plans is due the day it sets out, however the
  going is cut: "before go" (a learner's), "before going", "before leaving"; "before going
  to work" is not the trip.
- A trip moved up or forward ("moved up to thursday", "brought forward to Thursday",
  "preponed", "bumped to Sunday") moves to its new day; moved by a span ("a day early",
  "pushed back a day"), its new day is the one the next clause sets out on, not the one
  given up ("instead of Friday").
- "we go to tahoe tonight now": after a time ahead, "now" says the plan changed; the
  going is a plan, not a going under way.
- Arriving told with the flight ("we've just flown into Seville", "flew into denver last
  night") places the writer there; Seville, Bruges and Lucerne by their English names;
  a town spelled like a word after the "in" of being or arriving ("arrived in nice").
- A present perfect dated at a month of a year behind ("we've stayed in nice in june
  2021") is the past.
- Look-alikes stay as they were: someone else's, questions, conditions, the past.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline


def _facts(text: str) -> dict[str, object]:
    return facts_said(text, at=AT)  # Wednesday 4 March 2026


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we leave for tahoe friday, i must return amazon package before go", "2026-03-06"),
        ("tahoe on saturday. need return amazon parcel before go", "2026-03-07"),
        (
            "We fly to Denver on Thursday - must return the Amazon order before leaving.",
            "2026-03-05",
        ),
        ("we r going to goa on friday. amazon return must be done before going", "2026-03-06"),
        ("off to lisbon sunday, gotta return the zara dress before heading off", "2026-03-08"),
    ],
)
def test_an_errand_before_the_going_however_cut_is_due_the_day_it_sets_out(
    text: str, day: str
) -> None:
    facts = _facts(text)
    due = [v for f, v in facts.items() if f.endswith("_return.due_date")]
    assert due == [day], facts


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("tahoe moved up to thursday", "Tahoe", "2026-03-05"),
        ("we moved tahoe up to thursday", "Tahoe", "2026-03-05"),
        ("Lisbon has been brought forward to Thursday.", "Lisbon", "2026-03-05"),
        ("our denver trip is preponed to thursday", "Denver", "2026-03-05"),
        ("lisbon got bumped to sunday", "Lisbon", "2026-03-08"),
        (
            "Ok so update!! Tahoe is happening a day early, we're leaving tomorrow morning "
            "instead of Friday",
            "Tahoe",
            "2026-03-05",
        ),
        ("tahoe's pushed back a day - leaving saturday instead", "Tahoe", "2026-03-07"),
        ("Denver trip got pushed back a day, we fly saturday now", "Denver", "2026-03-07"),
        ("Trip to Tahoe is a day later now, so Saturday", "Tahoe", "2026-03-07"),
        ("lisbon is two days later now - flying out on the 9th", "Lisbon", "2026-03-09"),
    ],
)
def test_a_trip_moved_up_back_or_by_a_span_sets_out_on_its_new_day(
    text: str, place: str, day: str
) -> None:
    facts = _facts(text)
    assert facts.get("travel.destination") == place, facts
    assert facts.get("travel.depart_date") == day, facts


@pytest.mark.parametrize(
    "text",
    [
        "my brother's tahoe trip got pushed back a day, he leaves saturday",
        "tahoe got pushed back a day, my sister leaves saturday",
        "tahoe is happening a day early, my parents are leaving thursday",
        "the party is happening a day early, we go thursday",
        "should we push tahoe back a day?",
        "if it snows tahoe gets pushed back to saturday",
        "last year tahoe got pushed back a day because of snow",
        "the team meeting got moved up to thursday",
    ],
)
def test_look_alikes_move_no_trip_of_the_writers(text: str) -> None:
    facts = _facts(text)
    assert "travel.depart_date" not in facts, facts


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("we go to tahoe tonight now", "Tahoe", "2026-03-04"),
        ("we drive to tahoe tonight now, kids are so excited", "Tahoe", "2026-03-04"),
        ("we go to tahoe tomorrow morning now", "Tahoe", "2026-03-05"),
        ("i fly to denver tomorrow now", "Denver", "2026-03-05"),
    ],
)
def test_now_after_a_time_ahead_is_a_plan_changed_not_a_going_under_way(
    text: str, place: str, day: str
) -> None:
    facts = _facts(text)
    assert facts.get("travel.destination") == place, facts
    assert facts.get("travel.depart_date") == day, facts
    assert facts.get("travel.status") != "in_progress", facts


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we've just flown into Seville", "Seville"),
        ("we flew into denver last night", "Denver"),
        ("just flew into lisbon", "Lisbon"),
        ("finally landed in bruges", "Bruges"),
        ("we've just arrived in nice", "Nice"),
        ("we're in nice till sunday", "Nice"),
        ("made it to lucerne!", "Lucerne"),
        ("heading to tahoe now", "Tahoe"),
    ],
)
def test_arriving_told_with_the_flight_places_the_writer_there(text: str, place: str) -> None:
    facts = _facts(text)
    assert facts.get("travel.location", facts.get("travel.destination")) == place, facts


@pytest.mark.parametrize(
    "text",
    [
        "my sister just flew into lisbon",
        "we flew into seville in 2019, lovely airport",
        "the last time we flew into denver the bags got lost",
        "if we'd flown into seville we'd be there by now",
        "he flew into a rage",
        "we're in nice weather",
        "we're in good shape",
        "we've stayed in nice in june 2021",
        "we've stayed in porto in june 2021",
        "i have visited nice in summer 2022",
    ],
)
def test_look_alikes_place_the_writer_nowhere(text: str) -> None:
    facts = _facts(text)
    assert "travel.location" not in facts, facts


@pytest.mark.parametrize(
    "text",
    ["we've stayed in nice in june 2021", "We have stayed in Nice back in 2018."],
)
def test_a_present_perfect_dated_at_a_month_of_a_year_behind_is_the_past(text: str) -> None:
    assert extract_offline(text, at=AT).intent == "historical"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("have to send amazon stuff back before we leave", "financial.amazon_return.status"),
        ("gotta take zara dress back", "financial.zara_return.status"),
        ("need to send Nike shoes back asap", "financial.nike_return.status"),
    ],
)
def test_a_shops_goods_sent_back_without_a_determiner_are_due(text: str, field: str) -> None:
    assert _facts(text).get(field) == "due"


@pytest.mark.parametrize(
    "text",
    ["send him back to school", "take it back", "my sister has to send amazon stuff back"],
)
def test_look_alikes_send_back_no_goods_of_the_writers(text: str) -> None:
    facts = _facts(text)
    assert not any(f.endswith("_return.status") for f in facts), facts
