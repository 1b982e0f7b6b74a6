"""The twenty-ninth round (issue 24), w29: dictation whose phone writes out the punctuation
said aloud ("comma", "period", "question mark", "new paragraph"), found by the dev half of
``realistic/dictation-dev.jsonl``. Read as words the marks join two sentences ("…in
Rochester period Will call after" read "Rochester period" as a trip planned), hide a
question ("Are you still coming for Easter question mark" read as a plan) and cut nothing
where the speaker stopped. ``spoken_punctuation.written_marks`` gives them their marks where
they stand as marks; the same words as nouns ("the trial period", "my period", "a question
mark over his job", "the Oxford comma", "3rd period") keep their reading.

Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

from core.extraction.spoken_punctuation import written_marks

MARKS_SAID: list[tuple[str, str]] = [
    (
        "Hi Ruth comma we got in late period The grandkids are asleep period",
        "Hi Ruth, we got in late. The grandkids are asleep.",
    ),
    ("Is the church supper still on Friday question mark", "Is the church supper still on Friday?"),
    ("We won exclamation point Forty dollars at bingo period", "We won! Forty dollars at bingo."),
    ("We won exclamation mark", "We won!"),
    (
        "Dear Ann comma new paragraph Thank you for the flowers",
        "Dear Ann,\n Thank you for the flowers",
    ),
    ("Home now full stop Kettle on full stop", "Home now. Kettle on."),
    ("It is due on the 15th period", "It is due on the 15th."),
    # The words as nouns keep their word.
    ("the trial period ends Friday", "the trial period ends Friday"),
    ("I'm still in the grace period", "I'm still in the grace period"),
    ("my period is late", "my period is late"),
    ("there's a big question mark over his job", "there's a big question mark over his job"),
    ("she hates the Oxford comma", "she hates the Oxford comma"),
    ("he has maths 3rd period", "he has maths 3rd period"),
    ("for a period of two weeks", "for a period of two weeks"),
    ("a new line of work", "a new line of work"),
]


@pytest.mark.parametrize(("said", "written"), MARKS_SAID)
def test_marks_said_aloud_are_written_as_marks(said: str, written: str) -> None:
    assert written_marks(said) == written


DICTATED_FACTS: list[FieldRow] = [
    (
        "I am at the cancer center in Houston period Will call you tonight period",
        "travel.location",
        "Houston",
        "assertive",
    ),
    (
        "Made it to Tampa period Traffic was terrible comma but we are here period",
        "travel.location",
        "Tampa",
        "assertive",
    ),
    (
        "My husband is running a fever period Dr. Lee wants to see him tomorrow period",
        "family.husband.status",
        "sick",
        "assertive",
    ),
    (
        "The water bill is $58 period It is due on the 20th period",
        "financial.water_bill.amount",
        58,
        "assertive|planning",
    ),
    # Asked, not told, once the question mark is a mark.
    ("Is Frank still in Phoenix question mark", "travel.location", None, ""),
    ("Are you moving to Tulsa question mark", "profile.move_city", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), DICTATED_FACTS)
def test_dictated_facts_are_read_as_sentences(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


DICTATED_INTENTS: list[tuple[str, str]] = [
    ("Are you and Bill coming for Thanksgiving question mark", "none"),
    ("Did the package come yet question mark", "none"),
    ("Can you call the pharmacy for me question mark", "none"),
    ("We are home all day period", "assertive"),
    ("I would have called if I had known period", "hypothetical"),
    # Typed marks, not said: the same readings.
    ("Are you and Bill coming for Thanksgiving?", "none"),
    ("We are home all day.", "assertive"),
]


@pytest.mark.parametrize(("text", "intent"), DICTATED_INTENTS)
def test_a_question_said_aloud_is_a_question(text: str, intent: str) -> None:
    assert intent_said(text) == intent
