"""The twenty-first round (issue 24), w21a: statements about the present that sit beside a
past clause, or that leave out their verb, which the probe sentences written for this round
(``realistic/probes21a*-dev.jsonl``) showed the extractor reading as a story or as nothing;
and histories that must stay histories. Each class is tabled with paraphrases in other
voices and look-alikes that must keep their reading. Every row is a sentence written for
this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import intent_said

# ------------------------------------ a state now, after the story of how it came about


@pytest.mark.parametrize(
    "text",
    [
        # The "'s" of "is" after a noun, which the parse takes for a possessive.
        "he came off his bike on sunday and his collarbone's in a sling",
        "our flight was cancelled last night and our luggage is in Dubai",
        # "again": back to a state, now.
        # A sentence after a comma with a noun subject of its own, in the present.
        "the kids went back to school on monday, the house is quiet again",
        # "on its way": coming now.
        "I cancelled the old card yesterday, the new one's on its way",
    ],
)
def test_a_present_state_after_a_past_event_is_news(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        # A remark inside the story, not a state of anyone's thing now.
        "we went to Naples last spring and the pizza is unreal",
        "I stayed at the Hilton in 2019, the breakfast is huge",
        # A pronoun after the comma takes up the clause before.
        "we drove to Cornwall last summer, it is a long way",
    ],
)
def test_a_remark_inside_a_story_stays_the_story(text: str) -> None:
    assert intent_said(text) == "historical"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("the cat's with the neighbours till sunday", "assertive"),
        ("the van's at the garage, poor thing", "assertive"),
        # A time after the clitic is when, not where: no state of the noun.
        ("the call's at ten", "none"),
    ],
)
def test_the_clitic_is_after_a_noun_is_a_present_be(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- a stretch of life that is over


@pytest.mark.parametrize(
    "text",
    [
        "shared a flat with four lads in Sheffield, back in my student days",
        "in our army days we moved every two years",
        "used to cycle everywhere, back in my London days",
    ],
)
def test_my_somethings_days_date_a_memory(text: str) -> None:
    assert intent_said(text) == "historical"


def test_days_off_are_no_stretch_of_life() -> None:
    assert intent_said("in my days off I'm at my mum's in Hull") == "assertive"
