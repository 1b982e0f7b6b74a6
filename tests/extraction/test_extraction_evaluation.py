"""The evaluation metrics, checked against a scripted extractor with known answers."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from extraction_fixtures import AT

from core.extraction.evaluation import evaluate, load_jsonl, parse_record, render_text
from core.extraction.types import (
    ExtractedObservation,
    Extraction,
    MessageIntent,
    ObservationIntent,
    SourceKind,
)

RECORDS = load_jsonl(
    [
        json.dumps({"text": "a", "intent": ["assertive"], "expect": {"travel.location": "Tahoe"}}),
        json.dumps({"text": "b", "intent": ["planning", "assertive"]}),
        json.dumps({"text": "c", "intent": ["hypothetical"], "tags": ["counterfactual"]}),
        json.dumps({"text": "d", "intent": ["hypothetical"]}),
        json.dumps(
            {
                "text": "e",
                "intent": ["none"],
                "expect_project": {"name": "Feature X", "status": "shipped"},
            }
        ),
    ]
)

# What the scripted extractor answers for each text: intent and observations.
SCRIPT: dict[str, tuple[MessageIntent, list[tuple[str, object, ObservationIntent]]]] = {
    "a": ("assertive", [("travel.location", "tahoe", "assertive")]),  # case-insensitive match
    "b": ("assertive", []),  # an acceptable second label
    "c": ("assertive", [("travel.location", "Denver", "assertive")]),  # false commit
    "d": ("hypothetical", [("travel.location", "Paris", "hypothetical")]),
    "e": ("none", [("project.feature_x.status", "shipped", "hypothetical")]),  # not usable
}


def scripted(
    text: str,
    *,
    at: datetime,
    entity_id: str = "user:primary",
    source: SourceKind = "conversation_assertive",
    known_people: frozenset[str] = frozenset(),
    recent_subject: str | None = None,
) -> Extraction:
    intent, obs = SCRIPT[text]
    return Extraction(
        text,
        intent,
        tuple(
            ExtractedObservation(entity_id, f.split(".")[0], f, v, i)  # type: ignore[arg-type]
            for f, v, i in obs
        ),
    )


def test_headline_figures() -> None:
    report = evaluate(RECORDS, scripted, default_at=AT)
    assert report.n == 5
    assert report.accuracy == pytest.approx(4 / 5)
    assert (report.fields_found, report.fields_expected) == (1, 2)
    assert report.field_recall == pytest.approx(0.5)
    # c, d and e are labelled non-factual; only c produced an assertive observation.
    assert (report.false_commits, report.non_factual) == (1, 3)
    assert report.false_commit_rate == pytest.approx(1 / 3)
    assert report.counterfactual_rate == pytest.approx(1.0)


def test_confusion_and_per_class_scores() -> None:
    report = evaluate(RECORDS, scripted, default_at=AT)
    # b's prediction is acceptable, so it counts as its own gold class.
    assert report.confusion["assertive"]["assertive"] == 2
    assert report.confusion["hypothetical"]["assertive"] == 1
    assert report.confusion["hypothetical"]["hypothetical"] == 1
    per = report.per_class()
    assert per["assertive"]["precision"] == pytest.approx(2 / 3)
    assert per["assertive"]["recall"] == pytest.approx(1.0)
    assert per["hypothetical"]["recall"] == pytest.approx(0.5)
    assert per["hypothetical"]["f1"] == pytest.approx(2 * 1 * 0.5 / 1.5)
    assert per["historical"]["support"] == 0


def test_report_renders_as_text_and_json() -> None:
    report = evaluate(RECORDS, scripted, default_at=AT)
    text = render_text(report)
    assert "intent accuracy     0.800" in text
    assert "FALSE COMMIT" in text
    assert "missed project[Feature X]='shipped'" in text
    data = json.loads(json.dumps(report.as_dict()))
    assert data["intent_accuracy"] == 0.8
    assert data["per_class"]["none"]["f1"] == 1.0
    assert [e["text"] for e in data["errors"]] == ["c", "e"]


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"intent": ["none"]}, "text"),
        ({"text": "x", "intent": ["sure"]}, "bad intent"),
        ({"text": "x", "intent": ["none"], "at": "2026-03-04T09:00:00"}, "UTC offset"),
    ],
)
def test_bad_records_are_refused_with_a_reason(obj: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_record(obj)


def test_line_numbers_in_load_errors() -> None:
    with pytest.raises(ValueError, match="line 2"):
        load_jsonl(['{"text": "a", "intent": ["none"]}', "{nope"])
