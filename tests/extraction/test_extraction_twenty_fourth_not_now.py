"""The twenty-fourth round (issue 24), w24e: the past, a plan or a supposition told in a
grammar that hides its time (``realistic/probes24e-dev.jsonl``: grandparents' stories, an
Irish storyteller, learners of English, a podcast rambler, a planner's bullets, a lawyer's
phrasing). A scene set on a past date keeps its present tense in the past; a condition said
without "if" is still a condition; a job started on a day ahead is a plan. Look-alikes keep
their reading: the present marked now, a past verb whose result holds, a habit, a year still
ahead. Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said, intent_said

_SCENES: list[tuple[str, str]] = [
    # A clause that opens on a past date, told in the present.
    ("last winter we're snowed in at my aunt's in Buffalo for a week", "historical"),
    ("ok so last Thanksgiving I'm at my in-laws in Tulsa and the oven catches fire", "historical"),
    ("back in college I'm working two jobs in Athens and barely sleeping", "historical"),
    ("three summers ago we're camping outside Banff and a bear walks past", "historical"),
    ("In 2017 I live with my cousin in Porto, I work in a bakery there", "historical"),
    # The date said alone, the scene after it.
    ("New Year's Eve 2019, we're on a rooftop in Bangkok counting down", "historical"),
    ("Summer of '99. We're driving a borrowed van around Donegal.", "historical"),
    # A sentence dated at its end.
    ("I'm on the night bus to Bristol, phone dead, no cash, this was years ago", "historical"),
    # The learner's childhood and the day of an event.
    ("When we are children we live in Lagos near the market", "historical"),
    ("the night of the final I'm in a pub in Cork with half the town", "historical"),
    # Look-alikes: now marked, a past verb whose result holds, a habit, a date ahead, a
    # year that is not behind, "my last year", a plan for a season.
    ("last summer was rough but we're in Tucson now and loving it", "assertive"),
    ("back in 2019 I moved to Leeds and I still live here", "assertive"),
    ("the morning of a big race I'm usually a wreck", "assertive"),
    ("it's my last year of uni and I'm living in Durham", "assertive"),
    ("I'm in Denver this week, last summer we were in Tahoe", "assertive"),
]


@pytest.mark.parametrize(("text", "intent"), _SCENES)
def test_a_scene_on_a_past_date_is_the_past(text: str, intent: str) -> None:
    assert intent_said(text) == intent


_NOT_WHERE_NOW: list[str] = [
    "last winter we're snowed in at my aunt's in Buffalo for a week",
    "New Year's Eve 2019, we're on a rooftop in Bangkok counting down",
    "back in college I'm renting a room in Athens above a bakery",
    "the night of the final I'm in a pub in Cork with half the town",
]


@pytest.mark.parametrize("text", _NOT_WHERE_NOW)
def test_a_scene_sets_no_place_now(text: str) -> None:
    assert not commits_anything(text)


_CONDITIONS: list[tuple[str, str]] = [
    # Conditions said without "if".
    ("Were the landlord to sell, we would have to leave Bristol", "hypothetical"),
    ("were the trains to strike again we'd drive up to York", "hypothetical"),
    ("worst case scenario we're sleeping at the airport in Dublin", "hypothetical"),
    ("best case we land in Boston by six", "hypothetical"),
    ("picture me in a cottage in Cornwall, no emails, bliss", "hypothetical"),
    # Look-alikes: a feeling shared, a story opened, a case that is no condition.
    ("worst case of food poisoning ever, I'm still in bed", "assertive"),
    ("imagine my relief: we're home and the cat is fine", "assertive"),
    ("the trains were on strike so we drove", "historical"),
]


@pytest.mark.parametrize(("text", "intent"), _CONDITIONS)
def test_a_condition_without_if(text: str, intent: str) -> None:
    assert intent_said(text) == intent


def test_a_condition_without_if_commits_nothing() -> None:
    assert not commits_anything("worst case we're stuck in Reno till Monday")
    assert not commits_anything("Were my employer to move me to Ohio, we would sell the house")


_HABITS_AND_STARTS: list[tuple[str, str]] = [
    # "would" with a month or a feast each year: how things used to be.
    ("my dad would take us to Blackpool every September", "historical"),
    ("Nana would bake for the whole street every Easter", "historical"),
    # A job that starts on a day ahead: a plan, its employer held.
    ("I start at Pfizer on monday!!", "planning"),
    ("start at the Co-op on the 20th, so nervous", "planning"),
    # Look-alikes: a wish, a job held now.
    ("I would love to be in Blackpool every September", "hypothetical"),
    ("I work at Pfizer and I love it", "assertive"),
]


@pytest.mark.parametrize(("text", "intent"), _HABITS_AND_STARTS)
def test_past_habits_and_jobs_ahead(text: str, intent: str) -> None:
    assert intent_said(text) == intent


def test_a_job_started_ahead_keeps_its_employer() -> None:
    assert held_said("I start at Pfizer on monday!!").get("profile.employer") == "Pfizer"
