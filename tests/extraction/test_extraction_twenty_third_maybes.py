"""The twenty-third round (issue 24, second wave): maybes, wishes and good wishes told apart
from plans and facts. Every row is a sentence written for this module, none taken from an
evaluation set.

Luck, a safe journey and sympathy wished to the listener ("best of luck with the new job
Monday", "have a safe drive up to Leeds tomorrow", "safe trip to Boise tomorrow", "thinking
of you all in Tulsa") are the listener's day, not the speaker's plan: a
good wish, intent "none", and nothing committed. A choice still weighed ("mulling over",
"in two minds", "on the fence") and an intention kept but not acted on ("I'd been meaning
to visit Mum in Perth", "we've been wanting to try Crete") are maybes. A journey hoped for
("we were hoping to get up to Glasgow") is not a desk's service asked for ("we were hoping
to get a table for four"). "Due to" before a verb ("due to land in Cork on the 22nd") is a
timetable, a clause with its verb, not a reason phrase ("due to the strike").
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, intent_said

GOOD_WISHES: list[str] = [
    "Best of luck with the new job Monday!!",
    "good luck at the interview tmrw x",
    "the very best of luck to you both on saturday",
    "good luck for your driving test next week",
    "Have a safe drive up to Leeds tomorrow",
    "have a good journey home to Galway on Friday",
    "have a lovely visit with your gran in Swansea this weekend",
    "have a great first day at the hospital on monday!",
    "safe trip to Boise tomorrow",
    "safe flight home x",
    # Sympathy for the listener's people, wherever they are.
    "thinking of you all in Tulsa",
    "praying for your dad in Leeds tonight",
]


@pytest.mark.parametrize("text", GOOD_WISHES)
def test_luck_and_a_safe_journey_wished_are_no_plan(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


WISH_THEN_OWN_NEWS: list[tuple[str, str]] = [
    # Look-alikes: the speaker's own plan or luck after the wish keeps its reading.
    ("good luck to us, we fly to Rome at 6 tomorrow", "planning"),
    ("wish me luck, I start at Hallam Foods on monday", "planning"),
    ("we drive down to Exeter on friday", "planning"),
    ("thinking of you, we land in Tulsa at 6", "planning"),
    ("safe trip to Boise, we'll be in Denver by then", "planning"),
]


@pytest.mark.parametrize(("text", "intent"), WISH_THEN_OWN_NEWS)
def test_the_speakers_own_plan_beside_a_wish_stays_a_plan(text: str, intent: str) -> None:
    assert intent_said(text) == intent


MAYBES: list[str] = [
    # A choice still weighed.
    "Mum's mulling over selling up and renting in Bath",
    "we're mulling over a move to Norwich",
    "still pondering a week in Madeira in march",
    "I'm in two minds about the Dublin job",
    "on the fence about flying home for christmas tbh",
    "we're thinking of moving to Tulsa",
    # An intention kept, not yet acted on.
    "I'd been meaning to visit Mum in Perth but it may wait till spring",
    "I've been meaning to fly out to see my brother in Calgary",
    "we've been wanting to try Crete for years",
    # A journey hoped for, not a service asked of a desk.
    "we were hoping to get up to Glasgow before Christmas",
    "I was hoping to get down to Cornwall in the spring",
]


@pytest.mark.parametrize("text", MAYBES)
def test_a_choice_weighed_or_an_intention_kept_is_a_maybe(text: str) -> None:
    assert intent_said(text) == "hypothetical"
    assert not commits_anything(text)


SETTLED_LOOK_ALIKES: list[tuple[str, str]] = [
    # Decided, booked, done: the same words with the weighing over.
    ("we moved to Norwich in the end", "assertive|historical"),
    ("we were hoping to get a table for four at eight", "none"),
    ("I'm looking to book two rooms for friday", "none"),
    ("the ferry was cancelled due to the storm", "assertive|historical"),
]


@pytest.mark.parametrize(("text", "intents"), SETTLED_LOOK_ALIKES)
def test_settled_look_alikes_keep_their_reading(text: str, intents: str) -> None:
    assert intent_said(text) in intents.split("|")


TIMETABLED: list[str] = [
    "due to land in Cork around teatime on the 22nd",
    "due to arrive in Lyon on the 9th",
    "due to start at the Leeds office on the 1st",
]


@pytest.mark.parametrize("text", TIMETABLED)
def test_due_to_before_a_verb_is_a_timetable(text: str) -> None:
    assert intent_said(text) == "planning"
