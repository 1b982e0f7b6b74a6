"""The ninth round (issue 24): classes of phrasing the new voices (college students, shift
and office chat, autocorrect damage, plans written as lists) showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set; the
look-alikes, which must not change or commit, come first.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.homophones import mend_homophones

# ---------------------------------------------------------------- homophones


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # Look-alikes: the word typed stands where it is.
        ("that's too late for me", "that's too late for me"),
        ("me too, see you there", "me too, see you there"),
        ("their house is lovely", "their house is lovely"),
        ("their home is in Reno", "their home is in Reno"),
        ("what did you do to the car?", "what did you do to the car?"),
        ("there is a way for us to fix it", "there is a way for us to fix it"),
        ("I hear you, it's rough", "I hear you, it's rough"),
        ("did you hear about the party", "did you hear about the party"),
        ("four of us are going", "four of us are going"),
        ("two Americans were on the bus", "two Americans were on the bus"),
        ("he threw the ball", "he threw the ball"),
        ("the cat hurt its paw", "the cat hurt its paw"),
        ("there are two of them", "there are two of them"),
        ("is there a dad joke for this", "is there a dad joke for this"),
        # Autocorrect's and dictation's words for the one meant.
        ("we drove too the coast", "we drove to the coast"),
        ("flying too Seattle tonight", "flying to Seattle tonight"),
        ("leaving four Chicago in the morning", "leaving for Chicago in the morning"),
        ("four the last time, no", "for the last time, no"),
        ("moving two Atlanta in May", "moving to Atlanta in May"),
        ("their at the lake till Sunday", "they're at the lake till Sunday"),
        ("I think their leaving early", "I think they're leaving early"),
        ("we're driving their tomorrow", "we're driving there tomorrow"),
        ("on my way their now", "on my way there now"),
        ("staying at there place this week", "staying at their place this week"),
        ("we got hear last night", "we got here last night"),
        ("the gas bill is do Friday", "the gas bill is due Friday"),
        ("practice is cancelled do to rain", "practice is cancelled due to rain"),
        ("my son is a way at camp", "my son is away at camp"),
        ("I wood have come", "I would have come"),
        ("thanks sew much!", "thanks so much!"),
        ("the check came threw today", "the check came through today"),
        ("the bill came its 80 bucks", "the bill came it's 80 bucks"),
    ],
)
def test_homophones_read_as_meant(typed: str, read: str) -> None:
    assert mend_homophones(typed) == read


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("their in Tucson till Friday", "travel.location", None),
        ("we're flying too Tucson on Friday", "travel.destination", "Tucson"),
        ("heading out four Reno tomorrow", "travel.destination", "Reno"),
        ("my husband is a way for work this week", "family.husband.status", "away"),
        ("the phone bill is do on the 20th", "financial.phone_bill.due_date", "2026-03-20"),
    ],
)
def test_homophones_give_the_facts_meant(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value
