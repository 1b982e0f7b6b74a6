"""The twelfth round (issue 24), the days of trips: classes of timeline phrasing that sentences
written for this round in many voices showed the extractor missing: ranges of days typed
short ("10th to 14th", "3/16 - 3/20", "thurs-sun"), days alone after a trip, away or out of
town for a range, a stay made longer, the day of the way home and of leaving said with "not
until", plans to go given up, a trip put off or rebooked.

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set; the probe sentences are ``realistic/probes12a-dev.jsonl``.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

# ---------------------------------------------------------------- ranges of days, typed short


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        # a bare ordinal after "to"
        ("Will be in Singapore from 10th to 14th for client meetings", "2026-03-10", "2026-03-14"),
        ("flying to Accra from 20th till 27th", "2026-03-20", "2026-03-27"),
        ("we'll be in Goa from the 9th to 15th", "2026-03-09", "2026-03-15"),
        # the first day takes the last one's month
        ("Trip to Kyoto is booked - 5th to the 12th of April", "2026-04-05", "2026-04-12"),
        ("we're going to Oslo 2nd-9th June", "2026-06-02", "2026-06-09"),
        ("visiting my cousins in Kano 7th to 10th April", "2026-04-07", "2026-04-10"),
        # a dash between two dates
        ("flights to Lima booked: 3/20 - 3/29", "2026-03-20", "2026-03-29"),
        ("Denver trip 3/16 – 3/19", "2026-03-16", "2026-03-19"),
        ("heading to Tampa 4/2 - 4/6", "2026-04-02", "2026-04-06"),
    ],
)
def test_a_range_of_days_typed_short_dates_the_trip(text: str, depart: str, back: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.depart_date") == depart, said
    assert said.get("travel.return_date") == back, said


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        ("out of town thurs-sun", "2026-03-05", "2026-03-08"),
        ("away fri-sun for a wedding", "2026-03-06", "2026-03-08"),
        ("I'm away from the 9th to the 13th", "2026-03-09", "2026-03-13"),
        ("we're away from 16th to 20th", "2026-03-16", "2026-03-20"),
        ("Kindly note I shall be out station from 10th to 12th", "2026-03-10", "2026-03-12"),
        ("will be out of town mon-sat next week", "2026-03-09", "2026-03-14"),
    ],
)
def test_away_for_a_range_of_days(text: str, depart: str, back: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") == "planning", said
    assert (said.get("travel.depart_date"), said.get("travel.return_date")) == (depart, back)


@pytest.mark.parametrize(
    "text",
    [
        "I'm away from my desk till 3",
        "the sun-sat schedule is posted",
        "my wife is out of town thurs-sun",
        "I turned 40 on the 5th to be honest",
        "the 9am-5pm shift again",
    ],
)
def test_look_alikes_of_a_range_date_no_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.depart_date" not in said
    assert "travel.return_date" not in said


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        ("Lisbon trip booked, 10th to 17th", "2026-03-10", "2026-03-17"),
        ("flights to Lima booked: 3/20 to 3/29", "2026-03-20", "2026-03-29"),
        ("we're going to Rome. 5th to the 12th", "2026-03-05", "2026-03-12"),
        ("will be out of town - mon-sat next week", "2026-03-09", "2026-03-14"),
    ],
)
def test_days_alone_after_a_trip_date_it(text: str, depart: str, back: str) -> None:
    said = facts_said(text, AT)
    assert (said.get("travel.depart_date"), said.get("travel.return_date")) == (depart, back)


@pytest.mark.parametrize(
    "text",
    [
        "my sister's trip to Rome is booked - 5th to 12th",
        "we went to Rome last year. 5th to the 12th",
        "Lisbon was lovely. 10th to 17th of May, never again",
    ],
)
def test_days_alone_after_no_trip_of_ones_own_date_none(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.depart_date" not in said
    assert "travel.return_date" not in said


# ---------------------------------------------------------------- a stay made longer


@pytest.mark.parametrize(
    ("text", "place", "back"),
    [
        ("extended my stay in lisbon till the 15th", "Lisbon", "2026-03-15"),
        ("We have extended our trip in Zanzibar until Sunday", "Zanzibar", "2026-03-08"),
        ("extending my stay in Cebu till the 20th po", "Cebu", "2026-03-20"),
        ("we're staying on in Mombasa until Sunday", "Mombasa", "2026-03-08"),
        ("I'm staying on at my aunt's in Leeds till Tuesday", "Leeds", "2026-03-10"),
        ("decided to stay in Bali another week", "Bali", None),
        ("we decided to stay on in Hoi An two more nights", "Hoi An", None),
    ],
)
def test_a_stay_made_longer_is_being_there(text: str, place: str, back: str | None) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.location") == place, said
    assert said.get("travel.return_date") == back


@pytest.mark.parametrize(
    "text",
    [
        "we extended our stay in Lisbon last year",
        "my sister extended her stay in Rome",
        "if we extend our stay in Bali we'll miss the wedding",
    ],
)
def test_look_alikes_of_a_longer_stay_place_no_one(text: str) -> None:
    assert "travel.location" not in facts_said(text, AT)


# ---------------------------------------------------------------- the day of the way home


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("returning to Delhi on 15th", "2026-03-15"),
        ("I return to Lagos tomorrow", "2026-03-05"),
        ("returning to Manila the 12th po", "2026-03-12"),
        # not back until a day: back on it
        ("i'm not back till the 20th", "2026-03-20"),
        ("won't be home until Sunday", "2026-03-08"),
        ("we wont be back till tuesday", "2026-03-10"),
    ],
)
def test_the_day_of_the_way_home(text: str, back: str) -> None:
    assert facts_said(text, AT).get("travel.return_date") == back


@pytest.mark.parametrize(
    ("text", "depart"),
    [
        ("I don't fly out until Sunday", "2026-03-08"),
        ("we dont leave till the 9th", "2026-03-09"),
        ("I don't leave for Denver until the 9th", "2026-03-09"),
        ("we won't leave for Lagos till Friday", "2026-03-06"),
    ],
)
def test_not_leaving_until_a_day_is_leaving_on_it(text: str, depart: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.depart_date") == depart
    assert "travel.return_date" not in said


@pytest.mark.parametrize(
    "text",
    [
        "returning to work on monday",
        "my husband isn't back till friday",
        "my wife doesn't leave until Sunday",
        "I don't leave work until 6",
    ],
)
def test_look_alikes_of_the_way_home_date_no_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.return_date" not in said
    assert "travel.depart_date" not in said


# ---------------------------------------------------------------- plans to go given up


@pytest.mark.parametrize(
    "text",
    [
        "we scrapped our plans to go to Iceland",
        "dropped our plans to visit Peru, money's tight",
        "We've shelved our plans for Portugal this year",
        "ditched my plans to fly to Nairobi",
        # a getaway by its kind that never ended up happening
        "we didn't end up going to the coast",
        "didn't end up going up to the cabin, too much snow",
        "we never ended up driving to the lake house",
    ],
)
def test_a_plan_to_go_given_up_is_cancelled(text: str) -> None:
    assert facts_said(text, AT).get("travel.status") == "cancelled"


@pytest.mark.parametrize(
    "text",
    [
        "We dropped our plans for Saturday",
        "we dropped our plans for dinner",
        "my sister scrapped her plans to go to Iceland",
        "we didn't end up going to the gym",
    ],
)
def test_look_alikes_of_a_plan_given_up_cancel_nothing(text: str) -> None:
    assert facts_said(text, AT).get("travel.status") != "cancelled"


# ---------------------------------------------------------------- a trip put off or rebooked


@pytest.mark.parametrize(
    ("text", "place", "depart"),
    [
        ("had to push the chicago trip back a week, now leaving the 16th", "Chicago", "2026-03-16"),
        ("had to push our Rome trip back to the 20th", "Rome", "2026-03-20"),
        ("We had to push the Accra trip forward to Friday", "Accra", "2026-03-06"),
        ("rebooked on the Sunday flight to Dallas", "Dallas", "2026-03-08"),
        ("got rebooked on the 6am flight to Boise tomorrow", "Boise", "2026-03-05"),
        ("I've rebooked onto the Monday train to Glasgow", "Glasgow", "2026-03-09"),
    ],
)
def test_a_trip_put_off_or_rebooked_is_still_planned(text: str, place: str, depart: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place, said
    assert said.get("travel.depart_date") == depart


# ---------------------------------------------------------------- batch two: days and returns


@pytest.mark.parametrize(
    ("text", "place", "depart"),
    [
        ("the Denver trip moved to the 18th", "Denver", "2026-03-18"),
        ("our Lisbon flight got pushed to Monday", "Lisbon", "2026-03-09"),
        ("the Accra trip's been moved to the 20th", "Accra", "2026-03-20"),
        ("Flight to Cork rescheduled for Friday 7am", "Cork", "2026-03-06"),
        ("had to rebook the Nairobi flight for the 11th", "Nairobi", "2026-03-11"),
    ],
)
def test_a_trip_moved_keeps_its_place_and_new_day(text: str, place: str, depart: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place, said
    assert said.get("travel.depart_date") == depart


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        ("I'm travelling from the 2nd to the 9th of April", "2026-04-02", "2026-04-09"),
        ("I will be out of the country from 10th to 24th March", "2026-03-10", "2026-03-24"),
        ("travelling 16th-20th, limited email", "2026-03-16", "2026-03-20"),
        ("in Seattle Mon-Wed next week", "2026-03-09", "2026-03-11"),
        ("off to Cornwall for a week on Saturday", "2026-03-07", "2026-03-14"),
    ],
)
def test_more_trip_days(text: str, depart: str, back: str) -> None:
    said = facts_said(text, AT)
    assert (said.get("travel.depart_date"), said.get("travel.return_date")) == (depart, back)


@pytest.mark.parametrize(
    "text",
    [
        "Back in London after a fortnight in Kenya",
        "back in Toronto after two weeks in Peru",
        "finally back in Accra after a month away",
    ],
)
def test_back_somewhere_after_a_time_away_ends_the_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") == "completed"
    assert said.get("travel.location") not in ("Kenya", "Peru")


@pytest.mark.parametrize(
    "text",
    ["I love travelling", "I'm travelling from London", "my wife is travelling till Sunday"],
)
def test_look_alikes_of_travelling_date_no_trip(text: str) -> None:
    said = facts_said(text, AT)
    assert "travel.return_date" not in said
    assert "travel.depart_date" not in said


# ---------------------------------------------------------------- batch three


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("we fly home to Manila via Doha on the 28th", "2026-03-28"),
        ("flying home to Lagos on Sunday", "2026-03-08"),
        ("back to Manila on the 20th po", "2026-03-20"),
        ("back to Leeds tomorrow", "2026-03-05"),
        ("extended the Lisbon stay to the 18th", "2026-03-18"),
        ("we've extended our Bali trip to the 25th", "2026-03-25"),
        ("gone till the 22nd", "2026-03-22"),
    ],
)
def test_the_way_home_batch_three(text: str, back: str) -> None:
    assert facts_said(text, AT).get("travel.return_date") == back


@pytest.mark.parametrize(
    ("text", "place", "depart"),
    [
        ("we've rescheduled the Cairo trip to the 30th", "Cairo", "2026-03-30"),
        ("they rescheduled my flight to Oslo for Friday", "Oslo", "2026-03-06"),
        ("the Rome trip got postponed until the 25th", "Rome", "2026-03-25"),
    ],
)
def test_put_off_to_a_named_day(text: str, place: str, depart: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.destination") == place, said
    assert said.get("travel.depart_date") == depart


@pytest.mark.parametrize(
    "text",
    [
        "the Dublin weekend is off",
        "scrapping the Rome trip, money's tight",
        "the Paris trip's off",
        "ok so the Lagos holiday is cancelled",
    ],
)
def test_a_trip_named_by_its_place_called_off(text: str) -> None:
    assert facts_said(text, AT).get("travel.status") == "cancelled"


@pytest.mark.parametrize(
    "text",
    ["the Sunday lunch is off", "Jordan's weekend is off", "flying back to Rome friday"],
)
def test_look_alikes_of_a_trip_called_off_or_the_way_home(text: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") != "cancelled"
    assert "travel.return_date" not in said


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("I'll be back on the 12th", "2026-03-12"),
        ("we'll be back on Monday", "2026-03-09"),
        ("i'll be back on the 12th instead of the 10th", "2026-03-12"),
    ],
)
def test_back_on_a_day_stays_the_way_home(text: str, back: str) -> None:
    """The way home said plainly, kept while "home to X" joined it."""
    assert facts_said(text, AT).get("travel.return_date") == back
