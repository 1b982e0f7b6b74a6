"""The nineteenth round (issue 24): whose whereabouts a short chat line gives, and where a
trip hailed in passing goes. Classes the lead found trying lines of the kind people send:

- Someone else's news: a clause that says only that another person called or wrote ("my
  sister called", "jake texted me back") makes the subjectless clause after it theirs ("in
  denver now" is the sister's, not the speaker's), though the message still tells a fact.
- A picture between two clauses (a plane, a beach, the sun) ends the first, as a face does,
  so "at the airport rn ✈️ see u in miami" is two clauses, not "the airport in Miami".
- A place hailed ("miami here we come", "Lisbon, here I come!") and seeing the listener in a
  place ("see u in miami", "c u in vegas") are where the trip goes.
- Staying at someone's or with someone till a day, said in the present ("staying at my
  mom's till thursday"), is a stay away under way with its end, not only a return ahead.
- Being "at" a name nobody knows for months or years ("been at Monzo since 2021") is a
  workplace, never a trip under way.

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import held_said, intent_said

# ---------------------------------------------------------------- someone else's news


@pytest.mark.parametrize(
    "text",
    [
        "my sister called, in denver now",
        "jake texted me back, stuck in chicago till tmrw",
        "Mum rang this morning. Back home now, all good",
        "so my brother finally replied - in Lisbon now apparently",
        "dad facetimed earlier, safely in Auckland",
    ],
)
def test_a_subjectless_clause_after_someone_called_is_their_news(text: str) -> None:
    said = held_said(text)
    assert "travel.location" not in said
    assert "travel.status" not in said


@pytest.mark.parametrize(
    "text",
    [
        "my sister called, in denver now",
        "Mum rang this morning. Back home now, all good",
        "my cousin messaged, in Berlin now",
    ],
)
def test_their_news_is_still_told_as_a_fact(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I called mum, in denver now", "Denver"),  # the speaker called: their own clause
        ("met up with Sam, in Lisbon till friday", "Lisbon"),
        ("texted the landlord, still in Leeds btw", "Leeds"),
        ("my sister called, I'm in Denver now btw", "Denver"),  # a subject of its own
    ],
)
def test_the_speaker_who_called_or_says_i_is_where_the_clause_puts_them(
    text: str, place: str
) -> None:
    assert held_said(text).get("travel.location") == place


# ---------------------------------------------------------------- pictures between clauses


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("sunny ☀️ finally in tahoe", "travel.location", "Tahoe"),
        ("beach day 🏖️ we're in cancun till sunday", "travel.location", "Cancun"),
        ("so tired 😴 still in denver ugh", "travel.location", "Denver"),
        ("on the train 🚆 back in london tonight", "travel.location", "London"),
    ],
)
def test_a_picture_between_clauses_ends_the_first(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "at the airport rn ✈️ see u in miami",
        "at the station 🚉 see you all in york",
        "in the uber 🚕 meet u in brooklyn",
    ],
)
def test_where_the_speaker_waits_is_not_the_town_of_the_next_clause(text: str) -> None:
    assert "travel.location" not in held_said(text)


# ---------------------------------------------------------------- a place hailed, a meeting there


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("miami here we come", "Miami"),
        ("Lisbon, here I come!", "Lisbon"),
        ("flying out tmrw ✈️ vegas here we come", "Vegas"),
        ("at the airport rn ✈️ see u in miami", "Miami"),
        ("see you all in Lisbon next week!", "Lisbon"),
        ("c u in vegas baby", "Vegas"),
    ],
)
def test_a_place_hailed_or_met_in_is_where_the_trip_goes(text: str, place: str) -> None:
    assert held_said(text).get("travel.destination") == place


@pytest.mark.parametrize(
    "text",
    [
        "see u in a bit",
        "see you in March",
        "see you in court lol",
        "well see you in the morning",
        "here comes the rain again",
    ],
)
def test_a_time_or_a_figure_of_speech_is_no_trip(text: str) -> None:
    said = held_said(text)
    assert "travel.destination" not in said
    assert "travel.location" not in said


# ---------------------------------------------------------------- a workplace held for years


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("been at Sky for 3 years now", "Sky"),
        ("I've been at Monzo since 2021", "Monzo"),
        ("been at Ocado almost two years, still love it", "Ocado"),
        ("I have been at Harrowgate Logistics since last March", "Harrowgate Logistics"),
    ],
)
def test_an_unknown_name_held_for_years_is_a_workplace(text: str, employer: str) -> None:
    said = held_said(text)
    assert said.get("profile.employer") == employer
    assert "travel.location" not in said


@pytest.mark.parametrize(
    "text",
    [
        "been at Gran's since last summer",  # her home, not a firm
        "I've been at Dave's for a month",
        "I've been at Sarah's since Tuesday",  # days, not a tenure
        "been at Sam for years to fix the fence",  # nagging a person
    ],
)
def test_a_home_or_a_person_is_no_workplace(text: str) -> None:
    assert "profile.employer" not in held_said(text)


# ---------------------------------------------------------------- a stay at someone's, till a day


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("staying at Auntie Pat's till Thursday", "2026-03-05"),  # AT is Wednesday 4 March
        ("im staying at my dads till sunday then home", "2026-03-08"),
        ("we're staying with friends till the 5th", "2026-03-05"),
        ("We are staying at the Hilton until Friday.", "2026-03-06"),
    ],
)
def test_a_stay_at_someones_till_a_day_is_under_way(text: str, back: str) -> None:
    said = held_said(text)
    assert said.get("travel.status") == "in_progress"
    assert said.get("travel.return_date") == back
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "we'll be staying with friends till the 5th",  # ahead
        "next week we're staying at my sister's till sunday",
        "staying at the office until 7",  # a day's hours
        "staying at work till 9 tonight ugh",
    ],
)
def test_a_stay_ahead_or_a_long_day_is_no_trip_under_way(text: str) -> None:
    assert held_said(text).get("travel.status") != "in_progress"
