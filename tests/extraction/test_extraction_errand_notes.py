"""An errand of money typed as a command is a to-do, asked before it is kept.

"return the amazon thing tmrw", typed to Canon after the founding story, got "I'm not sure
what you mean": a command is a request of the assistant and claims nothing. Typed to one's
own state keeper, a command to pay, renew or return is a to-do line without its box, and
is read as one ("- [ ] Pay rent by Friday"): due, on its day, with the extraction's
confidence low enough that the resolver asks. Every other command stays a request, and so
does an errand of money the rules cannot name. Every row is written for this module.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.errand_notes import CONFIDENCE
from core.extraction.offline import extract_offline


@pytest.mark.parametrize(
    ("text", "field", "day"),
    [
        ("return the amazon thing tmrw", "financial.amazon_return", 1),
        ("pay the rent friday", "financial.rent", None),
        ("Renew the car insurance before the 10th", "financial.car_insurance", None),
        ("ok so pay the electric bill by the 5th", "financial.electric_bill", None),
        ("Pay rent.", "financial.rent", None),
        ("return the Zara jeans tomorrow", "financial.zara_return", 1),
        # Goods sent back, said with the verb that sends them (thirty-third round).
        ("send the amazon parcel back tomorrow", "financial.amazon_return", 1),
        ("post the amazon return tmrw", "financial.amazon_return", 1),
        ("oh and drop off the nike return at ups tomorrow", "financial.nike_return", 1),
        ("also ship back the ikea lamp tomorrow", "financial.ikea_return", 1),
    ],
)
def test_an_errand_command_is_a_to_do_due(text: str, field: str, day: int | None) -> None:
    found = extract_offline(text, at=AT)
    status = next(o for o in found.observations if o.field == f"{field}.status")
    assert found.intent == "planning"
    assert status.candidate_value == "due"
    assert status.intent == "planning"
    # Sure enough to ask about, never sure enough to keep unasked.
    assert status.extraction_confidence <= CONFIDENCE
    if day is not None:
        due = next(o for o in found.observations if o.field == f"{field}.due_date")
        assert due.candidate_value == AT.date().fromordinal(AT.date().toordinal() + day).isoformat()


@pytest.mark.parametrize(
    "text",
    [
        "return the call tomorrow",
        "return the car by 10am",
        "pay at the front desk please",
        "pay me back tomorrow",
        "remind me to pay the rent friday",
        "book me a table for 2 at 7",
        "return to work monday",
        "can you pay the rent friday?",
        "return the package please",
        "pls pay the electric bill tomorrow",
        "send mom the photos tomorrow",
        "send the photos back to mom tomorrow",
        "post the pics on insta tomorrow",
        "take the kids back to school tomorrow",
        "send the amazon parcel back please",
        "can you send the amazon parcel back tomorrow",
        "bring the car back by 5",
    ],
)
def test_other_commands_stay_requests(text: str) -> None:
    found = extract_offline(text, at=AT)
    assert not [o for o in found.observations if o.intent in ("assertive", "planning")]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # The British "post", and goods that "need posting" (thirty-third round).
        ("need to post the amazon return", "financial.amazon_return"),
        ("Must post the Amazon return before Friday", "financial.amazon_return"),
        ("the amazon return needs posting", "financial.amazon_return"),
        ("mail the Zara dress back", "financial.zara_return"),
        ("gotta post back the asos dress", "financial.asos_return"),
    ],
)
def test_goods_to_post_back_are_due(text: str, field: str) -> None:
    found = extract_offline(text, at=AT)
    status = next(o for o in found.observations if o.field == f"{field}.status")
    assert status.candidate_value == "due"


@pytest.mark.parametrize(
    "text",
    [
        "need to post the photos on facebook",
        "my letter needs posting",
        "we should post the return label",
        "i posted the amazon return yesterday",  # went back: pending, not due
    ],
)
def test_posting_anything_else_is_no_errand_due(text: str) -> None:
    found = extract_offline(text, at=AT)
    assert not [o for o in found.observations if o.candidate_value == "due"]
