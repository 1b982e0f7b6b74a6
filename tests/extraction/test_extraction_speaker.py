"""Reported speech: other people's rent, name or whereabouts are not the user's.

Only a clause whose subject (or the possessor of its subject) is the speaker
yields the speaker's financial, profile and travel fields; family facts about
a named family member stay family facts.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

AT = datetime(2026, 3, 1, 12, tzinfo=UTC)
_OWN = ("financial.", "profile.", "travel.")

SOMEONE_ELSE = [
    "my brother paid $2,100 for his rent",
    "My sister pays $1,800 rent",
    "my wife's name is Mallory",
    "My husband's name is Bob",
    "my friend moved to Denver",
    "my boss is in Tahoe",
    "My parents live in Chicago now",
    "my wife said she paid $2,000 for rent",
    "My dad told me he is flying to Paris tomorrow",
    "Sarah paid $1,500 for rent",
    "Sarah's rent is $1,500",
    "Tom said he moved to Denver",
    'Tom said "I moved to Denver"',
    "He moved to Austin",
    "She's in Tahoe this week",
    "They are flying to Rome tomorrow",
    "my brother's flight to Paris is tomorrow",
    "Our neighbor's flight to Lisbon leaves tomorrow",
    "and my roommate paid the rent, $900",
]

THE_SPEAKER = [
    ("I paid $2,100 for rent", "financial.rent.amount", 2100),
    ("Paid rent, $2,100. My sister is in Tahoe", "financial.rent.amount", 2100),
    ("my name is Bob", "profile.name", "Bob"),
    ("We moved to Seattle last month", "profile.home_city", "Seattle"),
    ("I'm in Tahoe", "travel.location", "Tahoe"),
    ("My wife and I are flying to Paris tomorrow", "travel.destination", "Paris"),
]


def _fields(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found}


@pytest.mark.parametrize("text", SOMEONE_ELSE)
def test_another_persons_facts_are_not_the_speakers(text: str) -> None:
    assert not [f for f in _fields(text) if f.startswith(_OWN)]


@pytest.mark.parametrize(("text", "field", "value"), THE_SPEAKER)
def test_the_speakers_own_facts_are_still_read(text: str, field: str, value: object) -> None:
    assert _fields(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Emma is sick today", "family.emma.status"),
        ("My son's school is closed tomorrow", "family.school.event_status"),
    ],
)
def test_family_members_facts_stay_family_facts(text: str, field: str) -> None:
    fields = _fields(text)
    assert field in fields
    assert not [f for f in fields if f.startswith(_OWN)]
