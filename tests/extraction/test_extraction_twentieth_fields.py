"""The twentieth round (issue 24), w20d: field recall. Classes of phrasing that the probe
sentences written for this round (``realistic/probes20d*-dev.jsonl``) showed yielding the
right intent but not the field a careful reader takes from them — words handed on from a
relative, jobs said the Indian-English way or as news, a relative back in their own home or
still waiting to leave hospital, travellers held up somewhere, the way home with home
named, a flight's day in the sentence after its trip, a plan's day line — each fixed as a
class and tabled here with paraphrases in other voices, and with look-alikes that must keep
their reading. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row, commits_anything, facts_said


def facts(text: str) -> dict[str, object]:
    return facts_said(text, AT)


# ---------------------------------------------------------------- words handed on


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # The quote in single quotes, its apostrophes kept inside it.
        ("my wife texted 'the boys are at my mum's till sunday'", "family.boys.status", "away"),
        ("hubby just messaged 'kids are at my sister's overnight'", "family.kids.status", "away"),
        ("Dad wrote 'landed in Oslo, all good'", "family.dad.status", "away"),
        # After a colon, no quotes at all.
        ("my sister just texted: grandma's home from the hospital", "family.grandma.status", "home"),
        ("Mum said: feeling much better, thanks", "family.mom.status", "well"),
        # The user retells the message: "she" or "he" is the one who sent it.
        ("Gran's voicemail, more or less: she's at my aunt's in Leeds until Friday",
         "family.grandma.status", "away"),
        ("text from my dad: he's back in the hospital for more tests", "family.dad.status", "sick"),
        # Back at college, said from there.
        ("from my son: 'safely back in halls, thanks for the food'", "family.son.status", "away"),
    ],
)  # fmt: skip
def test_a_relatives_words_handed_on_tell_of_the_relative(
    text: str, field: str, value: str
) -> None:
    assert facts(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        # A friend's words stay the friend's; the user is not in Denver.
        ("my mate texted 'stuck in Denver, everything's grounded'", "travel.location"),
        # A retold message whose pronoun is someone else's: not the sender's state.
        ("from dad: she's in the hospital with a chest infection", "family.dad.status"),
        ("my wife texted 'I'm flying to Rome on friday'", "travel.destination"),
    ],
)
def test_words_handed_on_never_become_the_users_or_the_wrong_persons(
    text: str, forbidden: str
) -> None:
    assert forbidden not in facts(text)


# ---------------------------------------------------------------- jobs


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I am working with Wipro.", "Wipro"),
        ("Presently working with Accenture", "Accenture"),
        ("Am working with TCS, Chennai office", "TCS"),
        ("just got hired at zalando!!", "Zalando"),
        ("i finally got hired at Monzo, start in april", "Monzo"),
    ],
)
def test_a_job_said_with_working_with_or_as_the_news_of_a_hire_names_the_employer(
    text: str, employer: str
) -> None:
    assert facts(text).get("profile.employer") == employer


@pytest.mark.parametrize(
    "text",
    [
        "I am working with Python these days",
        "i'm working with tom on the deck",
        "my sister just got hired at Monzo",
        "am working with my dad this summer",
    ],
)
def test_working_with_a_tool_or_a_person_or_someone_elses_hire_names_no_employer(
    text: str,
) -> None:
    assert "profile.employer" not in facts(text)


# ---------------------------------------------------------------- a relative's own home, a stay ahead


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("Nan's back at her own flat since Tuesday", "grandma", "home"),
        ("dad is back in his own bed tonight, finally", "dad", "home"),
        ("Mum's discharge has been put back to Monday", "mom", "sick"),
        ("Nana's discharge is not till Monday now", "grandma", "sick"),
        ("my husband's discharge keeps getting delayed", "husband", "sick"),
        ("Grandad's been transferred to the stroke unit", "grandpa", "sick"),
        ("nan was moved to a rehab ward on friday", "grandma", "sick"),
    ],
)
def test_back_in_ones_own_home_is_home_and_a_discharge_ahead_is_sick(
    text: str, member: str, status: str
) -> None:
    assert facts(text).get(f"family.{member}.status") == status


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("the kids are at her place right now", "kids", "away"),
        ("dad's discharge went smoothly yesterday", "dad", None),
        ("mum moved to a care home last year", "mom", None),
    ],
)
def test_someone_elses_place_is_away_and_a_discharge_behind_is_no_stay(
    text: str, member: str, status: str | None
) -> None:
    assert facts(text).get(f"family.{member}.status") == status


# ---------------------------------------------------------------- travellers held up, the way home

TRAVEL_ROWS: list[FieldRow] = [
    ("delayed two hours in Zurich, grr", "travel.location", "Zürich", "assertive"),
    ("held up 40 mins at Schiphol, gonna be late for dinner", "travel.location", "Amsterdam",
     "assertive"),
    ("stranded in Reno, gonna rebook in the morning", "travel.location", "Reno", "assertive"),
    ("gonna be stuck in Reno overnight, then on to Tahoe", "travel.location", None, ""),
    ("flying home to Perth tonight, long haul ugh", "travel.destination", "Perth",
     "assertive|planning"),
    ("bus home to Leeds tomorrow after my last exam", "travel.destination", "Leeds", "planning"),
    ("Mum's flying home to Manila on Friday", "travel.destination", None, ""),
    ("Off to Vienna for a conference next week. The flight departs Monday at 6.", "travel.depart_date",
     "2026-03-09", "planning"),
    ("Today: in Bristol for the site visit", "travel.location", "Bristol", "assertive"),
    ("this week - in Oslo for training", "travel.location", "Oslo", "assertive"),
    ("Tomorrow: in Bristol for the site visit", "travel.location", None, ""),
    ("Your flight departs on the 9th", "travel.destination", None, ""),
    # A booking's notice: the stay or booking confirmed or starting, its departure line.
    ("Airbnb: your stay in Galway starts Friday", "travel.destination", "Galway", "planning"),
    ("Your reservation at Hotel Nord in Oslo is confirmed. Departure: 12 Mar.",
     "travel.depart_date", "2026-03-12", "planning"),
    ("my stay in Galway was lovely, thanks", "travel.destination", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value", "intent"), TRAVEL_ROWS)
def test_held_up_somewhere_the_way_home_and_a_days_line(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


def test_a_possessive_before_a_flight_is_not_a_place_anywhere() -> None:
    found = facts("Your trip to Denver is coming up! Your flight departs on Mar 6")
    assert found.get("travel.destination") == "Denver"
    assert found.get("travel.depart_date") == "2026-03-06"
    assert not commits_anything("If your flight departs late, call me")
