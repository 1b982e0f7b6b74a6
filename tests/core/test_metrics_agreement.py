"""Human agreement: how often the user's answer to a question the rollout raised matches
what the resolver would have done alone.

The questions (all user:primary, travel; window [T-1h, T+1d]), graded by hand:

  q1  would auto-commit     Yes    agrees
  q2  would auto-commit     No     disagrees
  q3  would auto-commit     Edit   disagrees (the value was not right)
  q4  would reject          No     agrees
  q5  would reject          Yes    disagrees
  q6  would auto-commit     still open          not graded
  q7  would auto-commit     Yes, before T-1h    outside the window
  q8  an ordinary question  Yes                 not a shadow question

human_agreement = 2 agreeing / 5 graded = 0.4.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from canon_testing import NOW

from core.domain.event_log import LogWindow
from core.domain.review_items import ReviewItem, ReviewStatus
from core.engine.metrics import compute_metrics

SINCE, UNTIL = NOW - timedelta(hours=1), NOW + timedelta(days=1)


def question(
    n: int, shadow: str | None, status: ReviewStatus, answered: datetime | None = NOW
) -> ReviewItem:
    return ReviewItem(
        id=f"q{n}",
        seq=n,
        kind="change",
        event_id=f"e{n}",
        entity_id="user:primary",
        field="travel.location",
        candidate_value=f"city{n}",
        current_value=None,
        confidence=0.9,
        reasons=(),
        source_key="conversation_assertive:r",
        status=status,
        created_at=NOW - timedelta(hours=3),
        promoted_at=None,
        answered_at=answered if status != "pending" else None,
        answer=None,
        shadow_decision=shadow,
    )


QUESTIONS = [
    question(1, "auto_commit", "confirmed"),
    question(2, "auto_commit", "rejected"),
    question(3, "auto_commit", "edited"),
    question(4, "tentative_reject", "rejected"),
    question(5, "tentative_reject", "confirmed"),
    question(6, "auto_commit", "pending"),
    question(7, "auto_commit", "confirmed", NOW - timedelta(hours=2)),
    question(8, None, "confirmed"),
]


def agreement(questions: list[ReviewItem]) -> tuple[float | None, int]:
    report = compute_metrics(
        log=LogWindow((), ()),
        history=(),
        reviews=questions,
        letters=(),
        evidence={},
        since=SINCE,
        now=UNTIL,
    )
    return (
        report.overall.metrics["human_agreement"].value,
        report.overall.counts["shadow_answers"],
    )


def test_human_agreement_matches_the_hand_computed_value() -> None:
    value, graded = agreement(QUESTIONS)
    assert value == pytest.approx(2 / 5)
    assert graded == 5


def test_without_shadow_answers_there_is_no_agreement_to_report() -> None:
    report = compute_metrics(
        log=LogWindow((), ()),
        history=(),
        reviews=[QUESTIONS[5], QUESTIONS[7]],
        letters=(),
        evidence={},
        since=SINCE,
        now=UNTIL,
    )
    metric = report.overall.metrics["human_agreement"]
    assert (metric.value, metric.reason) == (None, "no shadow question answered in the window")
