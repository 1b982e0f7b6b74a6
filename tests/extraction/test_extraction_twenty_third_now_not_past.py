"""The twenty-third round (issue 24), w23e: how things stand NOW, told as the result of a
past event, read as a story (``realistic/probes23e-dev.jsonl``: forum posts, texts with
typos, voice notes, learners of English, elders' emails). Which clause speaks for now
decides: a present state after "so" is the result of the event before it, and "..., am
unemployed" is the writer now with "I" left out. Look-alikes keep their reading: a story
with no present clause, a guess after "so", a condition. Every row is a sentence written
for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import intent_said

_NOW_AFTER_THE_EVENT: list[tuple[str, str]] = [
    # A present state after "so": the result of the past event, how things are now.
    ("we broke up in october so it's just me and the dog now", "assertive"),
    ("Grandma finished her physio so she is allowed to walk to the shops again", "assertive"),
    ("the twins left for uni on sunday so the house is very quiet", "assertive"),
    ("my sister moved out last month so the spare room is free", "assertive"),
    ("our old car died in june so my bike is the only way i get around", "assertive"),
    ("The council fixed the lift so my mother's flat has a working lift again", "assertive"),
    # "I" left out after a comma: the writer now, after the event that led there.
    ("quit the restaurant on monday, am looking for bar work", "assertive"),
    ("I sent my last exam paper yesterday, am officially on holidays!", "assertive"),
    # Look-alikes: the story alone, a guess after "so", a condition, a memory.
    ("we broke up in october and i moved back to my mum's for a while", "historical"),
    ("when we lived in York the house was always cold", "historical"),
    ("the twins left for uni in 2019 and loved it", "historical"),
    ("if the lift gets fixed my mother can come down on her own", "hypothetical"),
]


@pytest.mark.parametrize(("text", "intent"), _NOW_AFTER_THE_EVENT)
def test_which_clause_speaks_for_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent
