"""The twenty-fourth round (issue 24), w24a: statements about the present read as plans,
found by the probe sentences written for this round in new voices
(``realistic/probes24a-dev.jsonl``: a truck driver, a nurse between shifts, a backpacker,
a grandmother dictating, Indian English, a Discord server) and by the dev halves of the
forty-five voices.

Someone else's arrangement ("my brother said he's moving to phoenix next month", "my
landlord says rent's going up in april") is a fact about them now: a plan is the speaker's
own scheduled future (the labelling guide), and a careful reader files another person's as
assertive. The speaker inside the arrangement ("dad's driving me down saturday", "mum's
coming to stay with us") keeps it a plan, and so does the speaker's own clause beside it.
Every row is a sentence written for this module, none taken from an evaluation set.
Message time: Wednesday 4 March 2026.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import intent_said

# --------------------------------------------- someone else's arrangement is a fact

SOMEONE_ELSES_ARRANGEMENTS: list[tuple[str, str]] = [
    ("my neighbour says she's selling the house in june", "assertive"),
    ("our landlord said the rent is going up in may", "assertive|historical"),
    ("my uncle says he's retiring next year", "assertive"),
    ("her boss says she's getting promoted next month", "assertive"),
    ("my aunt won't be coming for easter after all", "assertive"),
    ("the boss is flying to Tokyo next week", "assertive"),
    # The speaker in it, or the speaker's own clause: a plan.
    ("my dad is driving me to the airport tomorrow", "planning"),
    ("my sister is coming to stay with us next week", "planning"),
    ("my in-laws are coming over for easter", "planning"),
    ("my brother's moving to Denver next month, I'm flying out to help on the 2nd", "planning"),
    ("we're flying to Denver on friday", "planning"),
    ("I'm starting at a new school on monday", "planning"),
    # A forecast of how someone will be is no arrangement of theirs.
    ("my parents are going to be so proud", "planning"),
    # A list line's parsed "subject" is nobody.
    ("Thurs: dentist 10am", "planning"),
]


@pytest.mark.parametrize(("text", "intent"), SOMEONE_ELSES_ARRANGEMENTS)
def test_someone_elses_arrangement_is_a_fact_about_them(text: str, intent: str) -> None:
    assert intent_said(text) in intent.split("|")


# --------------------------------------------- a bare "-ing" beside a verbless root

LEADING_PARTICIPLES: list[tuple[str, str]] = [
    ("driving to the depot now, signal's patchy, call u back", "assertive"),
    ("sorry for the wait, replying from the ward between patients", "assertive"),
    ("cheers for the lift, walking home from the station now", "assertive"),
    # Look-alikes: a sympathy, a "while" scene and a question keep their reading.
    ("good luck tomorrow, thinking of you", "none"),
    ("while waiting at the gate, a man asked me for directions", "historical"),
]


@pytest.mark.parametrize(("text", "intent"), LEADING_PARTICIPLES)
def test_a_bare_participle_is_what_the_speaker_is_doing_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@pytest.mark.parametrize(
    ("text", "verb", "tense"),
    [
        ("heading to the airport now, boarding at 3, text u from chicago", "head", "present"),
        ("sorry for the lag, tethering off my phone at a rest stop", "tether off", "present"),
        ("I'm heading home", "head", "present"),
    ],
)
def test_the_participle_is_the_predicate(text: str, verb: str, tense: str) -> None:
    from core.extraction.linguistics.model import load
    from core.extraction.linguistics.reading import read

    reading = read(load()(text)[:])
    assert (reading.verb, reading.tense) == (verb, tense)
