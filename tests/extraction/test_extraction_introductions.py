"""Introductions typed the way people type them.

"my name's alex btw" is the speaker's name whoever the parse takes for the subject;
"im alex" names the speaker when alex is a common given name, and a greeting or a
"nice to meet u" after it makes any word that is no mood a name; "im tired", "im done",
"hey im stuck" and someone else's name are not the speaker's name.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

AT = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)


def _name(text: str) -> object:
    found = extract_offline(text, at=AT).observations
    return next((o.candidate_value for o in found if o.field == "profile.name"), None)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my name's alex btw", "Alex"),
        ("my name's Alex btw", "Alex"),
        ("my names alex lol", "Alex"),
        ("im alex", "Alex"),
        ("hey im alex, nice to meet u", "Alex"),
        ("hi im jo, new here", "Jo"),
        ("im grace lol", "Grace"),
        ("im mark and i live in denver", "Mark"),
        ("hey im priya", "Priya"),
        # "I am", as learners and careful writers say it, reads as "I'm" does.
        ("hi, i am Klaus", "Klaus"),
        ("hello, I am Marta", "Marta"),
        ("I am Dmitri, the new tenant in 4B", "Dmitri"),
        ("hi i am klaus", "Klaus"),
        ("Hi, I am Priya and we are in Goa", "Priya"),
    ],
)
def test_the_speaker_names_themselves(text: str, name: str) -> None:
    assert _name(text) == name


@pytest.mark.parametrize(
    "text",
    [
        "im tired",
        "im done",
        "im so tired, nice to meet u",
        "hey im stuck, can u help",
        "my sister's name is alex",
        "im in denver",
        "I am Happy",
        "I am Sick",
        "i am tired",
        "I am Denver",
        "am i late?",
        "i am back",
    ],
)
def test_a_mood_a_place_or_someone_else_is_no_name(text: str) -> None:
    assert _name(text) is None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("hey its sam", "Sam"),
        ("hi it's Sam", "Sam"),
        ("it's Sam here", "Sam"),
        ("its sam here", "Sam"),
        ("hey, this is Priya", "Priya"),
        ("hello, it is Grace here!", "Grace"),
        ("sam here", "Sam"),
        ("Sam here", "Sam"),
        ("morning, jay here", "Jay"),
        ("hey its kaylee btw", "Kaylee"),
        ("call me sam", "Sam"),
        ("I'm Sam", "Sam"),
    ],
)
def test_the_writer_says_who_is_writing(text: str, name: str) -> None:
    """ "it's Sam", "this is Priya" and "Sam here" are how a message says who wrote it:
    the speaker's name, as "I'm Sam" and "call me sam" are."""
    assert _name(text) == name


@pytest.mark.parametrize(
    "text",
    [
        "sam's here",
        "it's sam's birthday",
        "sam here yet?",
        "is sam here?",
        "tell sam hi",
        "its sunny",
        "hey its sunny here",
        "its late",
        "hey its june already",
        "it's may",
        "same here",
        "everyone here",
        "hey its me",
        "its mom",
        "its sam's car",
        "it's sam who's sick",
        "was that sam here?",
        "it's sam and jo tonight",
        "if sam's here we'll go",
        "sam here tomorrow",
        "its dawn here",
        "it's autumn here",
        "its mom here",
    ],
)
def test_someone_else_the_weather_or_a_question_names_no_writer(text: str) -> None:
    assert _name(text) is None
