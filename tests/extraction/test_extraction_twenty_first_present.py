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


# ------------------------------------------- a note's state, its verb left out


@pytest.mark.parametrize(
    "text",
    [
        "dog w/ my sister til friday",
        "wifi down again at the office",
        "my back still stiff",
        "van off the road, clutch gone",
        "the twins at my mum's tonight",
        "Ankle swollen, ice on it",
    ],
)
def test_a_noun_and_what_it_is_now_is_a_present_state(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "lovely evening at the pub, thanks all",  # a noun rated: a reaction
        "thanks for the lift home",
        "no worries at all",
        "lots of love from all of us",
    ],
)
def test_a_rated_or_social_noun_phrase_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # How the speaker is now, a bare participle or adjective after the story and a comma.
        ("came off my bike on the way in this morning, scraped but fine", "assertive"),
        ("slipped on the ice outside Tesco yesterday, bruised but in one piece", "assertive"),
        # With a subject of its own, or bound to the clause before, it stays the story.
        ("we walked the whole coast path last summer and were exhausted", "historical"),
    ],
)
def test_a_bare_state_after_a_past_event_is_how_one_is_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@pytest.mark.parametrize("text", ["Thanks again for sorting it", "cheers in advance everyone"])
def test_a_formula_of_thanks_is_no_state(text: str) -> None:
    assert intent_said(text) == "none"


# ------------------------------------------- on board now, the "I'm" left out


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("flight got cancelled, on the sleeper instead", "assertive"),
        ("still on the tube, signal's awful", "assertive"),
        ("@ the vet with the dog, back by 5", "assertive"),
        # Where a story was set: a frame, not where one is.
        ("on the ferry to Dieppe in 2019 we met our best friends", "historical"),
    ],
)
def test_on_a_vehicle_now_is_where_one_is(text: str, intent: str) -> None:
    assert intent_said(text) == intent


def test_a_noun_and_any_adverb_is_no_state() -> None:
    assert intent_said("I wish I could move to Lisbon. The sunshine alone.") == "hypothetical"


@pytest.mark.parametrize("text", ["clashes with the standup", "grats on the new job dude"])
def test_a_bare_noun_placed_by_the_is_no_state(text: str) -> None:
    # A verb the tagger read as a plural noun, or a formula of congratulation.
    assert intent_said(text) == "none"
