"""The labelled messages, one test each, and the accuracy targets on every set.

``labelled_messages.jsonl`` has a tuning part (split "tune": the rules were
developed against it) and two held-out parts never tuned on: "heldout", written
before the rules, and "blind", written after them and scored once. Every tuning
record must pass on its own; the held-out parts are held to the aggregate
targets only, as unseen text would be (their known misses stay unfixed).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, dev_set, labelled

from core.extraction.evaluation import LabelledRecord, evaluate
from core.extraction.offline import extract_offline

RECORDS = labelled()
TUNE = [r for r in RECORDS if r.split == "tune"]
HELDOUT = [r for r in RECORDS if r.split in ("heldout", "blind")]
DEV = dev_set()


def _id(rec: LabelledRecord) -> str:
    return rec.text[:60]


@pytest.mark.parametrize("rec", TUNE + DEV, ids=_id)
def test_labelled_message(rec: LabelledRecord) -> None:
    """Intent is one of the acceptable labels, expected fields are found, and a
    message labelled only hypothetical/historical/none commits nothing."""
    report = evaluate([rec], extract_offline, default_at=AT)
    assert report.errors == [], report.errors


def test_the_labelled_set_is_large_and_covers_every_class() -> None:
    assert len(RECORDS) >= 300
    assert len(HELDOUT) >= 120
    for cls in ("assertive", "planning", "hypothetical", "historical", "none"):
        assert sum(r.intents[0] == cls for r in RECORDS) >= 20, cls
    assert sum("counterfactual" in r.tags for r in RECORDS) >= 30
    assert sum("markdown" in r.tags for r in RECORDS) >= 15


@pytest.mark.parametrize(
    ("name", "records"),
    [("whole labelled set", RECORDS), ("held-out parts", HELDOUT), ("dev set", DEV)],
)
def test_targets(name: str, records: list[LabelledRecord]) -> None:
    """Intent accuracy >= 0.90, field recall >= 0.85, <= 3 % of non-factual texts
    (<= 2 % of counterfactuals) give an assertive or planning observation."""
    if not records:
        pytest.skip(f"{name} not available")
    report = evaluate(records, extract_offline, default_at=AT)
    assert report.accuracy >= 0.90, name
    assert report.field_recall >= 0.85, name
    assert report.false_commit_rate <= 0.03, name
    assert report.counterfactual_rate <= 0.02, name
