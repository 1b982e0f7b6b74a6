"""The twenty-fourth round (issue 24), w24b: statements about now that read as history.
Every row is a sentence written for this module, none taken from an evaluation set.

A present perfect after a name ("Milo's had diarrhoea twice today", "Grandpa's had his hip
done"): the tagger takes the "'s" of "has" for a possessive and the participle that shares
its form with the past ("had") for a past, so the clause read as a story and the family
member's state was held as history. A possessive never comes before a verb: it is "has
had", a present perfect, and a present perfect tells what holds now unless it is an
experience ("I've been to Rome") or dated behind ("I've had the flu twice").
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

PERFECT_AFTER_A_NAME: list[FieldRow] = [
    (
        "Zoe's had a temperature all morning, keeping her off",
        "family.zoe.status",
        "sick",
        "assertive",
    ),
    (
        "Grandma's had her cataract op and is home resting",
        "family.grandma.status",
        "home",
        "assertive",
    ),
    ("Arlo's had the runs twice today, poor thing", "family.arlo.status", "sick", "assertive"),
    ("dad's had a fall and is in A&E now", "family.dad.status", "sick", "assertive"),
    # Look-alikes: a possessive before a noun stays a possessive; history stays history.
    ("Zoe's temperature was high last winter", "family.zoe.status", None, ""),
    ("my brother's friend had the flu in 2019", "family.brother.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), PERFECT_AFTER_A_NAME)
def test_a_perfect_after_a_name_tells_now(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Noor's had her jabs today so she's grumpy", "assertive"),
        ("the little one's had a rough night, all better now", "assertive"),
        # Experiences and lives counted stay the past.
        ("I've had the flu twice this decade", "historical"),
        ("we've been to Lisbon twice", "historical"),
        ("I had the flu in January", "historical"),
    ],
)
def test_a_present_perfect_is_now_unless_an_experience(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A thing's state said first, then how the speaker knows it or why: news.
        ("ur phone bill is due friday btw, i saw the email", "assertive"),
        ("the game is on hold, my day job ate my life", "assertive"),
        ("my laptop is dead, spilled coffee on it", "assertive"),
        ("the blog is on pause, the new job took over", "assertive"),
        # Look-alikes: the past alone is a story; the state inside a past frame stays one.
        ("the builder vanished last spring", "historical"),
        ("when we lived in Leeds the boiler was always kaput", "historical"),
    ],
)
def test_a_state_told_first_is_news_before_its_story(text: str, intent: str) -> None:
    assert intent_said(text) == intent


RIDES_AND_SCOTS: list[FieldRow] = [
    # Scots "aye"/"och" open an answer as "yeah" does, never the news's subject.
    ("aye made it to Perth", "travel.location", "Perth", "assertive"),
    # "I" left out before "am" after "but"/"so": how the writer is now.
    ("the fog was awful but am home now", "travel.status", "completed", "assertive"),
    # A ride taken lately is a trip under way.
    (
        "hopped on the sleeper to Fort William last night",
        "travel.status",
        "in_progress",
        "assertive",
    ),
    ("took the ferry to Skye yesterday", "travel.destination", "Skye", "assertive"),
    ("got the train to leeds this morning", "travel.status", "in_progress", "assertive"),
    # An offer to whoever is about leaves the stay a fact.
    (
        "I'm at the Leeds office till Thursday if anyone's about",
        "travel.location",
        "Leeds",
        "assertive",
    ),
    # Look-alikes: a ride in a story, a habit, a ride with no day.
    ("we took the bus to Leeds when I was a kid", "travel.status", None, ""),
    ("we took the train to Paris and it was lovely", "travel.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), RIDES_AND_SCOTS)
def test_rides_taken_and_scots_openers(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("caught the early ferry over to Arran this morning so am here till Friday", "assertive"),
        ("she's knackered and so am I", "assertive"),
        ("so am I", "none"),
    ],
)
def test_am_without_its_i_is_a_clause_of_its_own(text: str, intent: str) -> None:
    assert intent_said(text) == intent
