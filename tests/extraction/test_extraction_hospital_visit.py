"""Found telling a hospital visit in lower case, as a user would.

A doubt belongs to its own clause: "flying to chicago tmrw, probably back tuesday" is a
sure trip with an unsure way home, not an unsure trip. And "my moms in the hospital",
typed without the apostrophe, is mom's news.

Before, "probably" at the end of the message made
the whole trip a guess (every field 0.55, so nothing was asked), and "landed in denver,
hopefully home by friday" read as a wish, arrival and all. A doubt that leads a clause
after a comma ("probably", "maybe", "prob", "hopefully", ...) is that clause's; the way
home it doubts is still read, at the doubt's low confidence.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

AT = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)  # a Sunday
SURE = 0.85
UNSURE = 0.6


def _read(text: str) -> dict[str, tuple[object, float, str]]:
    ex = extract_offline(text, at=AT)
    return {
        o.field: (o.candidate_value, o.extraction_confidence, o.intent) for o in ex.observations
    }


@pytest.mark.parametrize(
    ("text", "sure", "doubted"),
    [
        (
            "flying to chicago tmrw, probably back tuesday",
            {"travel.destination": "Chicago", "travel.depart_date": "2026-11-30"},
            {"travel.return_date": "2026-12-01"},
        ),
        (
            "heading to boston friday, maybe back sunday",
            {"travel.destination": "Boston", "travel.depart_date": "2026-12-04"},
            {"travel.return_date": "2026-12-06"},
        ),
        (
            "Flying to Chicago tomorrow, probably staying till Tuesday.",
            {"travel.destination": "Chicago"},
            {"travel.return_date": "2026-12-01"},
        ),
        (
            "we're in tahoe, probably staying till sunday",
            {"travel.location": "Tahoe", "travel.status": "in_progress"},
            {"travel.return_date": "2026-12-06"},
        ),
        (
            "we're in tahoe, maybe home on the 12th",
            {"travel.location": "Tahoe"},
            {"travel.return_date": "2026-12-12"},
        ),
        ("landed in denver, hopefully home by friday", {"travel.location": "Denver"}, {}),
    ],
)
def test_the_doubt_is_its_clauses_not_the_messages(
    text: str, sure: dict[str, str], doubted: dict[str, str]
) -> None:
    read = _read(text)
    for field, value in sure.items():
        assert read[field][0] == value, field
        assert read[field][1] >= SURE, (field, read[field])
    for field, value in doubted.items():
        assert read[field][0] == value, field
        assert read[field][1] < UNSURE, (field, read[field])


@pytest.mark.parametrize(
    "text",
    [
        "we're probably in tahoe by now",
        "probably in tahoe by now",
        "maybe we'll go to paris",
        "In another year, perhaps, I shall go back to Naples",
        "prob gonna skip the trip to austin, too $$$",
    ],
)
def test_a_doubt_over_the_whole_claim_still_doubts_it(text: str) -> None:
    """Controls: where the doubt leads the claim itself, nothing is sure."""
    assert all(conf < SURE for _, conf, _ in _read(text).values()), _read(text)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("my moms in the hospital since yesterday", "family.mom.status"),
        ("moms in the hospital again ugh", "family.mom.status"),
        ("my dads in hospital since tuesday", "family.dad.status"),
        ("hubbys in the er with a broken wrist", "family.husband.status"),
    ],
)
def test_a_relatives_s_without_its_apostrophe_before_in(text: str, field: str) -> None:
    """Found in the same story: "my moms in the hospital" (typed without the apostrophe)
    read as nothing at all, where "my mom's in the hospital" was read."""
    assert _read(text)[field][0] == "sick"


@pytest.mark.parametrize(
    "text",
    [
        "my sisters in law are visiting",
        "my sisters-in-law are here",
        "all the moms in the group are sick",
    ],
)
def test_plural_relatives_are_not_one_relative(text: str) -> None:
    assert not [f for f in _read(text) if f.startswith("family.")]


@pytest.mark.parametrize(
    ("text", "field", "day"),
    [
        ("my flight home got moved to wed", "travel.return_date", "2026-12-02"),
        ("our flight back got changed to thursday", "travel.return_date", "2026-12-03"),
        ("they moved my flight home to wednesday", "travel.return_date", "2026-12-02"),
        ("ugh they changed my flight to monday", "travel.depart_date", "2026-11-30"),
        ("the airline just pushed our flight back to friday", "travel.depart_date", "2026-12-04"),
        ("Return flight got shifted to Thursday.", "travel.return_date", "2026-12-03"),
    ],
)
def test_a_flight_moved_by_anyone_moves_the_speakers_trip(text: str, field: str, day: str) -> None:
    """Found in the same story: "flight home got moved to wed" read as nothing ("wed" was
    no day after "to"), "got changed to" as the past, and "they moved my flight" as
    someone else's news. The airline acting on "my flight" moves the speaker's trip;
    "pushed … back to friday" is a delay, not a flight back."""
    read = _read(text)
    assert read[field][0] == day, read
    assert read[field][2] == "planning"


@pytest.mark.parametrize(
    "text",
    [
        "they moved their flight to monday",
        "mom moved her flight to monday",
        "they moved the meeting to monday",
        "we moved to sun valley in 2019",
    ],
)
def test_someone_elses_flight_or_another_move_is_not_the_speakers_trip(text: str) -> None:
    assert not [f for f in _read(text) if f.endswith(("depart_date", "return_date"))]


def test_a_changed_mind_is_no_result() -> None:
    ex = extract_offline("I was going to quit my job but I changed my mind", at=AT)
    assert ex.intent != "assertive"
