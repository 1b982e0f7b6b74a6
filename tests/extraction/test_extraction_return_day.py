"""A return is an arrival home, and the clause that tells its day travels with it.

"ok were back home now, got in last nite": the first clause ends the trip, the second says
when. As with "we're in tahoe, got in last night", the explaining clause joins the
evidence of the trip's status, so the engine dates the return from it. A clause that names
no day, or a day ahead, adds nothing.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from core.extraction.arrival_days import arrival_day
from core.extraction.arrivals import dated_arrivals
from core.extraction.offline import extract_offline
from core.extraction.types import ExtractedObservation, ObservationIntent

AT = datetime(2026, 11, 30, 18, tzinfo=UTC)


def _status_evidence(text: str) -> str:
    said = {o.field: o for o in extract_offline(text, at=AT).observations}
    assert said["travel.status"].candidate_value == "completed", text
    return said["travel.status"].evidence_text


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("ok were back home now, got in last nite", date(2026, 11, 29)),
        ("home sweet home 🏠 drove back this morning", date(2026, 11, 30)),
        ("back home! drove back this morning", date(2026, 11, 30)),
        ("Home at last. We flew home yesterday and slept twelve hours", date(2026, 11, 29)),
    ],
)
def test_a_return_is_dated_by_the_clause_that_tells_it(text: str, day: date) -> None:
    assert arrival_day(_status_evidence(text), AT) == day


@pytest.mark.parametrize(
    "text",
    [
        "back home now, so tired",
        "we're back home, the cat is furious",
        # The day told is the outward drive's, not the return's.
        "we drove up to tahoe for the day yesterday, back home now",
    ],
)
def test_a_return_with_no_day_told_is_left_undated(text: str) -> None:
    assert arrival_day(_status_evidence(text), AT) is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("drove back this morning", date(2026, 11, 30)),
        ("got home late last night", date(2026, 11, 29)),
        ("flew home on saturday", date(2026, 11, 28)),
        ("we'll drive back tomorrow", None),
        ("back on friday", None),
    ],
)
def test_the_day_of_a_return_verb(text: str, day: date | None) -> None:
    assert arrival_day(text, AT) == day


def _said(field: str, value: str, intent: ObservationIntent = "assertive") -> ExtractedObservation:
    return ExtractedObservation(
        "user:primary", field.split(".")[0], field, value, intent, 0.9, None, "said"
    )


GOT_IN = "got in last night"


@pytest.mark.parametrize(
    ("said", "dated"),
    [
        (_said("travel.location", "Tahoe"), True),
        (_said("travel.status", "completed"), True),  # a return is an arrival home
        (_said("travel.status", "in_progress"), True),
        (_said("travel.location", "Tahoe", "planning"), False),  # where they will be
        (_said("travel.destination", "Tahoe", "planning"), False),
        (_said("profile.employer", "Stripe"), False),
    ],
)
def test_only_an_arrival_takes_the_clause_that_dates_it(
    said: ExtractedObservation, dated: bool
) -> None:
    (after,) = dated_arrivals([said], ["the roads were empty", GOT_IN], AT)
    assert after.evidence_text == ("said, " + GOT_IN if dated else "said")


def test_clauses_that_date_nothing_leave_every_observation_as_it_was() -> None:
    said = [_said("travel.location", "Tahoe"), _said("profile.employer", "Stripe")]
    assert dated_arrivals(said, ["the roads were empty", "see you soon"], AT) == said
    assert dated_arrivals(said, [], AT) == said
