"""A bill, errand or project named again in another spelling is the one held (pure):
"pge bill" for the PG&E bill (pg_e_bill); a name of other letters, two held names of the
same letters, a family member's name and a name already held stay as they are."""

from __future__ import annotations

from typing import Any

import pytest

from core.engine.same_errand import named_as_held, spelling_key

HELD = (
    "financial.pg_e_bill.status",
    "financial.pg_e_bill.due_date",
    "financial.gas_bill.status",
    "financial.rent.status",
    "financial.amazon_return.status",
    "project.web_site.status",
    "family.maya.status",
)


def _said(field: str, value: Any = "paid") -> dict[str, Any]:
    return {"field": field, "candidate_value": value, "event_id": "e-1"}


@pytest.mark.parametrize(
    ("said", "held"),
    [
        ("financial.pge_bill.status", "financial.pg_e_bill.status"),
        ("financial.pge.status", "financial.pg_e_bill.status"),  # "paid pge"
        ("financial.p_g_e_bill.amount", "financial.pg_e_bill.amount"),
        ("financial.gas.status", "financial.gas_bill.status"),  # "paid the gas"
        ("financial.rent_payment.status", "financial.rent.status"),
        ("project.website.status", "project.web_site.status"),
        ("financial.return.status", "financial.amazon_return.status"),  # "return's pending"
    ],
)
def test_another_spelling_of_a_held_name_is_it(said: str, held: str) -> None:
    assert named_as_held([_said(said)], HELD) == [_said(held)]


@pytest.mark.parametrize(
    "said",
    [
        "financial.pg_e_bill.status",  # held as said
        "financial.water_bill.status",  # other letters
        "financial.electric_bill.status",
        "family.may_a.status",  # a person's name is no spelling of another
        "travel.status",
    ],
)
def test_other_names_stay_their_own(said: str) -> None:
    assert named_as_held([_said(said)], HELD) == [_said(said)]


def test_a_kind_said_alone_is_not_guessed_between_two_of_that_kind() -> None:
    """ "the bill" beside the PG&E bill and the gas bill names neither."""
    assert named_as_held([_said("financial.bill.status")], HELD) == [_said("financial.bill.status")]


def test_two_held_names_of_the_same_letters_are_not_guessed_between() -> None:
    held = ("financial.pg_e.status", "financial.pge_bill.status")
    assert named_as_held([_said("financial.p_g_e.status")], held) == [
        _said("financial.p_g_e.status")
    ]


@pytest.mark.parametrize(
    ("slug", "key"),
    [("pg_e_bill", "pge"), ("PG&E", "pge"), ("phone bill", "phone"), ("bill", "bill")],
)
def test_the_letters_a_name_is_spelled_with(slug: str, key: str) -> None:
    assert spelling_key(slug) == key
