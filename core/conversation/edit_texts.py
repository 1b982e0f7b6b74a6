"""What the bot says in an Edit: the value it asks for (with an example of its kind),
what a typed value that is not valid gets, and what it says when the Edit is noted,
cancelled or left (pure functions; re-exported by ``texts``)."""

from __future__ import annotations

from core.conversation.answer_texts import fact_sentence
from core.conversation.found_texts import DROP_REQUEST
from core.domain import phrasing
from core.domain.state import CommittedFact
from core.engine.answer_values import EXAMPLES, choices_for, value_kind
from core.store import ReviewItem


def edit_noted(item: ReviewItem, mine: str, fact: CommittedFact | None) -> str:
    """What an edit committed (``fact``, None when it forgot the value), said below the
    value the user typed: "✏️ Noted. Your departure date is Friday, November 27."."""
    if fact is None:
        return f"✏️ Noted. I no longer know {phrasing.label(item.field, item.entity_id, mine)}."
    return f"✏️ Noted. {fact_sentence(fact, mine)}."


def edit_request(item: ReviewItem) -> str:
    if item.kind == "bootstrap":
        return DROP_REQUEST
    if item.kind == "dead_letter":
        return (
            "Send the corrected payload as JSON in your next message, "
            "or /cancel to keep the question open."
        )
    head = f"What is the correct value for {phrasing.label(item.field, item.entity_id, item.entity_id)}? "
    kind = value_kind(item.field, item.candidate_value)
    if choices_for(item.field, item.candidate_value):
        return head + "Tap one, or type it in your own words."
    if kind in EXAMPLES:
        example = EXAMPLES[kind].removeprefix("I need ")
        return head + f"Send {example}, or /cancel to keep the question open."
    return head + "Send it as your next message, or /cancel to keep the question open."


def which_day_instead(item: ReviewItem) -> str:
    """After No to the day a trip under way began: which day it was."""
    what = phrasing.label(item.field, item.entity_id, item.entity_id)
    return (
        f'Which day was it, then? Send {what} ("friday", "the 27th"), '
        "or tap No again if you'd rather I forget it."
    )


def which_day_left(item: ReviewItem) -> str:
    """After No to the day a trip left, picked as the wrong part of a grouped question:
    which day it was, tapped or typed (or /cancel: the question stays as it was)."""
    return (
        f"What day did you leave, then (not {phrasing.show_date(item.candidate_value)})? "
        'Tap it or send it ("thursday", "the 19th"), or /cancel to keep the question open.'
    )


PICK_PART = "Which part should I change?"
REST_ASKED_AGAIN = "↓ The rest is asked again below."


def refusal(error: Exception) -> str:
    """A typed value that is not valid: the reason with an example, and how to go on."""
    reason = str(error)
    return f"{reason[:1].upper()}{reason[1:]}. Try again, or /cancel."


EDIT_CANCELLED = "OK, cancelled. The question is still open."
EDIT_ENDED = "This Edit has ended, so that tap changed nothing. Tap Edit again to change it."
"""A value button tapped under an Edit a later message ended (the question stays open)."""
PLACE_AGAIN = "OK. Which place, then? Send it, or /cancel to keep the question open."


def new_place_question(place: str) -> str:
    """An edited place that neither the gazetteer nor the user's state knows."""
    return f'I don\'t know a place called "{place}" — use it anyway?'


EDIT_LEFT = "I stopped waiting for a new value; the question is still open."
UNSURE_LEFT_OPEN = (
    "OK — I'll leave it unconfirmed for now. Tap Yes or No (or send the right value) when you know."
)
