"""Goods going back on a day ahead (issue 24, the founding story's own errand).

Told in the playground after the founding story, "dropping off the amazon return
tomorrow" and "the amazon return is tomorrow" gave nothing, while "gotta return the
amazon boots tomorrow" gave a return due tomorrow. Three classes were missing, each a way
people say a return is still to be made:

- the progressive that tells a plan ("returning the jacket to zara tomorrow", "dropping off
  the amazon return", "sending the boots back on monday");
- a named return and its day, with or without "is" ("the amazon return is tomorrow",
  "ikea return friday");
- both with the day written any way the extractor reads days.

The look-alikes must not become a return: a person going back somewhere ("returning to
Lisbon tomorrow", "returning home on the 6th"), children dropped off, a call returned, and
a return that is only wondered about. Every row is written for this module, none taken from
an evaluation set. The imperative ("return the amazon thing tmrw") stays a request to the
assistant, as the extractor reads every command in a chat; a to-do line is a plan.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from extraction_fixtures import AT, facts_said


def _said(text: str) -> dict[str, object]:
    return facts_said(text, AT)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        # The progressive of a plan, the shop or a parcel named.
        ("dropping off the amazon return tomorrow", "amazon_return"),
        ("returning the jacket to zara tomorrow", "zara_return"),
        ("Sending the boots back to ASOS on monday, finally", "asos_return"),
        ("im taking the amazon package back tmrw", "amazon_return"),
        ("We're posting the broken kettle back to Argos on Friday.", "argos_return"),
        ("bringing the rug back to ikea this weekend", "ikea_return"),
        # A named return and its day.
        ("the amazon return is tomorrow", "amazon_return"),
        ("ikea return friday", "ikea_return"),
        ("Zara return's on Monday", "zara_return"),
        ("our John Lewis return is on the 3rd", "john_lewis_return"),
    ],
)
def test_a_return_still_to_make_is_due_on_its_day(text: str, slug: str) -> None:
    said = _said(text)
    assert said.get(f"financial.{slug}.status") == "due", said
    due = said.get(f"financial.{slug}.due_date")
    assert isinstance(due, str), said
    assert due > AT.date().isoformat(), said


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("dropping off the amazon return on my way to work", "amazon_return"),
        ("returning the boots to zalando, they pinch", "zalando_return"),
    ],
)
def test_a_return_under_way_without_a_day_is_still_due(text: str, slug: str) -> None:
    said = _said(text)
    assert said.get(f"financial.{slug}.status") == "due", said
    assert f"financial.{slug}.due_date" not in said


@pytest.mark.parametrize(
    "text",
    [
        "returning to Lisbon tomorrow",
        "we're returning home on the 6th",
        "dropping the kids off at school tomorrow",
        "returning her call tomorrow morning",
        "taking the dog back to the vet on friday",
        "should i be sending the jumper back to primark tomorrow?",
        "my return is on the 6th",
        "return flight is tomorrow",
    ],
)
def test_people_going_back_or_a_maybe_are_no_return(text: str) -> None:
    assert not [f for f in _said(text) if "_return." in f], _said(text)


def test_a_named_return_ahead_keeps_its_day() -> None:
    said = _said("the amazon return is tomorrow")
    assert said["financial.amazon_return.due_date"] == (AT.date() + timedelta(days=1)).isoformat()


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # The day after the thing is when, not part of its name.
        ("need to pay the rent friday", "financial.rent.status", "due"),
        ("paid the gas bill monday", "financial.gas_bill.status", "paid"),
        ("Must pay the council tax asap", "financial.council_tax.status", "due"),
        ("gotta send the zara dress back saturday", "financial.zara_return.status", "due"),
        ("have to pay the water bill next tuesday", "financial.water_bill.status", "due"),
    ],
)
def test_a_day_after_a_bill_is_not_part_of_its_name(text: str, field: str, value: str) -> None:
    assert _said(text).get(field) == value, _said(text)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        # Taken or brought back, in the future: the particle after the thing or before it.
        ("will take the amazon parcel back next week", "amazon_return"),
        ("need to bring the ikea lamp back saturday", "ikea_return"),
        ("I'll mail back the Zara dress tomorrow", "zara_return"),
        # A return left undone is still due.
        ("ugh forgot the amazon return, will drop it off when we get back", "amazon_return"),
        ("still havent done the zara return smh", "zara_return"),
        ("We haven't done the John Lewis return yet, it's in the boot.", "john_lewis_return"),
        # The goods as the subject, still to go back.
        ("the amazon thing has to go back by friday", "amazon_return"),
        ("the zara jeans still need returning", "zara_return"),
        ("amazon return still needs doing, maybe tues", "amazon_return"),
        ("My Nike shoes have to be sent back.", "nike_return"),
    ],
)
def test_a_return_taken_back_later_or_left_undone_is_due(text: str, slug: str) -> None:
    assert _said(text).get(f"financial.{slug}.status") == "due", _said(text)


@pytest.mark.parametrize(
    "text",
    [
        "i forgot my return flight details",
        "forgot about the return trip lol",
        "will take the kids back to school monday",
        "forgot to return the call",
        "the dog has to go back to the vet friday",
        "the kids need to go back to school monday",
        "Forgot the return label for the dress, will print it at work.",
    ],
)
def test_a_travellers_return_or_people_taken_back_are_no_goods(text: str) -> None:
    assert not [f for f in _said(text) if "_return." in f], _said(text)
