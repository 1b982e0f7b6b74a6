"""The nineteenth round (issue 24), intent19: classes of phrasing whose INTENT the probe
sentences written for this round (``realistic/probes19e*-dev.jsonl``) showed the extractor
reading wrong, each fixed as a class and tabled here with paraphrases in other voices and
look-alikes that must keep their reading. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import intent_said

# ------------------------------------------- a state said to hold now, after a story


@pytest.mark.parametrize(
    "text",
    [
        "grandma slipped on the ice on monday and she's on the orthopaedic ward now",
        "The spare room has been so empty since my son went travelling",
        "my brother lost his job at the plant, he's still looking",
        "Our landlord sold up last month. The new owners are lovely at least, they're fixing the damp as we speak.",
        "ma neighbour's dog got loose yesterday, it's in the shelter at the moment",
        "the boys went to their dad's after school and they're watching films",
    ],
)
def test_a_present_state_after_a_past_event_is_news_about_now(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "the garage rang me twice about the brakes, sorting it now",
        "the plumber overcharged us by 80 quid last week, chasing him about it now",
    ],
)
def test_news_now_after_a_told_past_outranks_the_story(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "my grandad fought in Burma and never talked about it",
        "we went to Whitby for the weekend, the chips were amazing",
        "the neighbours had a massive row last night, the police came round",
        "when we lived in Hull the kids walked to school on their own",
    ],
)
def test_a_story_with_no_present_marked_stays_a_story(text: str) -> None:
    assert intent_said(text) == "historical"
