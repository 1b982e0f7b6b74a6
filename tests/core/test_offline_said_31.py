"""What the offline assistant hears in the words people text (the thirty-first round):
news with its "I" left out is news, a family member's place is heard and said not to be
kept, a question about what was said names its topic, and a payee reads as written."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.conversation.family_places import family_place
from core.conversation.offline_replies import NOTHING_CHANGED, offline_answer
from core.conversation.reply_patterns import normalised
from core.conversation.state_answers import UNSURE
from core.conversation.told_about import told_topic
from core.domain.naming import errand, written_name

NOW = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "said",
    [
        "ugh failed my chem midterm",
        "just finished my shift lol",
        "overslept and missed the bus",
        "lost my keys again",
        "passed my driving test!!",
    ],
)
def test_news_with_its_i_left_out_is_news(said: str) -> None:
    assert offline_answer(said, [], [], NOW) == NOTHING_CHANGED


@pytest.mark.parametrize("said", ["failed?", "finished", "what did i miss", "purple monkey"])
def test_a_word_alone_or_a_question_is_no_news(said: str) -> None:
    assert offline_answer(said, [], [], NOW) == UNSURE


@pytest.mark.parametrize(
    ("said", "kept_not"),
    [
        ("my brother tom moved to denver last week", "where Tom lives"),
        ("tom is in denver now, he moved there last week", "where Tom is"),
        ("my mom lives in ohio", "where your mom lives"),
        ("btw sarah moved out", "where Sarah lives"),
        ("our kids are at grandmas", "where your kids are"),
        ("my son jake just moved to boston", "where Jake lives"),
        ("tom got a place in brooklyn", "where Tom lives"),
        ("My son David and his wife moved to Portland last month.", "where David lives"),
        # Not a member's place: no one named, the speaker's own, a question.
        ("the meeting moved to 3", None),
        ("work moved to friday", None),
        ("I moved to denver", None),
        ("my car is in the shop", None),
        ("is tom in denver", None),
        ("where is tom", None),
    ],
)
def test_a_members_place(said: str, kept_not: str | None) -> None:
    assert family_place(normalised(said)) == kept_not


@pytest.mark.parametrize(
    ("asked", "topic"),
    [
        ("what did i tell you about the car", "the car"),
        ("What did I say about my sister?", "my sister"),
        ("what did i tell u abt the pge bill", "the pge bill"),
        ("what have i told you about rent so far", "rent"),
        ("what do you know about emma", "emma"),
        ("remind me what i said about the trip", "the trip"),
        # The user as a whole is "what do you know about me"; others ask no topic.
        ("what do you know about me", None),
        ("what did i tell you about me", None),
        ("what did you say", None),
        ("tell me about the car", None),
    ],
)
def test_the_topic_of_what_was_said(asked: str, topic: str | None) -> None:
    assert told_topic(normalised(asked)) == topic


@pytest.mark.parametrize(
    ("slug_words", "written"),
    [
        ("pg e bill", "PG&E bill"),
        ("at t bill", "AT&T bill"),
        ("h m return", "H&M return"),
        ("dmv fee", "DMV fee"),
        ("phone bill", "phone bill"),
        ("pge bill", "pge bill"),
        ("amazon return", "amazon return"),
        ("st marys", "st marys"),
        ("a bill", "a bill"),
    ],
)
def test_a_payee_as_written(slug_words: str, written: str) -> None:
    assert written_name(slug_words) == written
    assert errand(slug_words).casefold() == f"the {written}".casefold()


@pytest.mark.parametrize(
    ("said", "bill"),
    [
        ("The electric bill came, it's $143 and due on the 15th.", "the electric bill"),
        ("got the electric bill, 143 bucks", "the electric bill"),
        ("the PG&E invoice is due", "the pg&e invoice"),
        # No money nor day, a question, a request: not a bill left unread.
        ("ugh the water bill", None),
        ("is the gas bill due?", None),
        ("remind me to pay the phone bill, 40 bucks", None),
    ],
)
def test_a_bill_left_unread_says_how_to_tell_it(said: str, bill: str | None) -> None:
    reply = offline_answer(said, [], [], NOW)
    if bill is None:
        assert "couldn't read" not in reply, reply
    else:
        assert reply.startswith(f"I couldn't read {bill} in that."), reply
