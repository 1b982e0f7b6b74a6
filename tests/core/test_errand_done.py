"""``errand_said_done``: the user's own past doing of an errand still to do is that errand
sent back, when the words can mean only it; anything else marks nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from canon_testing import said_payload

from core.engine.errand_done import errand_said_done

USER = "user:primary"
AMAZON = {"financial.amazon_return.status": "due"}
TWO = {**AMAZON, "financial.ikea_return.status": "due"}


def _said(field: str, words: str) -> dict[str, Any]:
    return said_payload(field, "pending", evidence_text=words)


def _done(text: str, state: dict[str, Any], payloads: Sequence[dict[str, Any]] = ()) -> list[str]:
    out = errand_said_done(list(payloads), text, USER, state, _said)
    return [p["field"] for p in out if p["candidate_value"] == "pending"]


@pytest.mark.parametrize(
    ("text", "state", "done"),
    [
        ("returned it", AMAZON, ["financial.amazon_return.status"]),
        ("we just dropped it off at the ups store", AMAZON, ["financial.amazon_return.status"]),
        ("phew, mailed it back", AMAZON, ["financial.amazon_return.status"]),
        ("i've sent it back", AMAZON, ["financial.amazon_return.status"]),
        ("the return is sorted", AMAZON, ["financial.amazon_return.status"]),
        ("took the box to fedex", AMAZON, ["financial.amazon_return.status"]),
        # A thing named by the errand's own word picks it among several.
        ("dropped off the ikea box", TWO, ["financial.ikea_return.status"]),
        # "it" beside two errands, a thing of another name, nothing still to do: nothing.
        ("returned it", TWO, []),
        ("returned the shoes to nordstrom", AMAZON, []),
        ("returned it", {"financial.amazon_return.status": "pending"}, []),
        # A plan, a question, another's doing, a denial, a wish: nothing.
        ("gonna drop it off tmrw", AMAZON, []),
        ("can you remind me to return it", AMAZON, []),
        ("did u return it?", AMAZON, []),
        ("my husband returned it", AMAZON, []),
        ("didnt return it yet", AMAZON, []),
        ("if i returned it today would i get the refund", AMAZON, []),
    ],
)
def test_an_errand_said_done_is_the_one_still_to_do(
    text: str, state: dict[str, Any], done: list[str]
) -> None:
    assert _done(text, state) == done


def test_a_return_named_after_words_that_name_nothing_is_the_errand_meant() -> None:
    # The extractor's "sent the package back" is a package return: it is the Amazon one.
    read = [said_payload("financial.package_return.status", "pending")]
    assert _done("sent the package back", AMAZON, read) == ["financial.amazon_return.status"]
    # A return with a name of its own, said beside it, stays.
    ikea = [said_payload("financial.ikea_return.status", "pending")]
    assert _done("returned it", AMAZON, ikea) == [
        "financial.ikea_return.status",
        "financial.amazon_return.status",
    ]
