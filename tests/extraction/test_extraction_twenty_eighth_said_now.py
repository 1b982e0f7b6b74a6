"""The twenty-eighth round (issue 24), w28b: how a clause's grammar says what holds now, found
by the probe sentences of ``realistic/probes28b-dev.jsonl`` (a commuter, a small-business
owner, a student abroad, a carer). A reply that rates what the listener said ("sounds like a
nightmare", "makes sense", "that's so kind of her") claims nothing; a question put after the
news with its "do you" left out ("at the wholesaler, need anything?") leaves the news told; a
state held over this week or weekend ("the kids are with their dad this weekend") is the
arrangement now, not a plan; "had" before an adjective in "-en" ("had the shop open since
6") is no inverted condition; "yet to leave" opening a message is not "yet" the conjunction;
a relative gone to stay with someone is away; free, around or busy over a stretch of today
with "I'm" left out ("free after 4 if you want to ring") is the writer's state; and a verb the parse takes for the subject of
the next clause ("daughter's back at school, dropped her at the dorm") leaves the present
before it its own clause. Each class is tabled with paraphrases in other voices and
look-alikes that must keep their reading; every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

A_REPLY_THAT_RATES_WHAT_WAS_SAID: list[str] = [
    # An impression of the listener's words, its "that" said or left out: a reply.
    "sounds like a total mess tbh",
    "that sounds exhausting",
    "looks gorgeous, where is it?",
    "seems a lot for one weekend",
    "ok makes total sense",
    "sounds like you had a blast",
    # Thanks or a pity passed on.
    "that's really generous of him",
    "aw that's such a shame",
]

AN_IMPRESSION_THAT_TELLS_NEWS: list[tuple[str, str]] = [
    # Someone's state, or a clause about the writer under the impression: news kept.
    ("looks like I'm stuck in Crewe till the next train", "assertive"),
    ("my ankle looks really swollen this morning", "assertive"),
    ("the baby seems much happier today", "assertive"),
    ("looking for a quiet b&b near the harbour for two nights", "planning|none"),
]

NEWS_THEN_A_QUESTION_WITH_ITS_SUBJECT_LEFT_OUT: list[str] = [
    "at the cash and carry, need anything?",
    "I'm at the chemist, want anything?",
    "on the bus now, u still awake?",
    "in the queue at lidl, do we need eggs?",
]

ASKED_FROM_THE_START: list[tuple[str, str]] = [
    # A question from its first word, a comma inside it: still a question.
    ("what time are you back, need anything?", "none"),
    ("are you still at the office, want a lift?", "none"),
]

HELD_OVER_THIS_SPAN: list[tuple[str, str]] = [
    # A state held this week or weekend: the arrangement now.
    ("the boys are with their mum this weekend", "assertive"),
    ("I'm on call this week so no pub", "assertive"),
    ("we're snowed in this week, no deliveries", "assertive"),
    # An action or a journey in the same span, or a span ahead, is a plan.
    ("we're driving down to my gran's this weekend", "planning"),
    ("the boys are with their mum next weekend", "planning"),
]

HAD_BEFORE_AN_ADJECTIVE: list[tuple[str, str]] = [
    ("had the cafe open since 7 and only two customers", "assertive"),
    # Inverted conditions keep their reading.
    ("had the bus not broken down I'd be home by now", "hypothetical"),
    ("had we known about the strike we'd have driven", "hypothetical"),
]

YET_TO_LEAVE_OPENING_A_MESSAGE: list[FieldRow] = [
    ("yet to leave Cusco, the road is blocked", "travel.location", "Cusco", "assertive"),
    ("yet to leave Hanoi lol", "travel.location", "Hanoi", "assertive"),
    # "yet" the conjunction still joins.
    ("yet we never made it to Lima in the end", "travel.location", None, ""),
]

GONE_TO_STAY_WITH_SOMEONE: list[FieldRow] = [
    ("nan's gone to stay with my uncle in Swansea", "family.grandma.status", "away", "assertive"),
    (
        "my brother's gone up to Leeds to stay with his mate",
        "family.brother.status",
        "away",
        "assertive",
    ),
    ("dad has gone to live with his sister for now", "family.dad.status", "away", "assertive"),
    # Come to stay with the writer: home with them, not away.
    ("grandma's gone to stay with us for the week", "family.grandma.status", None, ""),
]

FREE_OVER_A_STRETCH_OF_TODAY: list[tuple[str, str]] = [
    # Free, around or busy till a time, "I'm" left out, an offer after it: the state now.
    ("free after 3 if you fancy a call", "assertive"),
    ("around till 5 if you need a hand", "assertive"),
    ("busy till lunch, ring after", "assertive"),
    # The same ahead of today is a plan; asked, it is a question.
    ("free tomorrow after 4 if you want to ring", "planning"),
    ("are you free after 4?", "none"),
]

PRESENT_BEFORE_A_SUBJECTLESS_PAST: list[str] = [
    # The "'s" of the present clause taken for the past verb's subject.
    "son's back at uni, dropped him at halls on sunday",
    "mum's home now, picked her up from the ward this morning",
]


@pytest.mark.parametrize("text", A_REPLY_THAT_RATES_WHAT_WAS_SAID)
def test_a_reply_that_rates_what_was_said_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none", text


@pytest.mark.parametrize(("text", "intents"), AN_IMPRESSION_THAT_TELLS_NEWS)
def test_an_impression_with_news_in_it_keeps_the_news(text: str, intents: str) -> None:
    assert intent_said(text) in intents.split("|"), text


@pytest.mark.parametrize("text", NEWS_THEN_A_QUESTION_WITH_ITS_SUBJECT_LEFT_OUT)
def test_a_question_after_the_news_leaves_the_news_told(text: str) -> None:
    assert intent_said(text) == "assertive", text


@pytest.mark.parametrize(("text", "intent"), ASKED_FROM_THE_START + HAD_BEFORE_AN_ADJECTIVE)
def test_the_clause_keeps_its_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text


@pytest.mark.parametrize(("text", "intent"), HELD_OVER_THIS_SPAN + FREE_OVER_A_STRETCH_OF_TODAY)
def test_a_state_held_over_this_span_is_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    YET_TO_LEAVE_OPENING_A_MESSAGE + GONE_TO_STAY_WITH_SOMEONE,
)
def test_where_someone_is(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize("text", PRESENT_BEFORE_A_SUBJECTLESS_PAST)
def test_the_present_before_a_subjectless_past_is_news(text: str) -> None:
    assert intent_said(text) == "assertive", text
