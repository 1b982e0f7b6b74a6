"""The twenty-fourth round (issue 24), w24c: messages that say nothing about the writer's
state (intent none) which the extractor read as a fact, a plan or a possibility, found by
the probe sentences written for this round (``realistic/probes24c-dev.jsonl``: a Reddit
travel question, a customer-support message, a teenagers' group chat, a retired teacher's
letter, a Singlish chat, a sarcastic coworker), with look-alikes that tell the writer's
state in the same shapes and must keep their reading. Every row is a sentence written for
this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said, intent_said

# ----------------------------------------------- an order or a message acknowledged


@pytest.mark.parametrize(
    "text",
    [
        "noted",
        "Noted, thanks a lot",
        "noted with thanks 🙏",
        "ok understood",
        "copy that",
        "roger, will do",
        "can do!",
        "okie lah",
        "lmfaooo",
        "ok lor, see how first",
    ],
)
def test_an_acknowledgement_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # "note" as a frame or a thing, and "will do" with its object, keep their reading.
        ("Please note that I'm in Denver till Friday", "assertive"),
        ("note: we're in Porto this week", "assertive"),
        ("will do the school run tomorrow", "planning"),
        ("lmao my dad thinks I'm in class rn", "assertive"),
    ],
)
def test_a_note_frame_and_a_promise_with_its_object_keep_their_reading(
    text: str, intent: str
) -> None:
    assert intent_said(text) == intent


def test_a_note_frame_still_carries_its_news() -> None:
    assert held_said("Please note that I'm in Denver till Friday")["travel.location"] == "Denver"


# ------------------------------------------------------- what a desk is asked to do


@pytest.mark.parametrize(
    "text",
    [
        "I'd like to speak to a manager please",
        "I would like to cancel my order",
        "we would like to make a complaint about room 12",
        "I'd like to report a missing parcel",
        "Hi, I'd like to change my delivery address",
        "i would like to talk with someone about my bill",
    ],
)
def test_a_wish_put_to_a_desk_asks(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        # A wish about one's own life stays a possibility.
        "I'd like to move to Portland someday",
        "I'd like to have kids one day",
        "I'd like to change my life",
        "I'd like to return to Japan next year",
    ],
)
def test_a_wish_about_ones_own_life_stays_a_possibility(text: str) -> None:
    assert intent_said(text) == "hypothetical"


# ------------------------------------------- a favour asked with its "you" left out


@pytest.mark.parametrize(
    "text",
    [
        "can help me book a table for 6",
        "can pass me the charger",
        "could send us the photos later",
        "sorry ah, can resend the link",
        "can check if the pharmacy open today or not",
        "eh you all coming for dinner or not",
    ],
)
def test_a_favour_asked_without_you_asks(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # The writer's own offer or ability, its "I" left out, keeps its reading.
        ("back from Perth tomorrow, can pick them up from school Fri", "planning"),
        ("can see the sea from here", "assertive"),
    ],
)
def test_the_writers_own_can_keeps_its_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ----------------------------------------------------- a question after a lead-in


@pytest.mark.parametrize(
    "text",
    [
        "long shot but does anyone know a cheap mechanic in Leeds",
        "quick q, is the pool open on sundays",
        "genuine question: do they take cards at the market",
        "ok but is the quiz tonight or tomorrow",
    ],
)
def test_an_unmarked_question_after_a_lead_in_asks(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # "but why" complains of a fact; a statement after "but" is one.
        ("ok but why is my flight to boston cancelled again", "assertive"),
        ("but I'm in Denver now", "assertive"),
        ("ok but we're flying friday", "planning"),
    ],
)
def test_a_complaint_or_a_statement_after_but_keeps_its_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ------------------------------------------------ advice of anyone, a letter's courtesy


@pytest.mark.parametrize(
    "text",
    [
        "the best time to visit Iceland is September imo",
        "the cheapest way to fly to Denver is via Chicago",
        "the easiest way to get to the old town is the tram",
        "the only place to stay in Hvar is the harbour",
    ],
)
def test_advice_said_of_anyone_names_no_trip(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


def test_the_writers_own_route_is_still_a_trip() -> None:
    assert held_said("we're flying to Denver via Chicago on Friday")["travel.destination"] == (
        "Denver"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Dear Alan, I do hope this letter finds you well.",
        "One wonders whether the trains will ever run on time.",
    ],
)
def test_a_letters_courtesy_and_a_wonder_claim_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Whose words follow tells nothing; the words are read on their own.
        ("as my dad always says, you get what you pay for", "none"),
        ("as the old saying goes, no news is good news", "none"),
        ("as I said, I'm in Denver till Friday", "assertive"),
    ],
)
def test_whose_words_follow_tells_nothing_of_its_own(text: str, intent: str) -> None:
    assert intent_said(text) == intent
