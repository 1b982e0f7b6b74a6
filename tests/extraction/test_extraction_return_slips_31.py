"""A return of goods named once, by its shop even when the shop is typed with a slip.

Found in the lead's playground session: "oh and i gotta do the amzon return b4 we leave" was
asked as "Is the Amzon return return due…?": the thing after "do the" kept its "return", and
the slip kept Amazon's errand apart from "the Amazon return" said later. A well-known shop
one slip away (a letter dropped, added, changed, two swapped; first letter the same) is that
shop, beside an errand of goods only; a word that only lengthens or shortens a name is another
word, and an unknown thing keeps its own name, said with "return" once.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline
from core.extraction.organisations import organisation_slip

AT = datetime(2026, 12, 1, 18, tzinfo=UTC)


def _errands(text: str) -> set[str]:
    return {
        o.field.rsplit(".", 1)[0]
        for o in extract_offline(text, at=AT).observations
        if o.field.startswith("financial.") and o.field.endswith(".status")
    }


@pytest.mark.parametrize(
    ("text", "errand"),
    [
        ("oh and i gotta do the amzon return b4 we leave", "financial.amazon_return"),
        ("gotta do the amazn return before the trip", "financial.amazon_return"),
        ("need to do the costoc return tmrw", "financial.costco_return"),
        ("i need to return the amzon package", "financial.amazon_return"),
        ("have to do the tagret return this week", "financial.target_return"),
        ("Need to do the walmrt return", "financial.walmart_return"),
        # Known shops and unknown things keep their names, "return" said once.
        ("gotta do the amazon return b4 we leave", "financial.amazon_return"),
        ("need to do the blender return by friday", "financial.blender_return"),
        ("still have to do the jacket return", "financial.jacket_return"),
        # A carrier takes it back; the shop it goes back to names it.
        ("need to take the amazon return to ups", "financial.amazon_return"),
        ("gotta take the zara return to fedex tmrw", "financial.zara_return"),
        ("gotta return the shoes to ups", "financial.shoes_return"),
        # A courtesy's word inside the goods' name is still goods.
        ("need to return the ball gown to zara", "financial.zara_return"),
    ],
)
def test_a_return_is_named_by_its_shop_once(text: str, errand: str) -> None:
    assert _errands(text) == {errand}, text


@pytest.mark.parametrize(
    ("word", "shop"),
    [
        ("amzon", "Amazon"),
        ("amazn", "Amazon"),
        ("amaozn", "Amazon"),
        ("walmrt", "Walmart"),
        ("costoc", "Costco"),
        ("tagret", "Target"),
        ("starbuks", "Starbucks"),
        # Not slips: the name itself, a name lengthened or cut short, short words, other
        # first letters, everyday words a letter from a name, two names equally near.
        ("amazon", None),
        ("targets", None),
        ("targe", None),
        ("nike", None),
        ("uber", None),
        ("zmazon", None),
        ("gargle", None),
        ("apples", None),
        ("teslas", None),
        ("blender", None),
        ("", None),
        ("ama-zon", None),
    ],
)
def test_a_shop_typed_with_a_slip(word: str, shop: str | None) -> None:
    assert organisation_slip(word) == shop


@pytest.mark.parametrize(
    "text",
    [
        # No goods going back: a person's return, a return flight, a return said of the past.
        "gotta do the return flight booking tonight",
        "amzon says my package is late",
        "i will return sunday",
        "she has to return the amzon package",
    ],
)
def test_no_errand_of_the_writers(text: str) -> None:
    assert "financial.amazon_return" not in _errands(text), text


@pytest.mark.parametrize(
    "text",
    [
        # Courtesies are returned too, and nothing goes back.
        "i returned the call to amazon",
        "returned the call to ups",
        "gotta return the favor to the amazon driver",
        "need to return the email to zara support",
    ],
)
def test_a_courtesy_returned_is_no_errand(text: str) -> None:
    assert _errands(text) == set(), text
