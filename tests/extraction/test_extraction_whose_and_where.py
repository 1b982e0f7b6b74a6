"""Whose return, whose trip, and a home said other ways.

- "tom's back from vegas": someone else came back; the user's trip is not over.
- "the ceo is flying to london tomorrow", "my roommate is out today": someone named by
  their role plans no trip of the user's and releases no project.
- "we lived in ohio for years, now in tampa", "grew up in boston, now in seattle", "i use
  to live in chicago but now in dallas" (the typo included): "now in X" after a former
  home is the home now, not a trip; "…, now in rome for work this week" is a trip.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "over"),
    [
        ("tom's back from vegas", False),
        ("tom is finally back from vegas", False),
        ("everyone's back from vegas", False),
        ("it's back from the shop", False),
        ("we're back from vegas", True),
        ("back from vegas!", True),
        ("ok so we're back from vegas", True),
        ("sam and i are back from vegas", True),
        ("im back from vegas", True),
    ],
)
def test_only_the_users_own_return_ends_their_trip(text: str, over: bool) -> None:
    assert (facts_said(text).get("travel.status") == "completed") is over


@pytest.mark.parametrize(
    ("text", "home", "trip"),
    [
        ("i use to live in chicago but now in dallas", "Dallas", None),
        ("we lived in ohio for years, now in tampa", "Tampa", None),
        ("grew up in boston, now in seattle", "Seattle", None),
        ("we spent ten years in denver, now in austin", "Austin", None),
        ("i used to live in new york but now im in new jersey", "New Jersey", None),
        # A stay away from the home, after it.
        ("we lived in ohio for years. now in tampa for a conference", None, "Tampa"),
        ("i lived in paris once, now in rome for work this week", None, "Rome"),
    ],
)
def test_now_in_after_a_former_home_is_the_home(
    text: str, home: str | None, trip: str | None
) -> None:
    said = facts_said(text)
    assert said.get("profile.home_city") == home, said
    assert said.get("travel.location") == trip, said


@pytest.mark.parametrize(
    "text",
    [
        "the ceo is flying to london tomorrow",
        "the manager is flying to london tomorrow",
        "our ceo flies to london on monday",
        "the new hire is out of town till monday",
        "my roommate is out today",
        "the landlord is out of town",
    ],
)
def test_someone_by_their_role_is_someone_else(text: str) -> None:
    said = facts_said(text)
    assert not [f for f in said if f.startswith(("travel.", "project."))], said


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("the app is out", "project.app.status", "shipped"),
        ("the new version is out", "project.new_version.status", "shipped"),
        ("i'm flying to london tomorrow with the ceo", "travel.destination", "London"),
        ("our nanny is out sick today", "family.nanny.status", "sick"),
        # Someone else acting on the user's own bill.
        ("my landlord raised our rent to 2400", "financial.rent.amount", 2400),
        ("the bank raised our mortgage to 1900", "financial.mortgage.amount", 1900),
    ],
)
def test_a_release_the_users_own_trip_or_bill_stays(
    text: str, field: str, value: str | int
) -> None:
    assert facts_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        # A world made up claims nothing.
        "pretend i'm in paris",
        "let's say we moved to denver",
        "say we stay another night in rome",
        "lol imagine being in cabo right now",
    ],
)
def test_a_made_up_world_claims_nothing(text: str) -> None:
    assert facts_said(text) == {}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        # "home" as the word that names the home, either way round.
        ("boston is home now", "Boston"),
        ("denver is our home", "Denver"),
        ("home is portland these days", "Portland"),
        ("our home is in tucson now", "Tucson"),
        ("st. louis is home now", "St. Louis"),
        # Not a home: a person at home, a saying, a place with no name.
        ("sam is home now", None),
        ("home is where the heart is", None),
        ("this place is home", None),
    ],
)
def test_a_place_said_to_be_home_is_the_home(text: str, home: str | None) -> None:
    said = facts_said(text)
    assert said.get("profile.home_city") == home, said
    assert "travel.status" not in said, said


@pytest.mark.parametrize(
    "text",
    ["started my new job at google today", "started my job at google today"],
)
def test_a_new_job_started_without_its_subject_names_the_employer(text: str) -> None:
    assert facts_said(text).get("profile.employer") == "Google"


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        # Said to mean the opposite.
        ("yeah right, like we're in tahoe", False),
        ("yeah right like i'm in paris", False),
        ("ya right we're in tahoe lol", False),
        # Sincere: a realisation, an affirmation, a filler "like".
        ("oh right, we're in tahoe now", True),
        ("right, we're in tahoe", True),
        ("like we're in tahoe now, it's so pretty", True),
    ],
)
def test_yeah_right_means_the_opposite(text: str, claims: bool) -> None:
    assert (facts_said(text).get("travel.location") == "Tahoe") is claims
