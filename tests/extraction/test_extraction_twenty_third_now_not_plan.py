"""The twenty-third round (issue 24), w23d: a state that holds now with its end ahead, read
as a plan, found by the probe sentences written for this round in new voices
(``realistic/probes23d*-dev.jsonl``: texts with typos, voice notes, learners' English, work
chat, parents' notes). A bound ahead ("till Sunday", "until after Christmas") says when the
state ends, not that it starts then; British English's "in hospital" without its article is
a status line with "I'm" left out; an instruction joined by "so" with a condition of its own
does not make the fact before it a supposition. Each class is tabled with paraphrases in
other voices and look-alikes that must keep their reading. Every row is a sentence written
for this module, none taken from an evaluation set. Message time: Wednesday 4 March 2026.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, held_said, intent_said

from core.extraction.timeexpr import find_times

# --------------------------------------------- "until after X": the bound, not a start


@pytest.mark.parametrize(
    ("phrase", "prep", "day"),
    [
        ("until after christmas", "until", "2026-12-25"),
        ("till after the 14th", "till", "2026-03-14"),
        ("til after easter", "til", "2026-04-05"),
        # "after" alone, or after "by", is still the start that follows the day.
        ("after friday", "after", "2026-03-06"),
        ("by after friday", "after", "2026-03-06"),
    ],
)
def test_until_after_a_day_keeps_its_bound(phrase: str, prep: str, day: str) -> None:
    refs = find_times(phrase, AT)
    assert [(r.prep, r.day.isoformat()) for r in refs] == [(prep, day)]


STAYS_WITH_THEIR_END_AHEAD: list[tuple[str, str]] = [
    ("Mum's staying with us until after Christmas, so the spare room is taken", "assertive"),
    ("my father in law is with us till after Easter, pray for me", "assertive"),
    ("I'm at my sister's until after the 14th, the flat's being painted", "assertive"),
    # A stay that starts after the day is a plan still.
    ("we're going to stay with mum after christmas", "planning"),
    ("I'll be at my sister's after the 14th", "planning"),
]


# --------------------------------------------- "in hospital", the British way, "I'm" left out

HOSPITAL_STATUS_LINES: list[tuple[str, str]] = [
    ("In hospital till Tuesday at least, they want to watch the wound", "assertive"),
    ("in hospital since sunday, food's grim", "assertive"),
    ("still in hospital, no visitors yet", "assertive"),
    ("in isolation till the test comes back", "assertive"),
    # Someone else in hospital, a question about it, and going in ahead keep their reading.
    ("is he still in hospital?", "none"),
    ("going into hospital on friday for the knee", "planning"),
    ("was in hospital for a week last year", "historical"),
]


# --------------------------------------------- "so" + an instruction with its own "if"

FACT_THEN_SO_INSTRUCTION_IF: list[tuple[str, str]] = [
    ("I'm babysitting my niece all week so bring snacks if you come", "assertive"),
    ("im working late so eat without me if ur hungry", "assertive"),
    ("we're at the cabin till sunday so just call if you need anything", "assertive"),
    ("the boiler is broken so text me if you want a shower at ours", "assertive"),
    # "so" as a degree, a plan before it, and a condition of the fact itself keep theirs.
    ("I'm so happy if you come", "hypothetical"),
    ("we'll be at the lake so come up if you want", "planning"),
    ("if I'm home by six so call me", "hypothetical"),
]


# --------------------------------------------- aboard a train or a bus to somewhere: under way

ABOARD_TO_A_PLACE: list[tuple[str, str, str | None]] = [
    ("on the train to leeds, there by 6", "assertive", "in_progress"),
    ("I'm on the bus to Boston, arriving around 9", "assertive", "in_progress"),
    ("we're on the ferry to Skye, kids are loving it", "assertive", "in_progress"),
    # A day ahead makes it a plan; a booking or a past ride is no going under way.
    ("I'm on the train to Leeds on Friday", "planning", "planning"),
    ("we're on the 6am flight to Lisbon tomorrow", "planning", "planning"),
    ("on the last train to Glasgow tonight, will text from the station", "planning", "planning"),
    ("I was on the train to Leeds when it broke down", "historical", None),
]


@pytest.mark.parametrize(("text", "intent", "status"), ABOARD_TO_A_PLACE)
def test_aboard_a_train_to_a_place_is_a_going_under_way(
    text: str, intent: str, status: str | None
) -> None:
    assert intent_said(text) == intent
    assert held_said(text).get("travel.status") == status


# --------------------------------------------- "home with a cold": "I'm" left out

HOME_UNWELL: list[tuple[str, str]] = [
    ("Home with a cold. Will be back in the office Thursday.", "assertive"),
    ("home with the flu, send soup", "assertive"),
    ("home sick, back tmrw hopefully", "assertive"),
    # Someone else's, and a question, keep their reading.
    ("is she home sick again?", "none"),
]


@pytest.mark.parametrize(
    ("text", "intent"),
    STAYS_WITH_THEIR_END_AHEAD + HOSPITAL_STATUS_LINES + FACT_THEN_SO_INSTRUCTION_IF + HOME_UNWELL,
)
def test_a_state_now_keeps_its_reading_beside_a_time_ahead(text: str, intent: str) -> None:
    assert intent_said(text) == intent
