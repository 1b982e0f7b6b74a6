"""Round 35: a bill's due day in the sentence after it, a bill come in told in the simple
past, and household members as a labelled list. Fresh sentences of each class, none from a
set; the look-alikes, which must not change, come first in each table.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline


@pytest.mark.parametrize(
    ("text", "bill", "amount", "due"),
    [
        # The day in a sentence of its own, with no verb of its own, after the bill's sum.
        ("The phone bill arrived, $47. Due on the 18th.", "phone_bill", 47, "2026-03-18"),
        ("Gas bill turned up, £71. due monday", "gas_bill", 71, "2026-03-09"),
        (
            "the electric bill landed, €96. Needs paying by the 22nd",
            "electric_bill",
            96,
            "2026-03-22",
        ),
        ("water bill arrived today: $58. Has to be paid by friday", "water_bill", 58, "2026-03-06"),
        (
            "Internet bill came in, ₹1,200. Payable by the 25th.",
            "internet_bill",
            1200,
            "2026-03-25",
        ),
        # A bill that "showed up" or "landed" is here now, its sum with it.
        ("the sewer bill showed up, $44", "sewer_bill", 44, None),
        ("our gas bill landed this morning, £66", "gas_bill", 66, None),
        ("the vet bill turned up, $180, due friday", "vet_bill", 180, "2026-03-06"),
    ],
)
def test_a_bill_come_in_is_owed_now_and_its_day_is_ahead(
    text: str, bill: str, amount: float, due: str | None
) -> None:
    said = facts_said(text, at=AT)
    assert said.get(f"financial.{bill}.amount") == amount, said
    assert said.get(f"financial.{bill}.due_date") == due, said


@pytest.mark.parametrize(
    "text",
    [
        # The past, someone else's bill, a question, a condition: no bill owed now.
        "last quarter the gas bill showed up at £300",
        "the phone bill was due on the 3rd, and I paid it late",
        "my neighbour's water bill showed up, $90. Due on the 20th.",
        "has the phone bill turned up yet?",
        "if the gas bill lands before friday I'll pay it straight away",
        # A person who showed up is a story, not a bill.
        "the plumber showed up, $120 cash",
    ],
)
def test_a_bill_past_or_someone_elses_or_asked_owes_nothing_now(text: str) -> None:
    said = facts_said(text, at=AT)
    assert not [f for f in said if f.endswith((".amount", ".due_date"))], said


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        # A household list's line: the member is the one named, and how they are is theirs.
        ("- Partner: Sam, away in Bristol till Sunday", "family.sam.status", "away"),
        ("- Husband: Omar (in hospital)", "family.omar.status", "sick"),
        ("- Daughter: Mia - off sick today", "family.mia.status", "sick"),
        ("* Wife: Elena, in Madrid for work", "family.elena.status", "away"),
        ("- Kids: Noah and Ava, both poorly", "family.kids.status", "sick"),
    ],
)
def test_a_labelled_household_line_is_the_named_members_state(
    line: str, field: str, value: str
) -> None:
    found = extract_offline(line, at=AT, source="static_markdown").observations
    said = {o.field: o.candidate_value for o in found if o.intent == "assertive"}
    assert said.get(field) == value, said
    assert not {"travel.location", "travel.status"} & said.keys(), said


@pytest.mark.parametrize(
    "line",
    [
        # A placeholder, none, a heading, a pet, the past, a question. (A name alone, "-
        # Partner: Sam", says who Sam is since round 36: test_extraction_household_members.)
        "- Partner: TBD",
        "- Kids: none",
        "## Kids",
        "- Dog: Pepper",
        "- Husband: Omar (was in hospital in 2019)",
        "- Partner: Sam, can you book the table?",
    ],
)
def test_a_household_line_with_no_state_now_states_nothing(line: str) -> None:
    """No state now; who a member named is to the user (``family.<name>.relation``) is all
    such a line may state."""
    found = extract_offline(line, at=AT, source="static_markdown").observations
    told = [o for o in found if o.intent in ("assertive", "planning")]
    assert not [o for o in told if not o.field.endswith(".relation")], found
