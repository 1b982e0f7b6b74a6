"""The day home, said the short way: "we leave sunday, home the sat after", "going to tahoe
sunday, home saturday". "home" before a day is the way back, as "back" is; "the saturday
after" counts from the day said before it; the sentence right after a trip ("... before
our tahoe trip. we leave sunday") dates that trip.

Found telling the founding story on a phone in lower case: "home the sat after" read "sat"
as the verb, and the clause as a trip already over.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY as AT
from extraction_fixtures import facts_said

from core.extraction.offline import extract_offline
from core.extraction.typed_text import clean

SUNDAY, NEXT_SATURDAY = "2026-11-29", "2026-12-05"


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        (
            "gotta send back the amazon thing b4 our tahoe trip. we leave sunday, "
            "home the sat after",
            SUNDAY,
            NEXT_SATURDAY,
        ),
        ("we leave for tahoe sunday and get home the saturday after", SUNDAY, NEXT_SATURDAY),
        ("going to tahoe sunday, home saturday", SUNDAY, NEXT_SATURDAY),
        ("We're going to Tahoe. Leaving Sunday.", SUNDAY, None),
        ("flying to denver tue, home fri", "2026-12-01", "2026-12-04"),
        ("we're driving to moab friday, home the tuesday after", "2026-12-04", "2026-12-08"),
        ("we leave thursday for chicago. home monday", "2026-12-03", "2026-12-07"),
    ],
)
def test_the_day_home_said_the_short_way_dates_the_trip(
    text: str, depart: str, back: str | None
) -> None:
    said = facts_said(text)
    assert said.get("travel.depart_date") == depart, text
    assert said.get("travel.return_date") == back, text


@pytest.mark.parametrize(
    "text",
    [
        # A trip told as history, or only wished: the next sentence's day is not its.
        "We went to Tahoe last year. We leave sunday.",
        "i might go to tahoe. we leave sunday",
    ],
)
def test_a_day_with_no_trip_planned_before_it_dates_nothing(text: str) -> None:
    said = facts_said(text)
    assert "travel.depart_date" not in said, text
    assert said.get("travel.status") != "completed", text
    historical = [o for o in extract_offline(text, at=AT).observations if o.intent == "historical"]
    assert [o for o in historical if o.candidate_value == "completed"] == [], text


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("home the sat after", "home the saturday after"),
        ("leave sun, home sat", "leave sunday, home saturday"),
        ("back the sat after.", "back the saturday after."),
        ("home sun morning", "home sunday morning"),
        # The verb and the star stay what they are.
        ("got home sat down and cried", "got home sat down and cried"),
        ("the sun after the storm", "the sun after the storm"),
        ("the sat after that", "the sat after that"),
    ],
)
def test_a_short_weekday_is_a_day_only_where_the_phrase_ends(text: str, read: str) -> None:
    assert clean(text) == read


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we're on our way home from tahoe", "2026-11-28"),
        ("on our way home from tahoe now", "2026-11-28"),
        ("on the way back from tahoe", "2026-11-28"),
        ("driving home from tahoe today", "2026-11-28"),
        ("driving back from reno tomorrow", "2026-11-29"),
    ],
)
def test_on_the_way_home_is_the_day_the_trip_ends_not_a_trip_over(text: str, day: str) -> None:
    """Not home yet: "Back home in Portland?" would be asked too soon."""
    said = facts_said(text)
    assert said.get("travel.return_date") == day, text
    assert said.get("travel.status") != "completed", text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Home already: the trip is over.
        ("we got home from tahoe last night", {"travel.status": "completed"}),
        ("home from tahoe!", {"travel.status": "completed"}),
        # Someone else's way home is theirs.
        ("dad is driving home from tahoe", {}),
        ("mom is on her way home from the hospital", {}),
    ],
)
def test_home_already_or_someone_elses_way_home(text: str, said: dict[str, object]) -> None:
    assert facts_said(text) == said, text


@pytest.mark.parametrize(
    ("text", "back"),
    [
        # A sentence with no subject of its own goes on with the trip before it: someone
        # else's trip stays theirs ...
        ("The kids leave for camp sunday. Home saturday.", None),
        ("my sister flies to denver friday. back monday", None),
        ("dad drives to reno tomorrow. home thursday", None),
        # ... the speaker's own is the speaker's, and "I" takes it back.
        ("we leave for tahoe sunday. home saturday.", "2026-12-05"),
        ("my sister flies to denver friday. i'm back monday", "2026-11-30"),
    ],
)
def test_the_day_home_after_someone_elses_trip_is_theirs(text: str, back: str | None) -> None:
    assert facts_said(text).get("travel.return_date") == back, text
