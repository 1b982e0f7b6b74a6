"""An acknowledgement says what kind of reply it is: the chat acts on the kind (a past
word about an errand is checked against what is still due), never on the line's words."""

from __future__ import annotations

import pytest

from core.conversation.acknowledgements import AckKind, acknowledgement
from core.engine.engine import Outcome

_FIELD = "financial.amazon_return.status"
_HELD = Outcome(
    "auto_commit", "e1", "user:primary", "profile.home_city", "Portland", corroborated=True
)
_SAID = Outcome("auto_commit", "e2", "user:primary", _FIELD, "done", committed=True)
_SET_ASIDE = Outcome("tentative_reject", "e3", "user:primary", _FIELD, "done")
_WAITING = Outcome("ask_user", "e4", "user:primary", _FIELD, "done")


@pytest.mark.parametrize(
    ("outcomes", "intents", "kind", "line"),
    [
        ([_SAID], ["assertive"], AckKind.NOTED, "Noted: "),
        ([_SAID], ["planning"], AckKind.PLANNED, "Sounds like a plan"),
        ([_SET_ASIDE], ["historical"], AckKind.PAST, "Sounds like that's in the past"),
        ([_SET_ASIDE], ["assertive"], AckKind.UNHEEDED, "Heard you"),
        ([_WAITING], ["assertive"], AckKind.ALREADY_ASKED, "That's already waiting"),
        # A plan said again while its question is open: not "I'll keep it as planned".
        ([_WAITING], ["planning"], AckKind.ALREADY_ASKED, "That's already waiting"),
        ([_WAITING, _SAID], ["planning", "planning"], AckKind.PLANNED, "Sounds like a plan"),
        (
            [_HELD],
            ["assertive"],
            AckKind.ALREADY_KNOWN,
            "I know that already: you live in Portland.",
        ),
    ],
)
def test_each_acknowledgement_names_its_kind(
    outcomes: list[Outcome], intents: list[str], kind: AckKind, line: str
) -> None:
    said = acknowledgement(outcomes, intents, "forgot the amazon return")
    assert said is not None
    assert said.kind == kind
    assert said.text.startswith(line), said.text


def test_a_claim_that_raised_a_question_is_not_known_already() -> None:
    """Said again with something new that is asked: the question is the reply."""
    asked = Outcome(
        "ask_user", "e5", "user:primary", "travel.location", "Tahoe", review_item_id="r"
    )
    assert acknowledgement([_HELD, asked], ["assertive", "assertive"]) is None


def _errand(field: str, value: str, *, held: bool) -> Outcome:
    return Outcome(
        "auto_commit", "e6", "user:primary", field, value, committed=not held, corroborated=held
    )


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        (_FIELD, "due", "the Amazon return is still to do"),
        (_FIELD, "pending", "the Amazon return was sent back, refund awaited"),
        (_FIELD, "refunded", "the Amazon return was sent back and refunded"),
        ("financial.amazon_return.due_date", "2026-12-04", "the Amazon return is due Friday"),
        ("financial.rent.status", "paid", "the rent is paid"),
        ("financial.rent.status", "due", "the rent is due"),
        ("financial.rent.due_date", "2026-12-04", "the rent is due Friday"),
    ],
)
@pytest.mark.parametrize("held", [True, False], ids=["said again", "noted"])
def test_an_errand_is_said_as_a_person_says_it_never_by_its_field(
    field: str, value: str, said: str, held: bool
) -> None:
    """Back home, "gotta return the amazon boots" again: "I know that already: the Amazon
    return is still to do.", never "the Amazon return status is now due" (a field name)."""
    line = acknowledgement([_errand(field, value, held=held)], ["assertive"])
    assert line is not None
    assert said in line.text, line.text
    assert " status" not in line.text, line.text
    assert "due date" not in line.text, line.text
    assert "is now" not in line.text, line.text
