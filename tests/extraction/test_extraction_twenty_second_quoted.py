"""The twenty-second round (issue 24), w22d: words relayed from someone else — a mail
forwarded whole, a boss's or friend's message quoted after "sent this:", "forwarded",
"shared", a relative's "we" — are the sender's news, never the writer's, while the writer's
own words beside a quote keep their reading. Found by ``realistic/probes22d-dev.jsonl``
(forwarded mails, group chats pasted as text, reported speech in British and Indian English,
teens retelling). Every row is a sentence written for this module.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import held_said, intent_said

from core.extraction.handed_on import handed_on

WRITERS_OWN = ("travel.location", "travel.destination", "travel.depart_date", "travel.status")


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # A mail handed on whole: its "I" and "we" are whoever sent it first.
        ("Fwd: plans\n\nI'm in Oslo until Friday", "plans\n\nthe sender is in Oslo until Friday"),
        (
            "FW: Re: dinner\nwe'll be in Rome on the 3rd",
            "Re: dinner\nthe sender will be in Rome on the 3rd",
        ),
        ("Subject: Fwd: I'm in Lagos this week", "the sender is in Lagos this week"),
        # A colleague's or boss's words in single quotes, after a greeting.
        (
            "my manager forwarded this: 'Hi all, I'm in Dubai till the 9th'",
            "my manager is in Dubai till the 9th",
        ),
        (
            "my flatmate shared this: 'Hey! Flying to Accra tomorrow'",
            "my flatmate is flying to Accra tomorrow",
        ),
        # A relative's "we" is the relative and whoever is with them.
        ('my dad texted "we\'ve reached Kochi, all fine"', "my dad has reached Kochi, all fine"),
        ("Forwarded message from Jess: Hiya, we're in Porto now", "Jess is in Porto now"),
    ],
)
def test_relayed_words_are_said_of_their_sender(typed: str, read: str) -> None:
    assert handed_on(typed) == read


@pytest.mark.parametrize(
    "text",
    [
        "Fwd: catch-up\n\nI'll be in Denver Monday and Tuesday, can we move it?",
        "FW: I'm in Chicago all week, see below",
        "my boss just forwarded this: 'Hi all, I'm in Singapore until the 12th'",
        "my colleague shared this: 'Morning team, I'm stuck in Pune, no flights today'",
        "Forwarded message from Dana:\nHey! Flying out to Lisbon on Friday, back the 15th",
        "my mum texted 'we're home safe, dont worry'",
        # A colleague's words in single quotes, the apostrophes inside kept in them.
        "msg from my coworker: 'I'm at Heathrow, boarding soon'",
    ],
)
def test_someone_elses_relayed_news_gives_the_writer_no_trip(text: str) -> None:
    held = held_said(text)
    assert not set(held) & set(WRITERS_OWN), held


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # The writer's own words beside a quote, and a forwarded booking with no "I".
        ("Dad wrote 'safe travels!!' lol I'm already in Rome", "travel.location", "Rome"),
        (
            "my boss sent 'can you cover Thu?' told him no, I'm in Cardiff till Friday",
            "travel.location",
            "Cardiff",
        ),
        ("Fwd: your flight to Miami on Friday is confirmed", "travel.destination", "Miami"),
        ("mum says hi, we're back in Bristol btw", "travel.status", "completed"),
    ],
)
def test_the_writers_own_words_beside_a_quote_keep_their_reading(
    text: str, field: str, value: str
) -> None:
    assert held_said(text).get(field) == value
    assert intent_said(text) in {"assertive", "planning"}
