"""A family member's state from what happened lately, and activities named as places.

- Out of the hospital is well: "mom got discharged", "was released from the hospital";
  "was admitted/hospitalized today" is sick now (a passive of a result, not a story),
  while "admitted to harvard" or "in 2019" is no state of now.
- Throwing up today or last night is being sick now; on Monday or last week it is over.
- "at school", "back at school tmrw", "after practice": where someone is, not an event
  scheduled (while "no school friday" and "max has soccer practice thursday" still are).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "field", "status"),
    [
        ("mom got discharged", "family.mom.status", "well"),
        ("mom was discharged today", "family.mom.status", "well"),
        ("mom was discharged from the hospital", "family.mom.status", "well"),
        ("my dad finally got discharged", "family.dad.status", "well"),
        ("grandma was released from the hospital this morning", "family.grandma.status", "well"),
        ("my son was admitted to the hospital today", "family.son.status", "sick"),
        ("dad was hospitalized last night", "family.dad.status", "sick"),
        ("emma threw up last night", "family.emma.status", "sick"),
        ("emma threw up last night, keeping her home", "family.emma.status", "sick"),
        ("emma threw up this morning", "family.emma.status", "sick"),
        ("noah's better, back at school tmrw", "family.noah.status", "well"),
        ("noah is better, back at school tomorrow", "family.noah.status", "well"),
    ],
)
def test_what_happened_lately_is_how_they_are(text: str, field: str, status: str) -> None:
    assert facts_said(text).get(field) == status


@pytest.mark.parametrize(
    "text",
    [
        "she was admitted to harvard",
        "my grandpa was admitted to the hospital in 2019",
        "max threw up on monday",
        "emma threw up last week",
        "he got discharged from the army",
    ],
)
def test_a_story_or_another_kind_of_admission_is_no_state_of_now(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("family.")]


@pytest.mark.parametrize(
    "text",
    ["emma threw up at school today", "noah's better, back at school tmrw"],
)
def test_an_activity_named_as_a_place_is_no_event(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("family.school")]


@pytest.mark.parametrize(
    ("text", "field", "status"),
    [
        ("no school friday, teacher workday", "family.school.event_status", "cancelled"),
        ("school is closed tomorrow", "family.school.event_status", "cancelled"),
        (
            "max has soccer practice thursday at 5",
            "family.soccer_practice.event_status",
            "scheduled",
        ),
        ("dance class moved to wednesday", "family.dance_class.event_status", "moved"),
    ],
)
def test_events_stay_events(text: str, field: str, status: str) -> None:
    assert facts_said(text).get(field) == status


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # A clock time alone after an activity is today's, while still ahead (15:00 now).
        (
            "emma has a dentist appt at 4",
            "family.dentist_appt.schedule",
            "2026-11-28T16:00:00+00:00",
        ),
        # A school's trip is the children's event, not the user's trip.
        ("the field trip got pushed to next week", "family.field_trip.event_status", "moved"),
    ],
)
def test_a_childs_day(text: str, field: str, value: str) -> None:
    got = facts_said(text)
    assert got.get(field) == value
    assert not [f for f in got if f.startswith("travel.")]


@pytest.mark.parametrize(
    "text",
    [
        "max has practice at 9am",  # gone by 15:00
        "the school trip to dc is on friday",
        "the field trip to the zoo got cancelled",
    ],
)
def test_a_time_gone_or_a_school_trip_is_no_trip_of_the_users(text: str) -> None:
    got = facts_said(text)
    assert not [f for f in got if f.startswith(("travel.", "project."))]
    assert not [f for f in got if f.endswith(".schedule") and "T09:00" in str(got[f])]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # A parent or grandparent named by the relation alone is who "she"/"he" is next.
        ("grandma fell and broke her hip, she's in the ER", "family.grandma.status", "sick"),
        ("dad called, he's in the hospital", "family.dad.status", "sick"),
        ("paid the copay", "financial.copay.status", "paid"),
    ],
)
def test_caregiving_words(text: str, field: str, value: str) -> None:
    assert facts_said(text).get(field) == value


def test_two_people_who_could_be_she_leave_the_pronoun_alone() -> None:
    assert not [
        f
        for f in facts_said("mom and my sister went shopping, she's sick")
        if f.startswith("family.")
    ]


@pytest.mark.parametrize(
    ("text", "field", "status"),
    [
        # A bare activity is the child's event, not a project; skipping it is not on for us.
        ("dance is cancelled tonight", "family.dance.event_status", "cancelled"),
        ("piano got moved to thursday", "family.piano.event_status", "moved"),
        ("swim is cancelled", "family.swim.event_status", "cancelled"),
        (
            "we're skipping soccer today, leo's not feeling great",
            "family.soccer.event_status",
            "cancelled",
        ),
        ("skipping piano tonight", "family.piano.event_status", "cancelled"),
        ("we're not skipping soccer today", "family.soccer.event_status", "scheduled"),
    ],
)
def test_an_activity_called_off_or_skipped(text: str, field: str, status: str) -> None:
    said = facts_said(text)
    assert said.get(field) == status, said
    assert not [f for f in said if f.startswith("project.")], said


@pytest.mark.parametrize("text", ["we never skip soccer", "should we skip soccer today?"])
def test_a_habit_or_a_question_skips_nothing(text: str) -> None:
    assert facts_said(text).get("family.soccer.event_status") != "cancelled"
