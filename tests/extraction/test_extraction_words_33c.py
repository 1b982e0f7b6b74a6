"""The thirty-third round (words33c): trip and bill sentences left over from trips33/money33.

A trip cut short with "I", "had to", a "yeah" before it or a honeymoon for the trip ("i cut
the vacation short", "had to cut the trip short") was a story (historical), not the news
that the trip is over; a departure with its auxiliary run on ("we've set off for lisbon!")
was a plan, not a trip under way; a word drawn out for feeling after a comma ("back in
portland since monday, sooo tired") was taken for someone named Sooo and the clause before
it lost; a bill "its due the 12th", its apostrophe left out, lost its day. Each class is
tabled with several voices and with look-alikes that must keep their reading: someone
else's, a question, a condition, the past. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline

# AT is Wednesday 4 March 2026: Friday is the 6th, the 12th a Thursday.


def _said(text: str) -> dict[str, object]:
    """The writer's fields read from ``text`` as news now (assertive), by field."""
    return {
        o.field: o.candidate_value
        for o in extract_offline(text, at=AT).observations
        if o.entity_id == "user:primary" and o.intent == "assertive"
    }


@pytest.mark.parametrize(
    "text",
    [
        "i cut the vacation short",
        "had to cut the trip short",
        "yeah we cut the trip short",
        "we cut the honeymoon short",
        "ugh, had to cut our holiday short",
        "we ended up cutting the visit short",
        "I cut my trip short, the hotel was a nightmare",
    ],
)
def test_a_trip_cut_short_is_over_now(text: str) -> None:
    assert _said(text).get("travel.status") == "completed"


@pytest.mark.parametrize(
    "text",
    [
        "my parents cut the trip short",
        "did you cut the trip short?",
        "if it rains we'll cut the trip short",
        "we cut the trip short last year too",
        "we cut the honeymoon short in 2019",
        "i cut my hair short",
        "on our honeymoon we went to bali",
    ],
)
def test_look_alikes_of_a_trip_cut_short_end_no_trip(text: str) -> None:
    assert "travel.status" not in _said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we've set off for lisbon!", "Lisbon"),
        ("we've left for denver", "Denver"),
        ("weve set off for lisbon", "Lisbon"),
        ("we've finally set off for lisbon!", "Lisbon"),
        ("yay we've hit the road for tahoe", "Tahoe"),
    ],
)
def test_a_departure_with_its_auxiliary_run_on_is_under_way(text: str, place: str) -> None:
    said = _said(text)
    assert said.get("travel.status") == "in_progress"
    assert said.get("travel.destination") == place


@pytest.mark.parametrize(
    "text",
    [
        "my parents have set off for lisbon",
        "have you set off for lisbon yet?",
        "if we've set off for lisbon by 6 we'll make it",
        "we should have set off for lisbon on friday",
        "we've left the party early",
    ],
)
def test_look_alikes_of_a_departure_are_not_under_way(text: str) -> None:
    assert _said(text).get("travel.status") != "in_progress"


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("back in portland since monday, sooo tired", "Portland"),
        ("back in portland since monday, reallyyy tired", "Portland"),
        ("back in denver since sunday, sooo jetlagged", "Denver"),
        ("back in leeds since last night, sooo tired lol", "Leeds"),
        ("Sooo tired, back in portland since monday", "Portland"),
    ],
)
def test_a_word_drawn_out_is_no_one_and_keeps_the_clause(text: str, town: str) -> None:
    said = _said(text)
    assert said.get("travel.status") == "completed"
    assert said.get("travel.location") == town


@pytest.mark.parametrize(
    "text",
    [
        "my brother's back in sf since last night, sooo tired",
        "are you back in portland yet? sooo tired",
    ],
)
def test_look_alikes_with_a_word_drawn_out_end_no_trip(text: str) -> None:
    assert _said(text).get("travel.status") != "completed"
    assert "travel.location" not in _said(text)


@pytest.mark.parametrize(
    ("text", "field", "day"),
    [
        (
            "the water bill was €55 and its due the 12th",
            "financial.water_bill.due_date",
            "2026-03-12",
        ),
        (
            "electric bill is $80 and its due friday",
            "financial.electric_bill.due_date",
            "2026-03-06",
        ),
        (
            "the phone bill came to £42, its due on the 15th",
            "financial.phone_bill.due_date",
            "2026-03-15",
        ),
        (
            "got the water bill, €55, its due the 12th",
            "financial.water_bill.due_date",
            "2026-03-12",
        ),
        (
            "the gas bill is 60 dollars and its due on the 9th",
            "financial.gas_bill.due_date",
            "2026-03-09",
        ),
    ],
)
def test_its_due_without_the_apostrophe_is_its_day(text: str, field: str, day: str) -> None:
    assert _said(text).get(field) == day


@pytest.mark.parametrize(
    "text",
    [
        "my sister's water bill was €55 and its due the 12th",
        "is the water bill €55 and its due the 12th?",
        "if the water bill is €55 and its due the 12th i'll pay it friday",
    ],
)
def test_look_alikes_of_its_due_set_no_day_of_the_writers(text: str) -> None:
    assert not any(f.endswith(".due_date") for f in _said(text))
