"""``errand_said_done``: the user's own past doing of an errand still to do is that errand
sent back, when the words can mean only it; anything else marks nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from canon_testing import said_payload

from core.domain.errands import ERRAND_WHICH
from core.engine.errand_done import ERRAND_CHOSEN, errand_said_done

USER = "user:primary"
AMAZON = {"financial.amazon_return.status": "due"}
TWO = {**AMAZON, "financial.ikea_return.status": "due"}


def _said(field: str, words: str, why: str) -> dict[str, Any]:
    return {**said_payload(field, "pending", evidence_text=words), "needs_confirmation": why}


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
        # The chore itself, done: "did the … return", "… return done".
        ("did the amazon return today btw", AMAZON, ["financial.amazon_return.status"]),
        ("finally did the return!", AMAZON, ["financial.amazon_return.status"]),
        ("ok i did the amazon return", AMAZON, ["financial.amazon_return.status"]),
        ("amazon return done", AMAZON, ["financial.amazon_return.status"]),
        ("the ikea return sorted lol", TWO, ["financial.ikea_return.status"]),
        ("did the ikea return at ups", TWO, ["financial.ikea_return.status"]),
        # Asked about, or someone else's: nothing.
        ("did the amazon return get processed", AMAZON, []),
        ("did the amazon return go through?", AMAZON, []),
        ("did you do the amazon return", AMAZON, []),
        ("she did the amazon return", AMAZON, []),
        ("the amazon return done yet?", AMAZON, []),
        # A thing named by the errand's own word picks it among several.
        ("dropped off the ikea box", TWO, ["financial.ikea_return.status"]),
        # A thing of another name, nothing still to do: nothing.
        ("returned the shoes to nordstrom", AMAZON, []),
        ("returned it", {"financial.amazon_return.status": "pending"}, []),
        # A plan, a question, another's doing, a denial, a wish: nothing.
        ("gonna drop it off tmrw", AMAZON, []),
        ("can you remind me to return it", AMAZON, []),
        ("did u return it?", AMAZON, []),
        ("my husband returned it", AMAZON, []),
        ("didnt return it yet", AMAZON, []),
        ("if i returned it today would i get the refund", AMAZON, []),
        # The goods said first, then her own past doing of "it": that errand.
        ("The amazon package I sent it yesterday", AMAZON, ["financial.amazon_return.status"]),
        ("the amazon package, i mailed it back", AMAZON, ["financial.amazon_return.status"]),
        ("the amazon return we dropped it off", AMAZON, ["financial.amazon_return.status"]),
        ("the ikea box i took it to ups", TWO, ["financial.ikea_return.status"]),
        # ... but not a plan, a question, a condition, someone else's, or other goods.
        ("the amazon package I need to send it", AMAZON, []),
        ("the amazon package, did you send it?", AMAZON, []),
        ("the amazon package if i sent it yesterday", AMAZON, []),
        ("the amazon package she sent it yesterday", AMAZON, []),
        ("the amazon package, i'll send it tomorrow", AMAZON, []),
        ("the birthday card i sent it yesterday", AMAZON, []),
        # A learner's present for the past, said by her with a word of the past or a drop
        # place; the same present still to come, an order, or someone else's: nothing.
        ("i send it back yesterday", AMAZON, ["financial.amazon_return.status"]),
        ("the amazon package i send it yesterday", AMAZON, ["financial.amazon_return.status"]),
        ("we drop it at the ups store", AMAZON, ["financial.amazon_return.status"]),
        ("ok i return it finally", AMAZON, ["financial.amazon_return.status"]),
        ("we mail them back this morning", AMAZON, ["financial.amazon_return.status"]),
        ("i drop it tomorrow at ups", AMAZON, []),
        ("i drop it at ups every week", AMAZON, []),
        ("drop it at the ups store", AMAZON, []),
        ("i send it back", AMAZON, []),
        ("she drops it at ups", AMAZON, []),
        # The goods said done in the passive; not to come, asked, denied, or a bare "it".
        ("the package is sent back", AMAZON, ["financial.amazon_return.status"]),
        ("the amazon package got returned", AMAZON, ["financial.amazon_return.status"]),
        ("the package is to be returned", AMAZON, []),
        ("the package will be returned", AMAZON, []),
        ("is the package returned?", AMAZON, []),
        ("the package is not returned", AMAZON, []),
        ("it is returned", AMAZON, []),
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


@pytest.mark.parametrize(
    ("text", "state", "asked", "why"),
    [
        # "it" fits either errand still to do: one question, which of them.
        ("returned it", TWO, ["amazon_return", "ikea_return"], ERRAND_WHICH),
        ("ok so i finally dropped it off", TWO, ["amazon_return", "ikea_return"], ERRAND_WHICH),
        ("dropped off the amazon package", TWO, ["amazon_return"], ERRAND_CHOSEN),
        ("returned it", AMAZON, ["amazon_return"], ERRAND_CHOSEN),
        # Only goods go back: the rent due is never what was returned.
        (
            "returned it",
            {**AMAZON, "financial.rent.status": "due"},
            ["amazon_return"],
            ERRAND_CHOSEN,
        ),
    ],
)
def test_words_that_fit_several_errands_ask_which(
    text: str, state: dict[str, Any], asked: list[str], why: str
) -> None:
    out = errand_said_done([], text, USER, state, _said)
    assert [p["field"].split(".")[1] for p in out] == asked
    assert {p["needs_confirmation"] for p in out} == {why}


BOOTS = {"amazon_return": frozenset({"amazon", "boots"}), "ikea_return": frozenset({"lamp"})}
"""The goods each return's own message named ("send back the amazon boots", "return the lamp")."""


@pytest.mark.parametrize(
    ("text", "state", "done"),
    [
        # The goods the errand's message named are that errand, whatever the words.
        ("oh and i dropped the boots at ups on the way up", AMAZON, ["amazon_return"]),
        ("boots are back with amazon", AMAZON, ["amazon_return"]),
        ("sent the boots back", AMAZON, ["amazon_return"]),
        ("the boot went back", AMAZON, ["amazon_return"]),
        ("boots went back yesterday", AMAZON, ["amazon_return"]),
        ("the boots I sent them back this morning", AMAZON, ["amazon_return"]),
        ("the boots, we posted them", AMAZON, ["amazon_return"]),
        ("the boots she sent them back", AMAZON, []),
        (
            "the boots are returned finally, i drop them at ups in truckee",
            AMAZON,
            ["amazon_return"],
        ),
        ("i drop the boots at ups in truckee", AMAZON, ["amazon_return"]),
        ("the boots got returned", AMAZON, ["amazon_return"]),
        ("the boots are to be returned", AMAZON, []),
        ("are the boots returned", AMAZON, []),
        ("the kids are returned", AMAZON, []),
        ("i drop the boots tomorrow", AMAZON, []),
        ("the boots i gotta send them back", AMAZON, []),
        ("took the lamp to ikea", TWO, ["ikea_return"]),
        # Sent, mailed, shipped or posted with no "back": only the goods the errand named.
        ("i sent the boots today finally", AMAZON, ["amazon_return"]),
        ("posted the boots off to amazon", AMAZON, ["amazon_return"]),
        ("shipped the lamp this morning", TWO, ["ikea_return"]),
        ("mailed the boots at the post office", AMAZON, ["amazon_return"]),
        ("sent the boots to my sister", AMAZON, []),
        ("sent it today", AMAZON, []),
        ("posted the parcel", AMAZON, []),
        ("sent the jacket today", AMAZON, []),
        ("she sent the boots", AMAZON, []),
        ("haven't sent the boots yet", AMAZON, []),
        ("sent the boots?", AMAZON, []),
        # Of two returns due, the goods named say which: no choice asked.
        ("dropped the boots at the ups store", TWO, ["amazon_return"]),
        ("we dropped the lamp off", TWO, ["ikea_return"]),
        # "dropped X at <a carrier, a shop's counter, the shop>": a done form of its own.
        ("dropped the amazon package at the ups store", AMAZON, ["amazon_return"]),
        ("dropped it at the post office", AMAZON, ["amazon_return"]),
        ("dropped the package in the mail", AMAZON, ["amazon_return"]),
        ("dropped it at fedex", TWO, ["amazon_return", "ikea_return"]),
        # Left somewhere that sends nothing back, other goods, a bare "it's back": nothing.
        ("dropped the boots at my mom's", AMAZON, []),
        ("dropped the kids at school", AMAZON, []),
        ("dropped the side project", AMAZON, []),
        ("sent the jacket back", AMAZON, []),
        ("the boots are back", AMAZON, []),
        ("it went back", AMAZON, []),
        ("the kids are back with mom", AMAZON, []),
        # A plan, a question, another's doing, a denial: nothing.
        ("gonna drop the boots at ups tomorrow", AMAZON, []),
        ("did you drop the boots at ups?", AMAZON, []),
        ("she dropped the boots at ups", AMAZON, []),
        ("haven't dropped the boots at ups yet", AMAZON, []),
        ("if i dropped the boots at ups today would it make it", AMAZON, []),
    ],
)
def test_an_errand_remembers_its_goods(text: str, state: dict[str, Any], done: list[str]) -> None:
    out = errand_said_done([], text, USER, state, _said, BOOTS)
    assert [p["field"].split(".")[1] for p in out] == done


def test_goods_never_remembered_name_no_errand() -> None:
    """Without the goods remembered, "the boots" names no errand: nothing is guessed."""
    assert _done("sent the boots back", AMAZON) == []
    assert _done("dropped the boots at ups", TWO) == []
