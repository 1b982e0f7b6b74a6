"""The twenty-sixth round (issue 24), w26a: a present state said with a plan's or a
history's surface, found by the probe sentences written for this round in new voices
(``realistic/probes26a-dev.jsonl``: teens, students, world English, roaming travellers,
night-shift workers, learners) and the phrasings around them.

- A verbless place said to hold now ("still in Lisbon", "now at the park") after a clause
  with a verb of its own is a clause of its own: the plan or the past before it does not
  date it ("flying back tomorrow, still in lisbon").
- "home" with its day after a comma is the way home, a clause of its own, as "back
  friday" is ("in Leeds with work, home friday": in Leeds now, no trip to it).
- A verbless duty or absence bounded ahead is the writer's state ("on shift until 7am",
  "off till thursday"), also as a whole clause with nothing after it.
- Here or at work until a day, said with "will" ("I'll be here till Friday"), is a stay
  now; only its end is ahead.
- Going to school somewhere is attending it ("I'm going to school in Boston"): no trip.
- A household member who left for a place, or went back to college, is away now.
- Arriving "here" lately ("we got here yesterday") is being here.
- A home the message says was left ("moved to denver in 2019 and left in 2022") is no
  home now, and the move is a story.

Every row is a sentence written for this module, none taken from an evaluation set.
Message time: Wednesday 4 March 2026 (``AT``).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

# --------------------------------------------- a place now, after a plan or a past


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("flying home friday, still in Valletta", "assertive"),
        ("train to vienna at 8 tomorrow, still in Salzburg for tonight", "assertive"),
        ("heading out to Perth on sunday but currently in Adelaide", "assertive"),
        ("cancelled my flight, still in Nairobi", "assertive"),
        ("picked the kids up early, now at the soft play", "assertive"),
        # Look-alikes: a scene of a story, a plan alone, a place that is no place now.
        ("we walked along the river in Porto, in the rain", "historical"),
        ("flying to Vienna tomorrow morning", "planning"),
        ("we stayed at a guesthouse in Hoi An, in the old quarter", "historical"),
    ],
)
def test_a_place_said_now_after_a_plan_or_a_past_is_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent


PLACES_NOW: list[FieldRow] = [
    ("flying home friday, still in Valletta", "travel.location", "Valletta", "assertive"),
    (
        "train to vienna at 8 tomorrow, still in Salzburg for tonight",
        "travel.location",
        "Salzburg",
        "assertive",
    ),
    ("cancelled my flight, still in Nairobi", "travel.location", "Nairobi", "assertive"),
    ("driving back on monday, still in Cornwall rn", "travel.location", "Cornwall", "assertive"),
    # Someone else's clause before it: the place goes on with them.
    ("my sister finished her exams, in Rome now", "travel.location", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), PLACES_NOW)
def test_the_place_now_is_where_the_writer_is(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# --------------------------------------------- "home" with its day: the way back


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("staying at my nan's since saturday, home wednesday", "assertive"),
        ("at the in-laws this week, home sunday night", "assertive"),
        ("in Glasgow for a course, home thursday", "assertive"),
        # A plan out and its way home stays a plan.
        ("driving to Cornwall on saturday, home the following friday", "planning"),
    ],
)
def test_home_with_its_day_after_a_stay_is_the_way_back(text: str, intent: str) -> None:
    assert intent_said(text) == intent


def test_a_stay_now_with_its_day_home_is_no_trip_to_the_place() -> None:
    check_field_row("in Glasgow for a course, home thursday", "travel.destination", None, "")


# --------------------------------------------- a duty or an absence bounded ahead


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("on shift until 6am, ring the desk if urgent", "assertive"),
        ("on nights till sunday", "assertive"),
        ("in work till 9", "assertive"),
        ("off till monday, thank god", "assertive"),
        ("Off until the 12th after the op", "assertive"),
        # Look-alikes: a question, a past bound, a time phrase alone.
        ("you off till monday?", "none"),
        ("I was on nights till last week", "historical"),
        ("for three nights until the 9th", "none"),
    ],
)
def test_a_duty_or_absence_bounded_ahead_is_the_writers_state(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# --------------------------------------------- "will be here until": a stay now


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("I'll be here till the weekend, then Hanoi", "assertive"),
        ("we'll be here until the 15th", "assertive"),
        ("will be at the office until 8 tonight, start without me", "assertive"),
        ("I'll be on site until 5", "assertive"),
        # A day it starts makes the stay a plan.
        ("I'll be here from the 10th until the 15th", "planning"),
        ("I'll be at work on saturday until 2", "planning"),
        ("I'll be in Hanoi till the weekend", "planning"),
    ],
)
def test_here_until_a_day_said_with_will_is_a_stay_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# --------------------------------------------- going to school somewhere is attending it


ATTENDING: list[FieldRow] = [
    ("I'm going to school in Chicago for nursing", "travel.destination", None, ""),
    ("im going to uni in Glasgow, second year", "travel.destination", None, ""),
    ("we're going to college at Ohio State", "travel.destination", None, ""),
    # Going to a city is still a trip.
    ("I'm going to Chicago next week", "travel.destination", "Chicago", "planning"),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ATTENDING)
def test_going_to_school_somewhere_is_no_trip(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("I'm going to school in Chicago for nursing", "assertive"),
        ("im going to uni in Glasgow, second year", "assertive"),
        # A time ahead keeps it a plan.
        ("I'm going to uni in Glasgow in september", "planning"),
        ("I'm going to school tomorrow after all", "planning"),
    ],
)
def test_going_to_school_somewhere_is_attending_it(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# --------------------------------------------- a household member gone, and arrivals here


MEMBERS_AWAY: list[FieldRow] = [
    (
        "my wife left for Mumbai on monday, back in ten days",
        "family.wife.status",
        "away",
        "assertive",
    ),
    ("hubby left for Aberdeen this morning", "family.husband.status", "away", "assertive"),
    ("My son is gone to Kano for his exams", "family.son.status", "away", "assertive"),
    (
        "our daughter went back to university on saturday",
        "family.daughter.status",
        "away",
        "assertive",
    ),
    ("my partner has gone to stay with her sister", "family.partner.status", "away", "assertive"),
    # Look-alikes: long ago, an errand, someone who is no household member.
    ("my husband left for Dubai in 2015 and came back in 2018", "family.husband.status", None, ""),
    ("my wife left for work at 7", "family.wife.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), MEMBERS_AWAY)
def test_a_member_who_left_for_somewhere_is_away(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


ARRIVED_HERE: list[FieldRow] = [
    ("we got here yesterday", "travel.status", "in_progress", "assertive"),
    ("made it here last night", "travel.status", "in_progress", "assertive"),
    ("I arrived here this morning", "travel.status", "in_progress", "assertive"),
    # Long ago, or someone else: no arrival of the writer's now.
    ("we got here in 2015", "travel.status", None, ""),
    ("my cousin got here yesterday", "travel.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ARRIVED_HERE)
def test_arriving_here_lately_is_being_here(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# --------------------------------------------- a home the message says was left


HOMES_LEFT: list[FieldRow] = [
    ("we moved to Lyon in 2018 and left in 2021", "profile.home_city", None, ""),
    ("moved to Calgary in 2016, left after three years", "profile.home_city", None, ""),
    ("we moved to Perth in 2019 but moved away when the baby came", "profile.home_city", None, ""),
    # A job left is no home left; a home named again after the leaving is kept.
    ("I moved to Lyon in 2018 and left my job last year", "profile.home_city", "Lyon", "assertive"),
    (
        "moved to Calgary in 2016, left in 2019, moved back to Calgary in 2023",
        "profile.home_city",
        "Calgary",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), HOMES_LEFT)
def test_a_home_left_in_the_same_message_is_no_home_now(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("we moved to Lyon in 2018 and left in 2021", "historical"),
        ("moved to Calgary in 2016, left after three years", "historical"),
        ("I moved to Lyon in 2018 and left my job last year", "assertive"),
    ],
)
def test_a_move_to_a_home_since_left_is_a_story(text: str, intent: str) -> None:
    assert intent_said(text) == intent
