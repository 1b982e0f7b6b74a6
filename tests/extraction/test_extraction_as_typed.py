"""What the user said is quoted as they typed it: the evidence of an observation is the
stretch of the message it was read from, not the mended clause the rules read."""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY
from hypothesis import given
from hypothesis import strategies as st

from core.extraction.as_typed import quoted_as_typed
from core.extraction.offline import extract_offline
from core.extraction.types import ExtractedObservation


@pytest.mark.parametrize(
    ("typed", "field", "quote"),
    [
        ("emmas got a fever so shes home from school today", "family.emma.status", "emmas got a fever"),
        ("ok change of plans we left early, were at the cabin now lol", "travel.status", "were at the cabin now lol"),
        ("im in tahoe rn", "travel.location", "im in tahoe rn"),
        ("were already in tahoe, got in last nite", "travel.location", "were already in tahoe, got in last nite"),
        ("Paid rent yesterday, $2,100", "financial.rent.amount", "Paid rent yesterday, $2,100"),
    ],
)  # fmt: skip
def test_the_evidence_is_the_message_as_typed(typed: str, field: str, quote: str) -> None:
    found = {o.field: o.evidence_text for o in extract_offline(typed, at=SATURDAY).observations}
    assert found[field] == quote


def _observed(evidence: str) -> ExtractedObservation:
    return ExtractedObservation(
        "user:primary", "travel", "travel.location", "Tahoe", "assertive", 0.9, None, evidence
    )


@given(st.text(min_size=1, max_size=120), st.text(min_size=1, max_size=60))
def test_a_quote_is_always_words_of_the_message_or_the_clause(typed: str, said: str) -> None:
    (quoted,) = quoted_as_typed([_observed(said)], typed)
    evidence = quoted.evidence_text or ""
    assert evidence == said or evidence in " ".join(typed.split()) or evidence in typed
    assert len(evidence) <= 1000
