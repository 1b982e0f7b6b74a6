"""The twenty-sixth round, the founding story told as people type it (story26): the return
home after a sigh, a short weekday before whom one goes with, and the day of the journey
told after the arrival. Every row is a sentence written for this module, none taken from
an evaluation set. The message time is Saturday 28 November 2026 (``SATURDAY``).

- Relief or joy opens the news with no comma after it ("phew back home", "yay back home
  now, what a drive", "woohoo made it to reno"): the parse took the sigh for the verb and
  the return was read as nothing. It is read as a leading marker, as "ok" was.
- A short weekday that is also a word ("wed", "sat", "sun") after a place is the day one
  goes when whom with or after what follows it ("leavin for tahoe wed w the kids"), as it
  was before a time of day.
- The journey there told after the arrival, in the past with a day ("made it to tahoe!!
  drove up thursday"), is the day the trip left: a drive or a flight there is made the day
  one leaves. Only the speaker's, and only beside an arrival in the same message.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY, facts_said, intent_said

COMPLETED = {"travel.status": "completed"}


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("phew back home, kids asleep", COMPLETED),
        ("whew finally home, what a week", COMPLETED),
        ("yay back home now, what a drive", COMPLETED),
        ("woohoo made it to reno", {"travel.location": "Reno", "travel.status": "in_progress"}),
        ("hooray landed in boston", {"travel.location": "Boston", "travel.status": "in_progress"}),
        (
            "yaaay we're flying to denver on friday",
            {
                "travel.destination": "Denver",
                "travel.status": "planning",
                "travel.depart_date": "2026-12-04",
            },
        ),
        # Look-alikes: the sigh alone, or before someone else's news or a reply, says
        # nothing of the writer.
        ("phew", {}),
        ("yay you made it!", {}),
        ("yay congrats on the new job", {}),
        ("woohoo my sister is back home", {"family.sister.status": "home"}),
    ],
)
def test_a_sigh_before_the_news_is_no_verb(text: str, held: dict[str, object]) -> None:
    assert facts_said(text) == held


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("leavin for tahoe wed w the kids", "2026-12-02"),
        ("leaving for tahoe wed with the kids", "2026-12-02"),
        ("heading to reno sat with my sister", "2026-11-28"),
        ("off to vegas fri after work", "2026-12-04"),
        # Look-alikes: "wed" as the verb after a place is no day.
        ("we flew to vegas to wed with the family", None),
    ],
)
def test_a_short_weekday_before_whom_with_is_the_day_one_goes(text: str, left: str | None) -> None:
    assert facts_said(text).get("travel.depart_date") == left


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("made it to tahoe!! drove up thursday", "2026-11-26"),
        ("made it to tahoe, drove up thursday", "2026-11-26"),
        ("finally in reno, we flew out yesterday", "2026-11-27"),
        ("got to boston last night, took the train up wednesday", "2026-11-25"),
        # Setting out, said with "left" or "set off" and no "up".
        ("lol we left thursday morning, already in tahoe", "2026-11-26"),
        ("in reno finally. set off wednesday w the kids", "2026-11-25"),
        ("made it to tahoe, we left thu night", "2026-11-26"),
        ("we left wed morning, already in tahoe. boots still in the trunk smh", "2026-11-25"),
        ("in tahoe!! drove up sun w the kids", "2026-11-22"),
        # Look-alikes: someone else's drive, a drive long ago, a drive with no arrival.
        ("made it to tahoe, left my phone at home thursday", None),
        ("made it to tahoe! my sister left thursday", None),
        # Setting out alone puts the trip under way, as "we left on thursday" does.
        ("we left thursday", "2026-11-26"),
        ("made it to tahoe!! my brother drove up thursday", None),
        ("made it to tahoe, we drove up there in 2019 too", None),
        ("drove up thursday", None),
    ],
)
def test_the_journey_told_after_the_arrival_dates_the_departure(
    text: str, left: str | None
) -> None:
    assert facts_said(text).get("travel.depart_date") == left
    if left is not None:
        assert intent_said(text, SATURDAY) == "assertive"


@pytest.mark.parametrize(
    ("text", "held"),
    [
        (
            "were going back to tahoe fri the 11th w the kids",
            {"travel.destination": "Tahoe", "travel.depart_date": "2026-12-11"},
        ),
        ("we're going back to lisbon in may", {"travel.destination": "Lisbon"}),
        ("we are going back to reno on friday", {"travel.depart_date": "2026-12-04"}),
        # Look-alikes: home, bed and work are no trip; a place straight after the going
        # still is ("im going kumasi on friday").
        ("we're going back home on sunday", {"travel.destination": None}),
        ("i'm going back to bed", {"travel.destination": None}),
        ("we are going back to work monday", {"travel.destination": None}),
        ("im going kumasi on friday", {"travel.destination": "Kumasi"}),
    ],
)
def test_going_back_somewhere_with_a_subject_plans_a_trip(
    text: str, held: dict[str, str | None]
) -> None:
    """ "we're going back to tahoe fri the 11th" was read as nothing: the going with "we're"
    before it was taken for "we're going kumasi" (a place straight after the verb), whose
    match then hid the "going back to" after it."""
    said = facts_said(text)
    assert {name: said.get(name) for name in held} == held
