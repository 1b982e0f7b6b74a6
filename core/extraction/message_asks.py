"""A message that asks, requests or opens with thanks: what its other clauses are.

"Is the party still on Saturday? Nobody told me anything.", "Can you recommend a dentist
in Lisbon? Cracked a tooth on a pastry", "Thank you for the card, it made my day!": the
question, the request or the thanks is what the message does, and a past event or a
remark about a thing told beside it is its reason, not news about the speaker's world.
When no clause of the message sets a field, those remarks do not outweigh the ask; a
clause about the speaker or about a person now ("Uncle Bob is in the hospital … please
pray for him") still does, and thanks that close a long post ("Thank you all for the kind
words") are its sign-off, not what it does.
"""

from __future__ import annotations

from core.extraction.intent import ClauseIntent
from core.extraction.intent_chat import is_social
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.segments import Segment
from core.extraction.types import MessageIntent


def asks(seg: Segment, ci: ClauseIntent, first: bool) -> bool:
    """The clause puts a question or a request to the listener, or opens the message
    with thanks."""
    if ci.intent != "none":
        return False
    return ci.command or seg.question or (first and is_social(seg.low))


def remark(intent: MessageIntent, reading: ClauseReading | None) -> bool:
    """A clause that sets no field and tells a past event ("nobody told me anything") or
    says something of a thing ("it is about Grandpa", "it made my day"), or of an event
    ahead the listener is asked to ("there's a gig at the Roundhouse friday, if you fancy
    it")."""
    if intent == "historical":
        return True
    return (
        intent in ("assertive", "planning")
        and reading is not None
        and reading.subject == "other"
        and not reading.subject_person
    )


def around_an_ask(
    intents: list[MessageIntent], asking: bool, remarks: list[int]
) -> list[MessageIntent]:
    """``intents`` without the remarks told beside an ask."""
    if not asking:
        return intents
    return [i for n, i in enumerate(intents) if n not in remarks] or intents
