"""The line a message's claims get back, and what kind of reply it is (pure).

``acknowledgement`` says in one line what a message changed, kept as planned, or why it
changed nothing; its ``kind`` says which of these it is, so that the chat decides what
to do next by the kind ("forgot the amazon return" read as the past is checked against
the errands still due) and never by comparing the line's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from core.conversation.answer_texts import TRIP_STATUS_WORDS, YOUR_PHRASES
from core.conversation.offline_replies import CONDITION_NOTED
from core.domain import kin_words, phrasing
from core.domain.audit import show_value
from core.domain.errands import errand_part, is_goods_return, status_said, still_to_do
from core.domain.kin_words import slug_words
from core.domain.naming import errand
from core.domain.phrasing_values import near_day
from core.domain.state import Scalar
from core.engine.engine import Outcome
from core.extraction.intent import NotAFact, not_a_fact


class AckKind(StrEnum):
    """What an acknowledgement told the user."""

    NOTED = "noted"
    """Something changed: "Noted: you're in Tahoe."."""
    PLANNED = "planned"
    """Kept as a plan, not a fact."""
    NOT_A_FACT = "not_a_fact"
    """A condition, a question, a wish, a maybe: nothing changed."""
    PAST = "past"
    """Told in the past: nothing about now changed."""
    UNSURE = "unsure"
    """A guess: heard, not counted on."""
    UNHEEDED = "unheeded"
    """Heard, and set aside."""
    ALREADY_ASKED = "already_asked"
    """Said again while its question is open."""
    ALREADY_KNOWN = "already_known"
    """Said again after it was settled: what Canon holds already."""


@dataclass(frozen=True)
class Acknowledgement:
    """The line said back, and what kind of reply it is."""

    text: str
    kind: AckKind


IN_THE_PAST = "Sounds like that's in the past, so nothing about now changed."
ALREADY_ASKED = "That's already waiting for a Yes — I asked about it just before."
UNSURE_HEARD = "You sound unsure, so I'm not counting on that yet — tell me once you know."
_AS_PLANNED = "Sounds like a plan, not a fact — I'll keep it as planned."

_NOT_A_FACT: dict[NotAFact, str] = {
    "condition": CONDITION_NOTED,
    "question": "That's a question, not news — nothing changed.",
    "counterfactual": "Sounds like what might have been — nothing about now changed.",
    "wish": "Sounds like a wish, not a fact — nothing changed.",
    "possibility": "Sounds like a maybe, not a plan yet — nothing changed.",
}


def _asked_already(o: Outcome) -> bool:
    """Said again while the question it raised is open: no new question was made."""
    return o.decision == "ask_user" and o.review_item_id is None


def acknowledgement(
    outcomes: Sequence[Outcome], intents: Sequence[str], text: str = "", today: date | None = None
) -> Acknowledgement | None:
    """One short line for what changed or was proposed; None when nothing was claimed.

    When the message raised a question, only what was committed is acknowledged:
    the question itself is the reply to the rest, and no line may contradict it.
    A message that states no fact is named for what it is (``text``: the message):
    a condition, a question, what might have been, a wish or a maybe. ``today``: the
    user's calendar day, so that a day that is today or yesterday is said so. A message
    that only says again what is held ("we live in portland", confirmed before) is told
    so, in the words of what is held.
    """
    if any(o.review_item_id is not None for o in outcomes):
        kept = [(o, i) for o, i in zip(outcomes, intents, strict=False) if o.committed]
        outcomes, intents = [o for o, _ in kept], [i for _, i in kept]
    committed = [o for o in outcomes if o.committed]
    planned = [o for o, i in zip(outcomes, intents, strict=False) if i == "planning"]
    if committed and all(o in planned for o in committed):
        return Acknowledgement(_AS_PLANNED, AckKind.PLANNED)
    facts = [o for o in committed if o not in planned]
    if any(o.field == "travel.status" for o in facts):
        # The plan a trip's end or cancellation forgot is part of that news.
        facts = [o for o in facts if o.field not in _GOES_WITH_TRIP or o.candidate_value]
    if facts:
        home = any(o.field == "travel.status" and o.candidate_value == "completed" for o in facts)
        noted = "Noted: " + "; ".join(_phrase(o, today, home) for o in facts[:4]) + "."
        return Acknowledgement(
            noted + _plan_kept([o for o in committed if o in planned]), AckKind.NOTED
        )
    known = [o for o in outcomes if o.corroborated]
    if known and all(o.corroborated or o.decision == "duplicate" for o in outcomes):
        return Acknowledgement(_already_known(known, planned, today), AckKind.ALREADY_KNOWN)
    # A plan said again while its question is open ("no we leave sunday the 6", asked so
    # just before) is kept as nothing yet: it waits for her Yes (below).
    if planned and not all(_asked_already(o) for o in planned):
        return Acknowledgement(_AS_PLANNED, AckKind.PLANNED)
    if any(i == "hypothetical" for i in intents):
        return Acknowledgement(_NOT_A_FACT[not_a_fact(text)], AckKind.NOT_A_FACT)
    if intents and all(i == "historical" for i in intents):
        return Acknowledgement(IN_THE_PAST, AckKind.PAST)
    unheeded = [o for o in outcomes if o.decision == "tentative_reject"]
    if any(any(r.startswith("the wording is ambiguous") for r in o.reasons) for o in unheeded):
        # "probably emma's sick": a guess is heard, and said to be one.
        return Acknowledgement(UNSURE_HEARD, AckKind.UNSURE)
    if unheeded:
        return Acknowledgement("Heard you; that doesn't change what I know.", AckKind.UNHEEDED)
    if any(_asked_already(o) for o in outcomes):
        # Said again while the question it raised is still open (in this chat, or another
        # member's): no second question, and no "I'm not sure what you mean".
        return Acknowledgement(ALREADY_ASKED, AckKind.ALREADY_ASKED)
    return None


def _already_known(known: Sequence[Outcome], planned: Sequence[Outcome], today: date | None) -> str:
    """ "I know that already: you live in Portland." for what a message said again; a
    plan said again is the plan held ("your trip to Tahoe is planned"), never "you left"."""
    going = next(
        (
            o
            for o in known
            if o in planned and o.field == "travel.destination" and o.candidate_value
        ),
        None,
    )
    said = [_phrase(o, today) for o in known if o not in planned][:3]
    if going is not None:
        said.append(f"your trip to {show_value(going.candidate_value)} is planned")
    elif any(o in planned for o in known):
        said.append("it's planned")
    return "I know that already: " + "; ".join(said) + "."


def _plan_kept(planned: Sequence[Outcome]) -> str:
    """' I'll keep your trip to Tahoe as planned.' after the facts of a message that also
    made a plan ("im in portland, we leave for tahoe sunday"), so the plan is not lost
    from the reply; nothing when it made none."""
    if not planned:
        return ""
    going = next(
        (o for o in planned if o.field == "travel.destination" and o.candidate_value), None
    )
    if going is not None and (going.entity_id or "").startswith("user:"):
        return f" I'll keep your trip to {show_value(going.candidate_value)} as planned."
    return " I'll keep the rest as planned."


_GOES_WITH_TRIP = frozenset(["travel.destination", "travel.depart_date", "travel.return_date"])


def _phrase(o: Outcome, today: date | None, trip_over: bool = False) -> str:
    """One committed change in a few words; where the user is, after a trip that ended in
    the same message, is where they came home to. A trip's day that is ``today`` or
    yesterday on the user's clock is said so ("you left yesterday", "back today")."""
    value = show_value(o.candidate_value)
    field = o.field or "?"
    if field == "travel.location" and trip_over:
        return "you're back home" + ("" if o.candidate_value is None else f" in {value}")
    if o.candidate_value is None:
        return f"I've forgotten {phrasing.label(field, o.entity_id or '', o.entity_id or '')}"
    if field == "travel.status" and value in TRIP_STATUS_WORDS:
        return TRIP_STATUS_WORDS[value]
    if field == "travel.destination" and trip_over:
        return f"your trip went to {value}"  # told with its end: it does not go any more
    if field == "travel.depart_date" and (o.entity_id or "").startswith("user:"):
        # Committed with a message, not as a plan (those are "kept as planned"): the day
        # the trip under way began ("got in last night").
        near = near_day(o.candidate_value, today)
        return f"you left {near or 'on ' + phrasing.show_date(o.candidate_value)}"
    if field == "travel.return_date" and trip_over and (o.entity_id or "").startswith("user:"):
        # The day a trip that just ended ended ("got back last night").
        near = near_day(o.candidate_value, today)
        if near == "today":
            return "back today"
        return f"back since {near or phrasing.show_date(o.candidate_value)}"
    if field == "travel.return_date" and (o.entity_id or "").startswith("user:"):
        # "staying 2 more days" on her trip under way: the day she is back now, as a day.
        near = near_day(o.candidate_value, today)
        return f"you're back {near or 'on ' + phrasing.show_date(o.candidate_value)}"
    errand_words = _errand_phrase(field, o.candidate_value)
    if errand_words is not None:
        return errand_words
    template = YOUR_PHRASES.get(field)
    if template and (o.entity_id or "").startswith("user:"):
        return template.format(v=value)
    parts = field.split(".")
    if len(parts) == 3 and parts[0] == "family" and parts[2] == "status":
        return f"{kin_words.who(parts[1])} {kin_words.be_for(parts[1])} {value}"
    return f"{phrasing.label(field, o.entity_id or '', o.entity_id or '')} is now {value}"


def _errand_phrase(field: str, value: Scalar) -> str | None:
    """An errand's status or day as a person says it ("the Amazon return is still to do",
    "the rent is due Friday, December 4"), never by its field ("the Amazon return status
    is now due"); None for any other field."""
    part = errand_part(field)
    if part is None or part[1] not in ("status", "due_date"):
        return None
    slug, name = part
    thing = errand(slug_words(slug))
    if name == "due_date":
        return f"{thing} is due {phrasing.show_date(value)}"
    if is_goods_return(slug) and still_to_do(slug, value):
        return f"{thing} is still to do"
    said = status_said(slug, value)
    return f"{thing} {said or 'is ' + show_value(value)}"
