"""Canon's reasons asked in plain words, and what each question names (``why_words``):
the words /why finds the value by, most particular first; look-alikes that ask something
else (the cause of a thing, a greeting, news) are no such question."""

from __future__ import annotations

import pytest

from core.conversation.said_why import why_words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("why do you think maya is sick", ["maya"]),
        ("how do you know maya is sick?", ["maya"]),
        ("Hmm, why do u think my mom is sick", ["mom"]),
        ("what makes you think the rent is paid", ["rent"]),
        ("where did you get that the amazon return is due", ["amazon return", "return"]),
        ("why do you believe Emma's away", ["emma"]),
        ("how do you know were going to chicago", ["trip"]),
        ("why do you think i'm in tahoe", ["location"]),
        ("why do you think we live in portland", ["home"]),
        ("why do you think i paid the pge bill", ["pge bill", "bill"]),
        ("how do you know we cancelled the gym", ["gym"]),
        ("who told you that", []),
        ("why do you think that?", []),
        ("how did you know", []),
    ],
)
def test_a_question_of_reasons_names_what_it_asks_about(text: str, words: list[str]) -> None:
    assert why_words(text) == words


@pytest.mark.parametrize(
    "text",
    [
        "why is maya sick",  # the cause of it, not Canon's reasons
        "how do you do",
        "how are you",
        "i think maya is sick",  # news
        "do you know where tom is",
        "why not",
        "tom told me maya is sick",
    ],
)
def test_look_alikes_ask_no_reasons(text: str) -> None:
    assert why_words(text) is None
