"""The founding story told by many people (founding34), as specifications.

- A return still not made is due, however it is said: "still not done", "not done yet",
  "did not get done", "still sitting in the car", "still haven't returned it", and after
  another fact ("arrived tahoe last nite, amazon return still not done").
- A return made is pending its refund, with the particle after the thing ("dropped the
  amazon return off at ups") or the errand named ("took the amazon return to the post
  office").
- Look-alikes stay as they were: a return never made is a story, someone else's return is
  theirs, a question about it claims nothing.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said, held_said


def _facts(text: str) -> dict[str, object]:
    return facts_said(text, at=AT)  # Wednesday 4 March 2026


@pytest.mark.parametrize(
    ("text", "field", "status"),
    [
        ("amazon return still not done", "financial.amazon_return.status", "due"),
        ("Amazon return not done yet!", "financial.amazon_return.status", "due"),
        ("the zara return is still not sorted", "financial.zara_return.status", "due"),
        (
            "We have reached Tahoe. The Amazon return did not get done.",
            "financial.amazon_return.status",
            "due",
        ),
        ("the ikea return hasn't been done", "financial.ikea_return.status", "due"),
        ("the amazon return is still in the trunk", "financial.amazon_return.status", "due"),
        ("the zara return is still sitting in my boot", "financial.zara_return.status", "due"),
        ("still havent returned the amazon stuff", "financial.amazon_return.status", "due"),
        ("I still haven't sent the Amazon package back", "financial.amazon_return.status", "due"),
        (
            "arrived tahoe last nite, amazon return still not done",
            "financial.amazon_return.status",
            "due",
        ),
        (
            "we're already in tahoe and the amazon return is still in the car",
            "financial.amazon_return.status",
            "due",
        ),
        (
            "dropped the amazon return off at ups this morning",
            "financial.amazon_return.status",
            "pending",
        ),
        (
            "finally took the amazon return to the post office",
            "financial.amazon_return.status",
            "pending",
        ),
        ("dropped the Nike return at the UPS store", "financial.nike_return.status", "pending"),
    ],
)
def test_a_return_still_to_make_is_due_and_one_made_is_pending(
    text: str, field: str, status: str
) -> None:
    held = held_said(text, at=AT)  # a past act whose result holds counts ("took it back")
    assert held.get(field) == status, held


@pytest.mark.parametrize(
    "text",
    [
        "i never returned the zara dress",
        "my friend still hasn't returned her amazon order",
        "did you return the amazon thing?",
        "is the amazon return done?",
        "her amazon return is still in the car",
        "dropped the kids off at school",
        "took the return flight home",
    ],
)
def test_look_alikes_claim_no_return_of_the_writers(text: str) -> None:
    facts = _facts(text)
    assert not any(f.endswith("_return.status") for f in facts), facts
