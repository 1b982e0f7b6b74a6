"""One reading of a text from the model's and the linguistic reader's.

With a model configured, the model is the primary reader: the observations
kept are the model's, with its fields and values. The linguistic reading
(``extract_offline``) is a conservative check on it that may only downgrade:

- where it reads the same field and value as hypothetical or historical, or the
  whole message as hypothetical, historical or no statement at all, while the
  model reads a fact or a plan, the model's observation takes that intent (a
  message that states nothing makes it hypothetical) and can no longer change
  state;
- where it disagrees in any other way (it found no such field, another value
  for it, a plan where the model read a fact or the reverse), the model's
  observation is kept as the model read it but marked ``needs_confirmation``:
  the resolver asks the user about it whatever its confidence, so a
  disagreement never auto-commits.

It never upgrades: an observation the model reads as hypothetical or historical
stays so, the message is never more factual than the model says, and
observations only the linguistic reading found are dropped rather than asked
about (the model is the reader; the rules' finds are often look-alikes, and a
question about something the model did not see would be noise).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, cast

from core.extraction.types import (
    NON_FACTUAL_CAP,
    ExtractedObservation,
    Extraction,
    MessageIntent,
    ObservationIntent,
    Scalar,
)

DISAGREE: Final = "model and linguistic reading disagree"
_FACTUAL: Final = frozenset({"assertive", "planning", "retract"})
_NON_FACTUAL: Final = ("hypothetical", "historical")
_KIND: Final = {"assertive": "a present fact", "planning": "a plan", "retract": "a retraction"}


def reconcile(model: Extraction, linguistic: Extraction) -> Extraction:
    """The model's reading of a text, downgraded or marked to ask where ``linguistic`` doubts it."""
    message_doubt = _message_doubt(linguistic.intent)
    observations = tuple(
        _checked(o, linguistic.observations, message_doubt) for o in model.observations
    )
    intent: MessageIntent = model.intent
    if message_doubt is not None and model.intent in _FACTUAL:
        intent = linguistic.intent
    if intent == "none" and observations:
        intent = "hypothetical"
    return Extraction(model.text, intent, observations)


def _message_doubt(intent: MessageIntent) -> ObservationIntent | None:
    """The intent every factual model observation takes when the message is no statement."""
    if intent == "none":
        return "hypothetical"
    if intent in _NON_FACTUAL:
        return cast(ObservationIntent, intent)
    return None


def _checked(
    o: ExtractedObservation,
    linguistic: tuple[ExtractedObservation, ...],
    message_doubt: ObservationIntent | None,
) -> ExtractedObservation:
    if o.intent not in _FACTUAL:
        return o  # already a possibility or the past: nothing to downgrade, never upgraded
    readings = [x for x in linguistic if x.field == o.field]
    same = [x for x in readings if same_value(x.candidate_value, o.candidate_value)]
    doubted = sorted({x.intent for x in same if x.intent in _NON_FACTUAL})
    if doubted:
        return _downgraded(o, cast(ObservationIntent, doubted[-1]))  # hypothetical wins
    if message_doubt is not None:
        return _downgraded(o, message_doubt)
    if any(x.intent == o.intent for x in same):
        return o
    if same:
        kinds = " or ".join(sorted({_KIND[x.intent] for x in same}))
        return _asked(o, f"the linguistic reading has {o.field} as {kinds}")
    if readings:
        values = ", ".join(sorted({_shown(x.candidate_value) for x in readings}))
        return _asked(o, f"the linguistic reading has {o.field} = {values}")
    return _asked(o, f"the linguistic reading found no {o.field}")


def _downgraded(o: ExtractedObservation, intent: ObservationIntent) -> ExtractedObservation:
    return replace(
        o,
        intent=intent,
        extraction_confidence=min(o.extraction_confidence, NON_FACTUAL_CAP),
        valid_until=None,  # only facts and plans expire
        needs_confirmation="",
    )


def _asked(o: ExtractedObservation, why: str) -> ExtractedObservation:
    return replace(o, needs_confirmation=f"{DISAGREE}: {why}")


def same_value(a: Scalar, b: Scalar) -> bool:
    """Whether two readings name the same value (case and spacing aside; 5 == 5.0)."""
    if isinstance(a, str) and isinstance(b, str):
        return " ".join(a.casefold().split()) == " ".join(b.casefold().split())
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return float(a) == float(b)
    return a is None and b is None


def _shown(value: Scalar) -> str:
    return "nothing (a retraction)" if value is None else str(value)
