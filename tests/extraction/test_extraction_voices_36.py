"""Voices the extractor had heard least (voices36), as specifications.

- Typed in the small hours (before 05:00), "tomorrow" is the day already begun, the
  writer's next day after their sleep: "flying to Chicago tomorrow morning" at 01:10 on
  3 December is 3 December, and "back home tomorrow" then is a return later that day, a
  plan, not a homecoming made. "today" stays the calendar day; at 05:00 and after,
  "tomorrow" is the next calendar day again.
- A day, a clock time or a sum the writer corrects as they type is read as corrected:
  "flying out tuesday - no wait, thursday", "back on the 14th, sorry, the 15th", "Friday.
  Actually Saturday", "the 5th... scratch that, the 3rd", "the 8th, I mean the 9th",
  "$58, no hang on, $85". Only a value of the same kind corrects one; a value opening a
  clause of its own is news ("the 14th. Actually the 15th is Jordan's birthday").
- "see you then" and "see you there" after a day are a goodbye of their own: "flying back
  on the 3rd, see you then" is the writer's return on the 3rd.
- Boxing Day is 26 December, the next one ahead.
- Look-alikes stay as they were: someone else's, questions, conditions.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from extraction_fixtures import facts_said

from core.extraction.self_corrections import as_corrected
from core.extraction.timeexpr import find_times

WEDNESDAY = datetime.fromisoformat("2026-12-02T09:00:00-08:00")
"""Wednesday 2 December 2026, 09:00 in California."""


def _at(clock: str, day: str = "2026-12-03", offset: str = "-06:00") -> datetime:
    return datetime.fromisoformat(f"{day}T{clock}:00{offset}")


@pytest.mark.parametrize(
    ("text", "clock", "field", "day"),
    [
        ("can't sleep lol, flying to Chicago tomorrow morning", "01:10", "travel.depart_date", "2026-12-03"),
        ("tomorrow I'm flying to Miami so gotta sleep", "00:45", "travel.depart_date", "2026-12-03"),
        ("back home tomorrow", "01:10", "travel.return_date", "2026-12-03"),
        ("rent's due tmrw", "02:30", "financial.rent.due_date", "2026-12-03"),
        ("mom's surgery got moved to tomorrow", "04:20", "family.surgery.schedule", "2026-12-03"),
        # The day begun, named as the writer means it then.
        ("heading to Miami today, gate opens at 6", "00:20", "travel.depart_date", "2026-12-03"),
        # Awake after a sleep: tomorrow is the next calendar day again.
        ("flying to Chicago tomorrow morning", "05:00", "travel.depart_date", "2026-12-04"),
        ("back home tomorrow", "09:00", "travel.return_date", "2026-12-04"),
        ("rent's due tmrw", "23:30", "financial.rent.due_date", "2026-12-04"),
    ],
)  # fmt: skip
def test_tomorrow_in_the_small_hours_is_the_day_begun(
    text: str, clock: str, field: str, day: str
) -> None:
    facts = facts_said(text, at=_at(clock))
    assert facts.get(field) == day, facts


@pytest.mark.parametrize("clock", ["00:05", "01:10", "04:59"])
def test_a_return_tomorrow_in_the_small_hours_is_still_a_plan(clock: str) -> None:
    facts = facts_said("back home tomorrow", at=_at(clock))
    assert "travel.status" not in facts, facts
    assert facts["travel.return_date"] == "2026-12-03", facts


def test_the_small_hours_move_only_a_text_that_says_tomorrow() -> None:
    """Every caller of ``find_times`` (the engine's too) reads the writer's day the same way."""
    at = _at("01:10")
    assert [t.day.isoformat() for t in find_times("tomorrow morning", at)] == ["2026-12-03"]
    assert [t.day.isoformat() for t in find_times("today", at)] == ["2026-12-03"]
    assert [t.day.isoformat() for t in find_times("on the 3rd", at)] == ["2026-12-03"]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("flying to Denver tuesday - no wait, thursday", "travel.depart_date", "2026-12-03"),
        ("flying out tuesday no wait thursday, back sunday", "travel.depart_date", "2026-12-03"),
        ("back on the 14th, sorry, the 15th", "travel.return_date", "2026-12-15"),
        ("we fly to Sydney on Friday. Actually Saturday, I misread the ticket",
         "travel.depart_date", "2026-12-05"),
        ("rent is due the 5th... scratch that, the 3rd", "financial.rent.due_date", "2026-12-03"),
        ("heading to Denver on the 8th, I mean the 9th", "travel.depart_date", "2026-12-09"),
        ("leaving for Boston on the 10th, or rather the 11th", "travel.depart_date", "2026-12-11"),
        ("the water bill is $58, no hang on, $85", "financial.water_bill.amount", 85),
        ("the gas bill is £40, sorry, £44", "financial.gas_bill.amount", 44),
        ("Maya's dentist got moved to Thursday, sorry, Friday", "family.dentist.schedule",
         "2026-12-04"),
    ],
)  # fmt: skip
def test_a_value_corrected_as_typed_is_read_as_corrected(
    text: str, field: str, value: object
) -> None:
    facts = facts_said(text, at=WEDNESDAY)
    assert facts.get(field) == value, facts


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("back on the 14th, sorry for the late reply", "back on the 14th, sorry for the late reply"),
        ("back on the 14th. Actually the 15th is Jordan's birthday",
         "back on the 14th. Actually the 15th is Jordan's birthday"),
        ("leaving friday, actually", "leaving friday, actually"),
        ("the 3rd, actually, works for the dentist?", "the 3rd, actually, works for the dentist?"),
        ("paid $40, sorry it took so long", "paid $40, sorry it took so long"),
        ("flying out tuesday - no wait, thursday", "flying out thursday"),
    ],
)  # fmt: skip
def test_only_a_value_of_the_same_kind_corrects_one(text: str, kept: str) -> None:
    assert as_corrected(text) == kept


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("my sister flies to Denver tuesday, no wait, thursday", ("travel.depart_date",)),
        ("are you back on the 14th, sorry, the 15th?", ("travel.return_date",)),
        ("if we fly out tuesday, sorry, thursday, we'll miss the party",
         ("travel.depart_date",)),
        ("back on the 14th. Actually the 15th is Jordan's birthday", ()),
    ],
)  # fmt: skip
def test_a_corrected_look_alike_claims_no_more_than_before(
    text: str, fields: tuple[str, ...]
) -> None:
    facts = facts_said(text, at=WEDNESDAY)
    assert not set(fields) & set(facts), facts
    assert facts.get("travel.return_date") in (None, "2026-12-14"), facts


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("back friday, see you then", "2026-12-04"),
        ("flying back on the 3rd, see you then", "2026-12-03"),
        ("home on the 3rd, see you there", "2026-12-03"),
        ("back on the 3rd. See you then!", "2026-12-03"),
    ],
)
def test_see_you_then_after_a_return_is_a_goodbye(text: str, day: str) -> None:
    assert facts_said(text, at=WEDNESDAY).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "are you back friday? see you then",
        "my sister's back friday, see you then",
        "if we're back friday, see you then",
        "see you then",
    ],
)
def test_see_you_then_beside_a_look_alike_claims_no_return(text: str) -> None:
    assert "travel.return_date" not in facts_said(text, at=WEDNESDAY)


@pytest.mark.parametrize(
    ("text", "at", "day"),
    [
        ("flying to Auckland on Boxing Day", "2026-12-02T19:00:00+11:00", "2026-12-26"),
        ("we drive up to York on boxing day", "2026-12-02T10:00:00+00:00", "2026-12-26"),
        ("flying to Auckland on Boxing Day", "2026-12-27T10:00:00+11:00", "2027-12-26"),
    ],
)
def test_boxing_day_is_the_26th_of_december_ahead(text: str, at: str, day: str) -> None:
    facts = facts_said(text, at=datetime.fromisoformat(at))
    assert facts.get("travel.depart_date") == day, facts
