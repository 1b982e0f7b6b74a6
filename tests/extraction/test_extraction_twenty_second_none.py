"""The twenty-second round (issue 24), w22b: messages that tell no state of the writer's
(intent none) which the extractor read as a fact or a plan, found by the probe sentences
written for this round (``realistic/probes22b-dev.jsonl``: Discord servers, parish
newsletters, recipe forums, reviews, Gen-Z sarcasm, dictated letters, OCR text, Spanglish
and Hinglish), with look-alikes that tell the writer's state and must keep their reading.
Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said, intent_said

# --------------------------- a claim about the world: a place or a thing praised or ranked


@pytest.mark.parametrize(
    "text",
    [
        "Naples is stunning in october but the traffic will eat you alive",
        "gatwick north terminal is easily the worst airport in england",
        "the new battle pass is such a scam",
        "bhai the food in Lucknow is next level",
        "honestly madrid in august is brutal",
        "mi abuela makes the best empanadas, no contest",
        "Lovely spot, the staff are a treat.",
        # A participle that rates, which the parse may read as a passive.
        "Santorini is overrated, try Milos",
        "the aquarium is overpriced",
    ],
)
def test_a_place_or_thing_rated_at_the_head_of_a_message_is_a_view(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        # The writer's own things, "here" and "this" are where the writer is.
        "my new flat is gorgeous",
        "this hostel is a gem",
        "the beach is stunning here",
        # A view after the news colours where the writer is and what they have.
        "landed in Oslo last night, the jet lag is brutal",
        "made it to Cusco, the altitude is no joke",
        # A state, not a view: the writer's world now.
        "the boiler is broken again",
        "the car's at the garage",
        "the bridge is closed",
    ],
)
def test_the_writers_own_things_and_a_view_after_the_news_keep_their_reading(text: str) -> None:
    assert intent_said(text) == "assertive"


# ------------------------------------------- who a clause is about: a body of people


@pytest.mark.parametrize(
    "text",
    [
        "The scouts return from their camp in Snowdonia on Sunday afternoon.",
        "the church choir flies to Rome on friday for the festival",
        "The parish committee is in Lourdes until the 12th.",
    ],
)
def test_a_group_of_people_goes_and_comes_on_its_own_account(text: str) -> None:
    assert not commits_anything(text)


def test_the_writers_own_group_takes_the_writer_along() -> None:
    said = held_said("our choir flies to Rome on friday")
    assert said.get("travel.destination") == "Rome"


# ------------------------------------------------ hoped for, not had; a run, not a project


@pytest.mark.parametrize(
    "text",
    ["manifesting a snow day tomorrow", "manifesting a promotion this year lol"],
)
def test_manifesting_is_a_hope(text: str) -> None:
    assert intent_said(text) == "hypothetical"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "commits"),
    [
        ("the prod deploy is stuck again, I'll roll it back", False),
        ("my upload's stuck at 99% smh", False),
        ("the nightly backup is paused till the disk is swapped", False),
        # A piece of work held up keeps its status.
        ("the kitchen refit is on hold until the builders are back", True),
        ("the website build is blocked on legal", True),
    ],
)
def test_a_machines_run_stuck_is_no_project_blocked(text: str, commits: bool) -> None:
    said = held_said(text)
    assert any(f.startswith("project.") for f in said) is commits
